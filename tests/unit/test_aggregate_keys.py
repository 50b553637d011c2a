"""A highest/lowest question that names the headers of the columns keying a table's rows ("which season and time of
day …") is surer of that table (app.qa.tables.aggregate)."""

from __future__ import annotations

from app.qa.tables.aggregate import aggregate_answer
from app.qa.tables.model import TableData
from app.settings_reading import TableReadingSettings

PLANT = TableData(
    id="plant",
    rows=[
        ["Season", "Time of Day", "Price", "Revenue Available"],
        ["Summer", "Daytime", "$110", "$14,080"],
        ["", "Nighttime", "$80", "$35,200"],
        ["Winter", "Daytime", "$90", "$12,420"],
        ["", "Nighttime", "$70", "$38,500"],
    ],
    caption="Table 1: Energy Value",
    columns=["Season", "Time of Day", "Price", "Revenue Available"],
    header_rows=1,
)


def test_naming_the_key_columns_makes_the_extreme_surer() -> None:
    keyed = aggregate_answer(PLANT, "Which season and time of day bring in the most revenue?")
    bare = aggregate_answer(PLANT, "What brings in the most revenue?")
    assert keyed is not None and bare is not None
    assert "$38,500" in keyed.body and "$38,500" in bare.body
    weight = TableReadingSettings().key_header_weight
    assert keyed.strength - bare.strength >= 3 * weight  # season, time, day
    unweighted = aggregate_answer(PLANT, "Which season and time of day bring in the most revenue?",
                                  TableReadingSettings(key_header_weight=0.0))  # fmt: skip
    assert unweighted is not None and unweighted.strength == bare.strength
