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


def test_a_passage_of_contents_entries_answers_no_content_question() -> None:
    from app.qa.extractive_reader.items import ContextItem
    from app.qa.extractive_reader.scoring import candidates
    from app.qa.tables.contents import contents_text

    contents = ("Contents 1 What is it? ........................ 2 1.1 How is it sent over the radio? .............. 2 "
                "1.2 Message formats . . . . . . . . . 3 2 Connecting to a radio ……… 5")  # fmt: skip
    assert contents_text(contents)
    # a statistics row run on in dots is a value, not a page: its numbers go down, or are too few
    assert not contents_text("Runaways............ 34.0 Curfew......... 12.1 Vagrancy......... 8.3 Gambling...... 2")
    assert not contents_text("The value rose.... to 5 and then.... to 6 in 2020.")
    items = [ContextItem(1, "a", "passage", contents), ContextItem(2, "b", "passage", "It uses 9600 bps GMSK.")]
    assert [c.text for c in candidates(items)] == ["It uses 9600 bps GMSK."]
