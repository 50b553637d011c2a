"""A two-column page's running text taken into a table over its own header is read as a headnote."""

from __future__ import annotations

from app.qa.tables.cell_lookup import cell_answer
from app.qa.tables.model import TableData
from app.qa.tables.shape import shape

PROSE = [
    ["To judge the", "we compared the two", "sensors over"],
    ["a week of readings, with", "the same sampling", "rate on each"],
    ["site; the averages are listed in Table 4 below.", "", ""],
    ["Site", "Indoor sensor", "Outdoor sensor"],
    ["Harbour", "12.5", "15.1"],
    ["Airport", "11.0", "19.4"],
    ["Station", "10.2", "13.3"],
]


def _table(rows: list[list[str]]) -> TableData:
    columns = [" / ".join(r[c] for r in rows[:2]) for c in range(3)]  # what ingestion read from the prose
    return TableData(id="t", rows=rows, columns=columns, header_rows=2, caption="Table 4: Average readings")


def test_the_header_under_a_closing_sentence_names_the_columns() -> None:
    sh = shape(_table(PROSE))
    assert sh.header_rows == 4
    assert sh.columns == ["Site", "Indoor sensor", "Outdoor sensor"]
    got = cell_answer(_table(PROSE), "What was the outdoor sensor's average at the airport?")
    assert got is not None and got.short_answer == "19.4"


def test_rows_with_figures_above_the_sentence_are_no_prose() -> None:
    note = "the totals are revised each year by the office."
    rows = [["Region", "2019", "2020"], ["North", "4", "5"], [note, "", ""],
            ["Site", "Indoor sensor", "Outdoor sensor"], ["South", "7", "8"]]  # fmt: skip
    assert shape(TableData(id="t", rows=rows, columns=rows[0], header_rows=1)).header_rows == 1
