"""The noun whose amount a question asks names the cell (app.qa.analysis.head, app.qa.read.cells), a column whose
cell named the row holds no answer (app.qa.tables.cell_lookup), and header shorthand is spelled out."""

from __future__ import annotations

from app.qa.analysis.head import asked_noun
from app.qa.read.cells import rank_cells
from app.qa.tables.cell_lookup import cell_answer
from app.qa.tables.model import TableData
from app.qa.tables.shape import shape

RIG = TableData(
    id="rig",
    rows=[
        ["Symbol", "Parameter", "Value", "Unit"],
        ["lr", "Distance from roll axis to frame body", "0.42", "m"],
        ["ly", "Distance from yaw axis to rotor", "0.11", "m"],
        ["Kr", "Stiffness for roll", "3.9", "N m"],
        ["Ky", "Stiffness for yaw", "1.7", "N m"],
        ["Kt", "Stiffness for tilt", "2.2", "N m"],
        ["mf", "Mass of frame", "2.40", "kg"],
    ],
    caption="Table 1: Parameters.",
    columns=["Symbol", "Parameter", "Value", "Unit"],
    header_rows=1,
)


def test_the_asked_noun_is_the_measure_not_the_kind_of_answer() -> None:
    assert asked_noun("How much is the stiffness about the roll axis?") == "stiffness"
    assert asked_noun("How many records does the second benchmark have?") == "records"
    assert asked_noun("Which country had the highest output?") is None  # the answer's kind, not a measure


def test_a_row_holding_the_asked_noun_beats_one_holding_only_its_modifiers() -> None:
    hits = rank_cells(RIG, shape(RIG), "In the frame rig parameters, how much is the stiffness about the roll axis?",
                      "number")  # fmt: skip
    assert hits and hits[0].value == "3.9"


def test_the_column_that_named_the_row_is_not_read_as_its_value() -> None:
    got = cell_answer(RIG, "What is the yaw stiffness in the rig parameter table?")
    assert got is not None and got.cell is not None and got.cell["value"] == "1.7"


def test_header_shorthand_is_the_word_a_question_spells_out() -> None:
    table = TableData(
        id="b",
        rows=[["Benchmark", "#Recs", "#Attrs"], ["Alpha-1", "37", "113"], ["Beta-1", "12", "21"]],
        columns=["Benchmark", "#Recs", "#Attrs"],
        header_rows=1,
    )
    got = cell_answer(table, "How many attributes does the Alpha-1 benchmark have?")
    assert got is not None and got.cell is not None and got.cell["value"] == "113"


def test_one_label_on_several_rows_is_told_apart_by_the_cells_the_question_says() -> None:
    runs = TableData(
        id="runs",
        rows=[["Model", "Horizon", "Input", "MAE", "RMSE"], ["GRU_X", "t+1", "Multivariate", "0.44", "0.55"],
              ["GRU_X", "t+6", "Multivariate", "2.26", "2.75"], ["LIN", "t+1", "Univariate", "0.87", "1.28"]],
        columns=["Model", "Horizon", "Input", "MAE", "RMSE"],
        header_rows=1,
    )  # fmt: skip
    got = cell_answer(runs, "What RMSE did the multivariate GRU_X model get at the t+6 horizon?")
    assert got is not None and got.cell is not None
    assert (got.cell["column"], got.cell["value"]) == ("RMSE", "2.75")  # the horizon said is a key, not the value


def test_a_highest_of_symbols_is_named_with_what_the_column_beside_says() -> None:
    from app.qa.tables.aggregate import aggregate_answer

    got = aggregate_answer(RIG, "Which entry of the rig's parameter table has the highest value?")
    assert got is not None and got.kind == "aggregate"
    # "parameter" names the text column "Parameter", no column of figures: the one column of figures is read.
    assert "Kr (Stiffness for roll)" in got.body and "3.9" in got.body, got.body


def test_a_table_of_one_row_is_read_by_its_column() -> None:
    stats = TableData(
        id="s",
        rows=[["mean", "median", "sd", "upper quartile"], ["2.42", "0.23", "4.48", "3.35"]],
        caption="Table 1: Summary statistics of the share of spending by district",
        columns=["mean", "median", "sd", "upper quartile"],
        header_rows=1,
    )
    got = cell_answer(stats, "In the summary statistics of the share of spending by district, what is the median?")
    assert got is not None and got.cell is not None and got.cell["value"] == "0.23"



FARM = TableData(
    id="farm",
    rows=[
        ["Crop", "Days in", "Income"],
        ["", "Season", "Earned"],
        ["Barley", "120", "$4,100"],
        ["Oats", "95", "$2,750"],
    ],
    caption="Table 2: Crop returns",
    columns=["Crop", "Days in / Season", "Income / Earned"],
    header_rows=2,
)


def test_a_header_set_on_two_lines_is_no_group_and_the_measure_asked_first_wins_a_tie() -> None:
    """"Days in" heads one column only: "season" names that column no better than "income" names the other, and the
    question asks for income (the words after the question word), the season picks the row."""
    got = cell_answer(FARM, "How much income did the oats season bring in?")
    assert got is not None and got.cell is not None and got.cell["value"] == "$2,750"


def test_a_header_cut_over_an_empty_column_names_the_column_of_figures() -> None:
    """ "as at: March 31," stood over an empty column and "2027" over the figures: one header, "March 31, 2027"."""
    sheet = TableData(
        id="sheet",
        rows=[
            ["Particulars", "As at: March 31,", "2027", "March 31, 2026"],
            ["Cash", "", "2,410", "2,955"],
            ["Receivables", "", "3,820", "3,540"],
        ],
        caption=None,
        columns=["Particulars", "As at: March 31,", "2027", "March 31, 2026"],
        header_rows=1,
    )
    assert shape(sheet).columns[1:] == ["", "As at: March 31, 2027", "March 31, 2026"]
    got = cell_answer(sheet, "What were receivables at the end of March 2027?")
    assert got is not None and got.cell is not None and got.cell["value"] == "3,820"


MODELS = TableData(
    id="models",
    rows=[
        ["Model", "F1", "RMSE"],
        ["Ridge", "0.71", "4.20"],
        ["Forest", "0.83", "3.10"],
        ["Boosting", "0.79", "2.60"],
    ],
    caption="Table 5: Validation results",
    columns=["Model", "F1", "RMSE"],
    header_rows=1,
)


def test_best_and_top_are_the_highest_of_a_score_and_the_lowest_of_an_error() -> None:
    from app.qa.tables.answer import best_answer

    for question, row in [
        ("Which model got the best F1?", "Forest"),
        ("Which model had the top F1 in the validation results?", "Forest"),
        ("Which model reached the best RMSE?", "Boosting"),
        ("Which model had the worst RMSE?", "Ridge"),
    ]:
        got = best_answer(MODELS, question)
        assert got is not None and got.cell is not None and got.cell["row"] == row, question
