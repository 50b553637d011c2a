"""A column holding a figure the question says keys the rows; it is not the column an extreme is read from
(app.qa.tables.aggregate)."""

from __future__ import annotations

from app.qa.tables.aggregate import aggregate_answer
from app.qa.tables.model import TableData

PUMPS = TableData(
    id="t",
    rows=[["Mode", "Pump size", "Flow", "Noise"], ["Eco", "42", "3.1", "31"], ["Eco", "57", "4.4", "35"],
          ["Boost", "42", "5.0", "44"], ["Boost", "57", "7.2", "49"]],  # fmt: skip
    columns=["Mode", "Pump size", "Flow", "Noise"],
    header_rows=1,
)


def test_a_column_holding_the_figure_asked_about_is_not_aggregated() -> None:
    assert aggregate_answer(PUMPS, "What is the largest pump size one should fit for a 42 housing?") is None
    got = aggregate_answer(PUMPS, "What is the largest pump size in the table?")
    assert got is not None and "57" in got.body
