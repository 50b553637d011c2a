"""Figures grouped in lakhs and crores ("2,02,705", "1,23,45,678.50"), as Indian, Nepali and Pakistani documents
print them, are numbers in a table's cells and in a sentence (app.qa.tablelayout, app.qa.compose)."""

from __future__ import annotations

from app.qa.compose import VALUE, value_of
from app.qa.tablelayout import parse_number


def test_a_cell_grouped_in_lakhs_is_its_number() -> None:
    assert parse_number("2,02,705") == 202705
    assert parse_number("1,23,45,678.50") == 12345678.5
    assert parse_number("12,345") == 12345  # thousands as before
    assert parse_number("8,5") == 8.5  # a decimal comma as before


def test_a_sentences_figure_grouped_in_lakhs_is_read_whole() -> None:
    found = [m.group("num") for m in VALUE.finditer("a transfer of 2,02,705 crore, against 7,84,181 crore")]
    assert found == ["2,02,705", "7,84,181"]
    value = value_of("Rs 2,02,705 crore")
    assert value is not None and value.amount == 202705
