"""Whole-word phrase lists from a YAML lexicon (app.qa.analysis.phrases)."""

from __future__ import annotations

from app.qa.analysis.phrases import Phrases, lexicon


def test_phrases_match_whole_words_one_space_apart_at_their_first_place() -> None:
    words = Phrases.of(["how many", "more recent", "{wh} year"])
    assert words.first("So, how many were there?") == 4
    assert words.first("How  many") is None  # two spaces: not the phrase as written
    assert words.first("somehow many") is None  # "somehow" is not "how"
    assert words.first("In which year and how many?") == 0  # "{wh}" stands for "in which" too
    assert words.said("the more recent one") and not words.said("the more one")
    assert words.opens("How many?") and not words.opens("Say how many")


def test_the_question_words_lexicon_holds_every_list_the_answer_types_read() -> None:
    words = lexicon("question_words")
    assert {"yes_no_openers", "early", "late", "more", "less", "date_asks", "number_asks", "place_asks",
            "person_asks"} <= set(words)  # fmt: skip
    assert words["person_asks"].said("Which organisation ran it?") and words["date_asks"].said("In what year?")
