"""A stored figure whose thousands the page set apart after their commas ("$1, 200") is read as the figure; any other
text with a comma keeps its space (app.qa.tables.stored.cell_text)."""

from __future__ import annotations

import pytest

from app.qa.tablelayout import parse_number
from app.qa.tables.stored import cell_text


@pytest.mark.parametrize(
    ("stored", "read"),
    [("$1, 200", "$1,200"), ("$75, 000", "$75,000"), ("1, 234, 567.5", "1,234,567.5"), ("(1, 200)", "(1,200)"),
     ("Notes 1, 2", "Notes 1, 2"), ("1, 2", "1, 2"), ("Smith, 200 cases", "Smith, 200 cases"),
     ("2019, 200", "2019, 200"), (None, ""), (3, "3")],
)  # fmt: skip
def test_spaced_thousands_close_up(stored: object, read: str) -> None:
    assert cell_text(stored) == read


def test_the_closed_figure_is_a_number() -> None:
    assert parse_number("$1, 200") is None and parse_number(cell_text("$1, 200")) == 1200
