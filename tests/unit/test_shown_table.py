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


def test_words_most_tables_say_name_none_of_them() -> None:
    from typing import Any

    from app.qa.tables.shown import _by_telling_words

    def table(name: str, *said: str) -> tuple[int, Any, Any, Any, frozenset[str]]:
        return (0, name, None, None, frozenset(said))

    asked = {"novant", "health", "liquid", "march", "2026"}
    found = [table("balance", "novant", "health", "march", "2026"), table("revenue", "novant", "health", "2026"),
             table("statistics", "novant", "health", "2026"), table("liquidity", "liquid", "march")]  # fmt: skip
    scored, need = _by_telling_words(found, asked, 2)
    assert need == 2  # "liquid" and "march" tell the tables apart; the company and the year do not
    assert max(scored, key=lambda f: f[0])[1] == "liquidity"
    assert [f[0] for f in scored] == [1, 0, 0, 2]
    lone = [*found[:3], table("liquidity", "liquid", "novant", "health", "2026")]
    assert _by_telling_words(lone, asked - {"march"}, 2)[1] == 1  # one telling word asked: saying it is enough
    # among two tables no word is said by most: scores and the floor stay
    assert _by_telling_words(found[:2], asked, 2) == (found[:2], 2)
