"""A title repeated over every column of a table's first row is no header, and columns of classification codes
("13-2011") before the names key the rows, the names label them (app.qa.tables.spread_title, app.qa.tables.shape)."""

from __future__ import annotations

from app.qa.tables.answer import best_answer
from app.qa.tables.glued_labels import repaired
from app.qa.tables.model import TableData
from app.qa.tables.shape import shape

TITLE = "Statewide Top Jobs List - December 2024"
ROWS = [
    [TITLE] * 7,
    ["Ref. No.", "SOC", "SOC (Truncated)", "Occupation Title", "Projections", "", ""],
    ["", "", "", "", "Starting Wage", "Median Wage", "Annual Openings"],
    ["1", "13-2011", "13-2011", "Accountants and Auditors", "$57,420", "$72,740", "4,752"],
    ["2", "15-2011", "15-2011", "Actuaries", "$64,130", "$102,380", "85"],
    ["3", "29-1141.01", "29-1141", "Acute Care Nurses", "$61,210", "$80,010", "1,113"],
    ["4", "11-3010", "11-3010", "Administrative Services Managers", "$58,220", "$99,900", "541"],
]


def _stored() -> TableData:
    # as the extractor stored it: the title row taken for the header
    return TableData("jobs", [list(r) for r in ROWS], None, None, [TITLE] * 7, 1)


def test_a_title_repeated_over_every_column_is_set_above_the_header() -> None:
    table = repaired(_stored())
    sh = shape(table)
    assert sh.columns[5] == "Projections / Median Wage"
    assert sh.names[4] == "Actuaries"
    got = best_answer(table, "What median wage does the jobs list give for actuaries?")
    assert got is not None and got.cell is not None and got.cell["value"] == "$102,380"


def test_a_header_of_different_names_is_kept() -> None:
    table = repaired(TableData("t", [["A", "B", "C"], ["x", "1", "2"]], None, None, ["A", "B", "C"], 1))
    assert table.columns == ["A", "B", "C"] and table.header_rows == 1


def test_columns_of_classification_codes_key_the_rows_the_names_beside_them_label_them() -> None:
    rows = [r[1:] for r in ROWS[1:]]
    sh = shape(TableData("codes", rows, None, None, None, None))
    assert sh.label_column == 2
    # a span of years is no code: the rows it begins stay named by it
    years = [["Year", "Event"], ["2019-20", "Launch"], ["2020-21", "Review"], ["2021-22", "Close"]]
    assert shape(TableData("y", years, None, None, None, None)).label_column == 0
