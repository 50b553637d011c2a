"""A "Total <heading>" row closes the section its heading opened (app.qa.tables.shape): the rows below it are not
members of that section."""

from __future__ import annotations

from app.qa.tables.model import TableData
from app.qa.tables.shape import shape

ROWS = [
    ["", "Budget 2024", "Actual 2024"],
    ["Revenue:", "", ""],
    ["Taxation", "103,870", "104,798"],
    ["User charges", "84,009", "88,743"],
    ["Total revenue", "241,792", "243,424"],
    ["Expenses:", "", ""],
    ["General government", "10,902", "12,759"],
    ["Environmental services", "58,069", "64,560"],
    ["Total expenses", "193,014", "216,104"],
    ["Annual surplus", "48,778", "27,320"],
    ["Accumulated surplus, beginning of year", "1,148,487", "1,148,487"],
]
STATEMENT = TableData(id="w", rows=ROWS, caption="(Expressed in thousands of dollars)", columns=ROWS[0], header_rows=1)


def test_rows_after_a_sections_total_are_outside_it() -> None:
    names = shape(STATEMENT).names
    assert names[7] == "Expenses: / Environmental services"
    assert names[8] == "Expenses: / Total expenses"  # the total itself belongs to what it sums
    assert names[9] == "Annual surplus"
    assert names[10] == "Accumulated surplus, beginning of year"
    assert names[3] == "Revenue: / User charges"


def test_a_total_of_other_words_closes_nothing() -> None:
    rows = [r[:] for r in ROWS]
    rows[8][0] = "Total operating costs"
    names = shape(TableData(id="w2", rows=rows, caption=None, columns=rows[0], header_rows=1)).names
    assert names[9] == "Expenses: / Annual surplus"
