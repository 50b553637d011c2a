"""The period a report covers, read from its opening ("For the quarterly period ended September 30, 2023", "For the
Fiscal Year Ended June 30, 2023"), and whether a question asks a period no such report of the named company covers
("the fourth quarter of 2023" of a third-quarter 10-Q, "fiscal year 2024" of the 2023 annual report)."""

from __future__ import annotations

import calendar
from collections.abc import Sequence
from dataclasses import dataclass

from app.qa.tables.fiscal import FISCAL_YEAR, QUARTERS, asked_quarter
from app.qa.tables.words import a_year
from app.text.dates import date_keys

ENDED = ("ended", "ending")
DATE_WORDS = 4  # "September 30, 2023" after "ended"
KIND_WORDS = 4  # "for the quarterly period", "nine months" before "ended"
ANNUAL = ("year", "years", "twelve months", "12 months", "52 weeks", "53 weeks")
QUARTERLY = ("quarterly period", "quarter", "three months", "3 months", "13 weeks")
ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth"}
TO_DATE = {2: ("six months", "6 months", "26 weeks"), 3: ("nine months", "9 months", "39 weeks")}
LABEL_WORDS = 6  # "Third Quarter Fiscal Year 2024", "Q3 & 9M FY25": the year a report names its own quarter by
# A quarter's report sets its quarter beside the one before and the same quarter a year earlier, no other.
QUARTERS_SHOWN = (0, 1, 4)
# A quarter's report states the balance at its last fiscal year's end, never that year's flows ("net sales for
# fiscal 2021" of a 10-Q for March 2022): a question naming a moment of that year may still be answered.
AT_A_MOMENT = ("end of", "as of", "year-end", "year end", " at ", "balance")


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
    own: tuple[int, int] | None = None  # (quarter, year) a quarter's report names itself by ("First Quarter 2023")


def _label_year(words: Sequence[str]) -> int | None:
    """The first year among `words`, written out or as a fiscal year ("2023", "FY25", "FY2024")."""
    for word in words:
        said = word.strip(",.;:()'").upper()
        bare = said.removeprefix("FY")
        if a_year(bare):
            return int(bare)
        if len(bare) == 2 and bare.isdigit() and said.startswith("FY"):
            return 2000 + int(bare)
    return None


def _own_quarter(opening: str) -> tuple[int, int] | None:
    """(quarter, year) of the first quarter the opening names with a year after it: a quarter's report names its
    own in its title ("CIBC Announces First Quarter 2023 Results"); None when it names none so."""
    for named in QUARTERS.finditer(opening):
        number = asked_quarter(named.group(0))
        year = _label_year(opening[named.end() :].split()[:LABEL_WORDS])
        if number is not None and year is not None:
            return number, year
    return None


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
    own = _own_quarter(opening) if quarterly and not annual else None
    day = int(days[-1][7:]) if days else None
    return Period(int(last[1:5]), int(last[5:7]), annual, quarterly, quarter, said, day, own)


def titled_period(name: str) -> Period | None:
    """The year an annual report's file name or title names ("microsoft-2023-annual-report", "Annual Report 2023")
    when its opening states no period end (a shareholder letter opens it); None unless it says "annual report" and
    one year. Its month is unknown: the year's last is taken, so only a later year is told unreported."""
    words = name.lower().replace("-", " ").replace("_", " ").split()
    years = {w for w in words if a_year(w)}
    if "annual report" not in " ".join(words) or len(years) != 1:
        return None
    year = years.pop()
    return Period(int(year), 12, annual=True, quarterly=False, said=f"in {year}")


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


def _ends_later(period: Period, question: str) -> bool:
    """The question says its period ended after the report's ("the fourth quarter, ended June 30, 2024" of a report
    for the quarter ended March 31, 2024): no report states a period that had not ended when it was written."""
    stated = reported_period(question)
    return stated is not None and (stated.year, stated.month) > (period.year, period.month)


def not_reported(period: Period, question: str) -> bool:
    """The question asks a period this report does not cover: one ending after the report's, a fiscal year after the
    one it ends in (or, of a quarter's report, an earlier year's flows), or a quarter it neither reports nor sets
    beside its own (a 10-Q never reports a fourth quarter)."""
    if _ends_later(period, question):
        return True
    asked = _asked(question)
    if asked is None:
        return _later_period_end(period, question)
    quarter, year, fiscal = asked
    if quarter is None:
        # A fiscal year is named by the year it ends in (or the one before); a quarter's report may open the next.
        quarter_only = not period.annual and period.quarterly
        at_a_moment = any(w in f" {question.lower()} " for w in AT_A_MOMENT)
        return period.year < year - (0 if period.annual else 1) or (quarter_only and year < period.year and
                                                                    not at_a_moment)  # fmt: skip
    if period.own is not None:
        own = 4 * period.own[1] + period.own[0]
        return all(4 * year + quarter != own - back for back in QUARTERS_SHOWN)
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
        quarter, year, fiscal = asked
        said = f"the {ORDINALS[quarter]} quarter of {'fiscal ' * fiscal}{year}" if quarter else f"fiscal year {year}"
    else:
        assert date is not None  # not_reported held for every report
        said = f"{calendar.month_name[date[1]]} {date[2]}, {date[0]}"
    held = "; ".join(f"{name} reports the period ended {period.said}" for name, period in reports if period)
    return f"No document in this collection reports {said}: {held}."
