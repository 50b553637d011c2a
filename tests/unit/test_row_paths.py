"""A row's path read once per word (app.qa.tables.matching.name_score): a section heading that repeats a word of the
label ("Assets / Current assets / Total current assets") names the row no better by that word."""

from __future__ import annotations

from app.qa.tables.matching import row_score
from app.qa.tables.words import question_tokens


def test_a_word_a_row_path_repeats_names_it_no_better() -> None:
    question = question_tokens("What were total assets for the whole organization at the end of March 2026?")
    whole = row_score("Assets / Total assets", question)
    deeper = row_score("Assets / Current assets / Total current assets", question)
    assert whole[0] > deeper[0]
    assert whole[1] == 1.0  # every word of the path named, each counted once
