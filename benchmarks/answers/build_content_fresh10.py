"""Build (and re-verify) benchmarks/answers/content_fresh10.json: a tenth held-out set of human-phrased questions, mostly multi-part.

Written by a helper BEFORE any run of the app on it and without reading the app's code under app/qa or app/retrieval
or running the app, its eval, its retrieval or its reader on these questions: every answer was read off the
pdfplumber text of the evidence page (and, where a table's layout was in doubt, checked against the column order of
its header and neighbouring rows, or, for the rotated candidate names of vertical_header.pdf, against the x position
of each name and of each number of the row). Modelled on build_content_fresh9.py (same record format, same checks,
the same builder: build_content_fresh.run_checked). The emphasis is on MULTI questions, 34 of them, in the style of
pdf_qa.json's "multi" kind:

- 8 "which documents/files/PDFs/reports" lists (mention / have anything on / come up in / bring up / contain data
  about / talk about / touch on) over words that occur (case-insensitively) in 2 to 5 files and that no earlier
  list asked about;
- 9 comparisons over two rows or columns of one table ("Who got more ..., A or B?", "Which affected more ...?",
  "Was A lower than B?", "How do A and B compare on X?", "Is X in A less than in B?", "Were more men or women ...?");
  both values are the answer parts;
- 9 two-part questions whose facts sit in two different documents (most letting the topic name the document, some
  naming a file);
- 8 two-part questions over one document (two pages, two passages, or two cells of one table).

Plus 16 one-passage content questions (who / when / how many / how much / where / what / yes-no), favouring the pages
the earlier sets used least (counted as citations per document page over all earlier sets): the 2018 primary's party
pages (vertical_header.pdf pp. 1-3), the schools donor report's first two pages, the Arabic sample, the diesel rules'
inspection list (p. 4) and component documentation summary (p. 18), the WARN listing's page 5, the student health
report's figure pages (pp. 4 and 6, never cited before), the last page of the creativity paper (never cited before),
the PIRLS benchmarking table (us-020 p. 3), the Mexican localities list, ... Among them are answers given by a
sentence in the passive voice, by a list item, by a table row, by a person's or an organisation's name, and by a
date. They are phrased the way a user who has not read the text asks them (synonyms, other word order, no run of five
words copied from the evidence page).

No question asks for the same fact as an earlier set: `earlier_overlaps()` (run by `main`, so by both the build and
`--check`) fails when an answer string of this set equals, case-insensitively (dashes, thousands separators and
spaces normalised), an acceptable answer of a question of content_dev.json, content_fresh.json .. content_fresh9.json,
pdf_qa.json (and, to be safe, paraphrases_dev.json, tables_dev2.json, tables_dev2_fresh.json, tables_fresh.json)
that cites the same document page, or when a "which documents" list repeats an earlier list's word. The split is
derived once from the ids (sha256, alternating within each kind) and never edited by hand.

    .venv/bin/python benchmarks/answers/build_content_fresh10.py          # rebuild content_fresh10.json
    .venv/bin/python benchmarks/answers/build_content_fresh10.py --check  # verify the committed file against the PDFs
"""

# ruff: noqa: E501  (question data: one record a line reads better than wrapped strings)
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "content_fresh10.json"

ML = "issue-982-example.pdf"
DIESEL = "diesel_engines.pdf"
WARN = "WARN-Report-for-7-1-2015-to-03-25-2016.pdf"
GHANA = "Publication_of_award_of_Bids_for_Transport_Sector__August_2016.pdf"
NICS = "nics-background-checks-2015-11.pdf"
NICS_ROT = "nics-background-checks-2015-11-rotated.pdf"
JAL = "issue-53-example.pdf"
ARRESTS = "12s0324.pdf"
SENATE = "senate-expenditures.pdf"
HEDGE = "edge_tol.pdf"
VOTES = "vertical_header.pdf"

# The earlier sets whose answers this one must not repeat on the same document page.
EARLIER = (
    "content_dev.json", "content_fresh.json", "content_fresh2.json", "content_fresh3.json", "content_fresh4.json",
    "content_fresh5.json", "content_fresh6.json", "content_fresh7.json", "content_fresh8.json", "content_fresh9.json",
    "pdf_qa.json", "paraphrases_dev.json", "tables_dev2.json", "tables_dev2_fresh.json", "tables_fresh.json",
)  # fmt: skip

# (id, question, answer parts, {document: [pages]}, short answer type, notes). Pages are 1-based.
Q = tuple[str, str, list[list[str]], dict[str, list[int]], str | None, str]
# fmt: off
CONTENT: list[Q] = [
    ("fr10-c01", "Which company does Cheri Reese, who gave to the St. Paul school referendum campaign, work for?", [["Far North Spirits"]],
     {"schools.pdf": [1]}, "other", "p1 (Last Name, First Name, Address, City, State, Zip, Occupation, Employer, Date, Amount): 'Reese Cheri A 981 Davern St. Saint Paul MN 55116 Public Relations Far North Spirits 10/3/2012 75.00'"),
    ("fr10-c02", "At the August 2018 primary, how many registered voters did Caledonia township have?", [["923"]],
     {VOTES: [1]}, "number", "p1 (REPUBLICIAN PARTY; the rotated first column header reads 'Number of Registered voters', the second 'Poll Book Totals'): 'Caledonia 923 393 40 23 45 158 150 103 244 247 254 255 244 139 143' (first value, under the registered-voters column at x 82-85)"),
    ("fr10-c03", "What name does the NREL drive-cycle report give to easing off the gas early so that fewer stops are needed?", [["reducing accel/decel"]],
     {"us-030.pdf": [3]}, "other", "p3: 'If the driver instead eases off of the gas pedal to start gradually decelerating early, the light could change ... Such an approach not only decreases accel/decel rates but also (and more importantly) their frequency of occurrence. The report will use the term “reducing accel/decel” to refer to this combination'"),
    ("fr10-c04", "In the engine documents needed for inspecting components, in which case are the counterweights listed?", [["if not integral with crankshaft", "not integral with crankshaft"]],
     {DIESEL: [4]}, "other", "p4, Table 3 (Documentation for the inspection of components and systems), list item: '28 Counterweights (if not integral with crankshaft), including fastening'"),
    ("fr10-c05", "In the summary of documents required for engine components, to which engines does the entry for a grey cast iron cylinder block apply?", [["> 400 kW/cyl", "400 kW/cyl"]],
     {DIESEL: [18]}, "other", "p18, Table 8 (Summary of required documentation for engine components; column 'Applicable to engines'): '4 Cylinder block GJL W (10) > 400 kW/cyl' (GJL = grey cast iron, as content_fresh3 fr3-c08 has it from p20)"),
    ("fr10-c06", "In which California town did Brake Parts Inc. file a layoff notice in September 2015?", [["Chowchilla"]],
     {WARN: [5]}, "place", "p5 (Notice Date, Effective, Received, Company, City, No. Of Employees, Layoff/Closure): '09/15/2015 1 1 / 1 4 / 2 0 15 0 9 / 1 6 / 2 0 15 Brake Parts Inc. Chowchilla 107 Layoff Permanent'"),
    ("fr10-c07", "Who printed the 50,000 road safety posters and handbills for Ghana's transport sector project?", [["Samster Ltd", "Samster"]],
     {GHANA: [2]}, "other", "p2, row 22 (cells wrapped over lines): '22 Production of Road MRH/IDA/TSP/SHP/G Shopping Samster Ltd Box CO 2803 227,115.00 GHS 11‐Dec‐13 15‐Jan‐14 Completed' / 'Safety Posters (50,000 ‐20 Tema' / 'copies) and Handbills' / '(50,000 copies)'"),
    ("fr10-c08", "How much was Ghana's contract for broadcasting road safety education material on radio, TV and other electronic media worth?", [["186,432.00", "186,432"]],
     {GHANA: [3]}, "number", "p3, row 28 (cells wrapped over lines): '28 Consultancy services MRH/IDA/TSP/QCBS/ QCBS Orakle Multimedia Box CT 4471, 186,432.00 GHS 28‐Jan‐13 4‐Jan‐16 Completed' / 'for airing of Road S‐10 Limited Cantonments ‐' / 'safety educational and Accra' / 'Publicity materials in' / 'the Electronic Media to' / 'improve Road safety' / 'awareness in Ghana'"),
    ("fr10-c09", "Which author does the EU food retailing overview cite for the continuing drop in the number of food shops in the member states?", [["Tordjman"]],
     {"eu-004.pdf": [1]}, "person", "p1, 6.1: 'Over time, we know that there has been a continued decline in the number of retail food outlets in most, if not all, member states (e.g. Tordjman, 1994).'"),
    ("fr10-c10", "According to the creativity paper, who wrote a good introduction to composing music with neural networks and shared the code of his biaxial network?", [["Johnson", "Daniel Johnson"]],
     {ML: [5]}, "person", "p5 (words run together in pdfplumber's text): 'ThisideaandsomeotherswereappliedbyDanielJohnson.He wrote a very good introduction into neural networks for music composition which explains those ideas [Joh15b]. ... Healsomadethecodefor hisBiaxialRecurrentNeuralNetworkavailableunder[Joh15a].'; references: '[Joh15a] D. Johnson, “Biaxial recurrent neural network for music composition,” GitHub'"),
    ("fr10-c11", "Until what date was the Red Ribbon Express touring Rajasthan, going by its coverage highlights?", [["19.12.2009", "19 December 2009", "December 19, 2009"]],
     {"background_lines_1.pdf": [1]}, "date", "p1, Table 6.1 (The highlights of RRE–II coverage (till 11 March, 2010); State, Date, ...): 'Rajasthan 2.12.2009 to' / '19.12.2009' (the next row, Gujarat, starts on 20.12.2009)"),
    ("fr10-c12", "Which Aguascalientes locality has the code 0201?", [["Brande Vin"]],
     {"mexican_towns.pdf": [1]}, "place", "p1 (Clave Entidad, Nombre Entidad, Clave Municipio, Nombre Municipio, Clave Localidad, Nombre Localidad): '01 Aguascalientes 001 Aguascalientes 0201 Brande Vin [Bodegas]'"),
    ("fr10-c13", "Which company holds the Oklahoma licence for the Cow Creek Cafe?", [["OEME LLC", "OEME"]],
     {"m27.pdf": [2]}, "other", "p2 (LICENSE NUMBER, PREMISE TYPE, DBA NAME, LICENSEE NAME, ADDRESS, CITY, ...): '387 SOUTH COMMERCIAL' / '643433BAW COW CREEK CAFE OEME LLC STREET WELCH OK 74369 (918) 788-3683 2015/02/23'"),
    ("fr10-c14", "Apart from vocational institutions, where in Finland is further vocational training that leads to no certificate offered?", [["liberal adult education institutions", "liberal adult education"]],
     {"eu-013.pdf": [12]}, "other", "p12, 6.4 (passive): 'Continuing vocational education and training (CVET) is mainly provided by vocational institutions, particularly adult education centres (see Glossary). In addition, non-certificate-oriented vocational further education and training is given in liberal adult education institutions.'"),
    ("fr10-c15", "What does the writer of the short Arabic text say their English name is?", [["Jeremy"]],
     {"arabic.pdf": [1]}, "person", "p1 (pdfplumber gives the Arabic as reversed presentation forms): '؟ﻙﺎﺒﺷ ﺖﻧﺍ ﻞﻫ ﺔﻳﺰﻴﻠﺠﻧﻻﺍ ﻲﻓ Jeremy ﻲﻤﺳﺍ', read right to left 'اسمي Jeremy في الانجليزية' = 'my name in English is Jeremy'; last line: 'Jeremy is ﻲﻣﺮﺟ in Arabic'"),
    ("fr10-c16", "Does the teacher education of Finnish subject teachers change depending on the subject they will teach?", [["same regardless of the subject", "the same regardless"]],
     {"eu-013.pdf": [9]}, "other", "p9, 6.2.1 Core subject teachers: 'The education of subject teachers is the same regardless of the subject taught.' (so: no)"),
]

MULTI: list[Q] = [
    # comparisons: two rows or columns of one table
    ("fr10-m01", "In the August 2018 Republican primary for governor, who got more votes county-wide, Brian Calley or Patrick Colbeck?",
     [["371"], ["373"]], {VOTES: [1]}, None,
     "p1 (REPUBLICIAN PARTY; rotated candidate names, reversed in pdfplumber's text; placed by x position: Number of Registered voters 85, Poll Book Totals 110, Brian Calley 137, Patrick Colbeck 163, Jim Hines 189, Bill Schuette 215, ...): 'Totals 9237 3396 371 373 317 1102 ...' (371 at x 134 under Calley, 373 at x 160 under Colbeck; comparison: both numbers are needed)"),
    ("fr10-m02", "Which notice affected more workers: the TGI Friday's closure in Valencia or the Ralphs Grocery layoff in Glendora?",
     [["62"], ["73"]], {WARN: [5]}, None,
     "p5: '09/21/2015 1 1 / 2 2 / 2 0 15 0 9 / 2 2 / 2 0 15 TGI Friday's Valencia 62 Closure Permanent'; '09/16/2015 1 1 / 2 0 / 2 0 15 0 9 / 2 2 / 2 0 15 Ralphs Grocery Company Glendora 73 Layoff Permanent' (comparison: both numbers are needed)"),
    ("fr10-m03", "Did Ghana's transport project pay more for its 49 desktop computers or for its colour and black-and-white printers and scanners?",
     [["48,020.00"], ["45,262.32"]], {GHANA: [1]}, None,
     "p1, row 8: '8 Desktop Computers MRH/IDA/TSP/NCB/G NCB Navoo Enterprise PMB 89, Madina ‐ 48,020.00 GHS 2‐Nov‐11 22‐Dec‐11 Completed' / '(49 No.) ‐2/ Lot 1 Accra'; row 10: '10 Colour Printers MRH/IDA/TSP/NCB/G NCB Microsys Company Box TN 1393, 45,262.32 GHS 17‐June‐11 17‐July‐11 Completed' / '(21No.), Black & White ...' / 'Printers (3No.), Est ...' / 'Scanning Machines' / '(4No.)' (comparison: both amounts are needed)"),
    ("fr10-m04", "Was HAC's on-time departure rate in December 2015 lower than JTA's?",
     [["80.1"], ["93.0"]], {JAL: [5]}, None,
     "p5, second table (JTA, RAC, JAC, HAC: Domestic; JAL Group TTL: Domestic, International, GROUP TOTAL): 'On-time departure rate (%) 93.0 88.6 92.2 80.1 91.9 92.0 90.6' (JTA first, HAC fourth; comparison: both numbers are needed)"),
    ("fr10-m05", "How do the United Kingdom and France compare on enquiries about air passengers' rights?",
     [["139"], ["136"]], {"eu-015.pdf": [2]}, None,
     "p2, Hot topics by country, three lists side by side (Air passengers rights; Free movement of persons / workers; Treaty reform / IGC / Lisbon Treaty): 'United Kingdom 139 United Kingdom 114 United Kingdom 74'; 'France 136 France 99 Belgium 56' (first list; comparison: both numbers are needed)"),
    ("fr10-m06", "Under the best practice scenario, is a volume server in a server closet expected to use less electricity in 2009 than one in a server room?",
     [["1,386"], ["1,427"]], {"spanning_cells.pdf": [1]}, None,
     "p1, Table A4-12, Best practice scenario (Volume servers in: 2007 2008 2009 2010 2011): 'Server closets 1,456 1,439 1,386 1,296 1,326'; 'Server rooms 1,465 1,472 1,427 1,334 1,371' (third column: 2009; comparison: both numbers are needed)"),
    ("fr10-m07", "Were more men or more women arrested for prostitution and commercialized vice in 2009?",
     [["17.3"], ["39.6"]], {ARRESTS: [1]}, None,
     "p1, Table 324 Arrests by Sex and Age: 2009 (in thousands; Total: Total, Under 18, 18 and over; Male: the same; Female: the same): 'Prostitution and commercialized vice 56.9 1.1 55.8 17.3 – 17.1 39.6 0.8 38.7' (male total 17.3, female total 39.6; comparison: both numbers are needed)"),
    ("fr10-m08", "Is Madhya Pradesh's 2012-13 revenue budget for family welfare lower than Karnataka's?",
     [["4,072,016"], ["4,317,801"]], {"health.pdf": [1]}, None,
     "p1, Table 5 (Rs. in 000; Revenue: Medical & Public Health, Family Welfare; Capital: ...; Total Revenue & Capital; Others; Total): 'Madhya Pradesh 28,459,540 4,072,016 3,432,711 0 35,964,267 472,139 36,436,406'; 'Karnataka 34,939,843 4,317,801 3,669,700 0 42,927,344 631,088 43,558,432' (second column; comparison: both numbers are needed)"),
    ("fr10-m09", "Which is expected to have more public high school graduates in 2020–21, Ohio or Michigan?",
     [["99,790"], ["93,710"]], {"us-018.pdf": [2]}, None,
     "p2, Table 14 continued (Projected: 2013–14 2014–15 2015–16 2016–17 2017–18 2018–19 2019–20 2020–21 2021–22): 'Ohio 101,000 100,270 101,400 101,510 102,560 102,320 100,230 99,790 99,990'; 'Michigan 100,060 100,910 99,920 98,670 99,620 98,160 95,110 93,710 94,400' (eighth column; comparison: both numbers are needed)"),
    # two parts in two documents
    ("fr10-m10", "Which employer does Arthur Rolnick give on the Strong Schools contribution report, and how many votes did Gretchen Whitmer win across the county in the 2018 Democratic primary?",
     [["Federal Reserve"], ["677"]], {"schools.pdf": [2], VOTES: [2]}, None,
     "schools p2 (..., Occupation, Employer, Date, Amount): 'Rolnick Arthur 15216 37th ave north plymouth MN 55446finance Federal Reserve 8/27/2012 100.00'; vertical_header p2 (DEMOCRATIC PARTY; rotated names placed by x position: Abdul El-Sayed 111, Shri Thanedar 143, Gretchen Whitmer 174, Debbie Stabenow 206, ...): 'Totals 132 187 677 936 0 829 759 128 ...' (677 at x 171 under Whitmer)"),
    ("fr10-m11", "What was Fas Consult's technical and procurement audit for Ghana's transport project worth, and which company is behind the Bedlam Bar-B-Q licence in Oklahoma City?",
     [["793,072.50"], ["DEEP FORK HOLDINGS", "Deep Fork Holdings LLC"]], {GHANA: [3], "m27.pdf": [1]}, None,
     "Ghana p3, row 30: '30 Technical and MRH/IDA/TSP/QCBS/ QCBS Fas Consult Limited Box GP 17494, 793,072.50 GHS 27‐Nov‐15 30‐Apr‐18 Assignment' / 'Procurement Audit of S‐12 Accra is ongoing' / 'International' / 'Development' / 'Authority (IDA) and' / 'Government of Ghana' / '(GOG) Funded Projects' / 'for 2011‐2013'; m27 p1 (licensee name wrapped over two lines): 'DEEP FORK HOLDINGS' / '543149BAW BEDLAM BAR-B-Q LLC 610 NORTHEAST 50TH OKLAHOMA CITY OK 73105 (405) 528-7427 2015/02/23'"),
    ("fr10-m12", "In nominal terms, what yearly growth in food retail sales was usual for 1990-96 in the EU food retailing overview, and how many tonnes of domestic cargo did the JAL Group carry in December 2015?",
     [["between 2% and 5%", "2% and 5%"], ["38,354"]], {"eu-004.pdf": [5], JAL: [4]}, None,
     "eu-004 p5: '... but, judged in nominal terms, it appears that the average annual growth rate, 1990-96, was only between 2% and 5% in most cases.'; issue-53 p4, 3. JAL Group Cargo Traffic Data (International: Cargo Ton, y.o.y, Mail Ton, y.o.y; Domestic: Cargo Ton, y.o.y, Mail Ton, y.o.y): 'Dec-2015 24,153 95.1 4,201 92.3 38,354 98.3 3,211 100.9' (fifth value: domestic cargo)"),
    ("fr10-m13", "How many permit checks did Kentucky run in November 2015, and how many jobs did Quiksilver cut in Huntington Beach?",
     [["264,140"], ["77"]], {NICS: [1], NICS_ROT: [1], WARN: [5]}, None,
     "nics p1 (State / Territory, Permit, Handgun, Long Gun, ...): 'Kentucky 264,140 12,155 14,847 254 648 ... 295,891' (the rotated copy gives the same values one cell a line after 'Kentucky'); WARN p5: '09/04/2015 0 9 / 0 4 / 2 0 15 0 9 / 1 1 / 2 0 15 Quiksilver, Inc. Huntington Beach 77 Layoff Permanent'"),
    ("fr10-m14", "In the machine-generated kernel code at the very end of the creativity paper, what is REG_PG defined as, and what share of Florida's national desired population was excluded from PIRLS 2011?",
     [["vesa_slot_addr_pack"], ["13"]], {ML: [8], "us-020.pdf": [3]}, None,
     "issue-982 p8 (generated Linux code): '#define REG_PG vesa_slot_addr_pack'; us-020 p3, Table A-1 continued (international desired population coverage, national desired population overall exclusion rate, weighted school participation before substitution, after substitution, weighted student response rate, combined rate): 'Florida-USA 89 13 96 96 95 91' (second value: exclusion rate)"),
    ("fr10-m15", "What was the net asset value of the Privium fund's Class B at the end of 2016, and which locality code does Arellano have in mexican_towns.pdf?",
     [["49,144,825"], ["0106"]], {HEDGE: [1], "mexican_towns.pdf": [1]}, None,
     "edge_tol p1, Class B: 'Net Asset Value at 31 December 49,144,825'; mexican_towns p1: '01 Aguascalientes 001 Aguascalientes 0106 Arellano'"),
    ("fr10-m16", "How many enquiries went to the research enquiry service in eu-015.pdf, and how much did the Senate office pay for K. Ford's flights from Detroit to St. Louis and Springfield?",
     [["2.003", "2,003", "2003"], ["463.30"]], {"eu-015.pdf": [1], SENATE: [1]}, None,
     "eu-015 p1, second table (Topic, Enquiries): 'Research enquiry service 2.003' (dot as thousands separator: 'Grand Total 23.900'); senate-expenditures p1 (words run together): 'DHAW20190047 07/12/2019 CITIBANK-TRAVELCBACARD 07/01/2019 07/03/2019 STAFFTRANSPORTATION 463.30' / 'AIRFAREFORKFORDDETROITMITOSTLOUIS,SPRINGFIELDANDRETURN'"),
    ("fr10-m17", "What average daily attendance (in thousands) is projected for U.S. public schools in 2021–22, and how many passengers did JAL fly on transpacific routes in December 2015?",
     [["49,674"], ["157,642"]], {"us-018.pdf": [7], JAL: [2]}, None,
     "us-018 p7, Table 19 (School year, ADA (in thousands), ...): Projected '2021–22 49,674 665.5 13,397 — —'; issue-53 p2, 1.2 Monthly International Passenger Route Traffic Data Dec-2015 (Routes, Pax, ...): 'Transpacific 157,642 107.1 1,225,977 107.0 1,634,794 103.1 75.0 72.2'"),
    ("fr10-m18", "In twotables_2.pdf, what share of Karnataka households have a male head with college education, and what was Rajasthan's total internal debt at the end of March 1997?",
     [["5.8"], ["36.77"]], {"twotables_2.pdf": [1], "superscript.pdf": [1]}, None,
     "twotables_2 p1, Table 6 (literacy status of male head of the household; n, Illiterate, Read & Write, 1-4 std., 5-8 std., 9-12 std., College): 'Karnataka 2399 37.4 2.8 12.5 18.3 23.1 5.8'; superscript p1, Table 125 (As at end-March; ` Billion; first column Total Internal Debt): 'Rajasthan 36.77 28.63 - 4.99 3.16 0.57 - 1.64 - 0.81'"),
    # two parts over one document (two pages, two passages, two cells of one table)
    ("fr10-m19", "In the student health report, which figures break down sickness, and days of absence from university, by sex, faculty and year of study?",
     [["Figure 3.6", "3.6"], ["Figure 3.8", "3.8"]], {"eu-021.pdf": [4, 6]}, None,
     "p4 (a figure page; its only text): 'Figure 3.6: Illnesses by gender, course year and faculty'; p6: 'Figure 3.8: Days missed at University by gender, faculty and course year'"),
    ("fr10-m20", "Per unit, how much did revaluation add to the Privium Done Hedge Fund's 2016 result, and how much did costs take off?",
     [["3.99"], ["0.21"]], {HEDGE: [1]}, None,
     "p1, Investment result per unit: 'Direct result -' / 'Revaluation 3.99' / 'Costs (0.21)' / 'Total investment result per unit 3.78'"),
    ("fr10-m21", "How many votes did Jack Bergman get in the August 2018 Republican primary, and how many did Debbie Stabenow get in the Democratic one?",
     [["1914", "1,914"], ["936"]], {VOTES: [1, 2]}, None,
     "p1 (REPUBLICIAN PARTY; rotated names placed by x position: ..., Sandy Pensler 267, Jack Bergman 319, Jim Stamas 371, ...): 'Totals 9237 3396 371 373 317 1102 1221 835 0 1914 0 1934 ...' (1914 at x 314 under Bergman); p2 (DEMOCRATIC PARTY: ..., Gretchen Whitmer 174, Debbie Stabenow 206, Joe Weir 332, ...): 'Totals 132 187 677 936 0 829 ...' (936 at x 203 under Stabenow)"),
    ("fr10-m22", "Which firm supplied Ghana's transport project with heavy-duty colour photocopiers and fax machines, and for how much?",
     [["Ultimate Suppliers"], ["243,294.00", "243,294"]], {GHANA: [1]}, None,
     "p1, row 11 (cells wrapped over lines): '11 Colour Photocopiers ‐ MRH/IDA/TSP/NCB/G NCB Ultimate Suppliers Ltd Box AC 342, 243,294.00 GHS 23rd July 15th October Completed' / 'Heavy Duty (8No.), Fax ‐2/Lot 4A Accra 2013 2013' / 'Machines (3No.), Black' / '& White Photocopier ‐' / 'Heavy Duty (2)'"),
    ("fr10-m23", "How many domestic passengers and how many international passengers did the JAL Group carry in August 2015?",
     [["2,945,100"], ["721,817"]], {JAL: [1, 3]}, None,
     "p3, 2. JAL Group Total Domestic Pax Traffic (Pax, y.o.y, RPK, ...): 'Aug-2015 2,945,100 99.2 2,267,663 98.7 3,237,653 99.0 70.0'; p1, 1.1 JAL Group International Passenger Traffic Data: 'Aug-2015 721,817 99.7 3,386,829 101.2 4,104,459 99.1 82.5'"),
    ("fr10-m24", "How many three-digit industries in food, drink and tobacco does the 1993 market share matrix cover, and what rapid recent change in the retailing of the southern EU countries does the overview give as an example?",
     [["15"], ["diffusion of hypermarkets", "hypermarkets"]], {"eu-004.pdf": [13, 15]}, None,
     "p13: 'That matrix records the market shares of the 5 leading producers in, inter alia, each of the 15 “3-digit” food, drink and tobacco industries within EU manufacturing.'; p15: 'In the southern member states - Italy, Portugal, Spain and Greece - ... change has been particularly rapid in very recent years (e.g. the fast diffusion of hypermarkets)'"),
    ("fr10-m25", "Who wrote the neural conversational model paper listed in the creativity paper's references, and on which site was Cope's Emily Howell fugue posted?",
     [["Vinyals"], ["YouTube"]], {ML: [5]}, None,
     "p5, REFERENCES: '[VL15] O. Vinyals and Q. Le, “A neural conversational model,” arXivpreprintarXiv:1506.05869,Jul.2015.'; '[Cop12] ——, “Emily howell fugue,” YouTube, Oct. 2012.' (—— = D. Cope, as in [Cop87])"),
    ("fr10-m26", "Who is the licensee behind Ajanta in Oklahoma City, and when does Endeavor Air's licence run out?",
     [["CABAB N' CURRY", "Cabab N' Curry Inc"], ["2015/03/26", "March 26, 2015"]], {"m27.pdf": [1]}, None,
     "p1 (LICENSE NUMBER, PREMISE TYPE, DBA NAME, LICENSEE NAME, ADDRESS, CITY, ST, ZIP, PHONE NUMBER, EXPIRES): '12215 NORTH' / '184066BAW AJANTA CABAB N' CURRY INC PENNSYLVANIA OKLAHOMA CITY OK 73120 (405) 752-5283 2014/07/27'; '600941AAA ENDEAVOR AIR ENDEAVOR AIR INC 7100 TERMINAL DRIVE OKLAHOMA CITY OK 73159 (901) 348-4100 2015/03/26'"),
    # "which documents ..." lists
    ("fr10-m27", "Which documents mention Kerala?", [], {}, None, "'kerala' occurs"),
    ("fr10-m28", "Which files have anything on the Netherlands?", [], {}, None, "'netherlands' occurs"),
    ("fr10-m29", "List the PDFs in which Portugal comes up.", [], {}, None, "'portugal' occurs"),
    ("fr10-m30", "Which reports bring up computers?", [], {}, None, "'computer' occurs"),
    ("fr10-m31", "Which of the documents contain data about women?", [], {}, None, "'women' occurs"),
    ("fr10-m32", "What files talk about passengers?", [], {}, None, "'passenger' occurs"),
    ("fr10-m33", "Which of my files mention a university?", [], {}, None, "'university' occurs"),
    ("fr10-m34", "Which reports touch on stress?", [], {}, None, "'stress' occurs"),
]
# fmt: on


DESCRIPTION = (
    "A tenth set of fresh human-phrased questions over reports/ and tables/, mostly multi-part (comparisons of two "
    "table cells, two facts in two files, two facts in one file, 'which documents' lists), written by a helper before "
    "any run of the app on them and without reading its code (see build_content_fresh10.py); split once by "
    "sha256(id), alternating within each kind."
)


def main() -> int:
    # The same record building, checks and split rule as content_fresh.json's, and the overlap check of the fresh sets.
    sys.path.insert(0, str(HERE))
    from build_content_fresh import run_checked

    return run_checked(OUT, CONTENT, MULTI, DESCRIPTION, EARLIER)


if __name__ == "__main__":
    sys.exit(main())
