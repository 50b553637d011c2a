"""A column headed by capitals ("LCOE") named by the long form a question spells out (app.qa.tables.abbreviations)."""

from __future__ import annotations

from app.qa.read.cells import rank_cells
from app.qa.tables.abbreviations import spelled_out
from app.qa.tables.fiscal import in_table_calendar
from app.qa.tables.model import TableData
from app.qa.tables.shape import shape

SITES = TableData(
    id="s",
    rows=[["Site", "Depth [m]", "NPC [MWe]", "LCOE [USD/MWh]"], ["North Field", "3000", "7.9", "96.4"],
          ["South Field", "4000", "7.4", "89.0"]],
    columns=["Site", "Depth [m]", "NPC [MWe]", "LCOE [USD/MWh]"],
    header_rows=1,
)  # fmt: skip


def test_capitals_opening_a_run_of_the_questions_words_are_said() -> None:
    headers = SITES.columns or []
    assert spelled_out("What is the levelized cost of electricity at South Field?", headers) == ["LCOE"]
    assert spelled_out("What is the net plant capacity of North Field?", headers) == ["NPC"]
    assert spelled_out("How deep is South Field?", headers) == []
    assert spelled_out("What is the LCOE at South Field?", headers) == []  # said already


def test_the_column_is_read_by_its_long_form() -> None:
    question = "What is the levelized cost of electricity at South Field?"
    assert "LCOE" in in_table_calendar(question, SITES.columns or [])
    hits = rank_cells(SITES, shape(SITES), question, "")
    assert hits and hits[0].value == "89.0"
