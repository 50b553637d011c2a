"""A later part that asks only for the first part's answer's value is no part of its own (app.qa.analysis.followup)."""

from __future__ import annotations

from app.qa.analysis.parse import analyse


def test_which_is_largest_and_what_is_it_is_read_as_one_question() -> None:
    analysis = analyse("Which region had the largest rainfall in the weather table, and what was it?")
    assert analysis.shape == "single"
    assert analysis.question == "Which region had the largest rainfall in the weather table?"


def test_how_many_with_only_an_aside_is_the_value_of_the_lowest() -> None:
    analysis = analyse("In which year were the fewest permits issued, and how many (in thousands)?")
    assert analysis.shape == "single"
    assert analysis.question.startswith("In which year were the fewest permits issued")


def test_a_second_part_naming_its_own_thing_stays_a_part() -> None:
    analysis = analyse("Which region had the largest rainfall, and what was its population in 2010?")
    assert analysis.shape == "parts"
    assert len(analysis.parts) == 2


def test_a_follow_up_on_a_question_choosing_nothing_stays_a_part() -> None:
    # "how far … largest load step": no row is chosen, so "how quickly …" is a question of its own.
    analysis = analyse("When the largest load step is connected, how far may the frequency swing, and how quickly "
                       "must it settle again?")  # fmt: skip
    assert analysis.shape == "parts"


def test_a_follow_up_the_splitter_leaves_whole_is_dropped_too() -> None:
    analysis = analyse("Which storm in the list was named in the most source articles, and how many?")
    assert analysis.shape == "single"
    assert analysis.question == "Which storm in the list was named in the most source articles?"
