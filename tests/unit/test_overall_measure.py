""""The overall accuracy of X" names a measure a table reports, not a sum of its column (app.qa.tables.aggregate)."""

from __future__ import annotations

from app.qa.tables.aggregate import aggregate_answer
from app.qa.tables.model import TableData

ROWS = [["Hyperparameters", "Janus-Pro-1B / Stage 1", "Janus-Pro-1B / Stage 2"], ["Training steps", "10K", "360K"],
        ["Batch size", "256", "512"], ["Warmup steps", "600", "5000"]]  # fmt: skip
SETTINGS = TableData(id="h", rows=ROWS, caption="Table 2 | Detailed hyperparameters", columns=ROWS[0], header_rows=1)


def test_overall_asks_no_total() -> None:
    assert aggregate_answer(SETTINGS, "What overall GenEval accuracy does the 1B Janus-Pro model reach?") is None
    rows = [["Region", "Sales"], ["North", "12"], ["South", "30"], ["East", "7"]]
    sales = TableData(id="s", rows=rows, caption="Sales by region", columns=rows[0], header_rows=1)
    got = aggregate_answer(sales, "What were the sales of all regions combined?")
    assert got is not None and "**49**" in got.body
