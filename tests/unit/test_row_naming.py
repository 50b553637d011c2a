"""How a question names a table's rows: a name set as one word ("BERTLARGE") by its words apart, a member row with
its total's measure, and the rows holding a value it names when it asks how many."""

from app.db.models import Document
from app.qa.tables.aggregate import aggregate_answer
from app.qa.tables.cell_lookup import cell_answer
from app.qa.tables.model import TableData
from app.qa.tables.question_fit import names_unheld, question_names

RESULTS = TableData(
    id="t",
    rows=[
        ["System", "MNLI", "QQP", "Average"],
        ["OpenAI GPT", "82.1", "70.3", "75.1"],
        ["ZEBRABASE", "84.6", "71.2", "79.6"],
        ["ZEBRALARGE", "86.7", "72.1", "82.1"],
    ],
    caption="Table 1: Test results.",
    label="Table 1",
)


def test_a_row_set_as_one_word_is_named_whole_by_its_words_apart() -> None:
    got = cell_answer(RESULTS, "What is the average score of Zebra-Large in the test results table?")
    assert got is not None and got.cell is not None
    assert (got.cell["row"], got.cell["value"]) == ("ZEBRALARGE", "82.1")
    assert got.exact_row


def test_an_average_of_a_named_row_is_that_rows_cell_not_a_mean() -> None:
    assert aggregate_answer(RESULTS, "What is the average score of Zebra-Base?") is None
    mean = aggregate_answer(RESULTS, "What is the average QQP score across the systems?")
    assert mean is not None and mean.kind == "aggregate"


def test_names_the_table_writes_as_one_word_are_held() -> None:
    names = question_names("What is the average score of Zebra-Large in the Test results?")
    assert {"zebra", "larg"} <= names
    document = Document(filename="results.pdf", title=None)
    assert names_unheld(names, RESULTS, document, lambda: "") == set()
    other = TableData(id="o", rows=[["System", "Average"], ["ZEBRA", "1"]])
    assert "larg" in names_unheld(names, other, document, lambda: "")


def test_a_member_row_is_named_with_its_totals_measure() -> None:
    from app.qa.read.cells import rank_cells
    from app.qa.tables.shape import shape

    sales = TableData(
        id="s",
        rows=[["", "2025", "2024"], ["Phones", "46,841", "45,963"], ["Services", "26,645", "23,867"],
              ["Total net sales", "73,486", "69,830"]],
    )  # fmt: skip
    sh = shape(sales)
    services = rank_cells(sales, sh, "What were the Services net sales in 2024?", "number")
    assert services[0].value == "23,867"
    # Unnamed by its own words, no member row answers for the total.
    total = rank_cells(sales, sh, "What were net sales in 2024?", "number")
    assert total[0].value == "69,830"


def test_how_many_rows_hold_a_value_the_question_names() -> None:
    weaknesses = TableData(
        id="w",
        rows=[["CWE", "Language", "Avg LoC"], ["020: Input Validation", "Python", "16"],
              ["077: Injection", "Ruby", "9"], ["089: SQL Injection", "Python", "19"],
              ["416: Use After Free", "C/C++", "18"]],
        caption="TABLE 1: Overview of the CWEs targeted.",
    )  # fmt: skip
    got = aggregate_answer(weaknesses, "How many CWEs use Python as their language?")
    assert got is not None and got.short_answer == "2"
    # The rows named by another noun than the table's are no count of them.
    assert aggregate_answer(weaknesses, "How many engineers use Python?") is None
    # A sub-label ("Number" / "Percentage") names the row: the question's "as a percentage" counts no rows.
    issues = TableData(
        id="t",
        rows=[["Health issue", "", "Students"], ["Stress", "Number", "120"], ["", "Percentage", "26.8%"],
              ["Injury", "Number", "40"], ["", "Percentage", "8.9%"], ["Sleep", "Number", "80"],
              ["", "Percentage", "17.9%"]],
        caption="Table 3.2: Health issues students said affected their studies",
    )  # fmt: skip
    assert aggregate_answer(issues, "How many students said stress got in the way, as a percentage?") is None
    # A caption's words say what the table is of, not what its rows are.
    models = TableData(
        id="m",
        rows=[["Task", "Model"], ["Retrieval", "CLIP"], ["Captioning", "BLIP"], ["Classification", "ALBEF"]],
        caption="Table 2: Models trained on image-text pairs",
    )  # fmt: skip
    assert aggregate_answer(models, "On how many image-text pairs was CLIP trained?") is None


def test_how_many_of_the_rows_hold_a_figure_said_with_its_columns_name() -> None:
    boards = TableData(
        id="b",
        rows=[["Name/Features", "Module", "Flash size, MB", "PSRAM, MB"], ["POE", "N4", "4", "-"],
              ["POE-16MB", "N16", "16", "-"], ["POE-EA", "UE", "4", "-"], ["POE-EA-16MB", "N16", "16", "-"],
              ["POE-WROVER", "E", "4", "8"]],
        caption="Board variants and their features",
    )  # fmt: skip
    got = aggregate_answer(boards, "How many of the board variants in the feature table have 16 MB of flash?")
    assert got is not None and got.short_answer == "2"
    # A figure in no column the question names is no value to count by.
    assert aggregate_answer(boards, "How many of the board variants cost 16 dollars?") is None


def test_rows_a_table_lists_are_counted_by_their_noun_and_a_value_they_hold() -> None:
    ports = TableData(
        id="p",
        rows=[["Port", "Width", "Direction", "Description"], ["i_clk", "1", "Input", "System clock"],
              ["i_rx", "1", "Input", "Serial line in"], ["o_data", "8", "Output", "Received byte"],
              ["o_wr", "1", "Output", "Byte ready strobe"], ["o_err", "1", "Output", "Framing error"]],
        caption="Table 4.1: Receiver ports",
    )  # fmt: skip
    for asked in ("How many output ports are listed in the receiver's port table?",
                  "How many output ports does the receiver's port table list?"):  # fmt: skip
        got = aggregate_answer(ports, asked)
        assert got is not None and got.short_answer == "3", asked
