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
