"""A caption that is only a table's label ("Exhibit 6") is read with the title lines under the label on its page;
a page's first table that continues the previous page's last one, though given the label of a later table on its
page, carries no label; a quarter asked for is said as the period such a title heads its table with."""

from __future__ import annotations

from app.db.models import DocTable
from app.qa.tables.stored import captions_of_cells, continued_under_another_label, lists_tables, title_under_label

PAGE = """Total gross square feet at end of the quarter
4 th Quarter 14,074,330 126,073 0 14,200,403
Exhibit 6
Acme Retail, Inc.
Sales by Category
The following tables set forth the approximate percentage of net sales by primary category:
13 Weeks Ended
Cosmetics 40% 41%"""


def _table(tid: str, page: int, index: int, label: str | None, rows: list[list[str]]) -> DocTable:
    return DocTable(id=tid, document_id="d", page_number=page, index_on_page=index, index_in_document=page * 10 + index,
                    caption=label, label=label, rows=rows, columns=rows[0], header_rows=1, markdown="",
                    bbox=[0, 0, 1, 1])  # fmt: skip


QUARTERS = [["", "", ""], ["1 st Quarter", "1", "2"], ["2 nd Quarter", "3", "4"]]
SALES = [["", "13 Weeks Ended", "13 Weeks Ended"], ["Cosmetics", "40%", "41%"]]


def test_a_label_only_caption_is_read_with_the_title_under_it() -> None:
    table = _table("t", 9, 1, "Exhibit 6", SALES)
    title = title_under_label(table, PAGE)
    assert title == ("Acme Retail, Inc. Sales by Category The following tables set forth the approximate "
                     "percentage of net sales by primary category:")  # fmt: skip
    assert title_under_label(_table("t", 9, 1, "Exhibit 7", SALES), PAGE) == ""  # no line of its own
    # The table's own first words end the title: a label right above its header has none.
    assert title_under_label(table, "Exhibit 6\n13 Weeks Ended\nCosmetics 40% 41%") == ""


def test_a_label_set_with_a_dash_on_its_page_is_found_under_its_stored_form() -> None:
    table = _table("t", 10, 0, "Table 3", SALES)
    page = "4\nTable - 3\nEstimates of the year and revised\n13 Weeks Ended\nCosmetics 40% 41%"
    assert title_under_label(table, page) == "Estimates of the year and revised"
    assert title_under_label(table, "4\n3\nEstimates of the year\nCosmetics 40% 41%") == ""  # a number alone is not it


def test_a_pages_first_table_continuing_the_previous_page_keeps_its_label() -> None:
    stores = _table("s", 8, 0, "Exhibit 5", [["Fiscal 2022", "Stores open"], *QUARTERS[1:]])
    feet = _table("f", 9, 0, "Exhibit 6", [["Fiscal 2022", "Square feet"], *QUARTERS[1:]])
    sales = _table("c", 9, 1, "Exhibit 6", SALES)
    assert continued_under_another_label([stores, feet, sales]) == {"f": ("", "")}
    # Other row labels: a table of its own under the page's label.
    other = _table("o", 9, 0, "Exhibit 6", [["Region", "Stores"], ["North", "3"], ["South", "4"]])
    assert continued_under_another_label([stores, other, sales]) == {}
    # The label no later table on the page carries: the table's own.
    assert continued_under_another_label([stores, feet]) == {}


def test_a_quarter_asked_is_said_as_the_period_a_caption_heads_its_table_with() -> None:
    from app.qa.tables.content import said_as_periods
    from app.qa.tables.model import TableData
    from app.qa.tables.words import tokens

    question = "How much net income did the company make in Q4 of fiscal 2021?"
    asked = set(tokens(question))
    columns = ["", "January 28, 2023", "January 29, 2022"]
    quarter = TableData("q", [columns], caption="Exhibit 1 Statements of Income 13 Weeks Ended", columns=columns)
    year = TableData("y", [columns], caption="Exhibit 2 Statements of Income 52 Weeks Ended", columns=columns)
    assert {"13", "week"} <= said_as_periods(question, asked, quarter)
    assert not said_as_periods(question, asked, year) & set(tokens(year.caption or ""))


def test_a_caption_read_from_inside_a_cell_labels_no_table() -> None:
    note = "Table 1: Changed “TABLE 4.2-1” to “Table 1.” Also changed in text where cited."
    history = _table("h", 3, 0, "Table 1", [["Revision", "Description"],
                                            ["A", f"Added metric units after the English units. {note} Editorial."]])
    history.caption = note
    levels = _table("l", 16, 0, "Table 1", [["Frequency", "Level"], ["20 Hz", "0.01"]])
    levels.caption = "Table 1—Component Minimum Workmanship Random Vibration Test Levels"
    assert captions_of_cells([history, levels]) == {"h": ("", "")}
    # A caption set as the table's own first cell is its caption.
    titled = _table("t", 4, 0, "Table 2", [["Table 2: Sales by region", ""], ["North", "3"]])
    titled.caption = "Table 2: Sales by region"
    assert captions_of_cells([titled]) == {}


def test_a_contents_pages_list_of_tables_carries_none_of_their_labels() -> None:
    contents = _table("c", 5, 0, "Table 2", [["", "Part-I", "1"], ["Table - 1:", "Budget at a Glance", "2"],
                                             ["Table - 2:", "Fiscal Deficit & Financing", "3"]])  # fmt: skip
    assert lists_tables(contents)
    # One row that names a table ("Table 3 | source of the rates") is a table's content, not a list of tables.
    assert not lists_tables(_table("s", 6, 0, "Table 4", [["Rates", "Table 3 source of the rates"], ["A", "1.5"]]))
