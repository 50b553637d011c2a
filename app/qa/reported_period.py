"""The period a report covers, read from its opening ("For the quarterly period ended September 30, 2023", "For the
Fiscal Year Ended June 30, 2023"), and whether a question asks a period no such report of the named company covers
("the fourth quarter of 2023" of a third-quarter 10-Q, "fiscal year 2024" of the 2023 annual report)."""

from __future__ import annotations

import calendar
from collections.abc import Sequence
from dataclasses import dataclass

from app.qa.tables.fiscal import FISCAL_YEAR, asked_quarter
from app.qa.tables.words import a_year
from app.text.dates import date_keys

ENDED = ("ended", "ending")
DATE_WORDS = 4  # "September 30, 2023" after "ended"
KIND_WORDS = 4  # "for the quarterly period", "nine months" before "ended"
ANNUAL = ("year", "years", "twelve months", "12 months", "52 weeks", "53 weeks")
QUARTERLY = ("quarterly period", "quarter", "three months", "3 months", "13 weeks")
ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth"}
TO_DATE = {2: ("six months", "6 months", "26 weeks"), 3: ("nine months", "9 months", "39 weeks")}


@dataclass(frozen=True, slots=True)
class Period:
    """The latest period end a report's opening states (year, month), and what ends there."""

    year: int
    month: int
    annual: bool  # a year's period ends there
    quarterly: bool  # a quarter's period ends there
    quarter: int | None = None  # the quarter of its fiscal year, when a year to date ends there too ("nine months")
    said: str = ""  # the date as the report says it
    day: int | None = None  # the day of the month it ends on, when said


def reported_period(opening: str) -> Period | None:
    """The report's latest stated period end and the kinds of period ending there; None when it states none."""
    words = opening.split()
    ends: list[tuple[str, str, str]] = []  # (month key, what precedes "ended", the date said)
    for k, word in enumerate(words):
        if word.lower().strip(",.:;()") not in ENDED:
            continue
        said = " ".join(words[k + 1 : k + 1 + DATE_WORDS])
        said = next((said[: m + 4] for m in range(len(said) - 3) if a_year(said[m : m + 4])), said.rstrip(",.;:)"))
        keys = sorted(key for key in date_keys(said) if key.startswith("m"))
        if keys:
            ends.append((keys[-1], " ".join(words[max(0, k - KIND_WORDS) : k]).lower(), said))
    if not ends:
        return None
    last = max(key for key, _, _ in ends)
    kinds = " ".join(before for key, before, _ in ends if key == last)
    quarter = next((q for q, spans in TO_DATE.items() if any(s in kinds for s in spans)), None)
    quarterly = any(q in kinds for q in QUARTERLY) or quarter is not None
    annual = any(f" {a} " in f" {kinds} " for a in ANNUAL)
    said = next(s for key, _, s in ends if key == last)
    days = sorted(key for key in date_keys(said) if key.startswith("d"))
    return Period(int(last[1:5]), int(last[5:7]), annual, quarterly, quarter, said, int(days[-1][7:]) if days else None)


def _asked_date(question: str) -> tuple[int, int, int] | None:
    """(year, month, day) of the one full date the question names ("at November 30, 2023"); None otherwise."""
    days = {key for key in date_keys(question) if key.startswith("d")}
    if len(days) != 1:
        return None
    key = days.pop()
    return int(key[1:5]), int(key[5:7]), int(key[7:])


def _asked(question: str) -> tuple[int | None, int, bool] | None:
    """(quarter or None for a fiscal year, year, said as fiscal) the question asks; None when it asks neither."""
    years = [int(w.strip("?,.;:()'")) for w in question.split() if a_year(w.strip("?,.;:()'"))]
    fiscal = FISCAL_YEAR.search(question)
    number = asked_quarter(question)
    if number is not None and len(set(years)) == 1:
        return number, years[0], "fiscal" in question.lower()
    if fiscal is not None:
        return None, int(fiscal.group(1)), True
    return None


def asks_period(question: str) -> bool:
    """The question names a quarter of a year, a fiscal year or a full date."""
    return _asked(question) is not None or _asked_date(question) is not None


def _later_period_end(period: Period, question: str) -> bool:
    """The question names the report's own period-end day of a later year ("November 30, 2023" of a report for the
    year ended November 30, 2022): a balance it cannot yet state. Any other date may be an event it reports."""
    date = _asked_date(question)
    return date is not None and (date[1], date[2]) == (period.month, period.day) and date[0] > period.year


def not_reported(period: Period, question: str) -> bool:
    """The question asks a period this report does not cover: a fiscal year after the one it ends in, or a quarter of
    the year it ends in other than its own (a 10-Q never reports a fourth quarter), or of a later year."""
    asked = _asked(question)
    if asked is None:
        return _later_period_end(period, question)
    quarter, year, fiscal = asked
    if quarter is None:
        # A fiscal year is named by the year it ends in (or the one before); a quarter's report may open the next.
        return period.year < year - (0 if period.annual else 1)
    if fiscal:
        return False  # a company's own quarters may end a year before the fiscal year's name
    if period.year < year:
        return True
    if period.year > year or period.annual:
        return False
    return (period.quarter is not None and period.quarter != quarter) or (period.quarterly and quarter == 4)


def period_asked_elsewhere(reports: Sequence[tuple[str, Period | None]], question: str) -> str | None:
    """The sentence saying no named report covers the period asked: `reports` are (file name, period) of the
    documents the question names; None when one of them may cover it or none states its period."""
    if not reports or any(period is None or not not_reported(period, question) for _, period in reports):
        return None
    asked, date = _asked(question), _asked_date(question)
    if asked is not None:
        quarter, year, _ = asked
        said = f"the {ORDINALS[quarter]} quarter of {year}" if quarter else f"fiscal year {year}"
    else:
        assert date is not None  # not_reported held for every report
        said = f"{calendar.month_name[date[1]]} {date[2]}, {date[0]}"
    held = "; ".join(f"{name} reports the period ended {period.said}" for name, period in reports if period)
    return f"No document in this collection reports {said}: {held}."
