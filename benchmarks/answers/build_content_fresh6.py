"""Build (and re-verify) benchmarks/answers/content_fresh6.json: a sixth held-out set of human-phrased questions, mostly multi-part.

Written by a helper BEFORE any tuning on it and without running the app, its eval, its retrieval or its reader on
these questions: every answer was read off the pdfplumber text of the evidence page (and, where a table's layout was
in doubt, off a rendering of the page). Modelled on build_content_fresh5.py (same record format, same checks, the
same builder: build_content_fresh.run). The emphasis is on MULTI questions, 30 of them, in the ways users type them
("Tell me X and Y", "I need X - also Y", "X? Also, Y?", "What were the X and the Y of ...", "Give me both X and Y",
"When and where ...", "Who ... and what ...", a second part naming another file, comparisons):

- 10 two-part questions over one table (two cells of a row, two rows, a cell and the table's source note),
  comparisons among them ("Is A bigger than B?", "Was X higher in A than in B?", "Which runs out first, A or B?",
  "How do A and B compare in X?");
- 8 two-part questions whose facts sit in two documents;
- 6 two-part questions over two pages or two passages of one document ("What's the difference in X between A and
  B?" among them);
- 6 "which documents/files/PDFs/reports" lists over words that occur (case-insensitively) in 1 to 5 files and that
  no earlier list asked about.

Plus 15 one-passage content questions (a table row, a list item, a footnote, a table headnote, a table's source line,
a note under a table; several "how many", "when", "who"). They are phrased the way a user who has not read the text
asks them (synonyms, other word order, no run of five words copied from the source).

No question asks for the same fact as an earlier set: `earlier_overlaps()` (run by `main`, so by both the build and
`--check`) fails when an answer string of this set equals, case-insensitively (dashes, thousands separators and
spaces normalised), an acceptable answer of a question of content_dev.json, content_fresh.json .. content_fresh5.json,
pdf_qa.json (and, to be safe, paraphrases_dev.json, tables_dev2.json, tables_dev2_fresh.json, tables_fresh.json)
that cites the same document page, or when a "which documents" list repeats an earlier list's word. The split is
derived once from the ids (sha256, alternating within each kind) and never edited by hand.

    .venv/bin/python benchmarks/answers/build_content_fresh6.py          # rebuild content_fresh6.json
    .venv/bin/python benchmarks/answers/build_content_fresh6.py --check  # verify the committed file against the PDFs
"""

# ruff: noqa: E501  (question data: one record a line reads better than wrapped strings)
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "content_fresh6.json"

FED = "federal-register-2020-17221.pdf"
ML = "issue-982-example.pdf"
DIESEL = "diesel_engines.pdf"
WARN = "WARN-Report-for-7-1-2015-to-03-25-2016.pdf"
GHANA = "Publication_of_award_of_Bids_for_Transport_Sector__August_2016.pdf"
NICS = "nics-background-checks-2015-11.pdf"
NICS_ROT = "nics-background-checks-2015-11-rotated.pdf"
JAL = "issue-53-example.pdf"
RRE = "background_lines_1.pdf"
ARRESTS = "12s0324.pdf"
SENATE = "senate-expenditures.pdf"

# The earlier sets whose answers this one must not repeat on the same document page.
EARLIER = (
    "content_dev.json", "content_fresh.json", "content_fresh2.json", "content_fresh3.json", "content_fresh4.json",
    "content_fresh5.json", "pdf_qa.json", "paraphrases_dev.json", "tables_dev2.json", "tables_dev2_fresh.json",
    "tables_fresh.json",
)  # fmt: skip

# (id, question, answer parts, {document: [pages]}, short answer type, notes). Pages are 1-based.
Q = tuple[str, str, list[list[str]], dict[str, list[int]], str | None, str]
# fmt: off
CONTENT: list[Q] = [
    ("fr6-c01", "On two-stroke propulsion engines whose turbochargers run on the impulse system, what has to be kept out of the turbocharger casings?", [["piston rings", "broken piston rings"]],
     {DIESEL: [8]}, "other", "p8 [2.5.4] b) (a list item): 'When two-stroke propulsion engines are supercharged by exhaust gas turbochargers which operate on the impulse system, provision is to be made to prevent bro- ken piston rings entering turbocharger casings and causing damage to blades and nozzle rings.' (pdfplumber keeps the hyphenated line break, so 'piston rings' is the verbatim part)"),
    ("fr6-c02", "According to Boeing, how might 737 MAX operators get some of the cost of these fixes paid for?", [["warranty", "under warranty"]],
     {FED: [6]}, "other", "p6: 'According to the manufacturer, some or all of the costs of this proposed AD may be covered under warranty, thereby reducing the cost impact on affected operators.'"),
    ("fr6-c03", "Why is it hard for jobless people in Finland to join courses run by the education authorities?", [["cannot receive unemployment benefits", "unemployment benefits"]],
     {"eu-013.pdf": [4]}, "other", "p4 5.3: 'Participation by unemployed people in education and training organised by the educational administration is often difficult as full-time students cannot receive unemployment benefits.'"),
    ("fr6-c04", "In the student health survey, do women or men more often have back problems?", [["females", "female", "women"]],
     {"eu-021.pdf": [2]}, "other", "p2: 'Further analysis shows a higher proportion of civil science and male students with depression, a higher proportion of females with back pain problems, ...'"),
    ("fr6-c05", "In the 2009 arrest tables, which offences are left out of the 'sex offenses' category?", [["forcible rape and prostitution"]],
     {ARRESTS: [1]}, "other", "p1, footnote 2 under Table 324 (and footnote 1 under Table 325): '2 Except forcible rape and prostitution.'"),
    ("fr6-c06", "How many law enforcement agencies supplied the figures for the 2009 arrests by race?", [["12,371", "12371"]],
     {ARRESTS: [1]}, "number", "p1, headnote of Table 325 (Arrests by Race: 2009): 'Represents arrests reported (not charged) by 12,371 agencies with a total population of 239,839,971 as estimated by the FBI.'"),
    ("fr6-c07", "How many flights were delayed across the whole JAL Group, domestic and international together, in December 2015?", [["2,485", "2485"]],
     {JAL: [5]}, "number", "p5 (4. Monthly JAL Group Flight Operation Data Dec-2015), the row 'TTL Delayed Flights 152 - 305 89 2,136 349 2,485', last column 'JAL Group TTL ... GROUP TOTAL' (JAL alone: 1,939)"),
    ("fr6-c08", "For how long did NACO broadcast its three Hindi radio programmes?", [["six months"]],
     {RRE: [1]}, "other", "p1, right column (interleaved with the left one by pdfplumber): 'The programmes were aired for six months from September, 2009 to March, 2010.'"),
    ("fr6-c09", "Which company supplied the Microsoft Office, SPSS and Adobe Acrobat licences under Ghana's transport sector project?", [["Harley Reed Ghana Ltd", "Harley Reed"]],
     {GHANA: [2]}, "other", "p2, row 23: 'Procurement of Software (Microsft Office std 2010 (10), SPSS (1), Adobe Acrobat PDF (2), Microsoft Project 2010 (4), ...) ... Shopping Harley Reed Ghana Ltd Box KIA 18128, Airport – Accra 98,439.82 GHS 18‐Jun‐13'"),
    ("fr6-c10", "What level of power management use is assumed when projecting the energy use of mid-range servers?", [["100%"]],
     {"spanning_cells.pdf": [1]}, "number", "p1, the paragraph between Table A4-12 and Table A4-13: 'The average UEC values for mid-range servers are based on the assumption of 100% power management utilization in all three scenarios as indicated in Table 3-5.'"),
    ("fr6-c11", "According to the notes under the NICS table, why can a state's handgun check count look unexpectedly low?", [["handgun permits", "permit check"]],
     {NICS: [1], NICS_ROT: [1]}, "other", "p1 NOTES of both NICS files: 'Some states may reflect lower than expected numbers for handgun checks based on varying state laws pertaining to handgun permits Since the permit check is done in place of the NICS check in most of the affected states, the low handgun statistics are often balanced out by a higher number of handgun permit checks'"),
    ("fr6-c12", "Across all topics, how many enquiries were received altogether in the enquiry statistics?", [["23.900", "23,900", "23900"]],
     {"eu-015.pdf": [1]}, "number", "p1, the second table's last row: 'Grand Total 23.900' (dots as thousands separators, as in the rest of the file)"),
    ("fr6-c13", "How much was Alvaro Smith paid as a legislative correspondent in the Senate expenditure list?", [["21,000.00", "21,000", "21000"]],
     {SENATE: [1]}, "number", "p1 (words run together in pdfplumber's text): 'SMITH,ALVAROR LEGISLATIVECORRESPONDENT 21,000.00'"),
    ("fr6-c14", "Which publication supplied the ranking of top global food and drink makers in the EU retail overview?", [["Retail Pocket Book"]],
     {"eu-004.pdf": [14]}, "other", "p14, the source line under Table 6.12: 'Sources: The list of the world’s leading manufacturers is taken from “The Retail Pocket Book, 1998”, Nielson.'"),
    ("fr6-c15", "Up to which date are the big donations to the St. Paul schools referendum campaign listed?", [["October 18, 2012"]],
     {"schools.pdf": [1]}, "date", "p1 header (repeated on every page): 'Major Contribution Report For the Period Between August 1, 2012 to October 18, 2012'"),
]

MULTI: list[Q] = [
    # two parts in one table
    ("fr6-m01", "Tell me how many WARN notices California received in February 2016 and how many workers they covered.",
     [["92"], ["6,899", "6899"]], {WARN: [16]}, None,
     "p16, summary by month (Notices, Employees Affected, ...): 'February 2016 92 6,899 52 2 12 24 1 1'"),
    ("fr6-m02", "Give me both the total number of gambling arrests in 2009 and how many of the people arrested for gambling were Black, from the arrests by race table.",
     [["8,046", "8046"], ["5,518", "5518"]], {ARRESTS: [1]}, None,
     "p1, Table 325 (Arrests by Race: 2009; Total, White, Black, American Indian/Alaskan Native, Asian Pacific Islander): 'Gambling 8,046 2,290 5,518 27 211'"),
    ("fr6-m03", "Were Pepsico's world food sales bigger than Coca-Cola's?",
     [["19.1"], ["18.0"]], {"eu-004.pdf": [14]}, None,
     "p14, Table 6.12, column 'World food sales ($US bn)': 'Pepsico 19.1'; 'Coca-Cola 18.0 1.8 428' (comparison: both values are needed)"),
    ("fr6-m04", "Was the number of public high school graduates in Ohio higher in 2008–09 than the projection for 2009–10?",
     [["122,203", "122203"], ["107,900", "107900"]], {"us-018.pdf": [1]}, None,
     "p1, Table 14, columns 2003–04 .. 2012–13: 'Ohio 119,029 116,702 117,356 117,658 120,758 122,203 107,900 108,010 105,130 104,260' (2008–09 actual, 2009–10 the first projected year; comparison: both numbers are needed)"),
    ("fr6-m05", "What were the yes and no vote totals for the Headlee restoration proposal in the August 2018 primary?",
     [["1157", "1,157"], ["1908", "1,908"]], {"vertical_header.pdf": [4]}, None,
     "p4 (COUNTY PROPOSALS; columns 911, ACCOA, Ambulance, Library, Headlee Restoration, each Yes then No, the headers rotated in the PDF and checked on a rendering of the page): 'Totals 2308 938 2245 986 2470 774 2106 1120 1157 1908'"),
    ("fr6-m06", "When and where did the Red Ribbon Express start its RRE-II run, going by the coverage table?",
     [["1.12.2009", "1 December 2009", "December 1, 2009"], ["Delhi"]], {RRE: [1]}, None,
     "p1, Table 6.1 (The highlights of RRE–II coverage), first row, the rows in date order: 'Delhi 1.12.2009 8 17 1.29 3,665 2,409 1,000'; next 'Rajasthan 2.12.2009 to 19.12.2009'"),
    ("fr6-m07", "Who supplied the stickers for Ghana's transport sector project, and what was that contract worth?",
     [["Elkhart Enterprise", "Elkhart"], ["23,400.00", "23,400", "23400"]], {GHANA: [2]}, None,
     "p2, row 18: 'Procurement of Stickers MRH/IDA/TSP/NCB/G ‐9 / Lot 3 NCB Elkhart Enterprise Box 2026, Dansoman ‐ Accra 23,400.00 GHS 12‐Sep‐11 24‐Oct‐11 Completed'"),
    ("fr6-m08", "How large were Edeka's sales in the list of the EU's top grocery wholesalers, and which year does that figure refer to?",
     [["6.3"], ["1993"]], {"eu-004.pdf": [12]}, None,
     "p12, Table 6.11 (EU’s top 20 grocery wholesalers, Sales (bn ecus)): 'Edeka Germany 6.3'; its source line: 'All figures relate to 1994, except Edeka (1993).'"),
    ("fr6-m09", "Which runs out first, American Airlines' licence at Oklahoma City or its licence at Tulsa?",
     [["2014/09/14", "September 14, 2014"], ["2014/08/19", "August 19, 2014"]], {"m27.pdf": [1]}, None,
     "p1 (M27 listing of active licenses, last column EXPIRES): '82030AAA AMERICAN AIRLINES AMERICAN AIRLINES INC 7100 TERMINAL DRIVE OKLAHOMA CITY OK 73159 (405) 680-3701 2014/09/14'; '509462AAA AMERICAN AIRLINES AMERICAN AIRLINES INC 7777 EAST APACHE DRIVE TULSA OK 74115 (918) 831-6302 2014/08/19' (comparison: both dates are needed)"),
    ("fr6-m10", "How do Finland and Germany compare in the number of students assessed in PIRLS 2011?",
     [["4,640", "4640"], ["4,000", "4000"]], {"us-020.pdf": [4]}, None,
     "p4, Table A-2, last column 'Students assessed': 'Finland 150 146 141 4 145 4,914 4,640'; 'Germany 200 199 190 7 197 4,229 4,000' (comparison: both numbers are needed)"),
    # two parts in two documents
    ("fr6-m11", "How many Florida students were assessed in PIRLS 2011, and in us-018.pdf, how many public high school graduates did Florida have in 2003–04?",
     [["2,598", "2598"], ["131,418", "131418"]], {"us-020.pdf": [5], "us-018.pdf": [1]}, None,
     "us-020 p5, Table A-2 continued (benchmarking systems), last column: 'Florida-USA 81 80 77 0 77 3,052 2,598'; us-018 p1, Table 14, column 2003–04: 'Florida 131,418 133,318 ...'"),
    ("fr6-m12", "How many handgun background checks did California run in November 2015? Also, how many employees were hit by the WARN notices received that same month?",
     [["41181", "41,181"], ["2,940", "2940"]], {NICS: [1], WARN: [16]}, None,
     "nics p1 (columns Permit, Handgun, Long Gun, ...; California's row without thousands separators): 'California 98452 41181 35007 4559 0 ... 180116'; WARN p16, summary by month: 'November 2015 41 2,940 13 0 13 10 3 2'"),
    ("fr6-m13", "How much did Ecolab give to Vote Yes for Strong Schools? And in senate-expenditures.pdf, what was Erin Bollinger paid as an intern?",
     [["5,000.00", "5,000", "5000"], ["446.87"]], {"schools.pdf": [5], SENATE: [1]}, None,
     "schools p5: 'Ecolab Kris Taylor 370 Wabasha Street Saint Paul MN 55102 10/2/2012 5,000.00'; senate-expenditures p1 (words run together): 'BOLLINGER,ERINS INTERNFROMSEP.18 446.87'"),
    ("fr6-m14", "What were the total arrests for weapons offences in 2009 according to the arrests by race table, and Texas's total firearm background checks in November 2015?",
     [["130,503", "130503"], ["146,982", "146982"]], {ARRESTS: [1], NICS: [1]}, None,
     "12s0324 p1, Table 325, column Total: 'Weapons—carrying, possessing, etc. .......... 130,503 74,942 53,441 951 1,169'; nics p1, last column Totals: 'Texas 21,550 56,941 51,670 ... 146,982'"),
    ("fr6-m15", "I need the share of surveyed students who think their weight is about right — also, how high was adult participation in lifelong learning in every Finnish region?",
     [["About 64%", "64%"], ["15 % or more", "15 %", "15%"]], {"eu-021.pdf": [8], "eu-013.pdf": [4]}, None,
     "eu-021 p8 3.1.2.1: 'About 64% of the students think they have the right weight'; eu-013 p4: 'The participation rate was high (15 % or more) in all the regions (6).'"),
    ("fr6-m16", "By how much at most may a dedicated overspeed trip let a main propulsion diesel run above its rated speed? And what part number does the flight control computer software required by the 737 MAX directive carry?",
     [["20%", "20 %"], ["2274–COL–AC2–26", "2274-COL-AC2-26"]], {DIESEL: [9], FED: [6]}, None,
     "diesel p9 [2.7.4]: 'is to be fitted with a separate overspeed protective device so adjusted that the engine cannot exceed the rated speed n by more than 20%'; FED p6 (g): 'install FCC OPS software version P12.1.2, part number (P/N) 2274–COL–AC2–26, or later-approved software versions'"),
    ("fr6-m17", "How many people did the Red Ribbon Express train in Karnataka, and what was Karnataka's total internal debt in the 1997 table of outstanding liabilities?",
     [["5,741", "5741"], ["22.44"]], {RRE: [1], "superscript.pdf": [1]}, None,
     "background_lines_1 p1, Table 6.1 (columns Halt stations, Halt days, Persons directly reached (in lakh), Persons trained, counseled, tested): 'Karnataka 2.2.2010 to 11 19 1.80 5,741 3,658 3,183'; superscript p1, Table 125, column 'Total Internal Debt': 'Karnataka 22.44 19.59 - - 2.86 ...'"),
    ("fr6-m18", "How many West Bengal households are behind the literacy tables in twotables_2.pdf, and how many West Bengal mothers were surveyed on infant feeding practices in clockwise_table_1.pdf?",
     [["2293"], ["423"]], {"twotables_2.pdf": [1], "clockwise_table_1.pdf": [1]}, None,
     "twotables_2 p1, Tables 6 and 7, column n: 'West Bengal 2293 41.7 4.4 ...' and 'West Bengal 2293 49.1 4.8 ...'; clockwise_table_1 p1 (rotated; values per state in the order nutritional assessment 1975-79, 1988-90, 1996-97, 2011-12, IYCF practices (No. of mothers: 2011-12), blood pressure men, women, fasting blood sugar men, women): 'West Bengal * * * 8047 423 2058 2743 1413 2027'"),
    # two parts on two pages or in two passages of one document
    ("fr6-m19", "Which earlier airworthiness directive would the proposed 737 MAX AD replace, and does the operational readiness flight need a special flight permit?",
     [["2018–23–51", "2018-23-51"], ["not required", "not needed"]], {FED: [6, 14]}, None,
     "p6 (b) Affected ADs: 'This AD replaces AD 2018–23–51, Amendment 39–19512'; p14 (m)(1): 'A special flight permit is not required to accomplish the operational readiness flight required by this paragraph.'"),
    ("fr6-m20", "When the largest electrical load step is connected or dropped, how far may a generator's prime mover let the network frequency swing, and how quickly must it settle again?",
     [["±10%", "10%"], ["5 seconds"]], {DIESEL: [9]}, None,
     "p9 [2.7.5] a): 'Prime movers for driving generators ... are to be fitted with a speed governor which will prevent transient frequency variations in the electrical network in excess of ±10% of the rated frequency with a recovery time to steady state conditions not exceeding 5 seconds, when the maximum electrical step load is switched on or off.'"),
    ("fr6-m21", "How does the dictionary quoted in the creativity paper define imagination, and what do convolution layers learn the weights of?",
     [["form pictures or ideas", "ability to form pictures or ideas in your mind"], ["image filter", "an image filter"]], {ML: [1, 2]}, None,
     "p1 I.: 'imagination is “the ability to form pictures or ideas in your mind”' ([Gad06]); p2 III.: 'Convolution layers learn a convolution; this means they learn the weights of an image filter.'"),
    ("fr6-m22", "What does the NREL report suggest drivers could ask their intelligent vehicles for, and down to about what speed should very fast drivers slow to still save a lot of fuel?",
     [["eco-assist"], ["60 mph"]], {"us-030.pdf": [1, 3]}, None,
     "p1: 'leveraging intelligent vehicle advancements (lane keep assist, intelligent cruise control, active collision avoidance, etc.) to enable drivers to request active “eco-assist” from their vehicles'; p3: 'even more modest reductions from high speeds to around 60 mph still result in significant fuel savings'"),
    ("fr6-m23", "What's the difference in load factor between the JAL Group's international and domestic passenger traffic in FY2014?",
     [["75.7"], ["66.1"]], {JAL: [1, 3]}, None,
     "p1 (1.1 International Passenger Traffic, last column L/F(%)): 'FY2014 7,793,704 100.9 36,109,588 102.0 47,696,816 103.2 75.7'; p3 (2. Total Domestic Pax Traffic): 'FY2014 31,557,697 100.0 23,977,994 100.0 36,279,873 100.0 66.1' (comparison: both load factors are needed)"),
    ("fr6-m24", "Apart from the 2250 kW threshold, what cylinder bore makes oil mist detection compulsory on a diesel engine, and what kind of turning gear must every engine have?",
     [["300 mm bore", "300 mm"], ["hand-operated", "hand operated"]], {DIESEL: [7, 14]}, None,
     "p7 [2.3.5] a): 'for alarm and slow down purposes for low speed diesel engines of 2250 kW and above or having cyl- inders of more than 300 mm bore'; p14 [3.2.1]: 'Each engine is to be provided with hand-operated turning gear; where deemed necessary, the turning gear is to be both hand and mechanically-operated.'"),
    # "which documents ..." lists
    ("fr6-m25", "Which documents mention an airport?", [], {}, None, "'airport' occurs"),
    ("fr6-m26", "Which of my files have anything on California?", [], {}, None, "'california' occurs"),
    ("fr6-m27", "In which PDFs does software come up?", [], {}, None, "'software' occurs"),
    ("fr6-m28", "Which reports mention Spain?", [], {}, None, "'spain' occurs"),
    ("fr6-m29", "Which files talk about HIV?", [], {}, None, "'hiv' occurs"),
    ("fr6-m30", "Which document mentions Shakespeare?", [], {}, None, "'shakespeare' occurs"),
]
# fmt: on


DESCRIPTION = (
    "A sixth set of fresh human-phrased questions over reports/ and tables/, mostly multi-part (two cells of one "
    "table, two facts in two files or on two pages, comparisons, 'which documents' lists), written by a helper before "
    "any tuning, without running the app on them (see build_content_fresh6.py); split once by sha256(id), "
    "alternating within each kind."
)


def main() -> int:
    # The same record building, checks and split rule as content_fresh.json's, and the overlap check of the fresh sets.
    sys.path.insert(0, str(HERE))
    from build_content_fresh import run_checked

    return run_checked(OUT, CONTENT, MULTI, DESCRIPTION, EARLIER)


if __name__ == "__main__":
    sys.exit(main())
