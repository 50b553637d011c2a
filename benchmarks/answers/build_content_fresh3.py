"""Build (and re-verify) benchmarks/answers/content_fresh3.json: a third held-out set of human-phrased content questions.

Written by a helper BEFORE any tuning on it and without running the app, its eval or its reader on these questions:
every answer was read off the pdfplumber text of the evidence page. Modelled on build_content_fresh2.py (same record
format, same checks, the same builder: build_content_fresh.run): one-passage questions over all 8 files of reports/,
phrased the way a user who has not read the sentence asks them (synonyms, other word order, no run of five words
copied from the sentence, the answer in a sentence's second half, in a list item or in a passage's later sentences),
two-part questions over two passages or two documents, "which documents ..." lists and two-document comparisons. No
question asks for an answer string on the same evidence page as a question of content_fresh.json, content_fresh2.json,
content_dev.json or pdf_qa.json (checked programmatically). The split is derived once from the ids (sha256,
alternating within each kind) and never edited by hand.

    .venv/bin/python benchmarks/answers/build_content_fresh3.py          # rebuild content_fresh3.json
    .venv/bin/python benchmarks/answers/build_content_fresh3.py --check  # verify the committed file against the PDFs
"""

# ruff: noqa: E501  (question data: one record a line reads better than wrapped strings)
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "content_fresh3.json"

FED = "federal-register-2020-17221.pdf"
ML = "issue-982-example.pdf"
DIESEL = "diesel_engines.pdf"
WARN = "WARN-Report-for-7-1-2015-to-03-25-2016.pdf"

# (id, question, answer parts, {document: [pages]}, short answer type, notes). Pages are 1-based.
Q = tuple[str, str, list[list[str]], dict[str, list[int]], str | None, str]
# fmt: off
CONTENT: list[Q] = [
    # diesel_engines.pdf (Bureau Veritas rules)
    ("fr3-c01", "What is the highest tensile strength that forged steel crankshafts may normally have?", [["1000 N/mm2", "1000 N/mm²"]],
     {DIESEL: [6]}, "number", "p6 [2.1.1]: 'In general, crankshafts are to be of forged steel having a tensile strength not less than 400 N/mm2 and not greater than 1000 N/mm2.' (the upper bound, second half of the sentence)"),
    ("fr3-c02", "By how much may an engine's speed governor let it run above its rated speed?", [["15%", "15 %"]],
     {DIESEL: [9]}, "number", "p9 [2.7.3], end of the sentence: 'fitted with a speed governor so adjusted that the engine does not exceed the rated speed by more than 15%'"),
    ("fr3-c03", "If the electronic governor of a generator's auxiliary engine develops a fault, what should the fuel admission go to?", [["zero"]],
     {DIESEL: [10]}, "other", "p10 [2.7.7] d): 'In the event of a fault in the electronic governor system the fuel admission is to be set to “zero”.'"),
    ("fr3-c04", "How many starts in a row must the stored energy of an automatically started emergency generator set be good for?", [["three"]],
     {DIESEL: [14]}, "number", "p14 [3.1.3] b): 'Each emergency generating set arranged to be automatically started shall be equipped with starting devices approved by the Society with a stored energy capability of at least three consecutive starts.'"),
    ("fr3-c05", "Into how many stages is the type testing of an engine divided?", [["3 stages"]],
     {DIESEL: [15]}, "number", "p15 [4.1.4] a): 'The type testing is divided into 3 stages:' (Stage A internal tests, Stage B witnessed tests, Stage C component inspection)"),
    ("fr3-c06", "How many idle-to-full-load cycles must the propulsion engine of a fast craft whose load changes often go through in type testing?", [["500 cycles", "500"]],
     {DIESEL: [15]}, "number", "p15 [4.1.4] e), the paragraph's later sentence: 'Propulsion engines for high speed vessels that may be used for frequent load changes from idle to full are normally to be tested with at least 500 cycles (idle - full load - idle)'"),
    ("fr3-c07", "During the witnessed type test, how are the infrared readings of hot surface temperatures spot-checked?", [["contact thermometers"]],
     {DIESEL: [17]}, "other", "p17 [4.1.7] i), the item's last sentence: 'Readings obtained are to be randomly verified by use of contact thermometers.'"),
    ("fr3-c08", "What kind of material does the abbreviation GJL stand for in the engine component documentation table?", [["Gray cast iron"]],
     {DIESEL: [20]}, "label", "p20 [4.2.1], the list of symbols used on Tab 8: 'GJL : Gray cast iron'"),
    ("fr3-c09", "After fuel is suddenly cut off to a cylinder of a two-stroke engine, how quickly must the turbocharger settle at the new load?", [["20 seconds"]],
     {DIESEL: [22]}, "number", "p22 d) 2): 'Sudden fuel cut-off to at least one cylinder shall not result in continuous surging and the turbocharger shall be stabilised at the new load within 20 seconds.'"),
    # federal-register-2020-17221.pdf (737 MAX proposed AD)
    ("fr3-c10", "What does a stall warning indication set off on the 737 MAX?", [["stick shaker"]],
     {FED: [2]}, "other", "p2 footnote 5: 'Stall warning indication is the activation of the stick shaker and other warnings.'"),
    ("fr3-c11", "How big a gap between the two pilots' altitude displays triggers the ALT DISAGREE alert?", [["200 feet"]],
     {FED: [2]}, "number", "p2 footnote 5, its later sentence: 'An altitude disagree alert, or ‘‘ALT (altitude) DISAGREE’’ on the 737 MAX, is a visual alert on the PFDs that the altitude ... disagree by more than 200 feet for more than 5 seconds.'"),
    ("fr3-c12", "What label is on the markers that operators have to take off the 737 MAX's EFIS panel after the display software update?", [["INOP"]],
     {FED: [3]}, "label", "p3: 'operators would be required to remove ‘‘INOP’’ markers, if present, from the electronic flight instrument system (EFIS) panel of the airplane'"),
    ("fr3-c13", "Under the revised Runaway Stabilizer checklist, which switch should pilots use to relieve control column forces?", [["thumb-actuated trim switch"]],
     {FED: [4]}, "other", "p4: 'The revised checklist would include an explicit recall item that instructs the flightcrew to use their thumb-actuated trim switch to reduce forces on the control column.'"),
    ("fr3-c14", "If a 737 MAX's out-of-trim warning light for the stabilizer comes on while it is still parked, what does the checklist instruct the crew?", [["not take off"]],
     {FED: [4]}, "other", "p4, the passage's later sentence: 'If the airplane is on the ground, the checklist will instruct the flightcrew to not take off.'"),
    ("fr3-c15", "How much labour does the FAA estimate an operator needs on average to update its minimum equipment list?", [["90 work-hours"]],
     {FED: [6]}, "number", "p6: 'The FAA has determined that revising the operator’s existing FAA-approved MEL takes an average of 90 work-hours per operator'"),
    ("fr3-c16", "Who can approve alternative methods of compliance with the 737 MAX directive?", [["Seattle ACO Branch"]],
     {FED: [14]}, "other", "p14 (p)(1): 'The Manager, Seattle ACO Branch, FAA, has the authority to approve AMOCs for this AD'"),
    ("fr3-c17", "Apart from Boeing, which aircraft manufacturer is the subject of another proposed airworthiness directive printed in these Federal Register pages?", [["Pilatus"]],
     {FED: [15]}, "other", "p15, the next notice after the 737 MAX one: 'Airworthiness Directives; Pilatus Aircraft Ltd. Airplanes'; 'The FAA proposes to adopt a new airworthiness directive (AD) for Pilatus Aircraft Ltd. Model PC–12/47E airplanes.'"),
    # eu-004.pdf (EU food retailing)
    ("fr3-c18", "Two sources disagree wildly on how many food shops the EU has; what is the higher of their totals?", [["900 thousand"]],
     {"eu-004.pdf": [1]}, "number", "p1 footnote 34: 'the difference between these two sources in the total number of food outlets in the EU as a whole (400 thousand, as opposed to nearly 900 thousand) is incredible.'"),
    ("fr3-c19", "Is the income elasticity of demand for food above or below one, according to the EU retail overview?", [["below unity"]],
     {"eu-004.pdf": [4]}, "other", "p4, second half of the sentence: 'there is little doubt that, in aggregate, it will have an income elasticity which is well below unity.'"),
    ("fr3-c20", "By how much at least did the use of checkout scanners grow from 1991 to 1994 in the member states with data?", [["doubled"]],
     {"eu-004.pdf": [9]}, "other", "p9: 'In all member states for which data are available, its usage at least doubled between 1991 and 1994 (Table 6.9).'"),
    ("fr3-c21", "Who compiled the 1993 market share matrix for EU food manufacturing?", [["Davies, Rondi and Sembenelli", "Davies"]],
     {"eu-004.pdf": [13]}, "person", "p13: 'using the “1993 EU market share matrix for manufacturing” (Davies, Rondi and Sembenelli, 1998)'"),
    ("fr3-c22", "Which firm is named as an example of double counting among the world's biggest food manufacturers?", [["Nabisco"]],
     {"eu-004.pdf": [13]}, "other", "p13 footnote 38: 'the base list of the world’s leading manufacturers seems to involve some double counting, e.g. Nabisco appears along with Nestle.'"),
    ("fr3-c23", "Which smaller northern member states have high concentration but are dominated by local firms that are small in absolute terms?",
     [["Sweden"], ["Finland"], ["Denmark"], ["Netherlands"]], {"eu-004.pdf": [15]}, None,
     "p15, the second of the four groups (a list): 'Amongst the smaller northern member states - Sweden, Finland, Denmark and the Netherlands - concentration is again high ... they tend to be dominated by local indigenous firms who ... are quite small in absolute terms.'"),
    # eu-013.pdf (Finnish VET)
    ("fr3-c24", "For people of what ages can Noste money pay for completing basic education?", [["25-54", "25–54"]],
     {"eu-013.pdf": [1]}, "other", "p1, the end of the paragraph's third sentence: 'Funds may also be used for instruction in information society skills ... and for completion of basic education of those aged 25-54.'"),
    ("fr3-c25", "Over how many weeks before the survey is adult participation in lifelong learning counted?", [["four weeks"]],
     {"eu-013.pdf": [4]}, "other", "p4 footnote 6: 'Lifelong learning participation is considered as the percentage of those aged 25-64 participating in education and training during the four weeks preceding the survey.'"),
    ("fr3-c26", "Which body carries out the external evaluations of teacher education in Finland?", [["Finnish Higher Education Evaluation Council"]],
     {"eu-013.pdf": [8]}, "other", "p8: 'The quality of teacher education is monitored through the self-evaluation of each university or polytechnic and external evaluations conducted by The Finnish Higher Education Evaluation Council'"),
    ("fr3-c27", "How are candidates picked for subject teacher training in Finland?", [["aptitude tests"]],
     {"eu-013.pdf": [9]}, "other", "p9 [6.2.1]: 'Admission to subject teacher education is based either on aptitude tests alone, or on aptitude tests and the applicant’s study record.'"),
    ("fr3-c28", "How long does vocational teacher education take when it is done flexibly as multiform study instead of full-time?", [["one to three years"]],
     {"eu-013.pdf": [10]}, "other", "p10: 'Students may complete the education in one academic year by studying full-time or flexibly as multiform education in one to three years'"),
    # issue-982-example.pdf (Creativity in Machine Learning)
    ("fr3-c29", "What does a convolutional network usually learn in its first layer?", [["edge detectors"]],
     {ML: [2]}, "other", "p2: 'Usually, one finds that the network learned to build edge detectors in the first layer and more complex structures in the upper layers.'"),
    ("fr3-c30", "What device does the AIKON system draw its portrait sketches with?", [["pen-plotter", "pen plotter"]],
     {ML: [3]}, "other", "p3: 'AIKON takes a digital photograph, detects faces on them and sketches them with a pen-plotter.'"),
    ("fr3-c31", "Which two ideas do recurrent neural networks rely on in order to learn?", [["unrolling"], ["weight sharing"]],
     {ML: [3]}, None, "p3: 'Recurrent networks apply two main ideas in order to learn: The first is called unrolling ... The second idea is weight sharing'"),
    ("fr3-c32", "When the conversational model was asked what life is for, what did it reply?", [["serve the greater good"]],
     {ML: [4]}, "other", "p4, the quoted dialogue of [VL15]: 'Human: what is the purpose of life ? Machine: to serve the greater good .'"),
    ("fr3-c33", "Which world chess champion does the creativity paper mention being beaten by a computer?", [["Kasparov"]],
     {ML: [5]}, "person", "p5 Discussion: 'after Deep Blue won against the reigning world chess champion Garry Kasparov in 1997'"),
    # eu-021.pdf (student health)
    ("fr3-c34", "What share of students missed at most one week of classes because of physical ailments?", [["more than 90%", "90%"]],
     {"eu-021.pdf": [5]}, "number", "p5, second half of the sentence: 'Health does not seem to come in the way of attendance at university, as more than 90% of the students did not miss more than one week of lectures because of physical complaints during the past semester.'"),
    ("fr3-c35", "What proportion of the students see themselves as overweight?", [["a quarter"]],
     {"eu-021.pdf": [8]}, "other", "p8: 'About 64% of the students think they have the right weight, while a quarter describe themselves as being overweight, ranging from slightly to very overweight.'"),
    ("fr3-c36", "Are male or female students happier with their weight?", [["Females", "female"]],
     {"eu-021.pdf": [9]}, "other", "p9: 'Females appear to be more satisfied with their weight than males; with more males being underweight.'"),
    # us-018.pdf (Projections of Education Statistics)
    ("fr3-c37", "When was the table of projected teacher numbers and new teacher hires put together?", [["March 2012"]],
     {"us-018.pdf": [4]}, "date", "p4 (Table 16) source: '(This table was prepared March 2012.)'"),
    ("fr3-c38", "Which tables were used to work out the pupil/teacher ratios?", [["tables 1 and 16"]],
     {"us-018.pdf": [5]}, "label", "p5 (Table 17) note: 'The pupil/teacher ratios were derived from tables 1 and 16.'"),
    # WARN-Report-for-7-1-2015-to-03-25-2016.pdf
    ("fr3-c39", "When the 10th or 25th is a weekend or holiday, when does the WARN report come out instead?", [["following working day"]],
     {WARN: [1]}, "other", "p1 publication note, second half: 'if these dates fall on a weekend or holiday then the report is published the following working day.'"),
    ("fr3-c40", "Which restaurant company's Santa Monica closure was later called off?", [["Buca Restaurants", "Buca"]],
     {WARN: [2]}, "other", "p2: 'Buca Restaurants 2, Inc.(CANCELLED)** Santa Monica 61 Closure Permanent' ('** Lay-offs have been cancelled by the Company.' on p16)"),
]

MULTI: list[Q] = [
    ("fr3-m01", "What kind of units did GRUV combine with LSTM networks, and whose essays was one of Karpathy's character-level networks trained on?",
     [["Gated Recurrent Units", "GRU"], ["Paul Graham"]], {ML: [3, 4]}, None,
     "p4 V.B: 'LSTM networks, to be exact — are used in [NV15] together with Gated Recurrent Units (GRU) to build a network which can be trained to generate music'; p3 IV.A: 'He trained it on Paul Graham’s essays, all the works of Shakespeare, ...'"),
    ("fr3-m02", "Under which executive order is the 737 MAX proposal judged not to be a significant regulatory action, and under which rules can special flight permits be issued to fly the plane to a repair location?",
     [["12866"], ["21.197"]], {FED: [6, 14]}, None,
     "p6: '(1) Is not a ‘‘significant regulatory action’’ under Executive Order 12866'; p14 (n): 'Special flight permits may be issued in accordance with 14 CFR 21.197 and 21.199 to operate the airplane to a location where the actions of this AD can be performed.'"),
    ("fr3-m03", "Whose figures show that the EU's ten largest retailers out-sell the ten largest manufacturers, and under whose guidance do Finnish apprentices work in the enterprise?",
     [["AIM"], ["foreman", "experienced worker"]], {"eu-004.pdf": [12], "eu-013.pdf": [8]}, None,
     "eu-004 p12: 'AIM (1995) for example, shows that the sales turnover of the EU’s 10 leading retailers far exceeds the FMCG turnover of the EU’s 10 leading manufacturers'; eu-013 p8: 'In apprenticeship training, apprentices work in enterprises under the guidance of a trainer (an older, experienced worker or foreman).'"),
    ("fr3-m04", "Above what peak-to-peak pressure swing does fuel oil return piping need shielding as well, and how much surge margin must a two-stroke engine's turbocharger keep over the full load range?",
     [["2 MPa"], ["10%", "10 %"]], {DIESEL: [8, 22]}, None,
     "p8 [2.5.2] a): 'When in fuel oil return piping the pulsation of pressure with peak to peak values exceeds 2 MPa, shielding of this piping is also required as above.'; p22 d) 2): 'There shall be at least 10% surge margin in the full load range'"),
    ("fr3-m05", "What share of the surveyed students said colds, flu or sinus infections hurt their studies, and in what unit are teacher numbers given in the U.S. education projections?",
     [["19.1%"], ["full-time equivalents"]], {"eu-021.pdf": [5, 7], "us-018.pdf": [4]}, None,
     "eu-021 p5: 'This is followed by concerns over friends or family (26.8%); relationship difficulties (23.2%); cold, flu and sinus infections (19.1%)' (Table 3.2 on p7: 'Colds/flu/sinus infections ... 19.1%'); us-018 p4 (Table 16) note: 'Number of teachers reported in full-time equivalents.'"),
    ("fr3-m06", "Which documents mention Canada?", [], {}, None, "'canada' occurs"),
    ("fr3-m07", "Which reports say anything about fuel?", [], {}, None, "'fuel' occurs"),
    ("fr3-m08", "Which is older: Tom Mitchell's textbook on machine learning or Finland's decree on teaching qualifications?",
     [["1997"], ["986/1998"]], {ML: [5], "eu-013.pdf": [7]}, None,
     "issue-982 p5 reference [Mit97]: 'T. M. Mitchell, Machine learning, ser. McGraw Hill series in computerscience. McGraw-Hill,1997.'; eu-013 p7: 'Decree 986/1998 on Teaching Qualifications' (comparison: both years are needed)"),
    ("fr3-m09", "Which came first: the last day covered by the California WARN layoff report or the signing of the FAA's proposed 737 MAX directive?",
     [["03/25/2016"], ["August 3, 2020"]], {WARN: [1], FED: [15]}, None,
     "WARN p1 header: 'Summary by Received Date 07/01/2015 - 03/25/2016'; federal register p15: 'Issued on August 3, 2020. Lance T. Gant' (comparison: both dates are needed)"),
    ("fr3-m10", "Which is older: Sutton's seminal study on market size and the number of shops, or the Finnish decree on teacher training degrees?",
     [["1991"], ["576/1995"]], {"eu-004.pdf": [1], "eu-013.pdf": [7]}, None,
     "eu-004 p1 footnote 33: 'Two recent (seminal) examples are Sutton (1991) and Bresnahan and Reiss (1991)'; eu-013 p7: '(see Annex 3, Decree 576/1995 on the Degrees in Education and Teacher Training)' (comparison: both years are needed)"),
]
# fmt: on


DESCRIPTION = (
    "A third set of fresh human-phrased content questions over reports/, written by a helper before any tuning, "
    "without running the app on them (see build_content_fresh3.py); split once by sha256(id), alternating within "
    "each kind."
)


def main() -> int:
    # The same record building and checks as content_fresh.json's (and the same split rule).
    sys.path.insert(0, str(HERE))
    from build_content_fresh import run

    return run(OUT, CONTENT, MULTI, DESCRIPTION)


if __name__ == "__main__":
    sys.exit(main())
