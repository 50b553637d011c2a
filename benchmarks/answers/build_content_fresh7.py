"""Build (and re-verify) benchmarks/answers/content_fresh7.json: a seventh held-out set of human-phrased questions, mostly multi-part.

Written by a helper BEFORE any tuning on it and without running the app, its eval, its retrieval or its reader on
these questions: every answer was read off the pdfplumber text of the evidence page (and, where a table's layout was
in doubt, off a rendering of the page). Modelled on build_content_fresh6.py (same record format, same checks, the
same builder: build_content_fresh.run_checked). The emphasis is on MULTI questions, 30 of them, in the ways users type
them ("Tell me X and Y", "I need X; also Y", "X? And Y?", "What were X and Y of Z", a second part naming another file,
comparisons "Was X higher in A than in B?", "Which had more X, A or B?"):

- 10 two-part questions over one table (two cells of a row, two rows, comparisons among them);
- 8 two-part questions whose facts sit in two documents;
- 6 two-part questions over two pages or two passages of one document;
- 6 "which documents/files/PDFs/reports" lists over words that occur (case-insensitively) in 1 to 5 files and that
  no earlier list asked about.

Plus 14 one-passage content questions (a sentence in a passage, a table row or cell, a footnote, a note and a source
line under a table; "how many", "when", "who", "where", "why"). They favour the documents and pages the earlier sets
used least (the WARN listing's middle pages, the JAL cargo page, the Ghana awards' later pages, the diesel rules'
documentation tables, the M27 licence list's second page, the schools report's middle pages, ...) and are phrased the
way a user who has not read the text asks them (synonyms, other word order, no run of five words copied from the
source).

No question asks for the same fact as an earlier set: `earlier_overlaps()` (run by `main`, so by both the build and
`--check`) fails when an answer string of this set equals, case-insensitively (dashes, thousands separators and
spaces normalised), an acceptable answer of a question of content_dev.json, content_fresh.json .. content_fresh6.json,
pdf_qa.json (and, to be safe, paraphrases_dev.json, tables_dev2.json, tables_dev2_fresh.json, tables_fresh.json)
that cites the same document page, or when a "which documents" list repeats an earlier list's word. The split is
derived once from the ids (sha256, alternating within each kind) and never edited by hand.

    .venv/bin/python benchmarks/answers/build_content_fresh7.py          # rebuild content_fresh7.json
    .venv/bin/python benchmarks/answers/build_content_fresh7.py --check  # verify the committed file against the PDFs
"""

# ruff: noqa: E501  (question data: one record a line reads better than wrapped strings)
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "content_fresh7.json"

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
    "content_fresh5.json", "content_fresh6.json", "pdf_qa.json", "paraphrases_dev.json", "tables_dev2.json",
    "tables_dev2_fresh.json", "tables_fresh.json",
)  # fmt: skip

# (id, question, answer parts, {document: [pages]}, short answer type, notes). Pages are 1-based.
Q = tuple[str, str, list[list[str]], dict[str, list[int]], str | None, str]
# fmt: off
CONTENT: list[Q] = [
    ("fr7-c01", "Does a diesel engine's type test report have to be handed in before the testing ends, or can it follow later?", [["shortly after the conclusion of the type test", "shortly after"]],
     {DIESEL: [3]}, "other", "p3, footnote (6) under Table 2 (Documentation to be submitted for approval), attached to item 24 'Details of the type test program and the type test report': '(6) The type test report may be submitted shortly after the conclusion of the type test.'"),
    ("fr7-c02", "In the California layoff listing, how many jobs did the notice from the concessioner running Yosemite's hotels and services (DNC Parks & Resorts) cover?", [["1718"]],
     {WARN: [10]}, "number", "p10 (columns Notice Date, Effective, Received, Company, City, No. Of Employees, Layoff/Closure): '12/22/2015 0 2 / 2 9 / 2 0 16 1 2 / 2 8 / 2 0 15 DNC Parks & Resorts at Yosemite, Inc. Yosemite National 1718 Closure Permanent'"),
    ("fr7-c03", "What date does the revised Boeing service bulletin about rerouting the stabilizer trim wires carry?", [["June 24, 2020"]],
     {FED: [4]}, "date", "p4, Related Service Information: '• Boeing Special Attention Service Bulletin 737–27–1318, Revision 1, dated June 24, 2020, describes procedures for changing of the horizontal stabilizer trim wire routing installations.' (the other bulletin, 737–31–1860, is dated June 12, 2020)"),
    ("fr7-c04", "In which Oklahoma town is the Elements Art Gallery that holds one of the M27 licences?", [["Durant"]],
     {"m27.pdf": [2]}, "place", "p2 (columns LICENSE NUMBER, PREMISE TYPE, DBA NAME, LICENSEE NAME, ADDRESS, CITY, ST, ZIP, PHONE, EXPIRES): '633246BAW ELEMENTS ART GALLERY LLC 125 WEST MAIN STREET DURANT OK 74701 - 2014/06/05'"),
    ("fr7-c05", "How much did the Senate office spend on Senator Hawley's round-trip train ride between Washington and New York?", [["618.00"]],
     {SENATE: [1]}, "number", "p1 (words run together in pdfplumber's text): 'DHAW20190031 05/28/2019 CITIBANK-SENATORIBACARD 05/10/2019 05/11/2019 SENATOR'STRANSPORTATION 618.00' over 'TRAINFAREFORSENHAWLEYWASHINGTONDCTONEWYORKNYANDRETURN'"),
    ("fr7-c06", "Who was hired as the individual consultant to do the midway review of how Ghana's transport sector project was being carried out?", [["Paulina Agyekum", "Dr. Paulina Agyekum"]],
     {GHANA: [3]}, "person", "p3, row 26: 'Consultancy services for the Mid‐term review of project implementation MRH/IDA/TSP/IC/S‐13 Individual Consultant Dr. Paulina Agyekum (Ablin Consult Ltd) Box GP 18280, Accra 49,510.00 US $ 24‐May‐13 6‐Aug‐13 Completed'"),
    ("fr7-c07", "Which FBI data files are given as the source of the 2009 arrest counts broken down by sex and age?", [["Arrests Master Files"]],
     {ARRESTS: [1]}, "other", "p1, the source line under Table 324 (Arrests by Sex and Age: 2009): 'Source: U.S. Department of Justice, Federal Bureau of Investigation, Uniform Crime Reports, Arrests Master Files.' (Table 325's source is 'Crime in the United States, Arrests')"),
    ("fr7-c08", "Where should I look for the error rates of the state-by-state projections of graduates from public high schools?", [["table A-10", "appendix A"]],
     {"us-018.pdf": [2]}, "other", "p2, the NOTE under Table 14 (continued): 'Mean absolute percentage errors of public high school graduates by state and region can be found in table A-10, appendix A.'"),
    ("fr7-c09", "How is the investment result per unit of the Privium Done Hedge Fund worked out?", [["total number of outstanding unit", "number of outstanding"]],
     {HEDGE: [1]}, "other", "p1, footnote 2 under the key figures: '2 The result per unit is calculated using the total number of outstanding unit as per the end of the period.'"),
    ("fr7-c10", "The NREL report says cutting idling even at brief stops gives savings that are more typical of what kind of car?", [["start-stop hybrid vehicle", "start-stop hybrid"]],
     {"us-030.pdf": [3]}, "other", "p3: 'The Table 2-1 results for eliminating idle even during short stops may be more representative of savings that a start-stop hybrid vehicle could deliver rather than what would be practical for a driver to do with a conventional vehicle.'"),
    ("fr7-c11", "Why are there usually no separate workplace instructors in Finland's school-based vocational training?", [["teachers who are responsible for all training", "responsible for all training"]],
     {"eu-013.pdf": [8]}, "other", "p8: 'There are no formal qualification requirements for trainers/workplace instructors. These posts tend not to exist in school-based VET as schools and adult education centres have teachers who are responsible for all training, including student supervision during periods of on-the-job learning in enterprises.'"),
    ("fr7-c12", "How much was the contract for building a monitoring and evaluation system under Ghana's transport sector project worth?", [["186,924.00"]],
     {GHANA: [4]}, "number", "p4, row 35: 'Consultancy services for the development of M & E system MRH/IDA/TSP/QCBS/S‐3 QCBS IMC Worldwide 64‐68 London Road, UK 186,924.00 GBP £ 18‐Jun‐14 17‐Mar‐15'"),
    ("fr7-c13", "Who stood for treasurer in the City of Harrisville on the Libertarian ticket in the August 2018 primary?", [["Justin R. Wilson"]],
     {"vertical_header.pdf": [5]}, "person", "p5, CITY OF HARRISVILLE: 'Treasurer Lib Justin R. Wilson 1' (next to 'Treasurer Rep Thomas F. Keerl 74')"),
    ("fr7-c14", "Katherine Hadley gave money to the Strong Schools campaign; which employer is listed for her?", [["Saint Paul Public Library"]],
     {"schools.pdf": [4]}, "other", "p4 (columns Last Name, First Name, Address, City, State, Zip, Occupation, Employer, Date, Amount): 'Hadley Katherine 185 Sherman St. Saint Paul MN 55105 Library director Saint Paul Public Library 9/30/2012 250.00'"),
]

MULTI: list[Q] = [
    # two parts in one table
    ("fr7-m01", "Did Gerawan Farming's closure in Kerman put more people out of work than the Hyatt Regency Century Plaza closure in Los Angeles?",
     [["2551"], ["796"]], {WARN: [10]}, None,
     "p10: '12/18/2015 ... Gerawan Farming, Inc. Kerman 2551 Closure Permanent'; '12/17/2015 ... Hyatt Regency Century Plaza Los Angeles 796 Closure Permanent' (comparison: both numbers are needed)"),
    ("fr7-m02", "How did Greenbush Township vote on renewing its fire millage in the 2018 primary: how many yes votes and how many no?",
     [["345"], ["56"]], {"vertical_header.pdf": [5]}, None,
     "p5, GREENBUSH TOWNSHIP (columns # of Votes, Yes, No): 'Proposal Fire Millage Renewal 345 56' (its road millage renewal: 283 117)"),
    ("fr7-m03", "In FY2014, did the JAL Group move more cargo tonnage on international routes or on domestic ones?",
     [["300,226"], ["390,314"]], {JAL: [4]}, None,
     "p4, 3. JAL Group Cargo Traffic Data (International Cargo Ton, y.o.y, Mail Ton, y.o.y, Domestic Cargo Ton, y.o.y, Mail Ton, y.o.y): 'FY2014 300,226 121.4 36,080 117.6 390,314 118.9 30,383 120.2' (comparison: both tonnages are needed)"),
    ("fr7-m04", "What was JAL's load factor on its Europe routes in December 2015? And the figure for the same month a year earlier?",
     [["62.0"], ["70.8"]], {JAL: [2]}, None,
     "p2, 1.2 Monthly International Passenger Route Traffic Data Dec-2015 (Pax, y.o.y, RPK, y.o.y, ASK, y.o.y, L/F(%), Previous Year Same Month L/F(%)): 'Europe 42,097 88.3 383,539 87.2 618,617 99.5 62.0 70.8'"),
    ("fr7-m05", "Tell me the sum of the gifts itemised in the Strong Schools contribution report and the amount that had already been reported before it.",
     [["111,840.00", "111,840"], ["17,605.00", "17,605"]], {"schools.pdf": [5]}, None,
     "p5, at the end of the list: 'Total 111,840.00' / 'Previousely Reported 17,605.00' / 'Total Contribution 129,445.00' (the last one asked by fr4-c42)"),
    ("fr7-m06", "Was KE & T Consult's contract for designing the DVLA test grounds bigger than its contract for supervising them?",
     [["231,060.00", "231,060"], ["424,278.08"]], {GHANA: [4]}, None,
     "p4, row 40: 'Consultancy services for design and supervision of test grounds for DVLA (Design Phase) ... QCBS KE & T CONSULT Box CT 5323, Cantonments ‐ Accra 231,060.00 GHS 25‐Jan‐13 25‐May‐13 Completed'; row 41: '... development of test grounds (Supervision Phase) ... KE & T CONSULT ... 424,278.08 GHS 16‐Feb‐16 16‐Sept‐16 Assignment is ongoing' (comparison: both amounts are needed)"),
    ("fr7-m07", "What were the total units outstanding for the whole Privium Done Hedge Fund at the end of 2016, and its overall investment result per unit?",
     [["520,691"], ["3.78"]], {HEDGE: [1]}, None,
     "p1, key figures 2016: 'Total for the Fund ... Number of outstanding units at 31 December 520,691'; 'Total investment result per unit 3.78'"),
    ("fr7-m08", "In the 2009 arrests by race, were more white or more black people arrested for murder and nonnegligent manslaughter?",
     [["4,801"], ["4,741"]], {ARRESTS: [1]}, None,
     "p1, Table 325 (Total, White, Black, American Indian/Alaskan Native, Asian Pacific Islander): 'Murder and nonnegligent manslaughter ....... 9,739 4,741 4,801 100 97' (comparison: both numbers are needed)"),
    ("fr7-m09", "For all Indian states together, what were the total internal debt and the market loans at end-March 1997?",
     [["513.38"], ["436.02"]], {"superscript.pdf": [1]}, None,
     "p1, Table 125 (State-wise composition of outstanding liabilities - 1997, ` Billion; columns Total Internal Debt, Market Loans, ...): 'ALL STATES 513.38 436.02 - 25.57 51.06 14.18 - 8.21 11.83 11.08'"),
    ("fr7-m10", "How much energy per year was a high-end server projected to use in 2007, and how much by 2011?",
     [["76,295"], ["98,864"]], {"spanning_cells.pdf": [1]}, None,
     "p1, Table A4-13 (Projected Average UEC (in kWh/year) for Mid-range and High-end Servers, 2007 .. 2011): 'High-end 76,295 81,624 86,849 92,662 98,864'"),
    # two parts in two documents
    ("fr7-m11", "How many firearm background checks were run for Guam in November 2015? And how many passengers did JAL fly on its Guam route in December 2015?",
     [["171"], ["13,156"]], {NICS: [1], JAL: [2]}, None,
     "nics p1, last column Totals: 'Guam 0 100 55 12 3 0 ... 0 171'; issue-53 p2 (Monthly International Passenger Route Traffic Data Dec-2015, first column Pax): 'Guam 13,156 101.1 33,474 100.3 39,239 89.4 85.3 76.0'"),
    ("fr7-m12", "How many staff were covered by Freedom Communications' layoff notice in Santa Ana? Also, in m27.pdf, which company is the licensee behind Caffe Pranzo?",
     [["969"], ["Mazel Tov", "MAZEL TOV INC"]], {WARN: [14], "m27.pdf": [2]}, None,
     "WARN p14: '02/18/2016 ... Freedom Communications, Inc. Santa Ana 969 Layoff Unknown at this time'; m27 p2: '288037BAW CAFFE PRANZO MAZEL TOV INC 9620 & 9622 NORTH MAY AVENUE VILLAGE OK 73120 (405) 755-3577 2015/03/02'"),
    ("fr7-m13", "What was Matthew Bain paid as district director in senate-expenditures.pdf, and how many yes votes did the library proposal get in Alcona in the August 2018 primary?",
     [["37,499.96"], ["294"]], {SENATE: [1], "vertical_header.pdf": [4]}, None,
     "senate-expenditures p1 (words run together): 'BAIN,JMATTHEW DISTRICTDIRECTOR 37,499.96'; vertical_header p4 (COUNTY PROPOSALS; 911, ACCOA, Ambulance, Library, Headlee Restoration, each Yes then No; the rotated headers checked on a rendering of the page): 'Alcona 321 84 306 99 345 60 294 109 201 212'"),
    ("fr7-m14", "Which surrounding conditions have to be logged throughout a diesel engine's type testing? And what kind of effort does the 737 MAX proposal allow for fixing a stabilizer that is out of trim?",
     [["air pressure and humidity", "humidity"], ["two-pilot effort", "two-pilot"]], {DIESEL: [16], FED: [4]}, None,
     "diesel p16 [4.1.5] a): 'During all testing the ambient conditions (air temperature, air pressure and humidity) are to be recorded.' (pdfplumber breaks 'tempera- ture' across the interleaved columns, so 'air pressure and humidity' is the verbatim part); FED p4: 'the checklist would be revised to add a reference item to manually trim the horizontal stabilizer for pitch control, and note that a two-pilot effort may be used to correct an out-of-trim condition.'"),
    ("fr7-m15", "I need Punjab's total public health outlay for 2012-13 from health.pdf and its total internal debt in 1997 from superscript.pdf.",
     [["25,891,232"], ["19.18"]], {"health.pdf": [1], "superscript.pdf": [1]}, None,
     "health p1, Table 5 (Public Health Outlay 2012-13, Rs. in 000), last column Total: 'Punjab 19,775,485 2,208,343 2,470,882 0 24,454,710 1,436,522 25,891,232'; superscript p1, Table 125, column Total Internal Debt: 'Punjab 19.18 10.93 - 1.03 7.23 ...'"),
    ("fr7-m16", "What share of Florida's international target population did PIRLS 2011 cover, and how many handgun background checks did Florida run in November 2015?",
     [["89"], ["50,796"]], {"us-020.pdf": [3], NICS: [1]}, None,
     "us-020 p3, Table A-1 continued (benchmarking education systems; first column 'Percentage of international desired population coverage'): 'Florida-USA 89 13 96 96 95 91'; nics p1 (columns Permit, Handgun, Long Gun, ...): 'Florida 15,907 50,796 28,981 ...'"),
    ("fr7-m17", "By what percentage is the number of Texas public high school graduates projected to change between the 2008–09 and 2021–22 school years? And how many jobs went with Walmart's store closure in Oakland?",
     [["28.2"], ["397"]], {"us-018.pdf": [3], WARN: [11]}, None,
     "us-018 p3, Table 15 (columns Actual 2003–04 to 2008–09, Projected 2008–09 to 2015–16, 2015–16 to 2021–22, 2008–09 to 2021–22): 'Texas 8.2 14.7 11.8 28.2'; WARN p11: '01/15/2016 ... Walmart Oakland 397 Closure Permanent'"),
    ("fr7-m18", "Which GNU GPL version does the machine-generated Linux code in the creativity paper mention, and what share of adult women in Tamil Nadu are illiterate according to twotables_2.pdf?",
     [["version 2"], ["29.9"]], {ML: [7], "twotables_2.pdf": [1]}, None,
     "issue-982 p7, Appendix D (Linux Code, 2): '* under the terms of the GNU General Public License version 2 as published by'; twotables_2 p1, Table 7 (Distribution (%) of households by literacy status of adult women; n, Illiterate, ...): 'Tamil Nadu 2400 29.9 1.5 8.5 33.1 22.3 4.8'"),
    # two parts on two pages or in two passages of one document
    ("fr7-m19", "In the 737 MAX proposal, what does the threshold at which the flight computer switches off the speed trim system depend on, and which figure sets out the MEL rules for when flight control functions do not work?",
     [["magnitude of the disagreement"], ["figure 10"]], {FED: [3, 13]}, None,
     "p3, footnote 11 (interleaved with the next column by pdfplumber): '11The calculated threshold would be a function of the magnitude of the disagreement and the rate of change of the AOA sensor position values.'; p13 (i) Minimum Equipment List (MEL) Provisions for Inoperative Flight Control System Functions: 'an airplane may be operated (dispatched) only if the provisions specified in figure 10 to paragraph (i) of this AD are incorporated into the operator’s existing FAA-approved MEL.'"),
    ("fr7-m20", "Who issues the engine certificate once a diesel engine has been assembled and tested? And after the type test, from which parts of a V-engine are the cylinders picked for opening up?",
     [["Surveyor"], ["both cylinder banks"]], {DIESEL: [1, 17]}, None,
     "p1 [1.2.2] g): 'The engine builder/licensee assembles the engine, tests the engine with a Surveyor present. An engine certificate is issued by the Surveyor upon satisfactory completion of assembly and tests.'; p17 [4.1.8] d): 'For V-engines, the cylinder units are to be selected from both cylinder banks and different crank throws.'"),
    ("fr7-m21", "How many public high school graduates is Utah expected to have in 2021–22, and how big a percentage change is that projected to be from 2008–09?",
     [["39,830"], ["30.7"]], {"us-018.pdf": [2, 3]}, None,
     "p2, Table 14 continued (projected 2013–14 .. 2021–22): 'Utah 31,860 32,870 34,510 35,660 36,650 36,990 37,700 39,040 39,830'; p3, Table 15, last column 2008–09 to 2021–22: 'Utah 0.7 13.3 15.4 30.7'"),
    ("fr7-m22", "Comicel Limited won two equipment contracts for KNUST under Ghana's transport sector project; what were the traffic engineering lot and the asphalt laboratory lot each worth?",
     [["38,192.83"], ["76,795.50"]], {GHANA: [2, 3]}, None,
     "p2, row 24: 'Procurement of Traffic Engineering Research Equipment and accessories for KNUST MRH/IDA/TSP/ICB/G‐14/ LOT 2 ICB Comicel Limited ... 38,192.83 GBP £ 17‐Dec‐15 8‐Mar‐16 Completed' (the row runs on to p3); p3, row 25: 'Procurement of Asphalt Laboratory, Pavement Research Equipment and Accessories for KNUST MRH/IDA/TSP/ICB/G‐14/LOT 1 ICB Comicel Limited ... 76,795.50 GBP £'"),
    ("fr7-m23", "Which layoff notice covered more workers: PCM's in Laguna Woods or the Plexus closure in Fremont?",
     [["968"], ["204"]], {WARN: [7, 8]}, None,
     "p7: '10/15/2015 ... PCM, Inc. Laguna Woods 968 Layoff Permanent'; p8: '11/19/2015 ... Plexus Corp. Fremont 204 Closure Permanent' (comparison: both numbers are needed)"),
    ("fr7-m24", "Is vocational teacher education in Finland concurrent with the degree studies or consecutive? Also, what qualification do polytechnic senior lecturers need?",
     [["consecutive"], ["licentiate or doctorate"]], {"eu-013.pdf": [7, 9]}, None,
     "p7 6.1: 'Vocational teacher education is always consecutive. It builds on two basic requirements: the degree and work experience.'; p9 6.2.1: 'Polytechnic lecturers are required to have a master’s degree and senior lecturers a postgraduate licentiate or doctorate.' (6.2.2: '... and senior lecturers a licentiate or doctorate and the same work experience')"),
    # "which documents ..." lists
    ("fr7-m25", "Which documents mention Hungary?", [], {}, None, "'hungary' occurs"),
    ("fr7-m26", "In which of my files does Guam show up?", [], {}, None, "'guam' occurs"),
    ("fr7-m27", "Which PDFs have something on literacy?", [], {}, None, "'literacy' occurs"),
    ("fr7-m28", "Which reports talk about a warranty?", [], {}, None, "'warranty' occurs"),
    ("fr7-m29", "Which files mention Greece?", [], {}, None, "'greece' occurs"),
    ("fr7-m30", "Which document brings up chess?", [], {}, None, "'chess' occurs"),
]
# fmt: on


DESCRIPTION = (
    "A seventh set of fresh human-phrased questions over reports/ and tables/, mostly multi-part (two cells of one "
    "table, two facts in two files or on two pages, comparisons, 'which documents' lists), written by a helper before "
    "any tuning, without running the app on them (see build_content_fresh7.py); split once by sha256(id), "
    "alternating within each kind."
)


def main() -> int:
    # The same record building, checks and split rule as content_fresh.json's, and the overlap check of the fresh sets.
    sys.path.insert(0, str(HERE))
    from build_content_fresh import run_checked

    return run_checked(OUT, CONTENT, MULTI, DESCRIPTION, EARLIER)


if __name__ == "__main__":
    sys.exit(main())
