"""A count asked of a cell that lists its items is answered with the count, then the list
(app.qa.tables.cell_lookup.counted_list)."""

from __future__ import annotations

from app.qa.tables.answer import best_answer
from app.qa.tables.cell_lookup import counted_list
from app.qa.tables.model import TableData


def test_a_listed_cell_is_counted_when_a_count_is_asked() -> None:
    assert counted_list("How many range settings are there?", "5 m, 10 m, 20 m, 40 m") == "4 (5 m, 10 m, 20 m, 40 m)"
    assert counted_list("Which range settings are there?", "5 m, 10 m, 20 m") == "5 m, 10 m, 20 m"
    assert counted_list("How many pings per second?", "1,200") == "1,200"
    assert counted_list("How many units?", "12 (est.), 14") == "12 (est.), 14"


def test_the_count_leads_the_cell_answer() -> None:
    rows = [["SOFTWARE SPECIFICATIONS:", "DT100.exe"], ["DISPLAY MODES", "Sector, Linear, Perspective, Profile"],
            ["RANGE SCALES", "5 m, 10 m, 20 m, 30 m, 50 m"], ["SECTOR SIZES", "30°, 60°, 90°, 120°"]]
    got = best_answer(TableData("spec", rows, "Sonar specifications", None, rows[0], 1),
                      "How many range scales does the sonar offer?")  # fmt: skip
    assert got is not None and got.body.startswith("**5 (5 m, 10 m")
