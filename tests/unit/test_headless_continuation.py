"""A continuation stored with its first data row for a header ("117 | Glaziers | 176") is appended whole under its
table's columns (app.qa.tables.model.TableData.extend): no row of it is dropped as a repeated header, and it is not
set apart as a table of its own."""

from __future__ import annotations

from app.qa.tables.cell_lookup import cell_answer
from app.qa.tables.model import TableData, data_row

HEAD = ["Ref.", "Occupation", "Annual Openings", "Annual Growth"]


def _jobs() -> TableData:
    return TableData(
        id="p1",
        rows=[HEAD, ["1", "Accountants and Auditors", "4,752", "244"], ["2", "Actuaries", "128", "34"]],
        columns=HEAD,
        header_rows=1,
    )


def test_a_headless_continuation_is_appended_whole() -> None:
    head = _jobs()
    rest = [["117", "Glaziers", "176", "10"], ["124", "Heavy and Tractor-Trailer Truck Drivers", "9,311", "428"]]
    more = TableData(id="p2", rows=[list(r) for r in rest], columns=list(rest[0]), header_rows=1)
    assert head.extend(more)
    assert head.rows[-2:] == rest and head.continued == ["p2"]
    got = cell_answer(head, "How many annual openings are projected for heavy truck and tractor-trailer drivers?")
    assert got is not None and got.cell is not None and got.cell["value"] == "9,311"


def test_a_continuation_headed_by_other_years_is_still_a_table_of_its_own() -> None:
    years = TableData(id="a", rows=[["State", "2003", "2004"], ["Ohio", "5", "6"]], columns=["State", "2003", "2004"],
                      header_rows=1)  # fmt: skip
    later = TableData(id="b", rows=[["State", "2013", "2014"], ["Ohio", "7", "8"]], columns=["State", "2013", "2014"],
                      header_rows=1)  # fmt: skip
    assert not data_row(later.columns or [])
    assert not years.extend(later)
    assert data_row(["117", "47-2121", "Glaziers", "$44,580", "176"])
