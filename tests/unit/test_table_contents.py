"""A table of contents read as a table answers no content question (app.qa.tables.contents)."""

from __future__ import annotations

from app.qa.tables.contents import is_contents


def test_headings_ending_in_page_numbers_in_order_are_contents() -> None:
    rows = [["Contents", "", ""], ["1", "Introduction", "2"], ["3", "Graph Format", "3"],
            ["", "3.1 Input File Format . . . . . . . .", "3"], ["", "3.2 Output File Formats . . . . . .", "4"],
            ["4", "User Interface", "5"]]  # fmt: skip
    assert is_contents(rows)


def test_tables_of_figures_are_not() -> None:
    statement = [["General government...........", "3,514,957", "3,216,709"],
                 ["Education..........", "21,046,804", "2"], ["Health....", "4", "7"], ["Police....", "5", "6"],
                 ["Fire....", "3", "9"]]  # fmt: skip
    assert not is_contents(statement)  # the last column goes down: no pages in reading order
    counts = [["Group", "n"], ["A", "2"], ["B", "3"], ["C", "5"], ["D", "8"]]
    assert not is_contents(counts)  # rising counts, but no heading runs on in dot leaders
