"""A header wrapped onto lines below its first row is read as one header."""

from __future__ import annotations

from app.qa.tablelayout import header_continued
from app.qa.tables.model import TableData
from app.qa.tables.shape import shape

DATASHEET = [
    ["Product ID", "Maximum Power", "Temperature"],
    ["", "Consumption (W)", "Range (°C)"],
    ["XR-1", "17", "0 to +70"],
    ["XR-2", "19.5", "-40 to +85"],
]


def test_lines_below_the_first_header_row_join_its_column_names() -> None:
    rows, columns = header_continued(DATASHEET, 1, ["Product ID", "Maximum Power", "Temperature"])
    assert rows == 2
    assert columns == ["Product ID", "Maximum Power / Consumption (W)", "Temperature / Range (°C)"]


def test_a_section_heading_a_labelled_row_or_a_table_without_figures_stays_as_it_is() -> None:
    columns = ["Characteristic", "Urban", "Rural"]
    section = [columns, ["", "Age", ""], ["15-19", "82.2", "74.3"]]  # one filled cell: a section heading
    assert header_continued(section, 1, columns) == (1, columns)
    labelled = [columns, ["Total", "all", "all"], ["15-19", "82.2", "74.3"]]  # its label filled: a data row
    assert header_continued(labelled, 1, columns) == (1, columns)
    words = [["Item", "Description", "Status"], ["", "Whitebox audit", "Open"], ["", "Review", "Closed"]]
    assert header_continued(words, 1, ["Item", "Description", "Status"]) == (1, ["Item", "Description", "Status"])
    figured = [columns, ["", "2019", "2020"], ["15-19", "82.2", "74.3"]]  # figures head columns as a data row
    assert header_continued(figured, 1, columns) == (1, columns)


def test_a_stored_table_reads_its_wrapped_header_as_one() -> None:
    table = TableData(id="t", rows=DATASHEET, caption="Table 5. Specifications", label="Table 5",
                      columns=["Product ID", "Maximum Power", "Temperature"], header_rows=1)  # fmt: skip
    sh = shape(table)
    assert sh.header_rows == 2
    assert sh.columns[2] == "Temperature / Range (°C)"
    assert sh.data(table.rows) == [2, 3]
