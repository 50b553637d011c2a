""""The gap in RBI score between the top-ranked and the bottom-ranked state" is the score of each, their difference
(app.qa.analysis.operation); "the top-ranked state" of a table is its highest by the measure the question names."""

from __future__ import annotations

from app.qa.analysis.parse import analyse
from app.qa.tables.answer import best_answer
from app.qa.tables.model import TableData


def test_the_measure_of_a_gap_between_two_things_is_asked_of_each() -> None:
    got = analyse("What is the gap in RBI score between the top-ranked and the bottom-ranked state?")
    assert got.arithmetic is not None and got.arithmetic.operation == "difference"
    assert [p.question for p in got.parts] == ["What is the RBI score of the top-ranked state?",
                                               "What is the RBI score of the bottom-ranked state?"]  # fmt: skip
    # Two things of one noun, no measure said apart: unchanged.
    got = analyse("What is the gap between the highest and the lowest unemployment rate?")
    assert [p.question for p in got.parts] == ["What is the highest unemployment rate?",
                                               "What is the lowest unemployment rate?"]  # fmt: skip


ROWS = [["State", "Transactions", "RBI"], ["Alabama", "40.0", "55.1"], ["Idaho", "0.0", "9.00"],
        ["New York", "80.0", "82.78"]]  # fmt: skip
INDEX = TableData(id="t", rows=ROWS, caption="TABLE 7 Regulatory breadth index (RBI)", columns=ROWS[0], header_rows=1)


def test_a_ranked_judgement_is_the_extreme_of_the_measure_named() -> None:
    top = best_answer(INDEX, "What is the RBI score of the top-ranked state?")
    bottom = best_answer(INDEX, "What is the RBI score of the bottom-ranked state?")
    assert top is not None and top.cell is not None and top.cell["value"] == "82.78"
    assert bottom is not None and bottom.cell is not None and bottom.cell["value"] == "9.00"
