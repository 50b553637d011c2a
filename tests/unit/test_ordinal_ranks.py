"""An ordinal that keys a table's row said as its figure (app.qa.tables.words.question_tokens)."""

from __future__ import annotations

from app.qa.tables.words import question_tokens


def test_an_ordinal_says_its_figure() -> None:
    assert "1" in question_tokens("What share of first-order births were wanted later?")
    assert "1" not in question_tokens("What share of births were wanted later?")
    assert "2" in question_tokens("How long did the second Insurance test case take?")
    assert "1" not in question_tokens("How much was spent in the first quarter of 2023?")  # a period, not a row key
    assert "1" not in question_tokens("In what year was the phrase first used?")
