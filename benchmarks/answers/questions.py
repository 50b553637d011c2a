"""The hand-written questions of benchmarks/answers/pdf_qa.json (build_pdf_qa.py turns them into the JSON file).

Every answer was read off the page named in `pages` (text extracted with pdfplumber) and, for tables, checked
against the manifest's ground truth; build_pdf_qa.py --check re-verifies all of it against the PDFs.
Keep the ids stable: the split is derived from them.
"""

from __future__ import annotations

from typing import Any

EU4 = "eu-004.pdf"
EU13 = "eu-013.pdf"
EU21 = "eu-021.pdf"
US18 = "us-018.pdf"
FR = "federal-register-2020-17221.pdf"
WARN = "WARN-Report-for-7-1-2015-to-03-25-2016.pdf"
DIESEL = "diesel_engines.pdf"
PAPER = "issue-982-example.pdf"


def cell(qid: str, question: str, doc: str, page: int, label: str | None, row: str, column: str,
         answers: list[str], note: str = "") -> dict[str, Any]:
    return {
        "id": qid, "kind": "cell", "question": question, "answers": [answers], "expect_missing": False,
        "documents": [doc], "pages": {doc: [page]}, "table_label": label, "required_values": [],
        "short_answer_expected": "number",
        "notes": f"row {row!r}, column {column!r}; value read on page {page}. {note}".strip(),
    }


def aggregate(qid: str, question: str, doc: str, pages: list[int], label: str | None, answers: list[list[str]],
              compute: dict[str, Any], short: str | None, note: str) -> dict[str, Any]:
    return {
        "id": qid, "kind": "aggregate", "question": question, "answers": answers, "expect_missing": False,
        "documents": [doc], "pages": {doc: pages}, "table_label": label, "required_values": [],
        "short_answer_expected": short, "notes": note, "compute": compute,
    }


def table(qid: str, question: str, doc: str, page: int, label: str | None, values: list[str],
          note: str) -> dict[str, Any]:
    return {
        "id": qid, "kind": "table", "question": question, "answers": [[v] for v in values],
        "expect_missing": False, "documents": [doc], "pages": {doc: [page]}, "table_label": label,
        "required_values": values, "short_answer_expected": None, "notes": note,
    }


def missing(qid: str, question: str, named: str | None, what: dict[str, Any], note: str) -> dict[str, Any]:
    return {
        "id": qid, "kind": "missing", "question": question, "answers": [], "expect_missing": True,
        "documents": [], "pages": {}, "table_label": what.get("table_label"), "required_values": [],
        "short_answer_expected": None, "named_document": named, "missing": what, "notes": note,
    }


def content(qid: str, question: str, doc: str, pages: list[int], answers: list[str], short: str,
            note: str) -> dict[str, Any]:
    return {
        "id": qid, "kind": "content", "question": question, "answers": [answers], "expect_missing": False,
        "documents": [doc], "pages": {doc: pages}, "table_label": None, "required_values": [],
        "short_answer_expected": short, "notes": note,
    }


def multi(qid: str, question: str, pages: dict[str, list[int] | None], answers: list[list[str]], note: str,
          label: str | None = None) -> dict[str, Any]:
    return {
        "id": qid, "kind": "multi", "question": question, "answers": answers, "expect_missing": False,
        "documents": sorted(pages), "pages": {d: p for d, p in pages.items() if p}, "table_label": label,
        "required_values": [], "short_answer_expected": None, "notes": note,
    }


# compute: how build_pdf_qa.py --check re-derives an aggregate from the manifest's expected table rows:
# {"table": [file, index in expected_tables], "label_col": 0, "col": N, "op": "max"|"min"|"count_above"|"sum",
#  "threshold": x, "skip_rows": [labels not counted], "expect": answer}

QUESTIONS: list[dict[str, Any]] = [
    # ---- cell: one value named by row label and column header --------------------------------------------
    cell("cell-01", "In Table 6.1 of eu-004.pdf, what was Denmark's per capita GNP in 1995 ($000)?",
         EU4, 2, "Table 6.1", "Denmark", "per capita GNP ($000) 1995", ["29.9"]),
    cell("cell-02", "What five-firm concentration ratio (current level) does eu-004.pdf give for Sweden's food "
         "retailing?", EU4, 6, "Table 6.5", "Sweden", "Current Level", ["87"]),
    cell("cell-03", "How many franchisees did Spain have in 1994 according to the franchising table in eu-004.pdf?",
         EU4, 9, "Table 6.8", "Spain", "number of franchisees / 1994", ["20000", "20,000"]),
    cell("cell-04", "What were Rewe's sales in bn ecus in the list of top grocery wholesalers (eu-004.pdf)?",
         EU4, 12, "Table 6.11", "Rewe", "Sales (bn ecus)", ["14.6"]),
    cell("cell-05", "What percentage of participants in open university education were female in 2004 "
         "(eu-013.pdf, Table 7)?", EU13, 4, "Table 7", "Open university education", "Females (%)", ["80"]),
    cell("cell-06", "How many people took competence-based qualifications in 2004 according to eu-013.pdf?",
         EU13, 3, "Table 6", "Competence-based qualifications", "2004", ["60 152", "60152", "60,152"]),
    cell("cell-07", "How many students followed treatment for back pain (Table 3.1, eu-021.pdf)?",
         EU21, 3, "Table 3.1", "Back pain / Count", "Followed treatment", ["56"]),
    cell("cell-08", "What percentage of students said sleep difficulties affected their academic performance "
         "quite a lot?", EU21, 7, "Table 3.2", "Sleep difficulties / Percentage", "Quite a lot", ["16.0%", "16%"]),
    cell("cell-09", "How many public high school graduates did Texas have in 2008–09 (us-018.pdf Table 14)?",
         US18, 1, "Table 14", "Texas", "Actual 2008–09", ["264,275", "264275"]),
    cell("cell-10", "What was the pupil/teacher ratio in private schools in 2010 according to us-018.pdf?",
         US18, 5, "Table 17", "2010", "Private", ["12.4"]),
    cell("cell-11", "What was current expenditure per pupil in fall enrollment, in current dollars, for 2008–09 "
         "in Table 18 of us-018.pdf?", US18, 6, "Table 18", "2008–09", "Current dollars / Per pupil in fall enrollment",
         ["10,591", "$10,591", "10591"]),
    cell("cell-12", "In us-030.pdf Table 2-1, what fuel saving does improved speed give for cycle 4171_1?",
         "us-030.pdf", 2, "Table 2-1", "4171_1", "Percent Fuel Savings / Improved Speed", ["58.1%", "58.1"]),
    cell("cell-13", "What is Goa's capital outlay on medical & public health in health.pdf?",
         "health.pdf", 1, None, "Goa", "Capital / Medical & Public Health", ["330,053", "330053"]),
    cell("cell-14", "In Table 7 of twotables_2.pdf, what share of Kerala households have an adult woman with "
         "college education?", "twotables_2.pdf", 1, "Table 7", "Kerala", "Literacy Status / College", ["8.2"]),
    cell("cell-15", "How many persons were counseled in Maharashtra by the Red Ribbon Express "
         "(background_lines_1.pdf)?",
         "background_lines_1.pdf", 1, "Table 6.1", "Maharashtra", "Persons counseled", ["9,027", "9027"]),
    cell("cell-16", "Under the best practice scenario, what is the projected UEC of volume servers in server closets "
         "in 2010 (spanning_cells.pdf)?", "spanning_cells.pdf", 1, "Table A4-12",
         "Best practice scenario / Server closets", "2010", ["1,296", "1296"]),
    cell("cell-17", "How many enquiries about air passengers rights are reported on the first page of eu-015.pdf?",
         "eu-015.pdf", 1, None, "Air passengers rights", "Enquiries", ["1.726", "1,726", "1726"],
         "the document writes thousands with a dot (1.726 = 1,726)."),
    cell("cell-18", "What was the net asset value per unit of Class B at 31 December in edge_tol.pdf?",
         "edge_tol.pdf", 1, None, "Class B / Net Asset Value per unit at 31 December", "2016", ["104.22"]),
    cell("cell-19", "How many arrests for robbery were there in total in 2009 (12s0324.pdf, Table 324, thousands)?",
         "12s0324.pdf", 1, "Table 324", "Robbery", "Total / Total", ["102.1"]),
    cell("cell-20", "How many new public school teachers were hired in 2008 per Table 16 of us-018.pdf "
         "(thousands)?", US18, 4, "Table 16", "2008", "Number of new teacher hires / Public", ["310"]),

    # ---- aggregate: highest/lowest with its row, totals, counts over a column ------------------------------
    aggregate("agg-01", "Which member state had the most inhabitants per food outlet in 1996/7 (eu-004.pdf)?",
              EU4, [2], "Table 6.2", [["Netherlands"]],
              {"table": [EU4, 1], "col": 3, "op": "max", "skip_rows": ["EU15 Total"], "expect": "Netherlands"},
              "label", "max of 'inhabitants per outlet 1996/7': Netherlands 2500."),
    aggregate("agg-02", "In eu-004.pdf's demand growth table, which country has the lowest value of food sales in 1996 "
              "(1990=100)?", EU4, [4], "Table 6.4", [["Finland"]],
              {"table": [EU4, 3], "col": 2, "op": "min", "expect": "Finland"},
              "label", "min of 'value of food sales 1996 (1990=100)': Finland 95.2."),
    aggregate("agg-03", "Where did hypermarkets have the biggest share of grocery turnover in 1996, per eu-004.pdf?",
              EU4, [7], "Table 6.6", [["France"]],
              {"table": [EU4, 5], "col": 1, "op": "max", "skip_rows": [""], "expect": "France"},
              "label", "max of 'hypermarkets 1996': France 51."),
    aggregate("agg-04", "Which country had the largest number of discount stores in 1996 (Table 6.7, eu-004.pdf)?",
              EU4, [8], "Table 6.7", [["Germany"]],
              {"table": [EU4, 6], "col": 2, "op": "max", "skip_rows": [""], "expect": "Germany"},
              "label", "max of '1996 / no. of stores': Germany 12130."),
    aggregate("agg-05", "How many of the world's leading food manufacturers listed in eu-004.pdf have world food "
              "sales above $20 bn?", EU4, [14], "Table 6.12", [["4", "four"]],
              {"table": [EU4, 11], "col": 1, "op": "count_above", "threshold": 20, "expect": "4"},
              "number", "Nestle 38.8, Philip Morris 33.4, Unilever 26.7, ConAgra 24.8; next is Pepsico 19.1."),
    aggregate("agg-06", "In which year between 2001 and 2005 did the most people attend labour market training "
              "in Finland (eu-013.pdf)?", EU13, [5], "Table 8", [["2004"]],
              {"table": [EU13, 2], "op": "max_column", "row": 1, "expect": "2004"},
              "date", "row 'On labour market training': 2004 has 33 500, the highest of the five years."),
    aggregate("agg-07", "Which factor did the largest number of students say affected their academic performance "
              "quite a lot (eu-021.pdf)?", EU21, [7], "Table 3.2", [["Stress"]],
              {"table": [EU21, 1], "col": 2, "op": "max", "only_rows_with": {"col": 1, "value": "Count"},
               "label_from_previous": True, "expect": "Stress"},
              "label", "Count rows of 'Quite a lot': Stress 237 is the highest."),
    aggregate("agg-08", "Which condition in Table 3.1 of eu-021.pdf did no student report suffering from?",
              EU21, [3], "Table 3.1", [["HIV"]],
              {"table": [EU21, 0], "col": 2, "op": "min", "only_rows_with": {"col": 1, "value": "Count"},
               "label_from_previous": True, "expect": "HIV infection"},
              "label", "Count rows of 'Suffered from': HIV infection 0 is the only zero."),
    aggregate("agg-09", "Which drive cycle in us-030.pdf's Table 2-1 covers the longest distance?",
              "us-030.pdf", [2], "Table 2-1", [["4171_1"]],
              {"table": ["us-030.pdf", 0], "col": 2, "op": "max", "skip_rows": ["Cycle Name", ""], "expect": "4171_1"},
              "label", "max of 'Distance (mi)': 4171_1 173.9."),
    aggregate("agg-10", "In which state is the share of illiterate male heads of household highest "
              "(twotables_2.pdf, Table 6)?", "twotables_2.pdf", [1], "Table 6", [["Andhra Pradesh"]],
              {"table": ["twotables_2.pdf", 0], "col": 2, "op": "max", "skip_rows": ["State", "", "Pooled"],
               "expect": "Andhra Pradesh"},
              "label", "max of 'Illiterate': Andhra Pradesh 54.0."),
    aggregate("agg-11", "How many persons in total were tested for HIV during RRE-II according to "
              "background_lines_1.pdf?", "background_lines_1.pdf", [1], "Table 6.1", [["10,644", "10644"]],
              {"table": ["background_lines_1.pdf", 0], "col": 7, "op": "sum", "skip_rows": ["State", "Total"],
               "expect": "10644"},
              "number", "sum of 'Persons tested for HIV' over the states = 10,644, the table's Total row."),
    aggregate("agg-12", "Which state has the largest total public health outlay in health.pdf?",
              "health.pdf", [1], None, [["Andhra Pradesh"]],
              {"table": ["health.pdf", 0], "col": 7, "op": "max", "skip_rows": ["States-A", ""],
               "expect": "Andhra Pradesh"},
              "label", "max of the last 'Total' column: Andhra Pradesh 73,980,669 (Maharashtra 67,044,159)."),
    aggregate("agg-13", "Which topic received the most enquiries in the first table of eu-015.pdf?",
              "eu-015.pdf", [1], None, [["EU Institutions"]],
              {"table": ["eu-015.pdf", 0], "col": 1, "op": "max", "skip_rows": ["Topic", "Total"],
               "decimal_dot_thousands": True, "expect": "EU Institutions"},
              "label", "max of 'Enquiries' (dot = thousands separator): EU Institutions 3.597."),
    aggregate("agg-14", "How many member states in Table 6.1 of eu-004.pdf have more than 300 thousand retail "
              "outlets?", EU4, [2], "Table 6.1", [["4", "four"]],
              {"table": [EU4, 0], "col": 3, "op": "count_above", "threshold": 300, "skip_rows": ["EU15 Total"],
               "expect": "4"},
              "number", "Germany 415.3, France 343.4, Italy 627.2, Spain 440.2."),
    aggregate("agg-15", "In the WARN report, which month had the most employees affected?",
              WARN, [15, 16], None, [["December 2015"]],
              {"manual": "monthly summary rows July 2015..March 2016; December 2015 8,729 > July 2015 8,574",
               "expect": "December 2015"},
              "date", "summary table spanning pages 15-16; max of 'Employees Affected' = December 2015 (8,729)."),
    aggregate("agg-16", "Which of EU15, the USA and Japan has the highest turnover per retail enterprise "
              "(eu-004.pdf)?", EU4, [3], "Table 6.3", [["USA"]],
              {"table": [EU4, 2], "col": 5, "op": "max", "skip_rows": [""], "expect": "USA"},
              "label", "max of 'turnover per enterprise (000 ecu)': USA 883."),
    aggregate("agg-17", "Which kind of adult education had the lowest share of women in 2004 according to eu-013.pdf?",
              EU13, [4], "Table 7", [["Courses ordered by employers"]],
              {"table": [EU13, 1], "col": 2, "op": "min", "skip_rows": ["", "Total"],
               "expect": "Courses ordered by employers"},
              "label", "min of 'Females (%)': Courses ordered by employers 43."),
    aggregate("agg-18", "Which row of us-018.pdf's Table 14 had the fewest public high school graduates in 2003–04?",
              US18, [1], "Table 14", [["District of Columbia"]],
              {"table": [US18, 0], "col": 1, "op": "min", "skip_rows": ["Region and state", ""],
               "expect": "District of Columbia"},
              "label", "min of '2003–04': District of Columbia 3,031 (Wyoming 5,833 next)."),

    # ---- table: a whole table or page asked for ---------------------------------------------------------
    table("tab-01", "Show me Table 6.9 of eu-004.pdf.", EU4, 10, "Table 6.9", ["149", "990"],
          "Diffusion of scanning; Germany 1994 = 149, EU Total 1994 = 990."),
    table("tab-02", "summarise page 5 of us-018.pdf", US18, 5, "Table 17", ["16.9", "14.1"],
          "page 5 holds Table 17 (pupil/teacher ratios); 1996 total 16.9, 2021 total 14.1."),
    table("tab-03", "What does Table 2-1 in us-030.pdf contain?", "us-030.pdf", 2, "Table 2-1",
          ["2012_2", "4171_1"], "simulated fuel savings by cycle; first and last cycle ids."),
    table("tab-04", "give me the table on page 3 of eu-013.pdf", EU13, 3, "Table 6", ["20 527", "60 152"],
          "Table 6, participants in certificate-oriented education; Polytechnics 2000 = 20 527."),
    table("tab-05", "What is in Table 3.2 of eu-021.pdf?", EU21, 7, "Table 3.2", ["Stress", "237"],
          "factors influencing academic performance; Stress count 'Quite a lot' 237."),
    table("tab-06", "Display Table 6.11 from eu-004.pdf", EU4, 12, "Table 6.11", ["Nestle", "Fyffes"],
          "top 20 grocery wholesalers, first Nestle, last Fyffes."),
    table("tab-07", "What's on page 8 of eu-013.pdf?", EU13, 8, "Table 9", ["Curriculum development"],
          "page 8 holds Table 9, roles and tasks of VET teachers and trainers."),
    table("tab-08", "Show the second table on page 1 of twotables_2.pdf", "twotables_2.pdf", 1, "Table 7",
          ["67.3", "47.7"], "second table is Table 7 (adult women); Uttar Pradesh illiterate 67.3, Pooled 47.7."),
    table("tab-09", "What does Table A4-12 in spanning_cells.pdf show?", "spanning_cells.pdf", 1, "Table A4-12",
          ["1,505", "1,689"], "projected volume server UEC; improved operation, server closets 2007 1,505, "
          "2011 1,689."),
    table("tab-10", "Table 6.3 of eu-004.pdf please", EU4, 3, "Table 6.3", ["263.1", "883"],
          "EU vs Japan vs USA; USA population 263.1, turnover per enterprise 883."),
    table("tab-11", "Summarise the first page of eu-015.pdf.", "eu-015.pdf", 1, None, ["EU Institutions", "3.597"],
          "page 1 holds the enquiries-by-topic tables; EU Institutions 3.597."),
    table("tab-12", "What is on the last page of WARN-Report-for-7-1-2015-to-03-25-2016.pdf?", WARN, 16, None,
          ["53,454", "632"], "page 16 (last) ends the monthly summary: Total 632 notices, 53,454 employees."),
    table("tab-13", "Show Table 324 from 12s0324.pdf", "12s0324.pdf", 1, "Table 324", ["102.1", "338.4"],
          "Arrests by sex and age 2009; Robbery total 102.1, Aggravated assault 338.4."),
    table("tab-14", "What does Table 1 of diesel_engines.pdf list?", DIESEL, 2, "Table 1",
          ["Engine cross section", "Flywheel"], "documents to be submitted for information; items 2 and 18."),
    table("tab-15", "What is in Table 6.1 of background_lines_1.pdf?", "background_lines_1.pdf", 1, "Table 6.1",
          ["22,455", "10,644"], "RRE-II coverage; totals persons trained 22,455 and tested 10,644."),

    # ---- missing: a named document, page or table that does not exist -----------------------------------
    missing("miss-01", "Summarise page 20 of eu-013.pdf.", EU13, {"page": 20, "pages": 12},
            "eu-013.pdf has 12 pages."),
    missing("miss-02", "what does page 10 of us-018.pdf say", US18, {"page": 10, "pages": 7},
            "us-018.pdf has 7 pages."),
    missing("miss-03", "Show Table 6.15 of eu-004.pdf", EU4, {"table_label": "Table 6.15"},
            "eu-004.pdf's tables are 6.1 to 6.12."),
    missing("miss-04", "What is in Table 4.2 of eu-021.pdf?", EU21, {"table_label": "Table 4.2"},
            "eu-021.pdf has Tables 3.1 and 3.2 only."),
    missing("miss-05", "Give me Table 12 of eu-013.pdf", EU13, {"table_label": "Table 12"},
            "eu-013.pdf has Tables 6 to 9."),
    missing("miss-06", "What does annual-report-2019.pdf say about revenue?", None,
            {"file": "annual-report-2019.pdf"}, "no such file in the collection."),
    missing("miss-07", "Summarise page 3 of budget_2021.pdf", None, {"file": "budget_2021.pdf"},
            "no such file in the collection."),
    missing("miss-08", "Show Table 3-1 in us-030.pdf", "us-030.pdf", {"table_label": "Table 3-1"},
            "us-030.pdf has only Table 2-1."),
    missing("miss-09", "What is on page 7 of twotables_2.pdf?", "twotables_2.pdf", {"page": 7, "pages": 1},
            "twotables_2.pdf has 1 page."),
    missing("miss-10", "Show me Table 20 of us-018.pdf.", US18, {"table_label": "Table 20"},
            "us-018.pdf has Tables 14 to 19."),
    missing("miss-11", "What is in Table 9 of diesel_engines.pdf?", DIESEL, {"table_label": "Table 9"},
            "diesel_engines.pdf has Tables 1 to 8."),
    missing("miss-12", "What is written on page 30 of federal-register-2020-17221.pdf?", FR,
            {"page": 30, "pages": 15}, "the Federal Register excerpt has 15 pages."),
    missing("miss-13", "What does eu-099.pdf report about retail prices?", None, {"file": "eu-099.pdf"},
            "no such file in the collection (eu-004, eu-013, eu-015 and eu-021 exist)."),
    missing("miss-14", "What is in Table 2 of health.pdf?", "health.pdf", {"table_label": "Table 2"},
            "health.pdf has one unlabelled table."),
    missing("miss-15", "Summarise page 12 of issue-982-example.pdf", PAPER, {"page": 12, "pages": 8},
            "the paper has 8 pages."),
    missing("miss-16", "What does Table 7.4 of eu-004.pdf show?", EU4, {"table_label": "Table 7.4"},
            "Table 7.4 is only referred to (page 6 note: 'See section 7.4 and Table 7.4'); it is not in eu-004.pdf."),
    missing("miss-17", "What's on page 6 of eu-015.pdf?", "eu-015.pdf", {"page": 6, "pages": 2},
            "eu-015.pdf has 2 pages."),

    # ---- content: one-passage factual questions over reports/ ------------------------------------------
    content("con-01", "How many people were killed in the Lion Air Flight 610 accident?", FR, [2], ["189"],
            "number", "p2: 'resulting in 189 fatalities'."),
    content("con-02", "On what date did the Ethiopian Airlines Flight 302 accident happen?", FR, [2],
            ["March 10, 2019", "10 March 2019"], "date", "p2: 'On March 10, 2019, a Boeing Model 737-8 ...'."),
    content("con-03", "How many airplanes of U.S. registry would the proposed 737 MAX AD affect?", FR, [5], ["73"],
            "number", "p5: 'this proposed AD affects 73 airplanes of U.S. registry'."),
    content("con-04", "Who should be contacted for further information about the proposed Boeing 737 MAX "
            "airworthiness directive?", FR, [1], ["Ian Won"], "person",
            "p1: FOR FURTHER INFORMATION CONTACT: Ian Won."),
    content("con-05", "Which FCC OPS software version does the proposed AD require on FCC A and FCC B?", FR, [6],
            ["P12.1.2"], "other", "p6: 'install FCC OPS software version P12.1.2'."),
    content("con-06", "What does the FAA estimate as the average total cost per operator of revising the MEL?", FR,
            [6], ["$7,650", "7,650", "7650"], "number", "p6: 'average total cost per operator to be $7,650'."),
    content("con-07", "Who created the chatbot ELIZA?", PAPER, [4], ["Joseph Weizenbaum", "Weizenbaum"], "person",
            "p4: 'ELIZA, a bot created by Joseph Weizenbaum in the 1960s'."),
    content("con-08", "When did David Cope start the Emily Howell project?", PAPER, [4], ["2003"], "date",
            "p4: 'In 2003, Cope started a new project which was based on EMI: Emily Howell'."),
    content("con-09", "What is the name of the portrait-sketching system created by Tresset and Leymarie?", PAPER,
            [3], ["AIKON"], "other", "p3: 'created a system called AIKON (Automatic IKONic drawing)'."),
    content("con-10", "Who wrote the paper Creativity in Machine Learning?", PAPER, [1], ["Martin Thoma"], "person",
            "p1: author line 'Martin Thoma'."),
    content("con-11", "What ambient air temperature is the power of diesel engines referred to?", DIESEL, [5],
            ["45°C", "45 °C", "45 degrees"], "number", "p5, 1.3.3: 'ambient air temperature = 45°C'."),
    content("con-12", "Below what rated speed is a diesel engine classed as low-speed?", DIESEL, [5],
            ["300 rpm"], "number", "p5, 1.3.6: 'rated speed of less than 300 rpm'."),
    content("con-13", "What relative humidity do the ambient reference conditions for diesel engine power assume?",
            DIESEL, [5], ["60%", "60 %"], "number", "p5, 1.3.3: 'relative humidity = 60%'."),
    content("con-14", "Which age group does Finland's Noste programme target?", EU13, [1],
            ["30-59", "30–59", "30 to 59"], "number", "p1: 'targeted at adults aged 30-59'."),
    content("con-15", "What share of the costs of certificate-oriented vocational further education does the "
            "Finnish State fund?", EU13, [2], ["90 %", "90%"], "number", "p2: 'The State funds 90 % of the costs'."),
    content("con-16", "How many vocational adult education centres provide vocational further education and "
            "training in Finland?", EU13, [2], ["40"], "number",
            "p2: 'About 40 vocational adult education centres provide vocational further education and training'."),
    content("con-17", "What percentage of the surveyed students suffered no illness during the academic year?",
            EU21, [1, 2], ["35.4%", "35.4 %"], "number", "p1: '35.4% of the students reported that they suffered no "
            "illness' (repeated p2)."),
    content("con-18", "What proportion of students said they receive no treatment for their illnesses?", EU21, [2],
            ["57.2%", "57.2 %"], "number", "p2: '57.2% stated that they receive no treatment'."),
    content("con-19", "What share of participants are never absent from university because of physical "
            "complaints?", EU21, [5], ["53.6%", "53.6 %"], "number", "p5: '53.6% of the participants stated that "
            "they are never absent'."),
    content("con-20", "Which member state was the only one with double-figure growth in retail sales volume "
            "between 1990 and 1994?", EU4, [5], ["Ireland"], "place",
            "p5: 'only Ireland achieved double figure growth between 1990 and 1994'."),
    content("con-21", "How many employees were affected by the Toyota Motor North America closure in Torrance "
            "listed in the WARN report?", WARN, [2], ["3000", "3,000"], "number",
            "p2 row: 'Toyota Motor North America Torrance 3000 Closure Permanent'."),
    content("con-22", "How many tables is the market structure overview in eu-004.pdf structured around?", EU4, [1],
            ["12", "twelve"], "number", "p1: 'The overview is structured around 12 tables'."),

    # ---- multi: two parts, two documents, or a list of documents ---------------------------------------
    multi("multi-01", "How many fatalities did the Lion Air 610 crash and the Ethiopian Airlines 302 crash each "
          "cause?", {FR: [2]}, [["189"], ["157"]], "p2: 189 fatalities (Lion Air), 157 fatalities (Ethiopian)."),
    multi("multi-02", "Who created ELIZA, and in which decade?", {PAPER: [4]},
          [["Weizenbaum"], ["1960s", "1960"]], "p4: 'created by Joseph Weizenbaum in the 1960s'."),
    multi("multi-03", "Which documents have a table labelled Table 6.1?", {EU4: [2], "background_lines_1.pdf": [1]},
          [["eu-004"], ["background_lines_1"]],
          "eu-004.pdf p2 'Table 6.1: Size of the market'; background_lines_1.pdf p1 'Table 6.1: The highlights of "
          "RRE-II coverage'.", label="Table 6.1"),
    multi("multi-04", "Which documents contain figures for Kerala?",
          {"health.pdf": [1], "twotables_2.pdf": [1], "background_lines_1.pdf": [1],
           "clockwise_table_1.pdf": [1], "superscript.pdf": [1]},
          [["health"], ["twotables_2"], ["background_lines_1"], ["clockwise_table_1"], ["superscript"]],
          "'Kerala' occurs in exactly these five files (pdfplumber text of every page of reports/ and tables/)."),
    multi("multi-05", "What was Germany's per capita GNP in 1995 and how many discount stores did it have in 1996, "
          "according to eu-004.pdf?", {EU4: [2, 8]}, [["27.5"], ["12130", "12,130"]],
          "Table 6.1 p2 Germany 27.5; Table 6.7 p8 Germany 1996 no. of stores 12130."),
    multi("multi-06", "Compare the number of public high school graduates in California and in Texas in 2003–04.",
          {US18: [1]}, [["343,480", "343480"], ["244,165", "244165"]],
          "Table 14 p1: California 343,480; Texas 244,165."),
    multi("multi-07", "What cruising speed was used for the ideal cycles in us-030.pdf, and what rated speed "
          "separates low-speed diesel engines in diesel_engines.pdf?", {"us-030.pdf": [2], DIESEL: [5]},
          [["40 mph"], ["300 rpm"]], "us-030 p2 'Set the cruising speed to 40 mph'; diesel p5 'less than 300 rpm'."),
    multi("multi-08", "Which documents deal with the Boeing 737 MAX?", {FR: None}, [["federal-register-2020-17221"]],
          "only the Federal Register proposed rule mentions the 737 MAX (the WARN report lists Boeing Company "
          "layoffs but not the 737 MAX)."),
    multi("multi-09", "Which documents mention Finland?", {EU4: None, EU13: None, "eu-015.pdf": None,
                                                           "us-020.pdf": None},
          [["eu-004"], ["eu-013"], ["eu-015"], ["us-020"]],
          "'Finland' occurs in exactly these four files (pdfplumber text of every page of reports/ and tables/)."),
    multi("multi-10", "In eu-021.pdf, what percentage of students suffered from back pain and what percentage "
          "followed treatment for it?", {EU21: [3]}, [["40.9%", "40.9 %"], ["11.3%", "11.3 %"]],
          "Table 3.1 p3: Back pain percentage suffered 40.9%, followed treatment 11.3%."),
    multi("multi-11", "According to eu-013.pdf, how many participants did labour market training have in 2004 "
          "(Table 7) and how many persons attended it in 2004 (Table 8)?", {EU13: [4, 5]},
          [["51 955", "51955", "51,955"], ["33 500", "33500", "33,500"]],
          "Table 7 p4 Labour market training 51 955; Table 8 p5 2004 33 500."),
    multi("multi-12", "What share of Kerala's male household heads are illiterate according to twotables_2.pdf, "
          "and how many people were tested for HIV in Kerala according to background_lines_1.pdf?",
          {"twotables_2.pdf": [1], "background_lines_1.pdf": [1]}, [["7.2"], ["855"]],
          "twotables_2 Table 6 Kerala Illiterate 7.2; background_lines_1 Table 6.1 Kerala tested for HIV 855."),
    multi("multi-13", "Which documents in the collection have more than 15 pages?", {DIESEL: None, WARN: None},
          [["diesel_engines"], ["WARN-Report"]],
          "page counts: diesel_engines.pdf 23, WARN report 16; every other file has 15 or fewer."),
    multi("multi-14", "When did the Lion Air Flight 610 accident happen, and how many U.S.-registered airplanes "
          "does the proposed AD affect?", {FR: [1, 2, 5]}, [["October 29, 2018", "29 October 2018"], ["73"]],
          "p1/p2 'On October 29, 2018 ... Lion Air (Lion Air Flight 610)'; p5 '73 airplanes of U.S. registry'."),
]
