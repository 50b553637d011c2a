"""Build (and re-verify) benchmarks/answers/content_fresh12.json: a twelfth held-out set of human-phrased questions, mostly multi-part.

Written blind by a helper BEFORE any run of the app on it and without reading the app's code under app/ or running the
app, its eval, its retrieval or its reader on these questions: every answer was read off the pdfplumber text of the
evidence page (and, where a table's layout was in doubt, checked against the column order of its header and
neighbouring rows, or, for the rotated candidate names of vertical_header.pdf p. 2, against the x position of each
name and of each number of the row). Modelled on build_content_fresh11.py (same record format, same checks, the same
builder: build_content_fresh.run_checked). The emphasis is on MULTI questions, 34 of them, in the style of
pdf_qa.json's "multi" kind:

- 8 "which documents/files/PDFs/reports" lists (mention / turn up in / refer to / contain anything on / have
  figures for / is ... named / bring up / include) over words that occur (case-insensitively) in 2 to 5 files
  and that no earlier list asked about;
- 9 comparisons over two rows or columns of one table ("Was X higher in A or in B?", "Which ... more: A or B?",
  "Compare A and B on X", "Who got more votes ...", "Who was paid more ...", "Did A have more X than B?",
  "Between A and B, which ...", "Were more boys or girls ...", "Which closure cost more jobs ..."); both values are
  the answer parts;
- 9 two-part questions whose facts sit in two different documents (most letting the topic name the document, two
  naming a file);
- 8 two-part questions over one document (two passages or two cells of one table).

Plus 16 one-passage content questions (who / when / how many / how much / where / what / yes-no), favouring the pages
the earlier sets used least (counted as citations per document page over all earlier sets): the private-label table
of eu-004.pdf (p. 11, cited once before), its concentration and franchising tables (pp. 6 and 9), the diesel rules'
documentation lists (pp. 2 and 4) and certification text (p. 23), the PIRLS benchmarking coverage table (us-020 p. 3),
the generated-text appendix of the creativity paper (p. 6), the selection criteria and adult-education pages of the
Finnish VET report (pp. 9 and 3), the schools donor report's last page, the WARN listing's page 7, the Ghana
contracts' first page, the Senate expenditure page and the pupil/teacher ratio table (us-018 p. 5). Among them are
answers given by a sentence in the passive voice, by a list item, by a table row, by a person's or an organisation's
name, and by a date. They are phrased the way a user who has not read the text asks them (synonyms, other word
order); `copied_runs()` (run by `main`, so by both the build and `--check`) fails when a question repeats a run of
five words of one of its evidence pages.

No question asks for the same fact as an earlier set: `earlier_overlaps()` (build_content_fresh.py, run by
`run_checked`) fails when an answer string of this set equals, case-insensitively (dashes, thousands separators and
spaces normalised), an acceptable answer of a question of content_dev.json, content_fresh.json .. content_fresh11.json,
pdf_qa.json (and, to be safe, paraphrases_dev.json, tables_dev2.json, tables_dev2_fresh.json, tables_fresh.json) that
cites the same document page, or when a "which documents" list repeats an earlier list's word. The split is derived
once from the ids (sha256, alternating within each kind) and never edited by hand.

    .venv/bin/python benchmarks/answers/build_content_fresh12.py          # rebuild content_fresh12.json
    .venv/bin/python benchmarks/answers/build_content_fresh12.py --check  # verify the committed file against the PDFs
"""

# ruff: noqa: E501  (question data: one record a line reads better than wrapped strings)
from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "content_fresh12.json"
PDFS = Path("/work/shared/data/pdfs")

ML = "issue-982-example.pdf"
DIESEL = "diesel_engines.pdf"
WARN = "WARN-Report-for-7-1-2015-to-03-25-2016.pdf"
GHANA = "Publication_of_award_of_Bids_for_Transport_Sector__August_2016.pdf"
JAL = "issue-53-example.pdf"
ARRESTS = "12s0324.pdf"
SENATE = "senate-expenditures.pdf"
HEDGE = "edge_tol.pdf"
VOTES = "vertical_header.pdf"
RETAIL = "eu-004.pdf"
VET = "eu-013.pdf"
NICS = "nics-background-checks-2015-11.pdf"
NICS_ROT = "nics-background-checks-2015-11-rotated.pdf"

# The earlier sets whose answers this one must not repeat on the same document page.
EARLIER = (
    "content_dev.json", "content_fresh.json", "content_fresh2.json", "content_fresh3.json", "content_fresh4.json",
    "content_fresh5.json", "content_fresh6.json", "content_fresh7.json", "content_fresh8.json", "content_fresh9.json",
    "content_fresh10.json", "content_fresh11.json", "pdf_qa.json", "paraphrases_dev.json", "tables_dev2.json",
    "tables_dev2_fresh.json", "tables_fresh.json",
)  # fmt: skip

# (id, question, answer parts, {document: [pages]}, short answer type, notes). Pages are 1-based.
Q = tuple[str, str, list[list[str]], dict[str, list[int]], str | None, str]
# fmt: off
CONTENT: list[Q] = [
    ("fr12-c01", "In the 1993/4 figures by retailer, how big a share of Sainsbury's sales came from own-brand goods?", [["55"]],
     {RETAIL: [11]}, "number", "p11, Table 6.10 Private Label Penetration (Value Shares) by Member State (%) (1997 1995* 1992* 1990** 1980** By leading retailers (1993/4)): 'UK 42.3 29 25 31 22 Sainsbury 55; Tesco 46; Safeway' / '38; Asda 32.' (last column, Sainsbury's value)"),
    ("fr12-c02", "Which statistics body published the source of the table on franchising across EU member states?", [["EUROSTAT"]],
     {RETAIL: [9]}, "other", "p9, under Table 6.8: Franchising across the member states: 'Source: table 14, p.18, “Retailing in the European Economic Area, 1996\", EUROSTAT'"),
    ("fr12-c03", "Which publication is given as the source for how much Austria's five biggest food retailers gained in concentration?", [["Regal"]],
     {RETAIL: [6]}, "other", "p6, Table 6.5: Five firm concentration ratios for food retailing (Current Level*, Change in recent years** % points, period, Source): 'Austria 79 +14 1990-96 “Regal” 1997' (last column: the source of the change)"),
    ("fr12-c04", "What do a marine diesel engine's operating and service manuals have to set out?", [["maintenance requirements"]],
     {DIESEL: [2]}, "other", "p2, note (4) to Table 1 (Document to be submitted for information; passive): '(4) Operation and service manuals are to contain maintenance requirements (servicing and repair) including details of any special tools and gauges ...'"),
    ("fr12-c05", "In the drawings needed to inspect engine parts, which kind of engine does the entry on exhaust valve bolts and studs concern?", [["two stroke design", "two stroke", "two-stroke"]],
     {DIESEL: [4]}, "other", "p4, Table 3 : Documentation for the inspection of components and systems, list item: '10 Bolts and studs for cylinder heads and exhaust valve (two stroke design)'"),
    ("fr12-c06", "Which Finnish institution offers single courses that count towards a polytechnic degree?", [["Open Polytechnic", "The Open Polytechnic"]],
     {VET: [3]}, "other", "p3: 'Polytechnics also provide adult education that does not lead to degrees. The Open Polytechnic provides individual courses which are part of polytechnic degrees.'"),
    ("fr12-c07", "Is an engine builder freed from responsibility for tests on parts whose paperwork the classification society does not explicitly ask for?", [["not exempted", "is not exempted"]],
     {DIESEL: [23]}, "other", "p23, 4.4.3 Certification of engine components (two columns interleaved): 'g) The manufacturer is not exempted from responsibility' / 'for any relevant tests and inspections of those parts for which documentation is not explicitly requested by the Society.' (so: no)"),
    ("fr12-c08", "Apart from degrees and teaching experience, what sort of work experience do Finnish vocational teacher colleges often weigh when choosing students?", [["non-teaching", "non teaching"]],
     {VET: [9]}, "other", "p9, 6.2.2, list of selection criteria: '• degrees, • basic studies in education, • work experience (non-teaching), • teaching experience, • special activities.'"),
    ("fr12-c09", "Through what bodies do Finnish universities usually deliver their other forms of further education for adults?", [["continuing education centres", "continuing education centers"]],
     {VET: [3]}, "other", "p3 (passive): 'Universities offer other forms of continuing education, which are usually implemented by continuing education centres (täydennyskoulutuskeskukset, fortbildningscentralen) operating in conjunction with them.'"),
    ("fr12-c10", "Which Ramsey County commissioner appears among the donors to the Strong Schools referendum campaign?", [["McDonough", "James R. McDonough", "James McDonough"]],
     {"schools.pdf": [5]}, "person", "p5 (Last Name, First Name, Address, City, State, Zip, Occupation, Employer, Date, Amount): 'McDonough James R. & Carol M.815 Montana Ave. E. Saint Paul MN 55106 commissioner Ramsey County 9/28/2012 500.00'"),
    ("fr12-c11", "On what date did City Winery Napa give notice that it was closing?", [["10/20/2015", "October 20, 2015", "20 October 2015"]],
     {WARN: [7]}, "date", "p7 (columns as on p1: Notice Date, Effective, Received, Company, City, No. Of Employees, Layoff/Closure): '10/20/2015 0 1 / 0 1 / 2 0 16 1 0 / 2 1 / 2 0 15 City Winery Napa Napa 37 Closure Permanent' (notice date first)"),
    ("fr12-c12", "Which firm won the June 2011 contract to supply road safety books for junior high schools in Ghana's transport project?", [["Printpack Limited", "Printpack"]],
     {GHANA: [1]}, "other", "p1, row 13 (cells wrapped over lines): '13 Procurement of Road MRH/IDA/TSP/NCB/G NCB Printpack Limited Box 1486, 9,400.00 GHS 29‐June‐11 10‐Aug‐11 Completed' / 'Safety Books for Junior ‐8/ Lot 2 Mamprobi ‐' / 'High Schools Accra' (the later Road Safety Education Textbooks for junior high schools on p2 were produced by Medi Max Ltd in December 2013)"),
    ("fr12-c13", "How much did Senator Hawley's office pay Derek Armer as a legislative correspondent?", [["12,111.06", "12111.06"]],
     {SENATE: [1]}, "number", "p1: 'ARMER,DEREKA LEGISLATIVECORRESPONDENTTOJUL.15ANDFROMAUG.11TOAUG.14 12,111.06'"),
    ("fr12-c14", "What was Dubai's weighted student response rate in PIRLS 2011?", [["96"]],
     {"us-020.pdf": [3]}, "number", "p3, Table A-1 continued (Benchmarking education systems: international desired population coverage, National desired population exclusion rate, Weighted school participation rate before substitution, ... after substitution, Weighted student response rate, Combined ...): 'Dubai-UAE 100 5 99 99 96 94' (fifth value)"),
    ("fr12-c15", "When was the table of pupil/teacher ratios in US elementary and secondary schools put together?", [["March 2012"]],
     {"us-018.pdf": [5]}, "date", "p5, under Table 17 (pupil/teacher ratios, fall 1996 through fall 2021): '(This table was prepared March 2012.)'"),
    ("fr12-c16", "In the machine-written Shakespeare of the creativity paper's appendix, which character speaks right after the Second Senator?", [["DUKE VINCENTIO", "Duke Vincentio"]],
     {ML: [6]}, "person", "p6, A. Shakespeare: 'Second Senator:' / 'They are away this miseries, ...' / '... The earth and thoughts of many states.' / 'DUKE VINCENTIO:' / 'Well, your wit is in the care of side and that.'"),
]

MULTI: list[Q] = [
    # comparisons: two rows or columns of one table
    ("fr12-m01", "Was own-label penetration higher in Belgium/Luxembourg or in the Netherlands in 1997?",
     [["24.9"], ["19.1"]], {RETAIL: [11]}, None,
     "p11, Table 6.10 Private Label Penetration (Value Shares) by Member State (%) (1997 1995* 1992* 1990** 1980**): 'Belgium/Lux 24.9 22 16'; 'Netherlands 19.1 16 16' (first column: 1997; comparison: both numbers are needed)"),
    ("fr12-m02", "Who got more votes in Curtis township in the 2018 Democratic primary for governor: Abdul El-Sayed or Shri Thanedar?",
     [["21"], ["22"]], {VOTES: [2]}, None,
     "p2 (DEMOCRATIC PARTY; rotated candidate names, reversed in pdfplumber's text, placed by x position under the Governor heading (x 128-164): Abdul El-Sayed 111, Shri Thanedar 143, Gretchen Whitmer 174; U.S. Senator Debbie Stabenow 206): 'Curtis 21 22 90 126 112 77 31' (21 at x 110, 22 at x 142; comparison: both numbers are needed)"),
    ("fr12-m03", "Compare Mars and Grand Metropolitan on their sales in EU food manufacturing.",
     [["3.1"], ["2.4"]], {RETAIL: [14]}, None,
     "p14, Table 6.12: The World’s Leading Food & Drink Manufacturers in EU Manufacturing (World food sales ($US bn), Total sales in EU food manufacturing (bn ecus), Markets in which firm is one of the 5 leaders): 'Mars 13 3.1 421,422'; 'Grand Metropolitan 12.7 2.4 413,424' (second value; comparison: both numbers are needed)"),
    ("fr12-m04", "Were more boys or girls arrested as runaways in the US in 2009?",
     [["34.0"], ["41.8"]], {ARRESTS: [1]}, None,
     "p1, Table 324 Arrests by Sex and Age: 2009 (in thousands; Total: Total, Under 18, 18 and over; Male: the same; Female: the same): 'Runaways ..... 75.8 75.8 (X) 34.0 34.0 (X) 41.8 41.8 (X)' (male total 34.0, female total 41.8, all under 18; comparison: both numbers are needed)"),
    ("fr12-m05", "Did Assam budget more than Odisha for family welfare on the revenue side in 2012-13?",
     [["2,554,197", "2554197"], ["2,552,292", "2552292"]], {"health.pdf": [1]}, None,
     "p1, Table: 5 Public Health Outlay 2012-13 (Budget Estimates) (Rs. in 000; Revenue: Medical & Public Health, Family Welfare; Capital: Medical & Public Health, Family Welfare; Total Revenue & Capital; Others; Total): 'Assam 14,874,821 2,554,197 161,600 0 17,590,618 4,408,505 21,999,123'; 'Odisha 14,317,179 2,552,292 1,107,250 0 17,976,721 451,438 18,428,159' (second column; comparison: both numbers are needed)"),
    ("fr12-m06", "Who was paid more by the senator's office: district director Clayton Campbell or legislative assistant Alexander Velez-Green?",
     [["31,111.08", "31111.08"], ["26,874.99", "26874.99"]], {SENATE: [1]}, None,
     "p1: 'CAMPBELL,CLAYTOND DISTRICTDIRECTORFROMMAY23 31,111.08'; 'VELEZ-GREEN,ALEXANDERJ LEGISLATIVEASSISTANTFROMMAY22 26,874.99' (comparison: both amounts are needed)"),
    ("fr12-m07", "Between drive cycles 4234_1 and 2032_2, which gains more fuel savings from cutting idling?",
     [["3.3%", "3.3"], ["1.2%", "1.2"]], {"us-030.pdf": [2]}, None,
     "p2, Table 2-1. Simulated fuel savings from isolated cycle improvements (Cycle Name, KI (1/km), Distance (mi), Percent Fuel Savings: Improved Speed, Decreased Accel, Eliminate Stops, Decreased Idle): '4234_1 0.59 58.7 8.5% 1.3% 8.5% 3.3%'; '2032_2 0.17 57.8 21.7% 0.3% 2.7% 1.2%' (last column; comparison: both numbers are needed)"),
    ("fr12-m08", "In December 2015, was the JAL Group's load factor on its Korea routes higher than on its China routes?",
     [["79.9"], ["58.9"]], {JAL: [2]}, None,
     "p2, 1.2 Monthly International Passenger Route Traffic Data (Routes, Pax, y.o.y(%), RPK, y.o.y(%), ASK, y.o.y(%), L/F(%) Dec-2015, L/F(%) Previous Year Same Month): 'Korea 47,126 84.7 54,260 86.4 67,942 77.6 79.9 71.8'; 'China 97,180 99.6 181,499 99.7 307,897 108.5 58.9 64.2' (next-to-last value: Dec-2015; comparison: both numbers are needed)"),
    ("fr12-m09", "Which Riverside closure by Fresh & Easy cost more jobs, the Campus Produce site or the Campus Kitchen?",
     [["336"], ["307"]], {WARN: [7]}, None,
     "p7 (Notice Date, Effective, Received, Company, City, No. Of Employees, Layoff/Closure): '10/21/2015 1 0 / 2 3 / 2 0 15 1 0 / 2 2 / 2 0 15 Fresh & Easy, LLC Campus Produce Riverside 336 Closure Permanent'; '... Fresh & Easy, LLC Campus Kitchen Riverside 307 Closure Permanent' (comparison: both numbers are needed)"),
    # two parts in two documents
    ("fr12-m10", "In the student health survey, how many of those with an anxiety disorder got treatment, and how long in miles is drive cycle 2145_1?",
     [["29"], ["11.2"]], {"eu-021.pdf": [3], "us-030.pdf": [2]}, None,
     "eu-021 p3, Table 3.1 (Suffered from, Followed treatment): 'Anxiety disorder Count 81 29' / 'Percentage 16.4% 5.9%' (second count); us-030 p2, Table 2-1 (Cycle Name, KI (1/km), Distance (mi), ...): '2145_1 0.68 11.2 2.4% 0.1% 9.5% 2.7%' (third value)"),
    ("fr12-m11", "What total investment result did the Privium Done Hedge Fund book for its first period, and how many Asian or Pacific Islander people were arrested for drunkenness in 2009?",
     [["1,969,797", "1969797"], ["2,844", "2844"]], {HEDGE: [1], ARRESTS: [1]}, None,
     "edge_tol p1: 'Total investment result for the period1 1,969,797' (footnote 1: from inception on 8 April 2016 through 31 December 2016); 12s0324 p1, Table 325. Arrests by Race: 2009 (Total, White, Black, American Indian/Alaskan Native, Asian Pacific Islander): 'Drunkenness ..... 469,958 387,542 71,020 8,552 2,844' (last column)"),
    ("fr12-m12", "What did Elkhart Enterprise's 2011 contract for road safety books for primary schools in Ghana cost, and what was the JAL Group's domestic load factor in August 2015?",
     [["11,700.00", "11,700", "11700"], ["70.0"]], {GHANA: [1], JAL: [3]}, None,
     "Ghana p1, row 12: '12 Procurement of Road MRH/IDA/TSP/NCB/G NCB Elkhart Enterprise Box 2026, 11,700.00 GHS 12‐Aug‐11 23‐Sep‐11 Completed' / 'Safety Books for ‐8/ Lot 1 Dansoman ‐' / 'Primary Schools Accra'; issue-53 p3, 2. JAL Group Total Domestic Pax Traffic (Pax, y.o.y, RPK, y.o.y, ASK, y.o.y, L/F(%)): 'Aug-2015 2,945,100 99.2 2,267,663 98.7 3,237,653 99.0 70.0' (last value)"),
    ("fr12-m13", "According to senate-expenditures.pdf, how much was the intern Robert Lavalley paid, and how many people were trained when the Red Ribbon Express halted in Delhi?",
     [["1,260.00", "1,260", "1260"], ["3,665", "3665"]], {SENATE: [1], "background_lines_1.pdf": [1]}, None,
     "senate-expenditures p1: 'LAVALLEY,ROBERTCLINTON INTERNFROMSEP.10 1,260.00'; background_lines_1 p1, Table 6.1 (State, Date, Halt stations, Halt days, Persons directly reached (in lakh), Persons trained, Persons counseled, Persons tested for HIV): 'Delhi 1.12.2009 8 17 1.29 3,665 2,409 1,000' (fourth number after the date: persons trained)"),
    ("fr12-m14", "What was Gujarat's total internal debt at the end of March 1997 in superscript.pdf, and which locality of mexican_towns.pdf has the code 0209?",
     [["19.75"], ["La Fortuna"]], {"superscript.pdf": [1], "mexican_towns.pdf": [1]}, None,
     "superscript p1, TABLE 125 (As at end-March; ` Billion; first column 'Total Internal Debt', second 'Market Loans'): 'Gujarat 19.75 17.1 - - 2.64 1.17 - 1.11 - 0.44' (first value); mexican_towns p1 (Clave Entidad, Nombre Entidad, Clave Municipio, Nombre Municipio, Clave Localidad, Nombre Localidad): '01 Aguascalientes 001 Aguascalientes 0209 La Fortuna'"),
    ("fr12-m15", "How many long-gun background checks did Georgia run in November 2015, and what share of male household heads in Karnataka had studied up to 9th-12th standard?",
     [["15,227", "15227"], ["23.1"]], {NICS: [1], NICS_ROT: [1], "twotables_2.pdf": [1]}, None,
     "nics p1 (State / Territory, Permit, Handgun, Long Gun, *Other, ...): 'Georgia 14,111 16,635 15,227 448 758 ... 50,795' (third value: Long Gun; the rotated copy gives the same values one cell a line after 'Georgia'); twotables_2 p1, Table 6 : DISTRIBUTION (%) OF HOUSEHOLDS BY LITERACY STATUS OF MALE HEAD OF THE HOUSEHOLD (n, Illiterate, Read & Write, 1-4 std., 5-8 std., 9-12 std., College): 'Karnataka 2399 37.4 2.8 12.5 18.3 23.1 5.8' (sixth value: 9-12 std.; Table 7, adult women, gives 18.4)"),
    ("fr12-m16", "What share of Lithuania's internationally desired target population did PIRLS 2011 cover, and how much did the Farnsworth School Organization give to the Strong Schools campaign?",
     [["93"], ["600.00", "600"]], {"us-020.pdf": [2], "schools.pdf": [5]}, None,
     "us-020 p2, Table A-1 (international desired population coverage, National desired population exclusion rate, ...): 'Lithuania 93 6 94 100 94 94' (first value); schools p5: 'Farnsworth School Organization Inc. 1290 Arcade St. Saint Paul MN 55106 9/27/2012 600.00'"),
    ("fr12-m17", "What total public health outlay did the 2012-13 budget estimates give for Puducherry, and how many votes did Gretchen Whitmer win in Greenbush township in the August 2018 primary?",
     [["4,438,579", "4438579"], ["93"]], {"health.pdf": [1], VOTES: [2]}, None,
     "health p1, Table: 5 Public Health Outlay 2012-13 (Budget Estimates) (Rs. in 000; ..., Total Revenue & Capital, Others, Total): 'Puducherry 4,191,757 52,249 192,400 0 4,436,406 2,173 4,438,579' (last column); vertical_header p2 (DEMOCRATIC PARTY; rotated names placed by x position: Gretchen Whitmer at x 174, the third Governor column): 'Greenbush 19 35 93 136 123 112 18' (third value)"),
    ("fr12-m18", "How many Europe Direct enquiries were about the EIT, and how many franchisees did Italy have in 1994?",
     [["119"], ["17500", "17,500"]], {"eu-015.pdf": [1], RETAIL: [9]}, None,
     "eu-015 p1, Enquiries by topic (second list: Topic, Enquiries): 'EIT 119'; eu-004 p9, Table 6.8: Franchising across the member states (number of franchisors 1993 1994, number of franchisees 1993 1994): 'Italy 318 361 16100 17500' (last value)"),
    # two parts over one document (two passages, two cells of one table)
    ("fr12-m19", "By how many percentage points did Sweden's five-firm food retail concentration change, and over which years?",
     [["+24", "24"], ["1985-96", "1985–96", "1985-1996"]], {RETAIL: [6]}, None,
     "p6, Table 6.5: Five firm concentration ratios for food retailing (Current Level*, Change in recent years** % points, period, Source): 'Sweden 87 +24 1985-96 Supermarket Svenska' / 'Detaljhandel, 1997, for Food' / 'and Daily Goods'"),
    ("fr12-m20", "Across the whole JAL Group in December 2015, how many flights were cancelled because of the weather and how many for mechanical or technical reasons?",
     [["101"], ["32"]], {JAL: [5]}, None,
     "p5, second table (JTA, RAC, JAC, HAC: Domestic; JAL Group TTL: Domestic, International, GROUP TOTAL), under 'TTL Flights Cancelled 4 - 51 21 227 2 229': 'Due to weather 0 - 23 17 101 0 101'; 'For mechanical/technical reasons 1 - 5 0 30 2 32' (last column: group total; the JAL-only table above gives 61 and 26)"),
    ("fr12-m21", "How many air passenger rights enquiries came from Spain, and how many about free movement of persons and workers?",
     [["268"], ["153"]], {"eu-015.pdf": [2]}, None,
     "p2, Hot topics by country (three lists side by side: Air passengers rights, Enquiries; Free movement of persons / workers, Enquiries; Treaty reform / IGC / Lisbon Treaty, Enquiries): 'Spain 268 Spain 153 Germany 91' (first list: Spain 268; second list: Spain 153)"),
    ("fr12-m22", "Which organisation does Kent Pekel head according to the Strong Schools donor report, and how much did Scott Burns give?",
     [["Search Institute"], ["750.00", "750"]], {"schools.pdf": [5]}, None,
     "p5 (Last Name, First Name, Address, City, State, Zip, Occupation, Employer, Date, Amount): 'Pekel Kent 1025 Fairmount Ave St. Paul MN 55105 CEO Search Institute 9/13/2012 500.00'; 'Burns Scott 1411 Summit Ave St Paul MN 55105 CEO GovDelivery 8/22/2012 750.00'"),
    ("fr12-m23", "In 2003, what was the pupil/teacher ratio in US private schools, and in public ones?",
     [["13.8"], ["15.9"]], {"us-018.pdf": [5]}, None,
     "p5, Table 17 (Year, Total, Public, Private): '2003 15.7 15.9 13.8' (public second, private third value)"),
    ("fr12-m24", "Which firm supplied the alcohol breath testers for Ghana's transport project, and on what date was that contract signed?",
     [["Nadanta Enterprise", "Nadanta"], ["2‐Nov‐11", "2-Nov-11", "2 November 2011", "November 2, 2011"]], {GHANA: [1]}, None,
     "p1, row 7 (Contract Description, Contract No., Method, Contractor, Address, Amount, Currency, Date signed, Estimated completion, Remarks): '7 Procurement of MRH/IDA/TSP/NCB/G NCB Nadanta Enterprise Box 9244, 96,150.00 GHS 2‐Nov‐11 14‐Dec‐11 Completed' / 'Alcohol Testers ‐7/ Lot2 Limited Airport ‐ Accra' / '(Alcometers) (40 No.)' (date signed: 2‐Nov‐11, with U+2010 hyphens in the text)"),
    ("fr12-m25", "How many workers were covered by Boeing's layoff notices of 21 August 2015 for Long Beach and for El Segundo?",
     [["113"], ["39"]], {WARN: [4]}, None,
     "p4 (Notice Date, Effective, Received, Company, City, No. Of Employees, Layoff/Closure): '08/21/2015 1 0 / 2 3 / 2 0 15 0 8 / 2 5 / 2 0 15 Boeing Company Long Beach 113 Layoff Unknown at this time'; '08/21/2015 ... Boeing Company El Segundo 39 Layoff Unknown at this time' (the notices of 08/28/2015 give 2 and 106)"),
    ("fr12-m26", "In Table 325 of 12s0324.pdf, how many White and how many Black people were arrested for disorderly conduct?",
     [["326,563", "326563"], ["176,169", "176169"]], {ARRESTS: [1]}, None,
     "p1, Table 325. Arrests by Race: 2009 (Total, White, Black, American Indian/Alaskan Native, Asian Pacific Islander): 'Disorderly conduct ..... 515,689 326,563 176,169 8,783 4,174' (second and third values)"),
    # "which documents ..." lists
    ("fr12-m27", "Which reports mention Belgium?", [], {}, None, "'belgium' occurs"),
    ("fr12-m28", "In which PDFs does the name Campbell turn up?", [], {}, None, "'campbell' occurs"),
    ("fr12-m29", "What documents refer to Punjab?", [], {}, None, "'punjab' occurs"),
    ("fr12-m30", "Which files contain anything on Bihar?", [], {}, None, "'bihar' occurs"),
    ("fr12-m31", "Which documents have figures for Oregon?", [], {}, None, "'oregon' occurs"),
    ("fr12-m32", "In which files is Karnataka named?", [], {}, None, "'karnataka' occurs"),
    ("fr12-m33", "Which PDFs bring up Luxembourg?", [], {}, None, "'luxembourg' occurs"),
    ("fr12-m34", "What reports include Poland?", [], {}, None, "'poland' occurs"),
]
# fmt: on


DESCRIPTION = (
    "A twelfth set of fresh human-phrased questions over reports/ and tables/, mostly multi-part (comparisons of "
    "two table cells, two facts in two files, two facts in one file, 'which documents' lists), written blind by a "
    "helper before any run of the app on them and without reading its code (see build_content_fresh12.py); split once "
    "by sha256(id), alternating within each kind."
)


def main() -> int:
    # The same record building, checks and split rule as content_fresh.json's, the overlap check of the fresh sets,
    # and the check that no question copies five words of its evidence.
    sys.path.insert(0, str(HERE))
    from build_content_fresh import run_blind

    parser = argparse.ArgumentParser(add_help=False)
    parser.add_argument("--pdfs", type=Path, default=PDFS)
    return run_blind(OUT, CONTENT, MULTI, DESCRIPTION, EARLIER, parser.parse_known_args()[0].pdfs)


if __name__ == "__main__":
    sys.exit(main())
