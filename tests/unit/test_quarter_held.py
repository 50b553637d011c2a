"""A quarter asked of a table whose year-to-date columns say it reports another quarter reads no cell there
(app.qa.tables.fiscal.quarter_not_held)."""

from __future__ import annotations

from app.qa.tables.cell_lookup import cell_answer
from app.qa.tables.fiscal import quarter_not_held
from app.qa.tables.model import TableData

HEADERS = ["", "Three months ended September 30, / 2024", "Three months ended September 30, / 2023",
           "Nine months ended September 30, / 2024", "Nine months ended September 30, / 2023"]  # fmt: skip
TABLE = TableData("q3", [["", "Q", "Q", "N", "N"], ["Revenue", "3,988", "3,361", "11,260", "9,683"]], None, None,
                  HEADERS, 1)  # fmt: skip


def test_nine_months_beside_three_make_the_third_quarter() -> None:
    assert quarter_not_held("What revenue was reported for the fourth quarter of 2024?", HEADERS)
    assert not quarter_not_held("What revenue was reported for the third quarter of 2024?", HEADERS)
    assert not quarter_not_held("What revenue was reported in 2024?", HEADERS)
    # A year to date ending another month says nothing of the quarter's number.
    other = ["Three months ended March 31, 2024", "Year ended December 31, 2023"]
    assert not quarter_not_held("What revenue was reported for the first quarter of 2024?", other)


def test_no_cell_is_read_for_a_quarter_the_table_does_not_report() -> None:
    assert cell_answer(TABLE, "What revenue was reported for the fourth quarter of 2024?") is None
    got = cell_answer(TABLE, "What revenue was reported for the third quarter of 2024?")
    assert got is not None and got.cell is not None and got.cell["value"] == "3,988"
