"""Build (and re-verify) benchmarks/answers/content_fresh4.json: a fourth held-out set of human-phrased content questions.

Written by a helper BEFORE any tuning on it and without running the app, its eval, its retrieval or its reader on
these questions: every answer was read off the pdfplumber text of the evidence page. Modelled on
build_content_fresh3.py (same record format, same checks, the same builder: build_content_fresh.run). 42 one-passage
questions spread over 23 files: all 8 of reports/ (mostly pages the earlier sets use little: the 737 MAX footnotes
and the Pilatus notice, diesel pages 1/7/10/21, eu-013 pages 7/9/12, eu-021 pages 2/6, the creativity paper's
discussion and appendix, the us-018 table sources, WARN rows) and the prose of 15 tables/ files (notes, footnotes,
sources, titles and paragraphs of us-020, us-030, 12s0324, health, edge_tol, background_lines_1, issue-53-example,
the NICS checks, vertical_header, the Ghana award list, superscript, m27, eu-015, schools). They are phrased the way
a user who has not read the sentence asks them (synonyms, other word order, no run of five words copied from the
sentence, the answer in a sentence's second half, a list item, a footnote or a passage's later sentences). 13 multi
questions: two-part questions over one passage, two passages or two documents, four two-document comparisons
("Which is older/larger/more recent: A or B?", both values needed) and two "which documents ..." lists.

No question asks for the same fact as an earlier set: `earlier_overlaps()` (run by `main`, so by both the build and
`--check`) fails when an answer string of this set equals, case-insensitively (dashes, thousands separators and
spaces normalised), an acceptable answer of a question of content_dev.json, content_fresh.json, content_fresh2.json,
content_fresh3.json, pdf_qa.json (and, to be safe, paraphrases_dev.json, tables_dev2.json, tables_dev2_fresh.json,
tables_fresh.json) that cites the same document page, or when a "which documents" list repeats an earlier list's
word. The split is derived once from the ids (sha256, alternating within each kind) and never edited by hand.

    .venv/bin/python benchmarks/answers/build_content_fresh4.py          # rebuild content_fresh4.json
    .venv/bin/python benchmarks/answers/build_content_fresh4.py --check  # verify the committed file against the PDFs
"""

# ruff: noqa: E501  (question data: one record a line reads better than wrapped strings)
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "content_fresh4.json"

FED = "federal-register-2020-17221.pdf"
ML = "issue-982-example.pdf"
DIESEL = "diesel_engines.pdf"
WARN = "WARN-Report-for-7-1-2015-to-03-25-2016.pdf"
GHANA = "Publication_of_award_of_Bids_for_Transport_Sector__August_2016.pdf"
NICS = "nics-background-checks-2015-11.pdf"
NICS_ROT = "nics-background-checks-2015-11-rotated.pdf"

# The earlier sets whose answers this one must not repeat on the same document page.
EARLIER = (
    "content_dev.json", "content_fresh.json", "content_fresh2.json", "content_fresh3.json", "pdf_qa.json",
    "paraphrases_dev.json", "tables_dev2.json", "tables_dev2_fresh.json", "tables_fresh.json",
)  # fmt: skip

# (id, question, answer parts, {document: [pages]}, short answer type, notes). Pages are 1-based.
Q = tuple[str, str, list[list[str]], dict[str, list[int]], str | None, str]
# fmt: off
CONTENT: list[Q] = [
    # federal-register-2020-17221.pdf (737 MAX proposed AD and the Pilatus notice after it)
    ("fr4-c01", "Under which federal aviation regulation must a manufacturer hand over an approved flight manual when it delivers an airplane?", [["25.1581"]],
     {FED: [3]}, "label", "p3 footnote 14: 'The AFM is an FAA-approved document that manufacturers are required to furnish to owners upon delivery of the airplane, and that provides necessary safety information. See 14 CFR 25.1581.'"),
    ("fr4-c02", "What is the name of the non-normal checklist a 737 MAX crew would run once the speed trim system and MCAS have been switched off because the AOA sensors disagree?", [["Speed Trim Fail"]],
     {FED: [4]}, "label", "p4: 'To assist the flightcrew in properly responding to such an occurrence, a non-normal checklist, called the Speed Trim Fail checklist, would be added to the AFM. This checklist would be used when the STS and MCAS functions are inoperative'"),
    ("fr4-c03", "What part of the Pilatus PC-12/47E is seizing, according to the other proposed directive printed in the same Federal Register issue?", [["spring pack assembly", "spring pack"]],
     {FED: [15]}, "other", "p15, the Pilatus notice's summary, its later sentence: 'The MCAI describes the unsafe condition as seizing of a main landing gear (MLG) spring pack assembly.'"),
    # diesel_engines.pdf (Bureau Veritas rules)
    ("fr4-c04", "If the licensor never confirms that it accepts the changes in a licensee's production drawings, how is that engine treated?", [["different engine type"]],
     {DIESEL: [1]}, "other", "p1 [1.2.2] c), the paragraph's last sentence: 'If the designer acceptance is not confirmed, the engine is to be regarded as a different engine type and is to be subjected to the complete type approval process by the licensee.'"),
    ("fr4-c05", "Apart from the maker's name, the designation and the size, what date information has to be marked on crankcase explosion relief valves?", [["month/year of manufacture", "month/year"]],
     {DIESEL: [7]}, "other", "p7 [2.3.4] m), a list item: 'Valves are to be provided with suitable markings that include the following information: name and address of manufacturer; designation and size; month/year of manufacture; approved installation orientation.'"),
    ("fr4-c06", "From what rated power do auxiliary engines that drive electric generators need their own overspeed protective device besides the governor?", [["220 kW"]],
     {DIESEL: [10]}, "number", "p10 [2.7.6]: 'In addition to the speed governor, auxiliary engines of rated power equal to or greater than 220 kW driving electric generators are to be fitted with a separate overspeed protective device'"),
    ("fr4-c07", "How does surging of an engine's turbocharger show itself?", [["high pitch vibration", "explosion-like noise"]],
     {DIESEL: [21]}, "other", "p21 d) 1), a list item of the definitions: 'Surging means the phenomenon, which results in a high pitch vibration of an audible level or explosion-like noise from the scavenger area of the engine.'"),
    # eu-004.pdf (EU food retailing)
    ("fr4-c08", "What yearly growth rates of real retail sales were typical for the member states early in the 1990s?", [["between 1.5% and 2%", "1.5% and 2%"]],
     {"eu-004.pdf": [5]}, "number", "p5, second half of the sentence: 'Amongst the member states shown, only Ireland achieved double figure growth between 1990 and 1994 (equivalent to an average annual growth rate of 2.9%), and annual average rates of between 1.5% and 2% were the norm.'"),
    ("fr4-c09", "Retailers from which country have made significant inroads into Spain and Portugal?", [["French retailers", "French"]],
     {"eu-004.pdf": [7]}, "other", "p7, a parenthesis at the end of the sentence: 'with the exception of the two Iberian countries (both of which, interestingly, have been significantly penetrated by French retailers.)'"),
    ("fr4-c10", "What could the unusually large rise in the discount stores' share in Italy point to?", [["dual industry"]],
     {"eu-004.pdf": [8]}, "other", "p8, the sentence after the Italian 10%: 'This may suggest the emergence of a dual industry in that country, the reasons for which deserve further attention.'"),
    # eu-013.pdf (Finnish VET)
    ("fr4-c11", "What are examples of liberal adult education institutions in Finland?", [["Folk high schools", "adult education centres"]],
     {"eu-013.pdf": [7]}, "other", "p7 footnote (7) to '... vocational institutions; and liberal adult education institutions) (7)': '(7) Folk high schools, adult education centres, etc.'"),
    ("fr4-c12", "Why do many part-time or temporary teachers in Finland have no pedagogical studies?", [["not attractive to fully qualified teachers", "not attractive"]],
     {"eu-013.pdf": [9]}, "other", "p9 6.2.1, second half of the sentence: 'Part-time and temporary teachers are officially required to hold a full teaching qualification but many lack pedagogical studies as part-time or temporary posts are not attractive to fully qualified teachers.'"),
    ("fr4-c13", "Who determines what is taught in the continuing training of Finnish vocational teachers?", [["individual employers"]],
     {"eu-013.pdf": [12]}, "other", "p12, the paragraph's last sentence: 'Funding responsibility rests with teachers’ employers, mainly local authorities. Training content is decided by individual employers.'"),
    # eu-021.pdf (student health)
    ("fr4-c14", "Which students turned out to suffer from depression more often when the results were broken down further?", [["civil science and male students", "civil science"]],
     {"eu-021.pdf": [2]}, "other", "p2, the paragraph's last sentence: 'Further analysis shows a higher proportion of civil science and male students with depression, a higher proportion of females with back pain problems, and more 3rd to 5th year students with anxiety and chronic fatigue syndrome (Figure 3.6).'"),
    ("fr4-c15", "Which difficulties did the chi-square test show to have a significant effect on the students' results?", [["examination stress"], ["study fatigue"], ["family concerns"], ["relationship difficulties"]],
     {"eu-021.pdf": [5]}, None, "p5, the paragraph's last sentence: 'The chi square test reveals that examination stress, study fatigue, family concerns and relationship difficulties significantly affect academic performance more than other difficulties.'"),
    ("fr4-c16", "Leaving colds and flu aside, what kind of factors are the things students say get in the way of their studies?", [["social and psychological"]],
     {"eu-021.pdf": [6]}, "other", "p6, the paragraph's second sentence: 'Excluding colds and flu, these are largely social and psychological factors, resonating the previous finding that physical health is not a concern for the students'"),
    # issue-982-example.pdf (Creativity in Machine Learning)
    ("fr4-c17", "Which crowdsourcing service does the creativity paper list among the things that made lots of data available?", [["Mechanical Turk"]],
     {ML: [1]}, "other", "p1 II: 'But with the internet, cheap computers, cameras, crowd-sourcing platforms like Wikipedia and lots of Websites, services like Amazon Mechanical Turk and several other changes in the past decades a lot of data has become available.' (pdfplumber interleaves the figure caption between 'Amazon' and 'Mechanical Turk')"),
    ("fr4-c18", "To which kind of expert does the author compare developers who cannot say in advance how their learning algorithm will behave?", [["electrical engineer"]],
     {ML: [1]}, "other", "p1 II, a later sentence of the paragraph: 'However, this is similar to expecting from an electrical engineer to explain how a computer works.'"),
    ("fr4-c19", "According to the discussion, what are today's purely machine-learning art algorithms unable to do?", [["ability to plan", "to plan", "central theme"]],
     {ML: [5]}, "other", "p5 VI Discussion: 'Today’s state of the art algorithms which are purely based on machine learning don’t follow a central theme. They lack the ability to plan.'"),
    ("fr4-c20", "In the appendix of texts produced by Karpathy's network, which character speaks first in the Shakespeare sample?", [["PANDARUS"]],
     {ML: [6]}, "person", "p6 Appendix A, A. Shakespeare: 'PANDARUS: Alas, I think he shall be come approached and the day ...'"),
    # us-018.pdf (Projections of Education Statistics)
    ("fr4-c21", "Which survey's teacher questionnaires were used as a source for the projected teacher numbers?", [["Schools and Staffing Survey", "SASS"]],
     {"us-018.pdf": [4]}, "label", "p4 (Table 16) source: 'Schools and Staffing Survey (SASS), “Public School Teacher Questionnaire,” 1999–2000 through 2007–08 and “Private School Teacher Questionnaire,” 1999–2000 through 2007–08'"),
    ("fr4-c22", "When was the table on current expenditures per pupil in fall enrollment drawn up?", [["February 2012"]],
     {"us-018.pdf": [6]}, "date", "p6 (Table 18) source, its end: '(This table was prepared February 2012.)'"),
    # WARN-Report-for-7-1-2015-to-03-25-2016.pdf
    ("fr4-c23", "How many jobs did Twitter's layoff notice in San Francisco cover?", [["240"]],
     {WARN: [6]}, "number", "p6 row: '10/12/2015 12/13/2015 10/14/2015 Twitter, Inc. San Francisco 240 Layoff Permanent'"),
    ("fr4-c24", "Where did the Sheraton Operating Corporation file a temporary closure notice?", [["Dana Point"]],
     {WARN: [4]}, "place", "p4 row: '09/01/2015 11/03/2015 09/03/2015 Sheraton Operating Corporation Dana Point 610 Closure Temporary'"),
    # us-020.pdf (PIRLS 2011 appendix, tables/)
    ("fr4-c25", "How many classrooms ended up selected for PIRLS 2011 in the United States?", [["1,257"]],
     {"us-020.pdf": [1]}, "number", "p1 Classroom sample, a later sentence of the paragraph: 'Some 1,257 classrooms were selected as a result of this process.'"),
    ("fr4-c26", "Which NCES standard says response rates should leave out substitute schools?", [["1-3-8", "Standard 1-3-8"]],
     {"us-020.pdf": [1]}, "label", "p1 footnote 10: 'Substitute schools are matched pairs and do not have an independent probability of selection. NCES standards (Standard 1-3-8) indicate that, in these circumstances, response rates should be calculated without including substitute schools'"),
    ("fr4-c27", "When did PIRLS 2011 take place in the countries south of the equator?", [["fall of 2010"]],
     {"us-020.pdf": [5]}, "date", "p5 (Table A-2) note: 'Education systems in the Southern hemisphere administered PIRLS 2011 in the fall of 2010, while those in the Northern hemisphere administered the assessment in the spring of 2011.'"),
    ("fr4-c28", "In the U.S. nonresponse bias analysis, what poverty status were private schools given?", [["low-poverty", "low poverty"]],
     {"us-020.pdf": [6]}, "other", "p6 footnote 14, its last sentence: 'In the interest of retaining all of the schools and students in these analyses, private schools were assumed to be low-poverty schools–that is, they were assumed to be schools in which less than 50 percent of students were eligible for FRPL.'"),
    # us-030.pdf (NREL drive cycle report, tables/)
    ("fr4-c29", "What kind of insurance could be teamed up with to get private drivers to change how they drive?", [["usage-based insurance"]],
     {"us-030.pdf": [1]}, "other", "p1: 'Examples include commercial fleets where employers have some influence over vehicle operators and/or partnering with usage-based insurance for personal vehicles so that drivers could save both on insurance premiums and on fuel cost by modifying how they drive.'"),
    ("fr4-c30", "Why does driving at high speed burn so much more fuel?", [["aerodynamic drag"]],
     {"us-030.pdf": [3]}, "other", "p3: 'High speeds contribute to very high fuel use because aerodynamic drag increases with the square of vehicle velocity.'"),
    # other tables/ files: titles, notes, footnotes, sources
    ("fr4-c31", "Which Census Bureau publication does the page with the 2009 arrest tables come from?", [["Statistical Abstract of the United States"]],
     {"12s0324.pdf": [1]}, "label", "p1 footer: '206 Law Enforcement, Courts, and Prisons U.S. Census Bureau, Statistical Abstract of the United States: 2012'"),
    ("fr4-c32", "In what units are the 2012-13 public health outlays of the Indian states given?", [["Rs. in 000", "thousands of rupees", "thousand rupees"]],
     {"health.pdf": [1]}, "other", "p1 title: 'Table: 5 Public Health Outlay 2012-13 (Budget Estimates) (Rs. in 000)'"),
    ("fr4-c33", "When was the Privium Done Hedge Fund launched?", [["8 April 2016"]],
     {"edge_tol.pdf": [1]}, "date", "p1 footnote 1: 'The results cover the period from inception of the Fund at 8 April 2016 through 31 December 2016.'"),
    ("fr4-c34", "How long did each episode of NACO's Hindi radio programmes run?", [["half an hour"]],
     {"background_lines_1.pdf": [1]}, "other", "p1, right column (pdfplumber interleaves the two columns): 'The duration of the each episode was half an hour and two episodes of each programme were aired every week.'"),
    ("fr4-c35", "On what date does JAL's financial year end?", [["March 31"]],
     {"issue-53-example.pdf": [1]}, "date", "p1 key under the table: 'FY = Financial Year ending March 31' (repeated on p3 and p4)"),
    ("fr4-c36", "What kinds of items are counted under 'Other' in the NICS firearm background check figures?", [["frames, receivers", "frames"]],
     {NICS: [1], NICS_ROT: [1]}, "other", "p1 footnote of both NICS files: '*Refers to frames, receivers and other firearms that are not either handguns or long guns (rifles or shotguns), such as firearms having a pistol grip that expel a shotgun shell'"),
    ("fr4-c37", "Who ran for mayor of the City of Harrisville on the Democratic side?", [["Jeffrey P. Gehring", "Gehring"]],
     {"vertical_header.pdf": [5]}, "person", "p5, CITY OF HARRISVILLE: 'Mayor Rep Barbara Luenberger 78 / Mayor Dem Jeffrey P. Gehring 68'"),
    ("fr4-c38", "Which contractor won the job of building driving test grounds at Kumasi in northern Ghana?", [["Chucatel Ghana Ltd", "Chucatel"]],
     {GHANA: [5]}, "other", "p5 row 44: 'Construction of Driver Testing Grounds at One (1) Station in the Northern Sector of Ghana - Kumasi ... Chucatel Ghana Ltd Box CT 3050, Accra 2,761,306.04 GHS'"),
    ("fr4-c39", "According to its footnote, how much 'Market Loan Suspense' is included in the 1997 table of state liabilities?", [["2.45 crore"]],
     {"superscript.pdf": [1]}, "number", "p1 footnote 2 of Table 125: 'Includes `2.45 crore outstanding under “Market Loan Suspense”.' (the backtick is the rupee sign)"),
    ("fr4-c40", "Which Oklahoma commission put out the February 2014 listing of active M27 licences?", [["ABLE Commission"]],
     {"m27.pdf": [1]}, "other", "p1 header: 'FEBRUARY 2014 M27 (BUS) ALPHABETIC LISTING BY TYPE OF ACTIVE LICENSES 3/19/2014 OKLAHOMA ABLE COMMISSION'"),
    ("fr4-c41", "In the statistics of enquiries by topic, under which heading are complaints and questions about history counted?", [["Practicalities"]],
     {"eu-015.pdf": [1]}, "label", "p1, second part of the topic table: 'Practicalities (Including complaints, OPOCE, mission, history, issues not related to the EU, bilateral agreements, national authorities, request for contact details and request for clarification) 2.417'"),
    ("fr4-c42", "How much was given in total to Vote Yes for Strong Schools, counting the amounts reported earlier?", [["129,445.00", "129,445"]],
     {"schools.pdf": [5]}, "number", "p5, the report's last lines: 'Total 111,840.00 / Previousely Reported 17,605.00 / Total Contribution 129,445.00'"),
]

MULTI: list[Q] = [
    ("fr4-m01", "Which FAA engineer should I contact about the Pilatus PC-12/47E proposal, and in which Swiss town is Pilatus's customer technical support?",
     [["Doug Rudolph", "Rudolph"], ["Stans"]], {FED: [15]}, None,
     "p15, the Pilatus notice: 'FOR FURTHER INFORMATION CONTACT: Doug Rudolph, Aerospace Engineer, FAA, General Aviation & Rotorcraft Section'; 'contact Pilatus Aircraft Ltd., Customer Technical Support (MCC), P.O. Box 992, CH–6371 Stans, Switzerland'"),
    ("fr4-m02", "What must the scavenge spaces of two-stroke crosshead engines be hooked up to, and by which requirements are an engine builder's production facilities assessed?",
     [["fixed fire-extinguishing system", "fire-extinguishing system"], ["NR320"]], {DIESEL: [8, 23]}, None,
     "p8 [2.4.1]: 'For two-stroke crosshead type engines, scavenge spaces in open connection (without valves) to the cylinders are to be connected to a fixed fire-extinguishing system, which is to be entirely independent of the fire-extinguishing system of the machinery space.'; p23 [4.4.2] b): 'Society’s requirements for production facilities comprising manufacturing facilities and processes, machining tools, quality assurance, testing facilities, etc. shall be assessed according to NR320 requirements.'"),
    ("fr4-m03", "In which member states are retailers' own labels less widespread, and which magazine reported the 1997 private label shares?",
     [["southern and Nordic"], ["Food Business News"]], {"eu-004.pdf": [10, 11]}, None,
     "p10: 'However, such as it is, it suggests that private labels are less pronounced in the southern and Nordic states.'; p11 (Table 6.10) notes: 'The 1997 estimates are reported here as the most recent ( AC Nielson, reported in “Food Business News”, July 1998).'"),
    ("fr4-m04", "Which region and which community level served as the reference groups in the PIRLS nonresponse bias models?",
     [["West"], ["urban fringe/large town", "urban fringe"]], {"us-020.pdf": [6]}, None,
     "p6 footnote 13: 'In the case of NAEP region, “West” was used as the reference group. For community level, “urban fringe/large town” was chosen as the reference group.'"),
    ("fr4-m05", "Which of NACO's radio programmes was aimed at rural women, and which one at urban migrants?",
     [["Babli Boli"], ["Kitne Door, Kitne Pass", "Kitne Door"]], {"background_lines_1.pdf": [1]}, None,
     "p1, right column: 'Radio programmes: Three radio programmes in Hindi – “Babli Boli”, “5 Down Mohabbat Express” and “Kitne Door, Kitne Pass” were launched by NACO, targeting rural women, rural youth and urban migrants respectively.' (the first and the third)"),
    ("fr4-m06", "How much work experience in their field must Finnish vocational subject teachers have, and how many U.S. schools excluded whole 4th-grade classes from PIRLS?",
     [["three years", "3 years"], ["Fifty", "50"]], {"eu-013.pdf": [9], "us-020.pdf": [1]}, None,
     "eu-013 p9 6.2.2: 'In addition, they must complete pedagogical studies amounting to 60 ECTS credits and have at least three years of work experience in the field.'; us-020 p1: 'Fifty 4th-grade schools excluded classes and 669 students were excluded from participation in PIRLS as a result.'"),
    ("fr4-m07", "Roughly what share of the surveyed students consider themselves underweight, and what kind of vehicle was modelled to simulate the real-world and ideal drive cycles?",
     [["Almost 10%", "10%"], ["midsize conventional vehicle", "midsize conventional"]], {"eu-021.pdf": [8], "us-030.pdf": [2]}, None,
     "eu-021 p8: 'Almost 10% believe they are underweight, while 1.4% are very underweight (Figure 3.10).'; us-030 p2: 'To compare vehicle simulations over each real-world cycle and its corresponding ideal cycle, a midsize conventional vehicle model from a previous NREL study was used (Earleywine et al. 2010).'"),
    ("fr4-m08", "Which is older: the Weizenbaum book in the creativity paper's references, or the NCES statistical standards cited for the nonresponse bias analysis in the PIRLS appendix?",
     [["1976"], ["2002"]], {ML: [5], "us-020.pdf": [6]}, None,
     "issue-982 p5 reference [Wei76]: 'J. Weizenbaum, Computer Power and Human Reason: From Judgement to Calculation. W.H.Freeman&Co Ltd, 1976.'; us-020 p6: '(Standard 2-2-2, NCES Statistical Standards, 2002)' (comparison: both years are needed)"),
    ("fr4-m09", "Which came out earlier: the O'Keefe study showing kinetic intensity is useful for classifying drive cycles, or Tresset and Leymarie's paper on generative portrait sketching?",
     [["2007"], ["2005"]], {"us-030.pdf": [2], ML: [5]}, None,
     "us-030 p2: '(KI represents a ratio of characteristic acceleration to aerodynamic speed and has been shown to be a useful drive cycle classification parameter [O’Keefe et al. 2007].)'; issue-982 p5 reference [TL05]: 'P. Tresset and F. F. Leymarie, “Generative portrait sketching,” in Proceedings of VSMM, 2005, pp. 739–748.' (comparison: both years are needed)"),
    ("fr4-m10", "Which number is larger: the law enforcement agencies whose reports make up the 2009 arrests by sex and age, or the students listed in the sampled U.S. PIRLS 2011 classrooms?",
     [["12,910"], ["14,253"]], {"12s0324.pdf": [1], "us-020.pdf": [1]}, None,
     "12s0324 p1 (Table 324 headnote): 'Represents arrests reported (not charged) by 12,910 agencies with a total population of 247,526,916 as estimated by the FBI.'; us-020 p1: 'A total of 14,253 students were listed as a result' (comparison: both numbers are needed)"),
    ("fr4-m11", "Which is more recent: the primary election whose results are tallied for Alcona, Caledonia and the other townships, or Boeing's service bulletin on the 737 MAX angle of attack sensor system test?",
     [["August 7, 2018"], ["July 20, 2020"]], {"vertical_header.pdf": [1], FED: [5, 14]}, None,
     "vertical_header p1 (and every page): 'PRIMARY ELECTION, AUGUST 7, 2018'; federal register p14 (l): 'Angle of Attack (AOA) Sensor System Test ... Boeing Special Attention Service Bulletin 737–00–1028, dated July 20, 2020.' (also p5) (comparison: both dates are needed)"),
    ("fr4-m12", "Which documents mention alcohol?", [], {}, None, "'alcohol' occurs"),
    ("fr4-m13", "Which PDFs say anything about Oklahoma?", [], {}, None, "'oklahoma' occurs"),
]
# fmt: on


DESCRIPTION = (
    "A fourth set of fresh human-phrased content questions over reports/ and the prose of tables/, written by a "
    "helper before any tuning, without running the app on them (see build_content_fresh4.py); split once by "
    "sha256(id), alternating within each kind."
)


def main() -> int:
    # The same record building, checks and split rule as content_fresh.json's, and the overlap check of the fresh sets.
    sys.path.insert(0, str(HERE))
    from build_content_fresh import run_checked

    return run_checked(OUT, CONTENT, MULTI, DESCRIPTION, EARLIER)


if __name__ == "__main__":
    sys.exit(main())
