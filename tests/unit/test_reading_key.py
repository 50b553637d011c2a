"""Of two tables' readings ranked alike, the one whose cell accounts for more of the question's words that are no
date or figure answers (app/qa/tables/content.py `reading_key`): "research and development … the quarter ended March
31, 2024" is read in the row "Research and development", not in a reconciliation's row "2024 As Reported"."""

from __future__ import annotations

from app.qa.tables.content import reading_key
from app.qa.tables.words import tokens

QUESTION = set(tokens("How much did Microsoft spend on research and development in the quarter ended March 31, 2024?"))


def test_a_tie_is_broken_by_the_words_a_cell_is_of() -> None:
    by_date = reading_key(True, 0.5, tokens("2024 As Reported (GAAP) Three Months Ended March 31, Revenue"), QUESTION)
    by_name = reading_key(True, 0.5, tokens("Research and development Three Months Ended 2024"), QUESTION)
    assert by_name > by_date


def test_rank_and_the_names_held_come_first() -> None:
    by_name = reading_key(True, 0.5, tokens("Research and development"), QUESTION)
    assert reading_key(True, 0.6, tokens("2024"), QUESTION) > by_name
    assert reading_key(False, 0.5, tokens("Research and development"), QUESTION) < reading_key(True, 0.5, [], QUESTION)


def test_months_and_figures_are_no_substance() -> None:
    assert reading_key(True, 0.0, tokens("March 31 2024"), QUESTION)[2] == 0
