"""What an aggregate question asks, read from its words alone."""

from __future__ import annotations

import pytest

from app.qa.aggregate_intent import MAX, MIN, asks_period, rank, thresholds, without_thresholds


@pytest.mark.parametrize(
    ("question", "direction", "number", "inclusive", "fraction"),
    [
        ("How many states had more than 2,500 women?", "above", "2,500", False, None),
        ("share at least 10% in 1995", "above", "10%", True, None),
        ("excluded 5 percent or more of their population", "above", "5", True, None),
        ("cycles longer than 50 miles", "above", "50", False, None),
        ("countries with 100 or fewer stores", "below", "100", True, None),
        ("took more than half of grocery turnover", "above", "half", False, 0.5),
        ("below a quarter of the total", "below", "quarter", False, 0.25),
    ],
)
def test_thresholds(question: str, direction: str, number: str, inclusive: bool, fraction: float | None) -> None:
    (found,) = thresholds(question)
    assert (found.direction, found.number, found.inclusive, found.fraction) == (direction, number, inclusive, fraction)
    assert number not in without_thresholds(question)


def test_at_least_is_no_minimum_and_ranks_count_from_the_top() -> None:
    assert not MIN.search("at least 10%") and MIN.search("the least stores")
    assert not MAX.search("at most 5") and MAX.search("projected to peak")
    assert rank("Which state ranks second in total outlay?") == ("max", 2)
    assert rank("the third-lowest exclusion rate") == ("min", 3)
    assert rank("the 2nd largest firm") == ("max", 2)
    assert rank("Which state had the largest outlay?") is None
    assert rank("the second column's largest value") is None  # "second" not said of the extreme


def test_asks_for_a_period() -> None:
    assert asks_period("the lowest number, and in which year?")
    assert asks_period("In what school year was it highest?")
    assert asks_period("When did hires peak?")
    assert not asks_period("Which state had the most graduates in 2005–06?")


@pytest.mark.parametrize(
    ("question", "alone_words"),
    [
        ("What R@1 did the mean-pooling version reach?", []),
        ("What peak-to-peak ripple is specified?", []),
        ("What is the worst-case delay and the max-min spread?", []),
        ("What is the mean R@1 of the pooling versions?", ["mean"]),
        ("Which is the highest - or the lowest?", ["highest", "lowest"]),  # a dash set apart by spaces joins nothing
        ("Which firm had the second-largest sales?", ["largest"]),  # an ordinal's hyphen makes a rank
    ],
)
def test_an_aggregate_word_joined_by_a_hyphen_is_a_name(question: str, alone_words: list[str]) -> None:
    from app.qa.aggregate_intent import MAX, MIN, alone, superlative
    from app.qa.tables.aggregate import AVERAGE

    spans = [m.span() for rx in (MAX, MIN) for m in rx.finditer(question)] + AVERAGE.every(question)
    assert sorted(question[a:b].lower() for a, b in alone(question, spans)) == sorted(alone_words)
    assert superlative(question) == any(w in ("highest", "lowest", "largest") for w in alone_words)
