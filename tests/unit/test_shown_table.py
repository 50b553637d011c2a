"""A table asked for whole by its words, not its label (app/qa/tables/shown.py): which questions ask that."""

from __future__ import annotations

import pytest

from app.qa.tables.shown import asks_what_a_table_shows


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("What does the single table in the harbour authority's tariff notice show?", True),
        ("What does the table comparing reported and adjusted margins show in the quarterly release?", True),
        ("What do the tables of the survey list?", True),
        # a request for the table whole
        ("Can you reproduce the English constituency parsing results table from the Transformer paper?", True),
        ("Show me the fee table of the loan estimate.", True),
        ("Can you tell me the total in the fee table?", False),
        ("What does the survey show about commuting?", False),  # no table named
        ("What is the total in the table of harbour dues?", False),  # a value asked for
        ("Which table shows the harbour dues?", False),  # which table, not what it shows
    ],
)
def test_a_table_named_by_its_words_asked_for_whole(question: str, asks: bool) -> None:
    assert asks_what_a_table_shows(question) is asks
