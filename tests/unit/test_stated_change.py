"""A change asked of one thing, read from a sentence stating its values before and after
(app.qa.read.stated_change, app.qa.analysis.parse.asks_change)."""

from __future__ import annotations

from app.qa.analysis.parse import analyse
from app.qa.answer import Answer
from app.qa.read.stated_change import stated_change, with_stated_change


def test_a_change_asked_of_one_thing_is_flagged() -> None:
    assert analyse("By how much does the new rule raise the monthly fee for members?").change
    assert not analyse("How much is the monthly fee for members?").change
    assert not analyse("By how much is the fee higher for members than for guests?").change  # two values named


def test_values_before_and_after_are_read_with_their_unit() -> None:
    found = stated_change("The monthly fee of 12.50 euros for members is being raised to 15 euros.")
    assert found is not None
    before, after, unit = found
    assert (before.amount, after.amount, unit) == (12.5, 15.0, "euros")
    assert stated_change("Staff went from 120 to 95 employees.") is not None


def test_no_change_is_read_where_none_is_stated() -> None:
    assert stated_change("Revenue rose 12% to $5.2 billion.") is None  # a share and an amount: not one kind
    assert stated_change("The fee is 12 euros and the deposit 30 euros.") is None  # no "to"
    assert stated_change("From 5 people to 3 teams were formed.") is None  # two units


def test_the_answer_leads_with_the_working() -> None:
    answer = Answer("The monthly fee of **12.50** euros for members is being raised to 15 euros. [1]")
    text = with_stated_change(answer).text
    assert text.startswith("**2.50 euros**: 15 euros − 12.50 euros = 2.50 euros [1].")
    plain = Answer("The monthly fee is 12.50 euros. [1]")
    assert with_stated_change(plain).text == plain.text
