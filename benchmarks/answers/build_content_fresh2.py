"""Build (and re-verify) benchmarks/answers/content_fresh2.json: a second held-out set of human-phrased content questions.

Written by a helper in the seventh session BEFORE any tuning on it and without running the app, its eval or its reader
on these questions: every answer was read off the pdfplumber text of the evidence page. Modelled on
build_content_fresh.py (same record format, same checks): questions phrased the way a user who has not read the
sentence asks them (synonyms, other word order, the answer in a sentence's second half, right after a page break or in
a list), two-part questions over two passages or two documents, "which documents ..." lists and two-document
comparisons. No question repeats a question of content_fresh.json, content_dev.json or pdf_qa.json (checked by answer
string and evidence page). The split is derived once from the ids (sha256, alternating within each kind) and never
edited by hand.

    .venv/bin/python benchmarks/answers/build_content_fresh2.py          # rebuild content_fresh2.json
    .venv/bin/python benchmarks/answers/build_content_fresh2.py --check  # verify the committed file against the PDFs
"""

# ruff: noqa: E501  (question data: one record a line reads better than wrapped strings)
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "content_fresh2.json"

FED = "federal-register-2020-17221.pdf"
ML = "issue-982-example.pdf"
DIESEL = "diesel_engines.pdf"
WARN = "WARN-Report-for-7-1-2015-to-03-25-2016.pdf"

# (id, question, answer parts, {document: [pages]}, short answer type, notes). Pages are 1-based.
Q = tuple[str, str, list[list[str]], dict[str, list[int]], str | None, str]
# fmt: off
CONTENT: list[Q] = [
    ("fr2-c01", "On which days of the month is the WARN layoff report refreshed?", [["10th"], ["25th"]],
     {WARN: [1]}, None, "p1 publication note: 'This bi-weekly report is updated on the 10th and 25th of each month'"),
    ("fr2-c02", "What do two asterisks after a company's name mean in the layoff notices?", [["cancelled"]],
     {WARN: [16]}, "other", "p16, last line under the monthly summary: '** Lay-offs have been cancelled by the Company.'"),
    ("fr2-c03", "Students of which faculty are least likely to skip lectures?", [["Civil science"]],
     {"eu-021.pdf": [5]}, "other", "p5: 'Civil science students, which comprise more males than females, are less likely to miss lessons compared to other faculties.'"),
    ("fr2-c04", "In which years of study are anxiety and chronic fatigue more common among students?", [["3rd to 5th year"]],
     {"eu-021.pdf": [2]}, "other", "p2, the end of a long sentence: 'and more 3rd to 5th year students with anxiety and chronic fatigue syndrome (Figure 3.6)'"),
    ("fr2-c05", "Among students who are dating, how many think their weight is about right?", [["70.3%"]],
     {"eu-021.pdf": [9]}, "number", "p9: 'with proportionally more dating students (70.3%) considering their weight to be right'"),
    ("fr2-c06", "What does the name of the Finnish Noste adult education programme refer to?", [["upgrading adult skills"]],
     {"eu-013.pdf": [1]}, "other", "p1: 'The name Noste (Lyftet) in Finnish refers to upgrading adult skills.'"),
    ("fr2-c07", "When were the qualification requirements for teachers in general and vocational institutions aligned in Finland?", [["1999"]],
     {"eu-013.pdf": [7]}, "date", "p7: 'Teacher qualifications for general and vocational institutions were harmonised at the beginning of 1999'"),
    ("fr2-c08", "How many years of work experience after their degree do applicants to Finnish polytechnic master's programmes need?",
     [["three years"]], {"eu-013.pdf": [3]}, "number", "p2-p3 across the page break: 'who have at least three years of post- | degree work experience in the relevant field'"),
    ("fr2-c09", "Which countries were, along with Finland, among the top four for adult participation in lifelong learning in 2005?",
     [["Denmark"], ["Sweden"], ["United Kingdom"]], {"eu-013.pdf": [4]}, None,
     "p4 (a list in brackets): 'Finland was among the four best performing countries for participation by adults in lifelong learning (with Denmark, Sweden and the United Kingdom)'"),
    ("fr2-c10", "How many ECTS credits is the master's degree that core subject teachers at vocational institutions hold?", [["300"]],
     {"eu-013.pdf": [9]}, "number", "p9 [6.2.1]: 'They have a master’s degree with a scope of 300 ECTS credits.'"),
    ("fr2-c11", "How long does vocational teacher education take for someone studying full-time?", [["one academic year"]],
     {"eu-013.pdf": [10]}, "other", "p10, first sentence after the page break: 'Students may complete the education in one academic year by studying full-time'"),
    ("fr2-c12", "Which cigarette company shows up among Europe's biggest grocery wholesalers?", [["SEITA"]],
     {"eu-004.pdf": [12]}, "other", "p12: 'Note, for example, the leading role of the wholesaling activity of the French cigarette manufacturer (SEITA)'"),
    ("fr2-c13", "How much did the market share of discount stores go up in Italy between 1991 and 1996?", [["10%"]],
     {"eu-004.pdf": [8]}, "number", "p8, second half of the sentence: 'discount stores increased their market share in all member states between 1991 and 1996 - typically by between 5% and 7%, although strangely ... by 10% in Italy'"),
    ("fr2-c14", "In which country do most studies find own-label penetration even higher than in the UK?", [["Switzerland"]],
     {"eu-004.pdf": [10]}, "place", "p10 footnote 37: 'most studies of private label record penetration rates even higher in Switzerland than in the UK'"),
    ("fr2-c15", "Which four manufacturers keep reappearing as leaders of individual EU food product markets?",
     [["Unilever"], ["Nestle"], ["Philip Morris"], ["Danone", "BSN"]], {"eu-004.pdf": [13]}, None,
     "p13 (a list): 'four firms in particular - Unilever, Nestle, Philip Morris and Danone (BSN) - re-appear frequently as the leaders in many individual product markets'"),
    ("fr2-c16", "Which small member state has a particularly strong German presence in food retailing?", [["Austria"]],
     {"eu-004.pdf": [15]}, "place", "p15: 'Austria, Belgium (and perhaps Ireland) are small countries ... and Austria, in particular has a strong German presence.'"),
    ("fr2-c17", "Which jellyfish picture was used to illustrate DeepDream?", [["Aurelia aurita"]],
     {ML: [2]}, "other", "p2: 'Fig. 2: Aurelia aurita'; 'Fig. 3: DeepDream impression of Aurelia aurita'"),
    ("fr2-c18", "Which activation function is given as an example for artificial neurons?", [["sigmoid"]],
     {ML: [1]}, "other", "p1: 'One example of such an activation function is the sigmoid function'"),
    ("fr2-c19", "What is the simplest useful model of language mentioned in the creativity paper?", [["n-gram"]],
     {ML: [3]}, "other", "p3: 'The most simple language model which is of use is an n-gram model.'"),
    ("fr2-c20", "What does gradient descent try to find on the error function?", [["minimum"]],
     {ML: [2]}, "other", "p1-p2 across the page break: 'starts at any point of the surface of this error function and | makes a step in the direction which goes downwards. Hence it tries to find a minimum'"),
    ("fr2-c21", "Since raw audio is continuous, what kind of problem did GRUV treat music generation as?", [["regression"]],
     {ML: [4]}, "other", "p4: 'As the input is continuous, the problem was modeled as a regression task.'"),
    ("fr2-c22", "Why do the school spending projections in current dollars stop after 2014–15?", [["inflation"]],
     {"us-018.pdf": [6, 7]}, "other", "p6 (and p7) note: 'projections in current dollars are not shown after 2014–15 due to uncertain behavior of inflation over time'"),
    ("fr2-c23", "How often is the Private School Universe Survey conducted?", [["biennial", "odd-numbered years"]],
     {"us-018.pdf": [4, 5]}, "other", "p4 (and p5) footnote 1: 'Since the biennial Private School Universe Survey (PSS) is collected in the fall of odd-numbered years'"),
    ("fr2-c24", "Which price index is used to convert school spending into constant dollars?", [["Consumer Price Index", "CPI"]],
     {"us-018.pdf": [6, 7]}, "other", "p6 (and p7) footnote 1: 'Based on the Consumer Price Index (CPI) for all urban consumers, Bureau of Labor Statistics'"),
    ("fr2-c25", "When were the per-state projections of how many students will graduate from public high schools compiled?", [["January 2012"]],
     {"us-018.pdf": [2, 3]}, "date", "p2 (Table 14, continued) source: '(This table was prepared January 2012.)'; also p3 (Table 15)"),
    ("fr2-c26", "How far apart must the two angle of attack sensors read before the AOA DISAGREE alert comes on?", [["10 degrees"]],
     {FED: [3]}, "number", "p3 footnote 13 (to 'differences between the two AOA sensors greater than a certain threshold'): 'More than 10 degrees difference for more than 10 seconds.'"),
    ("fr2-c27", "Which earlier Lion Air flight had the same faulty angle of attack reading but landed safely?", [["043"]],
     {FED: [2]}, "label", "p2 footnote 6: 'on the flight just prior to the accident flight (Lion Air Flight 043), the airplane experienced the same single erroneously high AOA sensor failure'; 'was able to maintain continued safe flight and land'"),
    ("fr2-c28", "With the new flight control software, where will its STAB OUT OF TRIM indicator also come on?", [["on the ground"]],
     {FED: [4]}, "other", "p4: 'Under the new design, as part of the aforementioned FCC software update, this light will now also illuminate on the ground'"),
    ("fr2-c29", "How should a commenter mark each page that holds confidential business information?", [["PROPIN"]],
     {FED: [1]}, "label", "p1: 'Please mark each page of your submission containing CBI as ‘‘PROPIN.’’'"),
    ("fr2-c30", "Which Boeing service bulletin covers the angle of attack sensor system test and the readiness flight?", [["737-00-1028", "737–00–1028"]],
     {FED: [5]}, "label", "p5: 'Boeing Special Attention Service Bulletin 737–00–1028, dated July 20, 2020, describes procedures for an AOA sensor system test and an operational readiness flight.'"),
    ("fr2-c31", "Which title of the U.S. Code grants the FAA power to make aviation safety rules?", [["Title 49"]],
     {FED: [6]}, "label", "p6: 'Title 49 of the United States Code specifies the FAA’s authority to issue rules on aviation safety.'"),
    ("fr2-c32", "Which state's intrastate flying does the FAA certify the proposed 737 MAX rule will leave unaffected?", [["Alaska"]],
     {FED: [6]}, "place", "p6, in a list of three certifications: '(2) Will not affect intrastate aviation in Alaska'"),
    ("fr2-c33", "Who signed the proposed 737 MAX airworthiness directive?", [["Lance T. Gant", "Gant"]],
     {FED: [15]}, "person", "p15: 'Issued on August 3, 2020. Lance T. Gant, Director, Compliance & Airworthiness Division, Aircraft Certification Service.'"),
    ("fr2-c34", "How big a gap between the two pilots' airspeed displays sets off the airspeed disagree alert?",
     [["5 knots"]], {FED: [2]}, "number", "p2 footnote 5: 'the airspeed displayed on the captain’s and first officer’s PFDs ... disagree by more than 5 knots for more than 5 seconds'"),
    ("fr2-c35", "At what pressure are engine components tested hydraulically?", [["1,5 times", "1.5 times"]],
     {DIESEL: [19]}, "other", "p19 note (3) to Table 8: 'Items are to be tested by hydraulic pressure at the pressure equal to 1,5 times the maximum working pressure.'"),
    ("fr2-c36", "Where must crankcase relief valves be placed on engines whose cylinder bore is no more than 250 mm?", [["near each end"]],
     {DIESEL: [6]}, "other", "p6 [2.3.4] b): 'Engines having a cylinder bore not exceeding 250 mm, are to have at least one valve near each end'"),
    ("fr2-c37", "Above what engine power must the lubricating oil system have low-pressure alarms?", [["37 kW"]],
     {DIESEL: [9]}, "number", "p9 [2.7.2]: 'The lubricating oil system of diesel engines with a power equal to or in excess of 37 kW is to be fitted with alarms'"),
    ("fr2-c38", "Within how many seconds must an emergency generator take on its whole load when it is loaded step by step?", [["45 seconds"]],
     {DIESEL: [9]}, "number", "p9 [2.7.5] e) (a list): 'the total load is supplied within 45 seconds since power failure on the main switchboard'"),
    ("fr2-c39", "How quickly must a charging device be able to recharge the starting batteries?", [["6 hours"]],
     {DIESEL: [14]}, "number", "p14 [3.1.2] d): 'Each charging device is to have at least sufficient rating for recharging the required capacity of batteries within 6 hours.'"),
    ("fr2-c40", "What is the highest surface temperature allowed for an engine's exhaust system?", [["220°C", "220 °C"]],
     {DIESEL: [14]}, "number", "p14 [3.4.1]: 'the exhaust system is to be efficiently cooled or insulated in such a way that the surface temperature does not exceed 220°C'"),
    ("fr2-c41", "How long does the full-load endurance test for high-speed marine engines last?", [["100 hours"]],
     {DIESEL: [15]}, "number", "p15 [4.1.4] e): 'High speed engines for marine use are normally to be subjected to an endurance test of 100 hours at full load.'"),
    ("fr2-c42", "If a turbocharger is out of action, at what share of full speed must a single-propulsion engine with a fixed pitch propeller still run?",
     [["40%"]], {DIESEL: [16]}, "number", "p16 [4.1.7] f): 'able to run continuously at a speed (r.p.m.) of 40% of full speed along the theoretical propeller curve when one turbocharger is out of operation'"),
    ("fr2-c43", "What instrument reads surface temperatures when the hot-surface insulation is checked during the witnessed type tests?",
     [["Infrared Thermoscanning Equipment", "Infrared Thermoscanning"]], {DIESEL: [17]}, "other",
     "p17 [4.1.7] i): 'Readings of surface temperatures are to be done by use of Infrared Thermoscanning Equipment.'"),
    ("fr2-c44", "What other name is used for the works trials of a diesel engine?", [["Factory Acceptance Test"]],
     {DIESEL: [20]}, "label", "p20: '4.3.3 Works trials (Factory Acceptance Test)' (also the heading '4.3 Factory Acceptance Test')"),
]

MULTI: list[Q] = [
    ("fr2-m01", "What degree should the principal of a vocational adult education centre hold, and how many ECTS credits of extra studies do guidance counsellors in vocational schools need?",
     [["master’s degree", "master's degree"], ["60 ECTS"]], {"eu-013.pdf": [10, 11]}, None,
     "p11: 'Principals at vocational adult education centres should hold a master’s degree'; p10 [6.2.4]: 'In addition they are required to undertake 60 ECTS credits organised by vocational teacher education colleges.'"),
    ("fr2-m02", "On what date did the FAA ban the 737 MAX from flying, and what is the date of the Boeing bulletin on installing the MDS software?",
     [["March 13, 2019"], ["June 12, 2020"]], {FED: [4, 5]}, None,
     "p4: 'On March 13, 2019, the FAA issued an Emergency Order of Prohibition'; p5 Proposed AD Requirements: 'Installing revised MDS software ... Boeing Special Attention Service Bulletin 737–31–1860, dated June 12, 2020' (on p4 the date is split by the other column)"),
    ("fr2-m03", "Who gave the formal definition of machine learning quoted in the creativity paper, and what is the number of the Finnish Universities Act?",
     [["Mitchel", "Mitchell"], ["645/1997"]], {ML: [1], "eu-013.pdf": [6]}, None,
     "issue-982 p1: 'A formal definition of the field of Machine Learning is given by Tom Mitchel [Mit97]'; eu-013 p6: 'The Universities Act 645/1997 (see Annex 3) determines an equivalent obligation for universities.'"),
    ("fr2-m04", "What share of students call themselves very underweight, and what share suffer from asthma?",
     [["1.4%"], ["6.3%"]], {"eu-021.pdf": [3, 8]}, None,
     "p8: 'Almost 10% believe they are underweight, while 1.4% are very underweight'; p3 Table 3.1: 'Asthma Count 31 22 Percentage 6.3% 4.4%'"),
    ("fr2-m05", "Up to what tensile strength may cast alloyed steel crankshafts be accepted, and up to what bore may the bursting disc on the starting air line be left out?",
     [["700 N/mm2"], ["230 mm"]], {DIESEL: [6, 13]}, None,
     "p6 [2.1.1] b): 'between 400 N/mm2 and 700 N/mm2 for cast alloyed steel'; p13 [3.1.1] c): 'The bursting disc or flame arrester above may be omitted for engines having a bore not exceeding 230 mm.'"),
    ("fr2-m06", "Which large member state do the authors of the EU food retailing overview call an enigma, and which model produced the U.S. new teacher hire estimates?",
     [["Italy"], ["New Teacher Hires Model"]], {"eu-004.pdf": [15], "us-018.pdf": [4]}, None,
     "eu-004 p15: 'Moreover, Italy is an enigma.'; us-018 p4 footnote 2: 'Public and private new teacher hire numbers are estimated using the New Teacher Hires Model.'"),
    ("fr2-m07", "Which documents mention Switzerland?", [], {}, None, "'switzerland' occurs"),
    ("fr2-m08", "Which reports say something about inflation?", [], {}, None, "'inflation' occurs"),
    ("fr2-m09", "Which files talk about fatigue?", [], {}, None, "'fatigue' occurs"),
    ("fr2-m10", "Which came out first: the Bureau Veritas diesel engine rules or the FAA's proposed 737 MAX airworthiness directive?",
     [["January 2020"], ["August 6, 2020"]], {DIESEL: [1], FED: [1]}, None,
     "diesel p1 footer: '48 Bureau Veritas January 2020'; federal register p1 header: 'Thursday, August 6, 2020' (comparison: both dates are needed)"),
    ("fr2-m11", "Which lasts longer, a diesel engine type approval certificate or Finland's Noste adult education programme?",
     [["5 years"], ["five-year"]], {DIESEL: [22], "eu-013.pdf": [1]}, None,
     "diesel p22 [4.4.1] c): 'The maximum period of validity of a type approval certificate is 5 years.'; eu-013 p1: 'The Noste programme is a five-year (2003-07) action programme' (comparison: the same length)"),
    ("fr2-m12", "Which is older: the Finnish Polytechnics Act or the FAA wire separation standard that the 737 MAX trim wiring does not meet?",
     [["351/2003"], ["2007"]], {"eu-013.pdf": [6], FED: [4]}, None,
     "eu-013 p6: 'The Polytechnics Act 351/2003 (see Annex 3) also includes provisions on evaluation'; federal register p4: 'does not meet the criteria specified in 14 CFR 25.1707. This design standard was promulgated in 2007' (comparison: both years are needed)"),
]
# fmt: on


DESCRIPTION = (
    "A second set of fresh human-phrased content questions over reports/, written by a helper in the seventh "
    "session before any tuning, without running the app on them (see build_content_fresh2.py); split once by "
    "sha256(id), alternating within each kind."
)


def main() -> int:
    # The same record building and checks as content_fresh.json's (and the same split rule).
    sys.path.insert(0, str(HERE))
    from build_content_fresh import run

    return run(OUT, CONTENT, MULTI, DESCRIPTION)


if __name__ == "__main__":
    sys.exit(main())
