"""Build (and re-verify) benchmarks/answers/content_fresh11.json: an eleventh held-out set of human-phrased questions, mostly multi-part.

Written blind by a helper BEFORE any run of the app on it and without reading the app's code under app/qa or
app/retrieval or running the app, its eval, its retrieval or its reader on these questions: every answer was read off
the pdfplumber text of the evidence page (and, where a table's layout was in doubt, checked against the column order of
its header and neighbouring rows, or, for the rotated candidate names of vertical_header.pdf p. 3, against the x
position of each name and of each number of the row). Modelled on build_content_fresh10.py (same record format, same
checks, the same builder: build_content_fresh.run_checked). The emphasis is on MULTI questions, 34 of them, in the
style of pdf_qa.json's "multi" kind:

- 8 "which documents/files/PDFs/reports" lists (mention / come up in / bring up / have anything about / discuss /
  is ... mentioned / use the word / deal with) over words that occur (case-insensitively) in 2 to 5 files and that
  no earlier list asked about;
- 9 comparisons over two rows or columns of one table ("Was X higher in A or in B?", "Were there more ... for A or
  for B?", "Is the share larger in A or in B?", "Compare A and B on X", "Which ... put more people out of work: A or
  B?", "Was X greater in 2010 than in 2008?", "Which will have more ..., A or B?", "Did A have bigger X than B?");
  both values are the answer parts;
- 9 two-part questions whose facts sit in two different documents (most letting the topic name the document, two
  naming a file);
- 8 two-part questions over one document (two pages, two passages, or two cells of one table).

Plus 16 one-passage content questions (who / when / how many / how much / where / what / yes-no), favouring the pages
the earlier sets used least (counted as citations per document page over all earlier sets): the 2018 primary's
Libertarian page (vertical_header.pdf p. 3, never cited before) and township races (p. 5), the second proposed
directive and the AOA footnotes of the Federal Register issue (pp. 15 and 3), the diesel rules' approval list (p. 3),
emergency engine notes (p. 13), component table notes (p. 19) and works-trial records (p. 20), the schools donor
report's second and third pages, the PIRLS benchmarking table (us-020 p. 5), the Ghana contract pages 3-4, the WARN
listing's page 10, ... Among them are answers given by a sentence in the passive voice, by a list item, by a table
row, by a person's or an organisation's name, and by a date. They are phrased the way a user who has not read the
text asks them (synonyms, other word order); `copied_runs()` (run by `main`, so by both the build and `--check`)
fails when a question repeats a run of five words of one of its evidence pages.

No question asks for the same fact as an earlier set: `earlier_overlaps()` (build_content_fresh.py, run by
`run_checked`) fails when an answer string of this set equals, case-insensitively (dashes, thousands separators and
spaces normalised), an acceptable answer of a question of content_dev.json, content_fresh.json .. content_fresh10.json,
pdf_qa.json (and, to be safe, paraphrases_dev.json, tables_dev2.json, tables_dev2_fresh.json, tables_fresh.json) that
cites the same document page, or when a "which documents" list repeats an earlier list's word. The split is derived
once from the ids (sha256, alternating within each kind) and never edited by hand.

    .venv/bin/python benchmarks/answers/build_content_fresh11.py          # rebuild content_fresh11.json
    .venv/bin/python benchmarks/answers/build_content_fresh11.py --check  # verify the committed file against the PDFs
"""

# ruff: noqa: E501  (question data: one record a line reads better than wrapped strings)
from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "content_fresh11.json"
PDFS = Path("/work/shared/data/pdfs")

ML = "issue-982-example.pdf"
DIESEL = "diesel_engines.pdf"
WARN = "WARN-Report-for-7-1-2015-to-03-25-2016.pdf"
GHANA = "Publication_of_award_of_Bids_for_Transport_Sector__August_2016.pdf"
FED = "federal-register-2020-17221.pdf"
JAL = "issue-53-example.pdf"
ARRESTS = "12s0324.pdf"
SENATE = "senate-expenditures.pdf"
HEDGE = "edge_tol.pdf"
VOTES = "vertical_header.pdf"

# The earlier sets whose answers this one must not repeat on the same document page.
EARLIER = (
    "content_dev.json", "content_fresh.json", "content_fresh2.json", "content_fresh3.json", "content_fresh4.json",
    "content_fresh5.json", "content_fresh6.json", "content_fresh7.json", "content_fresh8.json", "content_fresh9.json",
    "content_fresh10.json", "pdf_qa.json", "paraphrases_dev.json", "tables_dev2.json", "tables_dev2_fresh.json",
    "tables_fresh.json",
)  # fmt: skip

# (id, question, answer parts, {document: [pages]}, short answer type, notes). Pages are 1-based.
Q = tuple[str, str, list[list[str]], dict[str, list[int]], str | None, str]
# fmt: off
CONTENT: list[Q] = [
    ("fr11-c01", "Which Alcona County township gave Bill Gelineau his best result in the Libertarian primary of August 2018?", [["Greenbush"]],
     {VOTES: [3]}, "place", "p3 (LIBERTARIAN PARTY; rotated candidate names, reversed in pdfplumber's text, placed by x position: Bill Gelineau 111, John J. Tatar 143; both under the Governor heading): 'Greenbush 3 0' (3 at x 112, the largest value in that column: 'Haynes 2 0', 'Millen 1 0', every other township 0; 'Totals 6 4 ...')"),
    ("fr11-c02", "Which Pilatus airplane model would the other proposed airworthiness directive in this Federal Register issue apply to?", [["PC–12/47E", "PC-12/47E", "PC-12"]],
     {FED: [15]}, "other", "p15 (the second proposed rule, Docket No. FAA–2020–0746): 'Airworthiness Directives; Pilatus Aircraft Ltd. Airplanes'; SUMMARY: 'The FAA proposes to adopt a new airworthiness directive (AD) for Pilatus Aircraft Ltd. Model PC–12/47E airplanes.'"),
    ("fr11-c03", "For how long do the two angle-of-attack sensors have to disagree by over ten degrees before the disagree alert appears?", [["10 seconds", "ten seconds"]],
     {FED: [3]}, "other", "p3, footnote 13 (set in columns; pdfplumber interleaves it with footnote 12): '13More than 10 degrees difference for more than ... 10 seconds.' (attached to '... differences between the two AOA sensors greater than a certain threshold13would cause an AOA DISAGREE alert on the primary flight displays (PFDs)')"),
    ("fr11-c04", "Apart from the temperature and pressure of the surrounding air, what environmental condition has to be logged during an engine's factory acceptance test?", [["atmospheric humidity", "humidity"]],
     {DIESEL: [20]}, "other", "p20, 4.3.3 Works trials (Factory Acceptance Test), b) Records, list items (passive): '1) The following environmental test conditions are to be recorded: • Ambient air temperature • Ambient air pressure • Atmospheric humidity'"),
    ("fr11-c05", "Above what cylinder bore does a diesel engine need the layout of its crankcase explosion relief valves submitted for approval?", [["200 mm", "200mm"]],
     {DIESEL: [3]}, "other", "p3, Table 2 (Documentation to be submitted for approval): '22 Arrangement and details of the crankcase explosion relief valve (see [2.3]) (5)'; note '(5) Only for engines of a cylinder diameter of 200 mm or more or a crankcase volume of 0.6 m3 or more.'"),
    ("fr11-c06", "Which side of a charge air cooler has to be pressure-tested?", [["water side", "the water side"]],
     {DIESEL: [19]}, "other", "p19, notes to Table 8 (continued; passive): '(9) Charge air coolers need only be tested on the water side.' (item 31 'Cooler, both sides (9)')"),
    ("fr11-c07", "How many pupils in Andalusia actually sat the PIRLS 2011 reading test?", [["4,333", "4333"]],
     {"us-020.pdf": [5]}, "number", "p5, Table A-2 continued (Schools in original sample, Eligible schools in original sample, Schools in original sample that participated, Substitute schools, Total schools that participated, Sampled students in participating schools, Students assessed): 'Andalusia-ESP 150 150 149 0 149 4,652 4,333' (last column)"),
    ("fr11-c08", "The Readington and Schultze household gave to the St. Paul schools referendum campaign; what employer does the report give for them?", [["Thrivent for Lutherans", "Thrivent"]],
     {"schools.pdf": [2]}, "other", "p2 (Last Name, First Name, Address, City, State, Zip, Occupation, Employer, Date, Amount): 'Readington / Schultze Todd C. / Susan R. 1704 Scheffer Ave Saint Paul MN 55116 financial planner Thrivent for Lutherans 10/5/2012 100.00'"),
    ("fr11-c09", "Which Republican was the township trustee candidate in Harrisville township at the 2018 primary?", [["Gordon Johnston", "Johnston"]],
     {VOTES: [5]}, "person", "p5 (township races; office, party, candidate, votes): 'HARRISVILLE TOWNSHIP' / 'Trustee Rep Gordon Johnston 222' (the City of Harrisville is listed separately further down)"),
    ("fr11-c10", "Which organisation was contracted to coordinate the review of Ghana's rainfall intensity-duration-frequency curves?", [["Ghana Meteorological Agency", "Ghana Meteorological"]],
     {GHANA: [4]}, "other", "p4, row 33 (cells wrapped over lines): '33 Consultancy services MRH/IDA/TSP/SSS/S‐ SSS Ghana Meteorological Box LG 87, Legon 498,124.90 GHS 24‐Aug‐15 3‐Jan‐16 Assignment' / 'for the Coordination of 16 Agency ‐ Accra is ongoing' / 'the Review of the' / 'Intensity Duration' / 'Frequency (IDF) of the' / 'Rainfall Data and' / 'Graphs'"),
    ("fr11-c11", "How much is the consultancy contract for drawing up an HR strategy for Ghana's roads and transport ministries worth?", [["479,360.00", "479,360"]],
     {GHANA: [3]}, "number", "p3, row 29 (cells wrapped over lines): '29 Consultancy Services MRH/IDA/TSP/CQS/S‐ CQS Soman Consult Limited Box ST 421, 479,360.00 GHS 7‐Sep‐15 2‐Jun‐16 Assignment' / 'for the Preparation of 5 Stadium ‐ Accra is ongoing' / 'Human Resource' / 'Strategy for the MRH' / 'and Ministry of' / 'Transport'"),
    ("fr11-c12", "Which donor to the Strong Schools campaign is a physician working for HealthEast?", [["Stoyke", "Phillip Stoyke"]],
     {"schools.pdf": [3]}, "person", "p3: 'Stoyke Phillip 1853 Highland Pkwy St. Paul MN 55116physician HealthEast 10/10/2012 100.00' (Last Name 'Stoyke', First Name 'Phillip', Occupation 'physician', Employer 'HealthEast')"),
    ("fr11-c13", "Where must the grouped alarms for an emergency diesel engine be set up?", [["on the bridge", "bridge"]],
     {DIESEL: [13]}, "place", "p13, Table 7 (Monitoring of emergency diesel engines), Note 3 (passive): 'The alarm system is to function in accordance with AUT notation, with additional requirements that grouped alarms are to be arranged on the bridge.'"),
    ("fr11-c14", "In which Oklahoma town is the Blue Belle Saloon licensed?", [["Guthrie"]],
     {"m27.pdf": [2]}, "place", "p2 (LICENSE NUMBER, PREMISE TYPE, DBA NAME, LICENSEE NAME, ADDRESS, CITY, ST, ZIP, PHONE NUMBER, EXPIRES; names and addresses wrapped over two lines): 'BLUE BELLE 224 WEST HARRISON' / '641387BAW BLUE BELLE SALOON ENTERTAINMENT LLC AVENUE GUTHRIE OK 73044 - 2014/08/27'"),
    ("fr11-c15", "When did the Hyatt Regency Century Plaza in Los Angeles give notice that it would close?", [["12/17/2015", "December 17, 2015", "17 December 2015"]],
     {WARN: [10]}, "date", "p10 (columns as on p1: Notice Date, Effective, Received, Company, City, No. Of Employees, Layoff/Closure): '12/17/2015 0 3 / 0 1 / 2 0 16 1 2 / 2 3 / 2 0 15 Hyatt Regency Century Plaza Los Angeles 796 Closure Permanent' (notice date first)"),
    ("fr11-c16", "Do Finnish teachers keep being paid while they attend continuing training?", [["full salary benefits", "full salary"]],
     {"eu-013.pdf": [12]}, "other", "p12: 'Most continuing training is free of charge and teachers enjoy full salary benefits during their participation.' (so: yes)"),
]

MULTI: list[Q] = [
    # comparisons: two rows or columns of one table
    ("fr11-m01", "Was the JAL Group's international load factor higher in May 2015 or in June 2015?",
     [["77.7"], ["81.2"]], {JAL: [1]}, None,
     "p1, 1.1 JAL Group International Passenger Traffic Data (Pax, y.o.y(%), RPK, y.o.y(%), ASK, y.o.y(%), L/F(%)): 'May-2015 686,908 110.9 3,201,403 110.0 4,118,309 103.8 77.7'; 'Jun-2015 667,181 108.0 3,198,199 107.9 3,938,037 100.4 81.2' (last column; comparison: both numbers are needed)"),
    ("fr11-m02", "Among women, were there more arrests in 2009 for fraud or for drunkenness?",
     [["75.3"], ["81.3"]], {ARRESTS: [1]}, None,
     "p1, Table 324 Arrests by Sex and Age: 2009 (in thousands; Total: Total, Under 18, 18 and over; Male: the same; Female: the same): 'Fraud 173.7 5.1 168.5 98.4 3.3 95.0 75.3 1.8 73.5'; 'Drunkenness 488.1 11.4 476.8 406.8 8.5 398.3 81.3 2.9 78.4' (seventh value: female total; comparison: both numbers are needed)"),
    ("fr11-m03", "Among adult women, is the share educated to the 9th-12th standard larger in Kerala or in Tamil Nadu?",
     [["45.6"], ["22.3"]], {"twotables_2.pdf": [1]}, None,
     "p1, Table 7 : DISTRIBUTION (%) OF HOUSEHOLDS BY LITERACY STATUS OF ADULT WOMEN (n, Illiterate, Read & Write, 1-4 std., 5-8 std., 9-12 std., College): 'Kerala 2400 8.8 0.3 20.1 17.0 45.6 8.2'; 'Tamil Nadu 2400 29.9 1.5 8.5 33.1 22.3 4.8' (sixth value: 9-12 std.; comparison: both numbers are needed)"),
    ("fr11-m04", "Compare Kerala and Jharkhand on capital outlay for medical and public health in the 2012-13 budget estimates.",
     [["929,503"], ["3,525,558"]], {"health.pdf": [1]}, None,
     "p1, Table: 5 Public Health Outlay 2012-13 (Budget Estimates) (Rs. in 000; Revenue: Medical & Public Health, Family Welfare; Capital: Medical & Public Health, Family Welfare; Total Revenue & Capital; Others; Total): 'Kerala 27,923,965 3,985,473 929,503 0 32,838,941 334,640 33,173,581'; 'Jharkhand 8,185,079 3,008,077 3,525,558 0 14,718,714 745,139 15,463,853' (third column; comparison: both numbers are needed)"),
    ("fr11-m05", "Which closure put more people out of work: Balda C. Brewer's in Irvine or Parker Hannifin's in Anaheim?",
     [["193"], ["197"]], {WARN: [10]}, None,
     "p10: '12/22/2015 0 2 / 2 6 / 2 0 16 1 2 / 2 8 / 2 0 15 Balda C. Brewer, Inc. Irvine 193 Closure Permanent'; '12/30/2015 0 3 / 0 4 / 2 0 16 1 2 / 3 0 / 2 0 15 Parker Hannifin Corporation Anaheim 197 Closure Unknown at this time' (comparison: both numbers are needed)"),
    ("fr11-m06", "In PIRLS 2011, were more pupils assessed in Ontario or in Quebec?",
     [["4,561"], ["4,244"]], {"us-020.pdf": [5]}, None,
     "p5, Table A-2 continued (..., Total schools that participated, Sampled students in participating schools, Students assessed): 'Ontario-CAN 200 191 188 1 189 4,932 4,561'; 'Quebec-CAN 200 197 189 1 190 4,529 4,244' (last column; comparison: both numbers are needed)"),
    ("fr11-m07", "Was a mid-range server's average annual electricity use projected to be greater in 2010 than in 2008?",
     [["6,649"], ["5,467"]], {"spanning_cells.pdf": [1]}, None,
     "p1, Table A4-13. Projected Average UEC (in kWh/year) for Mid-range and High-end Servers (Server class 2007 2008 2009 2010 2011): 'Mid-range 4,921 5,467 6,152 6,649 7,185' (2008 second, 2010 fourth; comparison: both numbers are needed)"),
    ("fr11-m08", "Which will have more public high school graduates in 2017-18 by the projections, Utah or Oregon?",
     [["36,650"], ["35,300"]], {"us-018.pdf": [2]}, None,
     "p2, Table 14 continued (Projected: 2013–14 2014–15 2015–16 2016–17 2017–18 2018–19 2019–20 2020–21 2021–22): 'Utah 31,860 32,870 34,510 35,660 36,650 36,990 37,700 39,040 39,830'; 'Oregon 34,490 34,210 34,960 35,180 35,300 35,220 34,690 35,190 35,360' (fifth column: 2017–18; comparison: both numbers are needed)"),
    ("fr11-m09", "Did Casino Guichard Perrachon have bigger wholesale grocery sales than Coop Valais?",
     [["9.5"], ["7.3"]], {"eu-004.pdf": [12]}, None,
     "p12, Table 6.11: EU's top 20 grocery wholesalers (Country of origin, Sales (bn ecus)): 'Casino Guichard Perrachon France 9.5'; 'Coop Valais Switzerland 7.3' (comparison: both numbers are needed)"),
    # two parts in two documents
    ("fr11-m10", "Which existing flight manual procedure does the 737 MAX directive replace with the content of figure 2, and what was spending per pupil in 2002-03 in constant 2008-09 dollars?",
     [["Airspeed Unreliable"], ["10,454"]], {FED: [7], "us-018.pdf": [7]}, None,
     "federal register p7 (paragraph (h), two columns interleaved): '(3) In the Operating Procedures chapter, ... replace the existing Airspeed Unreliable paragraph with the information in figure 2 to paragraph (h)(3) of this AD.'; us-018 p7, Table 19 (School year, ADA, Constant 2008–09 dollars: Total, Per pupil in ADA; Current dollars: Total, Per pupil in ADA): '2002–03 45,017 470.6 10,454 387.6 8,610'"),
    ("fr11-m11", "By what date must comments on the proposed Pilatus directive reach the FAA, and in senate-expenditures.pdf, what did the airfare for Senator Hawley's trip to Springfield from 29 June to 7 July cost?",
     [["September 21"], ["1,112.00", "1,112"]], {FED: [15], SENATE: [1]}, None,
     "federal register p15 (Pilatus NPRM; columns interleaved, so the year stands a few lines further down): 'DATES: The FAA must receive comments ... on this proposed AD by September 21, ... 2020.'; senate-expenditures p1: 'DHAW20190045 07/10/2019 CITIBANK-SENATORIBACARD 06/29/2019 07/07/2019 STAFFTRANSPORTATION 1,112.00' / 'AIRFAREFORSENHAWLEYASFOLLOWS:6/29WASHINGTONDCTOSPRINGFIELD;7/7' / 'SPRINGFIELDTOWASHINGTONDC'"),
    ("fr11-m12", "How must alarms on ship diesel engines without automation notations present themselves, and how should Finnish VET providers normally fill teaching posts?",
     [["visual and audible"], ["permanently"]], {DIESEL: [10], "eu-013.pdf": [8]}, None,
     "diesel p10, 2.7.8 Summary tables (passive): 'The alarms are to be visual and audible.'; eu-013 p8: 'VET providers are responsible for recruiting and employing their teaching staff and determine the types and number of posts needed. As a general rule, posts should be filled permanently wherever possible.'"),
    ("fr11-m13", "What employer is listed for Joe and Jill Driscoll's gift to the St. Paul schools campaign, and how many of the students with bronchitis, ear or sinus infections followed treatment in the student health survey?",
     [["LexisNexis"], ["87"]], {"schools.pdf": [1], "eu-021.pdf": [3]}, None,
     "schools p1: 'Driscoll Joe & Jill 2383 Bourne Ave Saint Paul MN 55108 HR Manager LexisNexis 10/18/2012 100.00'; eu-021 p3, Table 3.1 (Suffered from, Followed treatment): 'Bronchitis/ear or Count 104 87' / 'sinus infection' / 'Percentage 21.1% 17.6%'"),
    ("fr11-m14", "How many substitute schools took part for the Netherlands in PIRLS 2011, and how many jobs did Motorola Mobility cut in Sunnyvale?",
     [["41"], ["213"]], {"us-020.pdf": [4], WARN: [3]}, None,
     "us-020 p4, Table A-2 (Schools in original sample, Eligible schools in original sample, Schools in original sample that participated, Substitute schools, Total schools that participated, Sampled students, Students assessed): 'Netherlands 151 151 97 41 138 4,179 3,995' (fourth column); WARN p3: '08/13/2015 1 0 / 2 3 / 2 0 15 0 8 / 1 3 / 2 0 15 Motorola Mobility LLC Sunnyvale 213 Layoff Permanent'"),
    ("fr11-m15", "How many people received HIV counselling when the Red Ribbon Express stopped in Karnataka, and how many Europe Direct enquiries about air passenger rights came from Belgium?",
     [["3,658"], ["66"]], {"background_lines_1.pdf": [1], "eu-015.pdf": [2]}, None,
     "background_lines_1 p1, Table 6.1 (State, Date, Halt stations, Halt days, Persons directly reached (in lakh), Persons trained, Persons counseled, Persons tested for HIV): 'Karnataka 2.2.2010 to 11 19 1.80 5,741 3,658 3,183' (fifth value: counseled); eu-015 p2, Hot topics by country, first list (Air passengers rights, Enquiries): 'Belgium 66 Netherlands 45 Netherlands 37' (the other two lists: Free movement of persons / workers, Treaty reform)"),
    ("fr11-m16", "In mexican_towns.pdf, which locality carries the code 0190, and how many thousand under-18s were arrested for vandalism in 2009?",
     [["El Duraznillo"], ["72.7"]], {"mexican_towns.pdf": [1], ARRESTS: [1]}, None,
     "mexican_towns p1 (Clave Entidad, Nombre Entidad, Clave Municipio, Nombre Municipio, Clave Localidad, Nombre Localidad): '01 Aguascalientes 001 Aguascalientes 0190 El Duraznillo'; 12s0324 p1, Table 324 (in thousands; Total: Total, Under 18 years, 18 years and over; ...): 'Vandalism 217.4 72.7 144.7 178.1 62.8 115.3 39.3 9.9 29.4' (second value)"),
    ("fr11-m17", "What was the value index of food sales in the Netherlands for 1996 (1990=100), and how many handgun checks did Oregon run in November 2015?",
     [["117.4"], ["13,586"]], {"eu-004.pdf": [4], "nics-background-checks-2015-11.pdf": [1], "nics-background-checks-2015-11-rotated.pdf": [1]}, None,
     "eu-004 p4, Table 6.4: Growth in demand by member state (% growth in total retail sales volume 1990-94; value of food sales, 1996 (1990=100)): 'Netherlands 7.9 117.4'; nics p1 (State / Territory, Permit, Handgun, Long Gun, ...): 'Oregon 35 13,586 11,832 0 0 ... 25,453' (second value: Handgun; the rotated copy gives the same values one cell a line after 'Oregon')"),
    ("fr11-m18", "How much total internal debt did Kerala have outstanding at the end of March 1997, and in which town is Andolini's Pizzeria & Italian Restaurant licensed?",
     [["29.03"], ["Owasso"]], {"superscript.pdf": [1], "m27.pdf": [1]}, None,
     "superscript p1, TABLE 125 (As at end-March; Billion; first column 'Total Internal Debt'): 'Kerala 29.03 24.912 - - 4.11 1.77 - 0.48 - 1.45'; m27 p1 (DBA name and address wrapped over two lines): 'ANDOLINI'S PIZZERIA & 12140 EAST 96TH STREET' / '428377BAW ITALIAN RESTAURANT ANDOLINI'S LLC NORTH #106 OWASSO OK 74055 (918) 272-9325 2015/02/10'"),
    # two parts over one document (two pages, two passages, two cells of one table)
    ("fr11-m19", "Which revision date of Boeing's bulletin 737-27-1318 applies to the stabilizer trim wire rerouting, and under which regulation's procedures are requests for alternative compliance methods made?",
     [["June 24, 2020"], ["14 CFR 39.19", "39.19"]], {FED: [14]}, None,
     "p14 (three columns interleaved): '(k) Horizontal Stabilizer Trim Wire Bundle Routing Change: Before further flight, do all applicable actions identified as ‘‘RC’’ in, and in accordance with, the Accomplishment Instructions of Boeing Special Attention Service Bulletin 737–27–1318, Revision 1, dated June 24, 2020.'; (p)(1): 'The Manager, Seattle ACO Branch, FAA, has the authority to approve AMOCs for this AD, if requested using the procedures found in 14 CFR 39.19.'"),
    ("fr11-m20", "Above what output must a crosshead main propulsion engine monitor crankcase oil mist, and within how many minutes must the batteries of an electrically started main engine be able to give the required starts?",
     [["2250 KW", "2250 kW", "2,250 kW"], ["30 min", "30 minutes"]], {DIESEL: [11, 13]}, None,
     "p11, Table 4 (Monitoring of main propulsion cross-head (slow speed) diesel engines): 'Oil mist concentration in crankcase (or engine bearing temperature monitors or equivalent devices) (5)'; note '(5) For engine of 2250 KW and above or having cylinders of more than 300 mm bore'; p13, 3.1.2 Electrical starting (two columns interleaved): 'a) Where main internal combustion engines are arranged for electrical starting, at least two separate batteries are to be fitted. ... The combined capacity of batteries is to be sufficient to provide within 30 min, without recharging, the number of starts required in [3.1.1] b) in the event of air starting.'"),
    ("fr11-m21", "In the US PIRLS sample, how many pupils were left out because their whole class was excluded, and what percentage of the internationally defined target population did the sample reportedly cover?",
     [["669"], ["93 percent", "93%"]], {"us-020.pdf": [1]}, None,
     "p1 (two columns): 'Fifty 4th-grade schools excluded classes and 669 students were excluded from participation in PIRLS as a result.'; 'Together, these 669 students excluded prior to classroom sampling, plus the 830 within-class exclusions, resulted in an overall student exclusion rate of 7 percent ... The reported coverage of the International Target Population, then, is 93 percent'"),
    ("fr11-m22", "Which company is licensed for Adamo's in Clinton, Oklahoma, and in which city is Bashu Legends?",
     [["TADJ INC", "TADJ"], ["Norman"]], {"m27.pdf": [1]}, None,
     "p1 (DBA names and addresses wrapped over two lines): 'ADAMO'S ROUTE 66 2132 WEST GARY' / '464828BAW ITALIAN VILLA TADJ INC BOULEVARD CLINTON OK 73601 (580) 323-5900 2015/02/11'; '1522 WEST LINDSEY' / '632575BAW BASHU LEGENDS HYH HE CHUANG LLC STREET NORMAN OK 73069 - 2014/07/21'"),
    ("fr11-m23", "Across the whole JAL Group, how many flights were diverted in December 2015, and how many came back to the airport they had left?",
     [["13"], ["19"]], {JAL: [5]}, None,
     "p5, second table (JTA, RAC, JAC, HAC: Domestic; JAL Group TTL: Domestic, International, GROUP TOTAL): 'Flights diverted 0 - 0 0 7 6 13'; 'Flights returned to departure airport 0 - 5 3 17 2 19' (last column: group total; the JAL-only table above gives 13 and 11)"),
    ("fr11-m24", "Which company holds the Oklahoma licences for Fat Guy's Burger Joint, and in which town is the Diarti Italian Cafe?",
     [["ALSOKC LLC", "ALSOKC"], ["Woodward"]], {"m27.pdf": [2]}, None,
     "p2 (DBA and licensee names wrapped over two lines): 'FAT GUY'S BURGER 140 NORTH GREENWOOD' / '549471BAW JOINT ALSOKC LLC AVENUE TULSA OK 74120 (918) 794-7782 2015/04/01' (and the same licensee for the second location, 614377BAW); '635527BAW DIARTI ITALIAN CAFE DIARTI ITALIAN CAFE LLC 2808 8TH STREET WOODWARD OK 73801 - 2014/07/18'"),
    ("fr11-m25", "How many tonnes of domestic mail and how many tonnes of international cargo did the JAL Group carry in October 2015?",
     [["2,813"], ["25,502"]], {JAL: [4]}, None,
     "p4, 3. JAL Group Cargo Traffic Data (International: Cargo Ton, y.o.y, Mail Ton, y.o.y; Domestic: Cargo Ton, y.o.y, Mail Ton, y.o.y): 'Oct-2015 25,502 97.3 2,969 94.4 34,564 99.3 2,813 105.1' (first value: international cargo; seventh: domestic mail)"),
    ("fr11-m26", "How many registered voters did Hawes township have at the August 2018 primary, and how many ballots did its poll book record?",
     [["884"], ["293"]], {VOTES: [1]}, None,
     "p1 (REPUBLICIAN PARTY; rotated headers, reversed in pdfplumber's text: 'Number of Registered voters', 'Poll Book Totals', then the candidates): 'Hawes 884 293 38 36 27 109 121 84 192 195 195 193 184 118 87' (first two values)"),
    # "which documents ..." lists
    ("fr11-m27", "Which reports mention Safeway?", [], {}, None, "'safeway' occurs"),
    ("fr11-m28", "In which PDFs does the word aircraft come up?", [], {}, None, "'aircraft' occurs"),
    ("fr11-m29", "What documents bring up Denmark?", [], {}, None, "'denmark' occurs"),
    ("fr11-m30", "Which files have anything about a library?", [], {}, None, "'library' occurs"),
    ("fr11-m31", "Which documents discuss disabilities?", [], {}, None, "'disabilities' occurs"),
    ("fr11-m32", "In which PDFs is nutrition mentioned?", [], {}, None, "'nutrition' occurs"),
    ("fr11-m33", "Which files use the word autonomous?", [], {}, None, "'autonomous' occurs"),
    ("fr11-m34", "What documents deal with Missouri?", [], {}, None, "'missouri' occurs"),
]
# fmt: on


DESCRIPTION = (
    "An eleventh set of fresh human-phrased questions over reports/ and tables/, mostly multi-part (comparisons of "
    "two table cells, two facts in two files, two facts in one file, 'which documents' lists), written blind by a "
    "helper before any run of the app on them and without reading its code (see build_content_fresh11.py); split once "
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
