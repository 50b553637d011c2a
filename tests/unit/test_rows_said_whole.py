"""Rows tied on their label words: the one whose label the question says whole is meant (app.qa.tables.cell_lookup)."""

from __future__ import annotations

from app.qa.tables.cell_lookup import cell_answer
from app.qa.tables.model import TableData

STATEMENTS = TableData(
    id="s1",
    rows=[
        ["", "September 30, 2023", "June 30, 2023"],
        ["Assets", "", ""],
        ["Current assets:", "", ""],
        ["Cash and cash equivalents", "$80,452", "$34,704"],
        ["Short-term investments", "63,499", "76,558"],
        ["Total current assets", "207,586", "184,257"],
        ["Investing", "", ""],
        ["Net change in cash and cash equivalents", "45,748", "(1,513)"],
        ["Cash and cash equivalents, beginning of period", "34,704", "13,931"],
        ["Cash and cash equivalents, end of period", "80,452", "12,418"],
    ],
    caption=None,
    columns=["", "September 30, 2023", "June 30, 2023"],
    header_rows=1,
)


def test_the_row_the_question_names_whole_wins_over_rows_that_add_words() -> None:
    got = cell_answer(STATEMENTS, "What were the cash and cash equivalents at September 30, 2023?")
    assert got is not None and got.kind == "cell"
    assert got.cell is not None and got.cell["value"] == "$80,452"
    assert got.cell["row"].endswith("Cash and cash equivalents")
