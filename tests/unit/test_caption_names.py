"""Which captions name a content question (app.qa.tables.content.caption_names): enough of its words, a title said
whole, or most of a title of several words however long the question."""

from __future__ import annotations

from app.qa.tables.content import caption_names
from app.qa.tables.words import tokens

LONG = set(tokens("What average annual WIC benefit per recipient does the imputation use for Alaska?"))


def test_most_of_a_title_of_several_words_names_a_long_question() -> None:
    assert caption_names(LONG, "Table 4: Average WIC benefits by state") == 3
    # Three of its seven title words: no.
    assert caption_names(LONG, "Table 2: Annual WIC child recipient numbers by state for CPS") is None


def test_a_short_question_is_named_by_a_share_of_its_words_or_a_title_said_whole() -> None:
    asked = set(tokens("the number of public high school graduates in California"))
    assert caption_names(asked, "Table 14. Actual and projected numbers for public high school graduates") is not None
    assert caption_names(set(tokens("the thesis main results")), "Table 3: Main results. Average search space") == 2
    assert caption_names(asked, "Table 1: Sales by region") is None
