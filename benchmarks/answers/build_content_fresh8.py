"""Build (and re-verify) benchmarks/answers/content_fresh8.json: an eighth held-out set of human-phrased questions, mostly multi-part.

Written by a helper BEFORE any tuning on it and without running the app, its eval, its retrieval or its reader on
these questions: every answer was read off the pdfplumber text of the evidence page (and, where a table's layout was
in doubt, checked against the column order of its header and of neighbouring rows). Modelled on build_content_fresh7.py
(same record format, same checks, the same builder: build_content_fresh.run_checked). The emphasis is on MULTI
questions, 36 of them, in the style of pdf_qa.json's "multi" kind:

- 10 "which documents/files/PDFs/reports" lists (mention / contain figures for / deal with / have a table about /
  discuss) over words that occur (case-insensitively) in 1 to 6 files and that no earlier list asked about;
- 8 comparisons over two rows or columns of one table ("Did A ... more than B?", "Which had more X, A or B?",
  "Compare X in A and in B", "Was X higher in A or B?"); both values are the answer parts;
- 10 two-part questions whose facts sit in two different documents (some naming the files, some letting the topic
  name them);
- 8 two-part questions over one document (two pages, two passages, one passage, or a passage and a table cell).

Plus 16 one-passage content questions (who / when / how many / how much / where / what), favouring the pages the
earlier sets used least (the WARN listing's pages 3, 5, 9, 12 and 13, the AFM figure pages of the 737 MAX proposal,
the diesel rules' test-load and certification pages, the JAL flight-operation page, the PIRLS school tables, the
Mexican localities list, the schools report's second page, ...), among them answers given by a sentence in the
passive voice, by a table row, and by a person's or an organisation's name. They are phrased the way a user who has
not read the text asks them (synonyms, other word order, no run of five words copied from the source).

No question asks for the same fact as an earlier set: `earlier_overlaps()` (run by `main`, so by both the build and
`--check`) fails when an answer string of this set equals, case-insensitively (dashes, thousands separators and
spaces normalised), an acceptable answer of a question of content_dev.json, content_fresh.json .. content_fresh7.json,
pdf_qa.json (and, to be safe, paraphrases_dev.json, tables_dev2.json, tables_dev2_fresh.json, tables_fresh.json)
that cites the same document page, or when a "which documents" list repeats an earlier list's word. The split is
derived once from the ids (sha256, alternating within each kind) and never edited by hand.

    .venv/bin/python benchmarks/answers/build_content_fresh8.py          # rebuild content_fresh8.json
    .venv/bin/python benchmarks/answers/build_content_fresh8.py --check  # verify the committed file against the PDFs
"""

# ruff: noqa: E501  (question data: one record a line reads better than wrapped strings)
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "content_fresh8.json"

FED = "federal-register-2020-17221.pdf"
ML = "issue-982-example.pdf"
DIESEL = "diesel_engines.pdf"
WARN = "WARN-Report-for-7-1-2015-to-03-25-2016.pdf"
GHANA = "Publication_of_award_of_Bids_for_Transport_Sector__August_2016.pdf"
NICS = "nics-background-checks-2015-11.pdf"
JAL = "issue-53-example.pdf"
ARRESTS = "12s0324.pdf"
SENATE = "senate-expenditures.pdf"
HEDGE = "edge_tol.pdf"

# The earlier sets whose answers this one must not repeat on the same document page.
EARLIER = (
    "content_dev.json", "content_fresh.json", "content_fresh2.json", "content_fresh3.json", "content_fresh4.json",
    "content_fresh5.json", "content_fresh6.json", "content_fresh7.json", "pdf_qa.json", "paraphrases_dev.json",
    "tables_dev2.json", "tables_dev2_fresh.json", "tables_fresh.json",
)  # fmt: skip

# (id, question, answer parts, {document: [pages]}, short answer type, notes). Pages are 1-based.
Q = tuple[str, str, list[list[str]], dict[str, list[int]], str | None, str]
# fmt: off
CONTENT: list[Q] = [
    ("fr8-c01", "When the Ritz-Carlton at Lake Tahoe shut down for a while, how many of its workers were affected?", [["253"]],
     {WARN: [13]}, "number", "p13 (columns Notice Date, Effective, Received, Company, City, No. Of Employees, Layoff/Closure): '02/11/2016 0 4 / 1 7 / 2 0 16 0 2 / 1 6 / 2 0 16 The Ritz-Carlton, Lake Tahoe Truckee 253 Closure Temporary'"),
    ("fr8-c02", "How many employees did the temporary layoff at USS-POSCO's Pittsburg plant concern?", [["661"]],
     {WARN: [3]}, "number", "p3: '08/14/2015 1 0 / 2 7 / 2 0 15 0 8 / 1 8 / 2 0 15 USS-POSCO Industries Pittsburg 661 Layoff Temporary'"),
    ("fr8-c03", "In what California town is the El Dorado hotel that announced it would close for a time?", [["Sonoma"]],
     {WARN: [9]}, "place", "p9: '12/04/2015 0 2 / 0 9 / 2 0 16 1 2 / 0 9 / 2 0 15 El Dorado Hotel and Kitchen Sonoma 113 Closure Temporary'"),
    ("fr8-c04", "Under the 737 MAX proposal, where is the new wording for the flight manual's procedure on an inoperative stabilizer trim to be found?", [["figure 4"]],
     {FED: [10]}, "label", "p10 (h)(5), the two columns interleaved by pdfplumber: '(5) In the Operating Procedures chapter, Inoperative paragraph with the information replace the existing Stabilizer Trim in figure 4 to paragraph (h)(5) of this AD.'"),
    ("fr8-c05", "When a diesel engine only drives auxiliaries, for how long must it run at full rated power (MCR) in the type test?", [["at least 30 min", "30 min"]],
     {DIESEL: [21]}, "number", "p21 [4.1.x] c) Test loads, item 6) in the second column (interleaved by pdfplumber with the first): '6) Engines driving auxiliaries: (cid:129) 100% power (MCR) at corresponding speed n : 0 at least 30 min.' (propulsion engines and generator engines for electric propulsion: at least 60 min)"),
    ("fr8-c06", "How many people worked at the Westin St. Francis hotel in San Francisco when its closure was notified?", [["52"]],
     {WARN: [12]}, "number", "p12: '01/28/2016 0 4 / 0 1 / 2 0 16 0 2 / 0 1 / 2 0 16 Westin St. Francis San Francisco 52 Closure Permanent'"),
    ("fr8-c07", "Which company holds the Oklahoma licence for the Asahi Japanese restaurant in Tulsa?", [["JIN CORPORATION", "Jin Corp"]],
     {"m27.pdf": [1]}, "other", "p1 (columns LICENSE NUMBER, PREMISE TYPE, DBA NAME, LICENSEE NAME, ADDRESS, CITY, ...): 'ASAHI JAPANESE' / '446957BAW RESTAURANT JIN CORPORATION 7831 EAST 71ST STREET TULSA OK 74133 (918) 307-9151 2014/12/22'"),
    ("fr8-c08", "What kind of regional split inside Italy does the EU food retailing overview hint at?", [["north-south heterogeneity", "north-south"]],
     {"eu-004.pdf": [15]}, "other", "p15: 'Moreover, Italy is an enigma. Not only is it obviously out of line with the three other large member states, but also there is (admittedly poorly documented) suggestions of a significant north-south heterogeneity within that country.'"),
    ("fr8-c09", "Under the rules for certifying engine components, who puts their name to a Test Report (TR)?", [["the manufacturer", "manufacturer"]],
     {DIESEL: [23]}, "other", "p23, 4.4.3 d) (passive): 'Test Report (TR) This is a document signed by the manufacturer stating: conformity with requirements, that the tests and inspections have been carried out on samples from the current production batch.' (a Society Certificate is issued by the Society)"),
    ("fr8-c10", "Were the figures in the table of school spending per enrolled pupil worked out from rounded or from unrounded numbers?", [["unrounded numbers", "unrounded"]],
     {"us-018.pdf": [6]}, "other", "p6, NOTE under Table 18 (passive): 'NOTE: Calculations were made using unrounded numbers. Some data have been revised from previously published figures.'"),
    ("fr8-c11", "How many pupils in Oman sat the PIRLS 2011 reading test?", [["10,394"]],
     {"us-020.pdf": [4]}, "number", "p4, Table A-2 (Schools in original sample, Eligible schools, Eligible schools that participated, Substitute schools, Total participating schools, Total students in participating schools, Students assessed): 'Oman 338 333 327 0 327 10,840 10,394' (last column: students assessed)"),
    ("fr8-c12", "How many flights did the whole JAL Group cancel in December 2015?", [["229"]],
     {JAL: [5]}, "number", "p5, second table (JTA, RAC, JAC, HAC Domestic; JAL Group TTL Domestic, International, GROUP TOTAL): 'TTL Flights Cancelled 4 - 51 21 227 2 229' (last column: group total)"),
    ("fr8-c13", "Who holds the Oklahoma licence for Bandana Red's Steakhouse in Shawnee?", [["Bradshaw"]],
     {"m27.pdf": [1]}, "person", "p1 (columns LICENSE NUMBER, PREMISE TYPE, DBA NAME, LICENSEE NAME, ADDRESS, CITY, ...): 'BANDANA RED'S' / '618693BAW STEAKHOUSE BRADSHAW, STEVE_LEN 37808 OLD HIGHWAY 270 SHAWNEE OK 74804 - 2014/08/20'"),
    ("fr8-c14", "How much was Payton Englert paid as a staff assistant in the senator's office?", [["25,499.96"]],
     {SENATE: [1]}, "number", "p1 (words run together in pdfplumber's text): 'ENGLERT,PAYTONA STAFFASSISTANT 25,499.96'"),
    ("fr8-c15", "What locality code does Valle Redondo have in the Aguascalientes list of Mexican towns?", [["0207"]],
     {"mexican_towns.pdf": [1]}, "label", "p1 (Clave Entidad, Nombre Entidad, Clave Municipio, Nombre Municipio, Clave Localidad, Nombre Localidad): '01 Aguascalientes 001 Aguascalientes 0207 Valle Redondo'"),
    ("fr8-c16", "For which company does Todd Nakanishi, a donor to the Strong Schools campaign, work?", [["General Dynamics"]],
     {"schools.pdf": [2]}, "other", "p2 (Last Name, First Name, Address, City, State, Zip, Occupation, Employer, Date, Amount): 'Nakanishi Todd 2385 Pearl St Saint Paul MN 55114 engineer General Dynamics 10/17/2012 100.00'"),
]

MULTI: list[Q] = [
    # comparisons: two rows or columns of one table
    ("fr8-m01", "Did Chevron's layoff in San Ramon hit more employees than its layoff in Richmond?",
     [["430"], ["70"]], {WARN: [3]}, None,
     "p3: '08/12/2015 ... Chevron San Ramon 430 Layoff Permanent'; '08/12/2015 ... Chevron Richmond 70 Layoff Permanent' (comparison: both numbers are needed)"),
    ("fr8-m02", "Which closure cost more jobs: Kraft Heinz in San Leandro or Odwalla in Dinuba?",
     [["117"], ["164"]], {WARN: [13]}, None,
     "p13: '02/12/2016 ... Kraft Heinz Foods Company San Leandro 117 Closure Permanent'; '02/16/2016 ... Odwalla Inc. Dinuba 164 Closure Permanent' (comparison: both numbers are needed)"),
    ("fr8-m03", "In December 2015, were more of JAL's own flights delayed on domestic routes or on international ones?",
     [["1,590"], ["349"]], {JAL: [5]}, None,
     "p5, 4. Monthly JAL Group Flight Operation Data Dec-2015, first table (JAL: Domestic, International, JAL TTL): 'TTL Delayed Flights 1,590 349 1,939' (comparison: both numbers are needed)"),
    ("fr8-m04", "Which had more schools taking part in PIRLS 2011 once substitutes are counted, Spain or Italy?",
     [["312"], ["202"]], {"us-020.pdf": [4]}, None,
     "p4, Table A-2, fifth column 'Total participating schools' (after original sample, eligible, eligible that participated, substitutes): 'Spain 314 314 308 4 312 9,223 8,580'; 'Italy 205 205 166 36 202 4,529 4,189' (comparison: both numbers are needed)"),
    ("fr8-m05", "Did Germany or Spain send the EU information service more questions about the Lisbon Treaty?",
     [["91"], ["85"]], {"eu-015.pdf": [2]}, None,
     "p2, Hot topics by country, third list 'Treaty reform / IGC / Lisbon Treaty Enquiries': 'Germany 91' then 'Spain 85' (rows read 'Spain 268 Spain 153 Germany 91' / 'Germany 233 Germany 119 Spain 85': the first two lists are air passengers' rights and free movement of persons) (comparison: both numbers are needed)"),
    ("fr8-m06", "Compare the arrests of white people and of black people for burglary in 2009.",
     [["155,994"], ["74,419"]], {ARRESTS: [1]}, None,
     "p1, Table 325 Arrests by Race: 2009 (Total, White, Black, American Indian/Alaskan Native, Asian Pacific Islander): 'Burglary ... 234,551 155,994 74,419 2,021 2,117'"),
    ("fr8-m07", "Was the total internal debt at end-March 1997 higher in Tamil Nadu or in West Bengal?",
     [["34.11"], ["34.23"]], {"superscript.pdf": [1]}, None,
     "p1, Table 125 (` Billion; first column Total Internal Debt): 'Tamil Nadu 34.11 31.41 - - 2.7 1.3 - 0.6 - 0.68'; 'West Bengal 34.23 32.19 - - 2.04 0.77 - 0.06 - 0.51' (comparison: both numbers are needed)"),
    ("fr8-m08", "In which state is the share of households whose male head went to college larger, Madhya Pradesh or Orissa?",
     [["10.6"], ["8.5"]], {"twotables_2.pdf": [1]}, None,
     "p1, Table 6 (male head of the household; n, Illiterate, Read & Write, 1-4 std., 5-8 std., 9-12 std., College): 'Madhya Pradesh 2402 29.1 3.4 8.5 35.1 13.3 10.6'; 'Orissa 2405 33.2 1.0 10.4 25.7 21.2 8.5' (last column: College; comparison: both numbers are needed)"),
    # two parts in two documents
    ("fr8-m09", "What was Karnataka's total public health outlay in the 2012-13 budget estimates, and in what share of Karnataka households is the adult woman illiterate?",
     [["43,558,432"], ["47.9"]], {"health.pdf": [1], "twotables_2.pdf": [1]}, None,
     "health p1, Table 5 (Rs. in 000), last column Total: 'Karnataka 34,939,843 4,317,801 3,669,700 0 42,927,344 631,088 43,558,432'; twotables_2 p1, Table 7 (literacy status of adult women; n, Illiterate, ...): 'Karnataka 2399 47.9 2.5 10.2 18.8 18.4 2.3'"),
    ("fr8-m10", "How many jobs did the Hudsloan Enterprises closure in Los Angeles affect? Also, how many handgun background checks did Nevada run in November 2015?",
     [["265"], ["4,889"]], {WARN: [9], NICS: [1]}, None,
     "WARN p9: '12/09/2015 0 2 / 1 2 / 2 0 16 1 2 / 1 5 / 2 0 15 Hudsloan Enterprises, Inc. Los Angeles 265 Closure Permanent'; nics p1 (columns Permit, Handgun, Long Gun, ...): 'Nevada 1,543 4,889 3,272 193 287 ... 10,632'"),
    ("fr8-m11", "How often does the 110% load have to be run in diesel engine type tests, and how many staff did AT&T's San Ramon layoff notice of September 2015 cover?",
     [["only required once", "once"], ["219"]], {DIESEL: [21], WARN: [5]}, None,
     "diesel p21, c) Test loads, Note 2 (first column): 'Note 2: 110% test load is only required once for each different engine/turbocharger configuration.'; WARN p5: '09/11/2015 0 9 / 2 9 / 2 0 15 0 9 / 1 4 / 2 0 15 AT&T San Ramon 219 Layoff Permanent' (AT&T's other San Ramon notices, 102 and 1, are dated 12/22/2015 and 01/05/2016 on later pages)"),
    ("fr8-m12", "What yearly electricity use was projected for a mid-range server in 2009 in spanning_cells.pdf, and how many Class A units of the Privium fund were outstanding at the end of 2016?",
     [["6,152"], ["49,136"]], {"spanning_cells.pdf": [1], HEDGE: [1]}, None,
     "spanning_cells p1, Table A4-13 (kWh/year; 2007 .. 2011): 'Mid-range 4,921 5,467 6,152 6,649 7,185'; edge_tol p1, Class A: 'Number of outstanding units at 31 December 49,136'"),
    ("fr8-m13", "How many people were tested for HIV when the Red Ribbon Express went through Gujarat, and what was Gujarat's total public health outlay for 2012-13?",
     [["1,453"], ["46,413,160"]], {"background_lines_1.pdf": [1], "health.pdf": [1]}, None,
     "background_lines_1 p1, Table 6.1 (State, Date, Halt stations, Halt days, Persons directly reached (in lakh), Persons trained, Persons counseled, Persons tested for HIV): 'Gujarat 20.12.2009 to 6 13 6.03 3,810 2,317 1,453' (date wraps: '3.1.2010'); health p1, Table 5, last column Total: 'Gujarat 26,328,400 6,922,900 12,664,000 42,000 45,957,300 455,860 46,413,160'"),
    ("fr8-m14", "How many domestic passengers did the JAL Group fly in November 2015, and how many people lost their jobs when Yahoo closed its Burbank site?",
     [["2,799,783"], ["90"]], {JAL: [3], WARN: [13]}, None,
     "issue-53 p3, 2. JAL Group Total Domestic Pax Traffic (Pax, y.o.y, RPK, ...): 'Nov-2015 2,799,783 100.1 2,109,586 100.0 2,882,024 97.8 73.2'; WARN p13: '02/17/2016 0 4 / 1 8 / 2 0 16 0 2 / 1 7 / 2 0 16 Yahoo! Inc. Burbank 90 Closure Permanent'"),
    ("fr8-m15", "What pay is listed for field representative Benjamin Gruender in senate-expenditures.pdf, and in which town is the Classic Cigar Lounge licensed according to m27.pdf?",
     [["1,458.33"], ["Owasso"]], {SENATE: [1], "m27.pdf": [2]}, None,
     "senate-expenditures p1 (words run together): 'GRUENDER,BENJAMINL FIELDREPRESENTATIVEFROMSEP.16 1,458.33'; m27 p2: '487016BAW CLASSIC CIGAR LOUNGE INFORMAL PARTNERSHIP EXPRESSWAY #O OWASSO OK 74055 (918) 274-8191 2015/02/10' (address '8703 NORTH OWASSO' on the line above)"),
    ("fr8-m16", "How many enquiries about air passengers' rights came from the Netherlands, and how many arrests for drunkenness (in thousands) were there in 2009?",
     [["79"], ["488.1"]], {"eu-015.pdf": [2], ARRESTS: [1]}, None,
     "eu-015 p2, Hot topics by country, first list (Air passengers rights Enquiries): 'Netherlands 79 Belgium 49 Italy 37' (the row's first pair); 12s0324 p1, Table 324 (in thousands; first column Total): 'Drunkenness ... 488.1 11.4 476.8 406.8 8.5 398.3 81.3 2.9 78.4'"),
    ("fr8-m17", "How many permit checks did Hawaii run in November 2015, and how many enquiries on education, training and youth did the EU contact centre get?",
     [["1,248"], ["714"]], {NICS: [1], "eu-015.pdf": [1]}, None,
     "nics p1 (first column Permit): 'Hawaii 1,248 0 0 0 0 ... 1,252'; eu-015 p1, Enquiries by topic: 'Education / Training / Youth 714'"),
    ("fr8-m18", "Which contractor is building the driving test grounds at the DVLA's Tema regional office in Ghana, and what was Maharashtra's total public health outlay in 2012-13?",
     [["Legna Const. Works", "Legna"], ["67,044,159"]], {GHANA: [5], "health.pdf": [1]}, None,
     "Ghana p5, row 43 (cells wrapped over lines): '43 Construction of MRH/IDA/TSP/NCB/ NCB Legna Const. Works Box CT 409, Cape 1,394,637.32 GHS 5‐Feb‐16 3‐Aug‐16 Project' / 'Driving Test Grounds W‐3/Lot 1 Ltd Coast ongoing' / 'at Tema DVLA' / 'Regional Office'; health p1, Table 5, last column Total: 'Maharashtra 55,011,100 6,680,721 5,038,576 0 66,730,397 313,762 67,044,159'"),
    # two parts over one document (two pages, two passages, a passage and a table cell)
    ("fr8-m19", "In the proposed 737 MAX directive, which figure holds the replacement text for the Airspeed Unreliable procedure, and which one for Runaway Stabilizer?",
     [["figure 2"], ["figure 3"]], {FED: [7, 9]}, None,
     "p7 (h)(3), columns interleaved: '(3) In the Operating Procedures chapter, paragraph with the information in figure 2 to replace the existing Airspeed Unreliable paragraph (h)(3) of this AD.'; p9 (h)(4): '(4) In the Operating Procedures chapter, paragraph with the information in figure 3 to replace the existing Runaway Stabilizer paragraph (h)(4) of this AD.'"),
    ("fr8-m20", "How many positions did C&J Well Services cut in Bakersfield, and how many were lost when Hub Group Trucking closed in Ontario?",
     [["161"], ["131"]], {WARN: [9, 12]}, None,
     "p9: '12/02/2015 0 2 / 0 2 / 2 0 16 1 2 / 0 7 / 2 0 15 C&J Well Services, Inc. Bakersfield 161 Layoff Permanent'; p12: '01/29/2016 0 3 / 3 1 / 2 0 16 0 1 / 2 9 / 2 0 16 Hub Group Trucking, Inc. Ontario 131 Closure Permanent'"),
    ("fr8-m21", "How many schools and how many pupils took part in Dubai's PIRLS 2011 benchmarking sample?",
     [["138"], ["6,061"]], {"us-020.pdf": [5]}, None,
     "p5, Table A-2 continued (original sample, eligible, eligible that participated, substitutes, total participating schools, total students in participating schools, students assessed): 'Dubai-UAE 152 139 138 0 138 6,497 6,061'"),
    ("fr8-m22", "In Finland, which providers deliver most continuing vocational training, and what do adult education centres need from the education ministry before they can offer courses?",
     [["vocational institutions"], ["permission"]], {"eu-013.pdf": [12]}, None,
     "p12, 6.4 (passive): 'Continuing vocational education and training (CVET) is mainly provided by vocational institutions, particularly adult education centres (see Glossary).'; 'These centres are publicly funded and they need permission from the Ministry of Education to provide their services.'"),
    ("fr8-m23", "How many jobs did VMware's layoff in Palo Alto involve, and how many went when JCPenney closed its Cupertino store?",
     [["170"], ["147"]], {WARN: [12, 13]}, None,
     "p12: '01/26/2016 ... VMware, Inc. Palo Alto 170 Layoff Permanent'; p13: '02/03/2016 ... JCPenney Cupertino 147 Closure Permanent'"),
    ("fr8-m24", "What was the JAL Group's domestic load factor in December 2015, and how many tons of international mail did it carry that month?",
     [["64.0"], ["4,201"]], {JAL: [3, 4]}, None,
     "p3, 2. JAL Group Total Domestic Pax Traffic (Pax, y.o.y, RPK, y.o.y, ASK, y.o.y, L/F(%)): 'Dec-2015 2,539,881 103.2 1,912,511 102.8 2,987,268 98.3 64.0'; p4, 3. Cargo Traffic Data (International Cargo Ton, y.o.y, Mail Ton, y.o.y, Domestic ...): 'Dec-2015 24,153 95.1 4,201 92.3 38,354 98.3 3,211 100.9'"),
    ("fr8-m25", "In the summary of documents required for diesel engine components, from what bore on are cylinder liners covered, and from what bore are cast-steel piston crowns?",
     [["D > 300mm"], ["D > 400mm"]], {DIESEL: [18]}, None,
     "p18, Table 8 (Summary of required documentation for engine components), column 'Applicable to engines': '9 Cylinder liner W(C+M) W (10) D > 300mm'; '14 Piston crown GS W(C+M) W(UT+CD) X D > 400mm SC'"),
    ("fr8-m26", "What total current spending on public schools, in constant dollars, is projected for 2021–22, and how much per pupil enrolled in the fall does that make?",
     [["665.5"], ["12,530"]], {"us-018.pdf": [6]}, None,
     "p6, Table 18 (School year, Fall enrollment (in thousands), Constant 2010–11 dollars: Total (in billions), Per pupil in fall enrollment; Current dollars: Total, Per pupil): '2021–22 53,113 665.5 12,530 — —'"),
    # "which documents ..." lists
    ("fr8-m27", "Which documents mention Italy?", [], {}, None, "'italy' occurs"),
    ("fr8-m28", "Which of my files contain figures for Florida?", [], {}, None, "'florida' occurs"),
    ("fr8-m29", "Which PDFs refer to Minnesota?", [], {}, None, "'minnesota' occurs"),
    ("fr8-m30", "Which reports discuss France?", [], {}, None, "'france' occurs"),
    ("fr8-m31", "In which files does Brazil come up?", [], {}, None, "'brazil' occurs"),
    ("fr8-m32", "Which documents say anything about the internet?", [], {}, None, "'internet' occurs"),
    ("fr8-m33", "Which files mention London?", [], {}, None, "'london' occurs"),
    ("fr8-m34", "Which reports deal with tobacco?", [], {}, None, "'tobacco' occurs"),
    ("fr8-m35", "Which PDFs have something on asthma?", [], {}, None, "'asthma' occurs"),
    ("fr8-m36", "Which documents have a table about the weather?", [], {}, None, "'weather' occurs"),
]
# fmt: on


DESCRIPTION = (
    "An eighth set of fresh human-phrased questions over reports/ and tables/, mostly multi-part (comparisons of two "
    "table cells, two facts in two files, two facts in one file, 'which documents' lists), written by a helper before "
    "any tuning, without running the app on them (see build_content_fresh8.py); split once by sha256(id), "
    "alternating within each kind."
)


def main() -> int:
    # The same record building, checks and split rule as content_fresh.json's, and the overlap check of the fresh sets.
    sys.path.insert(0, str(HERE))
    from build_content_fresh import run_checked

    return run_checked(OUT, CONTENT, MULTI, DESCRIPTION, EARLIER)


if __name__ == "__main__":
    sys.exit(main())
