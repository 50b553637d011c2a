"""A period is asked of a named row's extreme (app.qa.tables.extremes.period_peak_answer): "which quarter had the
highest total expenses" is the quarter column where the Total Expenses row peaks, the quarters' headers holding other
words ("Actual Oct - Dec 2024") and the year's total column left out."""

from __future__ import annotations

from app.qa.tables.answer import best_answer
from app.qa.tables.extremes import period_column
from app.qa.tables.model import TableData

HEAD = ["Statement of Revenues and Expenses", "Actual Jan - Mar 2024", "Actual April - June 2024",
        "Actual July - Sept 2024", "Actual Oct - Dec 2024", "Actual Jan - Dec 2024 Year 2024 - Totals"]  # fmt: skip
ROWS = [HEAD,
        ["Web Hosting", "901.08", "1,240.28", "3,095.05", "3,156.22", "8,392.63"],
        ["Bad Debt Expense", "0.00", "18,500.00", "0.00", "0.00", "18,500.00"],
        ["Total Expenses", "364,545.14", "343,368.48", "364,982.23", "407,137.48", "1,480,033.33"]]  # fmt: skip
STATEMENT = TableData(id="s", rows=ROWS, caption=None, columns=HEAD, header_rows=1)


def test_a_header_holding_a_period_among_other_words_names_a_period() -> None:
    assert period_column("Actual Oct - Dec 2024")
    assert period_column("2019") and period_column("Q3 2020")
    assert not period_column("Actual Jan - Dec 2024 Year 2024 - Totals")
    assert not period_column("Statement of Revenues and Expenses")


def test_the_period_where_a_named_row_peaks_is_the_answer() -> None:
    got = best_answer(STATEMENT, "Which quarter of 2024 had the highest total expenses, and what were they?")
    assert got is not None and got.cell is not None
    assert got.cell["column"] == "Actual Oct - Dec 2024" and got.cell["value"] == "407,137.48"
    got = best_answer(STATEMENT, "In which quarter was the bad debt expense highest?")
    assert got is not None and got.cell is not None and got.cell["column"] == "Actual April - June 2024"
    got = best_answer(STATEMENT, "In which quarter were total expenses lowest?")
    assert got is not None and got.cell is not None and got.cell["value"] == "343,368.48"
