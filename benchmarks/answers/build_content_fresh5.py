"""Build (and re-verify) benchmarks/answers/content_fresh5.json: a fifth held-out set of human-phrased questions, mostly multi-part.

Written by a helper BEFORE any tuning on it and without running the app, its eval, its retrieval or its reader on
these questions: every answer was read off the pdfplumber text of the evidence page. Modelled on
build_content_fresh4.py (same record format, same checks, the same builder: build_content_fresh.run). The emphasis
is on MULTI questions (the weak spot), 36 of them:

- 12 two-part questions whose facts sit on different pages of one document or in two documents, joined the ways
  users join them ("X, and Y?", "X and also Y?", "X? And Y?", "X; also, Y", "which ... and when ...", a second part
  that says "it"/"them" for the first part's subject, a second part that names another file);
- 8 two-part questions over one table or one passage (two cells of a row, a value and its date, two figures of one
  sentence);
- 8 comparisons ("Which is larger/older/later ...: A or B?", "Compare ...", "How does ... differ between A and B?",
  "Did ... more ...?"), both values required;
- 8 "which documents/files/PDFs ..." lists, phrased variously, over words that occur (case-insensitively) in 2 to 5
  files and that no earlier list asked about.

Plus 12 one-passage content questions (a footnote, a table note, a list item, the second half of a sentence). They
are phrased the way a user who has not read the text asks them (synonyms, other word order, no run of five words
copied from the source).

No question asks for the same fact as an earlier set: `earlier_overlaps()` (run by `main`, so by both the build and
`--check`) fails when an answer string of this set equals, case-insensitively (dashes, thousands separators and
spaces normalised), an acceptable answer of a question of content_dev.json, content_fresh.json, content_fresh2.json,
content_fresh3.json, content_fresh4.json, pdf_qa.json (and, to be safe, paraphrases_dev.json, tables_dev2.json,
tables_dev2_fresh.json, tables_fresh.json) that cites the same document page, or when a "which documents" list
repeats an earlier list's word. The split is derived once from the ids (sha256, alternating within each kind) and
never edited by hand.

    .venv/bin/python benchmarks/answers/build_content_fresh5.py          # rebuild content_fresh5.json
    .venv/bin/python benchmarks/answers/build_content_fresh5.py --check  # verify the committed file against the PDFs
"""

# ruff: noqa: E501  (question data: one record a line reads better than wrapped strings)
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "content_fresh5.json"

FED = "federal-register-2020-17221.pdf"
ML = "issue-982-example.pdf"
DIESEL = "diesel_engines.pdf"
WARN = "WARN-Report-for-7-1-2015-to-03-25-2016.pdf"
GHANA = "Publication_of_award_of_Bids_for_Transport_Sector__August_2016.pdf"
NICS = "nics-background-checks-2015-11.pdf"
NICS_ROT = "nics-background-checks-2015-11-rotated.pdf"
JAL = "issue-53-example.pdf"
RRE = "background_lines_1.pdf"

# The earlier sets whose answers this one must not repeat on the same document page.
EARLIER = (
    "content_dev.json", "content_fresh.json", "content_fresh2.json", "content_fresh3.json", "content_fresh4.json",
    "pdf_qa.json", "paraphrases_dev.json", "tables_dev2.json", "tables_dev2_fresh.json", "tables_fresh.json",
)  # fmt: skip

# (id, question, answer parts, {document: [pages]}, short answer type, notes). Pages are 1-based.
Q = tuple[str, str, list[list[str]], dict[str, list[int]], str | None, str]
# fmt: off
CONTENT: list[Q] = [
    ("fr5-c01", "When the high-pressure parts of a fuel injection system are pressure tested, what may be added to the maximum working pressure instead of taking one and a half times it, if that gives less?", [["300 bar", "plus 300 bar"]],
     {DIESEL: [19]}, "number", "p19 (Tab 8) footnote (3), its second sentence: 'High pressure parts of the fuel injection system are to be tested by hydraulic pressure at the pressure equal to 1,5 maximum working pressure or maximum working pressure plus 300 bar, whichever is the less.'"),
    ("fr5-c02", "According to the NICS disclaimers, why can't one firearm background check be equated with one gun sale?", [["varying state laws", "purchase scenarios"]],
     {NICS: [1], NICS_ROT: [1]}, "other", "p1 DISCLAIMERS of both NICS files: 'These statistics represent the number of firearm background checks initiated through the NICS They do not represent the number of firearms sold Based on varying state laws and purchase scenarios, a one-to-one correlation cannot be made between a firearm background check and a firearm sale'"),
    ("fr5-c03", "From what output per cylinder must the exhaust gas temperature of a main propulsion diesel be indicated for every single cylinder?", [["500 kW/cylinder", "500 kW"]],
     {DIESEL: [11, 12]}, "number", "p11 (Tab 4) footnote (4), repeated as footnote (2) of Tab 5 on p12: 'Indication is required after each cylinder, for engines of 500 kW/cylinder and above'"),
    ("fr5-c04", "Which of the checklists the FAA wants added to the 737 MAX flight manual is not in Boeing's Quick Reference Handbook yet either?", [["IAS Disagree"]],
     {FED: [3]}, "label", "p3 footnote 15: 'All of the checklists that the FAA proposes to revise or add to the AFM are already part of Boeing's Quick Reference Handbook, or QRH, for the 737 MAX (except for the IAS Disagree checklist, which is new to both the AFM and the QRH).'"),
    ("fr5-c05", "Whose copyright notice shows up in the second machine-generated Linux code sample of the creativity paper's appendix?", [["Intel Mobile Communications", "Intel"]],
     {ML: [7]}, "other", "p7 Appendix A, D. Linux Code, 2: '* Copyright (c) 2006-2010, Intel Mobile Communications. All rights reserved.'"),
    ("fr5-c06", "How does Cope characterise a composer's 'signature' that Emmy was built to find?", [["contiguous patterns"]],
     {ML: [4]}, "other", "p4 V.A, the paragraph's later sentence: 'It tries to find the “signature” of a composer, which Cope describes as “contiguous patterns that recur in two or more works of the composer”.'"),
    ("fr5-c07", "Are men or women students more likely to say that drinking and drugs drag down their grades?", [["male", "men"]],
     {"eu-021.pdf": [8]}, "other", "p8, first sentence: 'Figure 3.9 shows that percentage wise, there are more male students whose academic performances is affected negatively by alcohol and drug use.'"),
    ("fr5-c08", "Below what size were 4th-grade classes merged with others into pseudo-classrooms for the U.S. PIRLS sample?", [["fewer than 15 students", "15 students", "15"]],
     {"us-020.pdf": [1]}, "number", "p1 Classroom sample: 'Prior to sampling, classes with fewer than 15 students were collapsed with other classes into what are called pseudo-classrooms.'"),
    ("fr5-c09", "In the PIRLS nonresponse bias study, which test checked whether a categorical school characteristic was unrelated to whether the school took part?", [["Rao-Scott"]],
     {"us-020.pdf": [6]}, "label", "p6: 'The hypothesis of independence between a given school characteristic and the response status (whether or not the school participated) was tested using a Rao-Scott modified chi-square statistic.'"),
    ("fr5-c10", "What cheap way of turning an ordinary speedometer into a driving feedback aid does the NREL report suggest?", [["stickers", "placing stickers"]],
     {"us-030.pdf": [1]}, "other", "p1: 'Section 5 gives an example of how this could be done simply by placing stickers around a typical analog speedometer.'"),
    ("fr5-c11", "Under what other name, given in brackets, does the Noste adult education programme also go?", [["Lyftet"]],
     {"eu-013.pdf": [1]}, "label", "p1 5.1.3, the paragraph's last sentence: 'The name Noste (Lyftet) in Finnish refers to upgrading adult skills.'"),
    ("fr5-c12", "How many radio listener clubs were set up in each targeted district to back NACO's Hindi radio shows?", [["100 Radio Listener Clubs", "100"]],
     {RRE: [1]}, "number", "p1, right column (pdfplumber interleaves the two columns): 'The programmes were linked to the ground mobilisation in 21 vulnerable districts, in the states of UP, Bihar, Rajasthan, MP and Delhi through 100 Radio Listener Clubs formed in each of these districts.'"),
]

MULTI: list[Q] = [
    # two parts on different pages of one document or in two documents
    ("fr5-m01", "What's the docket number of the 737 MAX proposal, and the one of the Pilatus PC-12/47E proposal printed after it?",
     [["FAA–2020–0686", "2020-0686"], ["FAA–2020–0746", "2020-0746"]], {FED: [1, 15]}, None,
     "p1 header: '[Docket No. FAA–2020–0686; Product Identifier 2019–NM–035–AD]'; p15, the Pilatus notice: '[Docket No. FAA–2020–0746; Product Identifier 2019–CE–012–AD]'"),
    ("fr5-m02", "How many separate batteries does a main engine with electrical starting need? And down to what temperature must an emergency generating set start readily from cold?",
     [["two separate batteries", "two", "2"], ["0°C", "0 °C"]], {DIESEL: [13, 14]}, None,
     "p13 [3.1.2] a): 'Where main internal combustion engines are arranged for electrical starting, at least two separate batteries are to be fitted.'; p14 [3.1.3] a): 'Emergency generating sets are to be capable of being readily started in their cold condition at a temperature of 0°C.'"),
    ("fr5-m03", "How many international passengers did the JAL Group fly in FY2014, and how many domestic ones?",
     [["7,793,704"], ["31,557,697"]], {JAL: [1, 3]}, None,
     "p1 (1.1 International Passenger Traffic): 'FY2014 7,793,704 100.9 ...'; p3 (2. Total Domestic Pax Traffic): 'FY2014 31,557,697 100.0 ...'"),
    ("fr5-m04", "How many employees did the California WARN notices received in July 2015 affect? And those received in January 2016?",
     [["8,574"], ["6,617"]], {WARN: [15, 16]}, None,
     "p15, summary by month (Notices, Employees Affected, ...): 'July 2015 71 8,574 30 2 13 25 1 0'; p16: 'January 2016 85 6,617 28 0 7 47 0 3'"),
    ("fr5-m05", "What did Weizenbaum's secretary request when he peeked at her chat with his program; also, which state agency teamed up with the Texas Transportation Institute on the 2006 GPS data?",
     [["leaving the room", "leave the room"], ["Texas Department of Transportation"]], {ML: [4], "us-030.pdf": [2]}, None,
     "issue-982 p4 IV.B: 'When he looked over her shoulder, she asked him “would you mind leaving the room”.'; us-030 p2: 'GPS travel data collected in 2006 as part of a study by the Texas Transportation Institute and the Texas Department of Transportation (Ojah and Pearson 2008)'"),
    ("fr5-m06", "Which French body assisted the inquiry into the Ethiopian Airlines crash, and when was the original, unrevised Boeing bulletin on the trim wire bundle routing dated?",
     [["Bureau of Enquiry and Analysis", "BEA"], ["June 10, 2020"]], {FED: [2, 14]}, None,
     "p2: 'The accident is under investigation by the Ethiopian Accident Investigation Bureau (EAIB) with assistance from the NTSB and the FAA of the United States, the French Bureau of Enquiry and Analysis for Civil Aviation Safety (BEA), ...'; p14 (o) Credit for Previous Actions: '... using Boeing Special Attention Service Bulletin 737–27–1318, dated June 10, 2020.' (the AD itself calls for Revision 1, dated June 24, 2020)"),
    ("fr5-m07", "In the Ghana transport sector awards, who was hired to supervise the building of the GTTC classrooms and workshop, and which contractor actually built them?",
     [["Arscale Consult", "Arscale"], ["Memphis Metropolitan"]], {GHANA: [3, 5]}, None,
     "p3 row 27: 'Consultancy services for supervision of construction of classrooms and workshop for GTTC ... CQS Arscale Consult ... 25,370.63 US$'; p5 row 42: 'Construction of classrooms and workshop for GTTC ... NCB Memphis Metropolitan Limited ... 2,114,809.44 GHS'"),
    ("fr5-m08", "Overall, what share of U.S. 4th-graders were excluded from PIRLS 2011? And in eu-021.pdf, what share of students said an eating disorder hurt their studies a lot?",
     [["7 percent", "7%"], ["3.4%"]], {"us-020.pdf": [1], "eu-021.pdf": [7]}, None,
     "us-020 p1: 'Together, these 669 students excluded prior to classroom sampling, plus the 830 within-class exclusions, resulted in an overall student exclusion rate of 7 percent'; eu-021 p7 (Table 3.2): 'Eating disorder Count 16 39 409 / Percentage 3.4% 8.4% 88.1%' (the 'Quite a lot' column)"),
    ("fr5-m09", "At how many stations is the Red Ribbon Express due to halt on its year-long journey, and also how many U.S. schools were in the original PIRLS 2011 sample?",
     [["152 stations", "152"], ["450"]], {RRE: [1], "us-020.pdf": [4]}, None,
     "background_lines_1 p1: 'The train will travel through 22 states, during its one year long journey, halting at 152 stations.'; us-020 p4 (Table A-2): 'United States 450 437 349 21 370 14,253 12,726' (the first column: schools in original sample)"),
    ("fr5-m10", "Which age group does Eurostat's measure of adult participation in lifelong learning cover, and do Finnish vocational teachers usually have to pay for their continuing training?",
     [["25-64", "25–64", "25 to 64"], ["free of charge"]], {"eu-013.pdf": [4, 12]}, None,
     "p4 footnote (6): 'Lifelong learning participation is considered as the percentage of those aged 25-64 participating in education and training during the four weeks preceding the survey.'; p12: 'Most continuing training is free of charge and teachers enjoy full salary benefits during their participation.'"),
    ("fr5-m11", "Which book by Cope explains Emily Howell in detail, and who published it?",
     [["Computer models of musical creativity"], ["MIT Press"]], {ML: [4, 5]}, None,
     "p4 V.A: 'Cope mentions that Emily Howell is explained in detail in [Cop05].'; p5 references: '[Cop05] ——, Computer models of musical creativity. MIT Press Cambridge,2005.'"),
    ("fr5-m12", "In the witnessed type test, for how long is an engine normally run at its rated power, and what is done with a high-speed marine engine once the type test is over?",
     [["2 hours", "two hours"], ["stripped down", "complete inspection"]], {DIESEL: [16, 17]}, None,
     "p16 [4.1.7] d): 'Rated power (MCR), i.e. 100% output at 100% torque and 100% speed corresponding to load point 1, normally for 2 hours with data collection with an interval of 1 hour.'; p17 [4.1.8] b): 'High speed engines for marine use are normally to be stripped down for a complete inspection after the type test.'"),
    # two parts in one table or one passage
    ("fr5-m13", "Along the nominal propeller curve, what engine speeds go with part loads of 75% and of 50% of rated power in the witnessed tests?",
     [["90.8%"], ["79.3%"]], {DIESEL: [16]}, None,
     "p16 [4.1.7] d): 'Part loads e.g. 75%, 50% and 25% of rated power and speed according to nominal propeller curve (i.e. 90.8%, 79.3% and 62.9% speed)'"),
    ("fr5-m14", "For the 737 MAX stabilizer wiring change, what are the FAA's upper estimates of the labour hours and of the parts cost per airplane?",
     [["79 work-hours", "79"], ["$3,790", "3,790"]], {FED: [6]}, None,
     "p6 cost table: 'Stabilizer wiring change ... Up to 79 work-hours × $85 per hour = Up to $6,715. Up to $3,790 ... Up to $10,505 ... Up to $766,865.'"),
    ("fr5-m15", "Under which two Finnish acts do vocational education providers have to evaluate what they offer and take part in external evaluations?",
     [["630/1998"], ["631/1998"]], {"eu-013.pdf": [6]}, None,
     "p6 5.5: 'Act 630/1998 on Vocational Education and Act 631/1998 on Adult Vocational Education (see Annex 3) require education providers to evaluate their educational provision and its effectiveness and to participate in external evaluations of their operations.'"),
    ("fr5-m16", "What fuel saving potential did the interim NREL report find for driving profiles at either extreme of kinetic intensity, and what for the ones in between?",
     [["60%"], ["30%–40%", "30%-40%", "30-40%"]], {"us-030.pdf": [2]}, None,
     "p2: 'The results indicated a fuel savings potential of roughly 60% for the drive profiles with either very high or very low KI and of 30%–40% for the cycles with moderate KI values.'"),
    ("fr5-m17", "How much did The Saint Paul Foundation contribute to the Strong Schools referendum campaign, and on what date?",
     [["25,000.00", "25,000"], ["9/27/2012", "September 27, 2012"]], {"schools.pdf": [5]}, None,
     "p5, the largest contribution: 'The Saint Paul Foundation 55 Fifth Street East, Suite 600 Saint Paul MN 55101 9/27/2012 25,000.00'"),
    ("fr5-m18", "What revaluation gain and what costs did the Privium Done Hedge Fund book for its first period?",
     [["2,076,667"], ["106,870"]], {"edge_tol.pdf": [1]}, None,
     "p1 Investment result: 'Revaluation 2,076,667 / Costs (106,870) / Total investment result for the period1 1,969,797'"),
    ("fr5-m19", "Of the students listed in the sampled U.S. PIRLS classrooms, how many had left the school or class by test time, and how many eligible students remained after exclusions and those departures?",
     [["169"], ["13,254"]], {"us-020.pdf": [1]}, None,
     "p1 Student sample: 'also by the time of the assessment a further 169 of the listed students had withdrawn from the school or classroom. In total, the pool of 14,253 sampled students was reduced by 999 students (830 excluded and 169 withdrawn) to yield 13,254 “eligible” students.'"),
    ("fr5-m20", "How much was the Ghana Meteorological Agency's consultancy contract under the transport sector project worth, and what data was it to review?",
     [["498,124.90"], ["Rainfall Data", "rainfall"]], {GHANA: [4]}, None,
     "p4 row 33: 'Consultancy services for the Coordination of the Review of the Intensity Duration Frequency (IDF) of the Rainfall Data and Graphs ... SSS Ghana Meteorological Agency ... 498,124.90 GHS 24‐Aug‐15'"),
    # comparisons: both values are needed
    ("fr5-m21", "Which layoff notice filed in July 2015 covered more workers: Microsoft's in San Diego or Cisco's in San Jose?",
     [["129"], ["192"]], {WARN: [1, 2]}, None,
     "p1: '07/08/2015 ... Microsoft Corporation San Diego 129 Layoff Permanent'; p2: '07/21/2015 ... Cisco Systems, Inc. San Jose 192 Layoff Permanent' (comparison: both numbers are needed)"),
    ("fr5-m22", "Which came out first: Indonesia's final KNKT report on the Lion Air accident, or Ethiopia's preliminary report on the flight 302 crash?",
     [["October 2019"], ["March 2019"]], {FED: [2]}, None,
     "p2 footnote 1: 'Final KNKT.18.10.35.04 Aircraft Accident Investigation Report, dated October 2019'; footnote 7: 'Ethiopian Aircraft Accident Investigation Preliminary Report AI–01/19, dated March 2019' (comparison: both dates are needed)"),
    ("fr5-m23", "Did JAL carry more passengers on its Korea routes or on its China routes in December 2015?",
     [["47,126"], ["97,180"]], {JAL: [2]}, None,
     "p2 (1.2 Monthly International Passenger Route Traffic Data, Dec-2015): 'Korea 47,126 84.7 ...'; 'China 97,180 99.6 ...' (comparison: both numbers are needed)"),
    ("fr5-m24", "Which is older: Cope's 'Experiments in music intelligence' report cited by the creativity paper, or the GPS travel data that NREL's drive cycles were taken from?",
     [["1987"], ["2006"]], {ML: [5], "us-030.pdf": [2]}, None,
     "issue-982 p5 reference: '[Cop87] D. Cope, “Experiments in music intelligence (emi),” 1987.'; us-030 p2: 'a large set of real-world global positioning system (GPS) travel data collected in 2006' (comparison: both years are needed)"),
    ("fr5-m25", "Which state had more public high school graduates in 2008–09, Florida or Georgia?",
     [["153,461"], ["88,003"]], {"us-018.pdf": [1]}, None,
     "p1 (Table 14), column 2008–09: 'Florida 131,418 133,318 134,686 142,284 149,046 153,461 ...'; 'Georgia 68,550 70,834 73,498 77,829 83,505 88,003 ...' (comparison: both numbers are needed)"),
    ("fr5-m26", "Compare Florida's total NICS firearm background checks in November 2015 with its number of public high school graduates in 2007–08.",
     [["103,532"], ["149,046"]], {NICS: [1], "us-018.pdf": [1]}, None,
     "nics p1: 'Florida 15,907 50,796 28,981 ... 103,532' (the Totals column); us-018 p1 (Table 14), column 2007–08: 'Florida ... 149,046' (comparison: both numbers are needed)"),
    ("fr5-m27", "Which contract was bigger: the one for building the driving test grounds at Tema or the one for the driver testing grounds at Kumasi?",
     [["1,394,637.32"], ["2,761,306.04"]], {GHANA: [5]}, None,
     "p5 row 43: 'Construction of Driving Test Grounds at Tema DVLA Regional Office ... Legna Const. Works Ltd ... 1,394,637.32 GHS'; row 44: 'Construction of Driver Testing Grounds at One (1) Station in the Northern Sector of Ghana - Kumasi ... Chucatel Ghana Ltd ... 2,761,306.04 GHS' (comparison: both amounts are needed)"),
    ("fr5-m28", "How does the weighted student response rate in PIRLS 2011 differ between Norway and the United States?",
     [["86"], ["96"]], {"us-020.pdf": [2]}, None,
     "p2 (Table A-1), column 'Weighted student response rate': 'Norway 100 4 57 83 86 71'; 'United States 100 7 80 85 96 81' (comparison: both rates are needed)"),
    # "which documents ..." lists
    ("fr5-m29", "Which files mention Germany?", [], {}, None, "'germany' occurs"),
    ("fr5-m30", "In which PDFs does Kansas appear?", [], {}, None, "'kansas' occurs"),
    ("fr5-m31", "Which documents draw on data from Eurostat?", [], {}, None, "'eurostat' occurs"),
    ("fr5-m32", "Which of the uploaded documents refer to the census?", [], {}, None, "'census' occurs"),
    ("fr5-m33", "Which reports talk about Maharashtra?", [], {}, None, "'maharashtra' occurs"),
    ("fr5-m34", "Where is Microsoft mentioned in my documents?", [], {}, None, "'microsoft' occurs"),
    ("fr5-m35", "Which documents say anything about music?", [], {}, None, "'music' occurs"),
    ("fr5-m36", "Which PDFs contain something on insurance?", [], {}, None, "'insurance' occurs"),
]
# fmt: on


DESCRIPTION = (
    "A fifth set of fresh human-phrased questions over reports/ and tables/, mostly multi-part (two facts on two "
    "pages or in two files, two cells of one table, comparisons, 'which documents' lists), written by a helper before "
    "any tuning, without running the app on them (see build_content_fresh5.py); split once by sha256(id), "
    "alternating within each kind."
)


def main() -> int:
    # The same record building, checks and split rule as content_fresh.json's, and the overlap check of the fresh sets.
    sys.path.insert(0, str(HERE))
    from build_content_fresh import run_checked

    return run_checked(OUT, CONTENT, MULTI, DESCRIPTION, EARLIER)


if __name__ == "__main__":
    sys.exit(main())
