"""Rows a question leaves out of a highest or lowest (app.qa.tables.named_rows): each thing it names is left out,
not only a row whose label holds every word said."""

from __future__ import annotations

from app.qa.tables.aggregate import aggregate_answer
from app.qa.tables.model import TableData

TACTICS = TableData(
    id="t",
    rows=[["Tactic", "Min.", "Mean"], ["Baseline (B)", "1151.93", "1318.11"], ["EE1", "1164.58", "1291.62"],
          ["EE2", "1089.45", "1255.11"], ["EE4", "1084.92", "1239.13"], ["Combined (C)", "1067.08", "1213.56"]],
    caption="TABLE III: Descriptive statistics of the energy consumption in Joules",
    columns=["Tactic", "Min.", "Mean"],
    header_rows=1,
)  # fmt: skip


def test_two_things_left_out_each_drop_their_row() -> None:
    got = aggregate_answer(TACTICS, "Leaving out the baseline and the combined run, which tactic had the lowest mean?")
    assert got is not None and "EE4" in got.body and "1239.13" in got.body


def test_a_thing_left_out_that_no_row_names_leaves_every_row() -> None:
    got = aggregate_answer(TACTICS, "Leaving out the pilot run, which tactic had the lowest mean?")
    assert got is not None and "Combined" in got.body
