"""Dates written in different ways give the same keys, so lexical matching meets them."""

from __future__ import annotations

import pytest

from app.qa.extractive_reader.words import stemmed
from app.text.dates import date_keys


@pytest.mark.parametrize(
    "text",
    ["notices of 21 August 2015", "08/21/2015", "August 21, 2015", "2015-08-21", "21-Aug-15", "21st August, 2015"],
)
def test_one_day_written_in_many_ways_gives_one_day_key(text: str) -> None:
    assert date_keys(text) == {"d20150821", "m201508"}


def test_a_month_and_a_year_give_the_month_key_however_written() -> None:
    assert date_keys("the June 2011 contract") == {"m201106"}
    assert date_keys("29‐June‐11") == {"d20110629", "m201106"}  # noqa: RUF001  (a PDF's hyphen)
    assert date_keys("Dec-2015") == {"m201512"}
    assert date_keys("Dec '15") == {"m201512"}


def test_numbers_that_only_look_like_dates_give_no_key() -> None:
    assert date_keys("May 15 meeting") == set()  # a day of May, no year
    assert date_keys("the FAA may 12 days later") == set()
    assert date_keys("in 1997 and 2003") == set()
    assert date_keys("13/25/2015") == set()  # no month 13 or 25


def test_an_ambiguous_numeric_date_is_read_both_ways() -> None:
    assert date_keys("03/04/2016") == {"d20160304", "m201603", "d20160403", "m201604"}


def test_the_readers_words_meet_a_date_written_otherwise() -> None:
    question = "How many workers did the notice of 21 August 2015 cover?"
    meant = stemmed(question) & stemmed("08/21/2015 Boeing Company El Segundo 39")
    other = stemmed(question) & stemmed("08/28/2015 Boeing Company El Segundo 106")
    assert {"d20150821", "m201508"} <= meant
    assert "d20150821" not in other and len(meant) > len(other)
