"""A question's fiscal year read in the calendar of a table whose columns are dated by the day their period ends.

Companies name a fiscal year by the calendar year that holds most of its months: a year ended January 28, 2023 is
"fiscal 2022" (a retailer's), one ended June 30, 2023 "fiscal 2023". A table dated by period ends says "January 28,
2023", so the question's "fiscal 2022" has to be read as 2023 there, or the column of a year earlier is taken. The
end date settles the fiscal year only for a year's column or the last quarter's (a 36-week period ended in May says
nothing about which year it belongs to).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.qa.analysis.phrases import WORD, Phrases
from app.text.dates import date_keys

FISCAL_YEAR = re.compile(r"\b(?:fiscal(?:\s+year)?\s*|FY\s?)((?:19|20)\d\d)\b", re.I)

# How tables head a year's and a quarter's columns, and how questions name a quarter. A question's quarter is the
# table's "13 weeks" or "three months"; its fiscal year without a quarter the "52 weeks" or "twelve months".
YEAR_PERIODS = ("52 weeks", "53 weeks", "twelve months", "12 months", "year ended", "years ended", "year ending")
QUARTER_PERIODS = ("13 weeks", "14 weeks", "three months", "3 months", "quarter ended", "quarters ended")
HALF_PERIODS = ("26 weeks", "six months", "6 months")
QUARTERS = re.compile(
    r"\b(?:q[1-4]|(?:first|second|third|fourth|1st|2nd|3rd|4th|last|final)[\s-](?:fiscal\s)?quarter)\b", re.I
)
HALVES = Phrases.of(["h1", "h2", "first half", "second half", "first-half", "second-half", "half year", "half-year"])
QUARTER_NUMBERS = {"first": 1, "1st": 1, "q1": 1, "second": 2, "2nd": 2, "q2": 2, "third": 3, "3rd": 3, "q3": 3,
                   "fourth": 4, "4th": 4, "q4": 4}  # fmt: skip
LAST_QUARTER = re.compile(r"\b(?:q4|(?:fourth|4th|last|final)[\s-]quarter)\b", re.I)

# A year ending in one of the first five months lies mostly in the calendar year before (a June end splits evenly
# and is named by its end, as most June-ending companies do).
LAST_MONTH_NAMED_BY_START = 5


def _end_months(headers: Sequence[str]) -> set[int]:
    return {int(key[5:7]) for h in headers for key in date_keys(h) if key.startswith("m")}


def in_table_calendar(question: str, headers: Sequence[str]) -> str:
    """`question` in the table's terms: a quarter or a half it names said as the table heads that period's columns
    ("Q2 2023" is the "three months" ended in June), and each "fiscal YYYY" moved to the calendar year its period
    ends in, when the table's columns are dated by period ends: a quarter's end month and number say where its fiscal
    year ends, a year's column ending early in a calendar year belongs to the fiscal year before."""
    named = " ".join(headers).lower()
    said = [p for names, periods in ((QUARTERS.search, QUARTER_PERIODS), (HALVES.said, HALF_PERIODS)) if names(question)
            for p in periods if p in named]  # fmt: skip
    said += _compact_quarter(question, headers)
    if not FISCAL_YEAR.search(question):
        return " ".join([question, *said])
    if any(FISCAL_YEAR.search(h) for h in headers):
        return " ".join([question, *said])
    quarter = _quarter_shift(question, headers)
    if quarter is not None:
        moved = FISCAL_YEAR.sub(lambda m: m.group(0)[: -len(m.group(1))] + str(int(m.group(1)) + quarter), question)
        return " ".join([moved, *said])
    months = _end_months(headers)
    if not months or max(months) > LAST_MONTH_NAMED_BY_START:
        return " ".join([question, *said])
    whole_year = any(p in named for p in YEAR_PERIODS)
    if not whole_year and not LAST_QUARTER.search(question):
        return " ".join([question, *said])
    moved = FISCAL_YEAR.sub(lambda m: m.group(0)[: -len(m.group(1))] + str(int(m.group(1)) + 1), question)
    periods = QUARTER_PERIODS if QUARTERS.search(question) else YEAR_PERIODS
    return " ".join([moved, *(p for p in periods if p in named)])


def asked_quarter(question: str) -> int | None:
    """The number of the quarter the question names ("Q2" 2, "the fourth quarter" 4, "the last quarter" 4)."""
    asked = QUARTERS.search(question)
    if asked is None:
        return None
    return 4 if LAST_QUARTER.search(question) else QUARTER_NUMBERS.get(asked.group(0).lower().split("-")[0].split()[0])


def _quarter_shift(question: str, headers: Sequence[str]) -> int | None:
    """How many calendar years the question's fiscal year lies from the end of the quarter it asks, when the table's
    quarter columns all end in one month: the quarter's number and its end month give the month the fiscal year ends
    in, which names the year. Disney's first quarter of fiscal 2025 ended December 28, 2024 (a year ending in
    September); a retailer's fourth quarter of fiscal 2022 ended January 28, 2023. None when the question names no
    quarter, or the table no quarter's columns or several end months."""
    number = asked_quarter(question)
    quarter_heads = [h for h in headers if any(p in h.lower() for p in QUARTER_PERIODS)]
    months = _end_months(quarter_heads)
    if number is None or len(months) != 1:
        return None
    month = months.pop() + 3 * (4 - number)  # the fiscal year's last month, counted from the quarter's January
    year_end_month = (month - 1) % 12 + 1
    return (1 if year_end_month <= LAST_MONTH_NAMED_BY_START else 0) - (1 if month > 12 else 0)


def _compact_quarter(question: str, headers: Sequence[str]) -> list[str]:
    """The column heads that write the question's quarter compactly ("Q2 2022" is the column "2Q22")."""
    quarter = QUARTERS.search(question)
    years = [w for w in WORD.findall(question) if len(w) == 4 and w.isdigit() and w[:2] in ("19", "20")]
    if quarter is None or len(years) != 1:
        return []
    number = QUARTER_NUMBERS.get(quarter.group(0).lower().split("-")[0].split()[0])
    # A column head writes a quarter as "2Q22" (one word) or "Q2 2022", "Q2'22", "2Q 2023" (the year the next word).
    found = []
    for head in headers:
        words = WORD.findall(head)
        for k, word in enumerate(words):
            said = _quarter_year(word, words[k + 1] if k + 1 < len(words) else "")
            if said is not None and said[0] == number and years[0].endswith(said[1]):
                found.append(said[2])
    return found


def _quarter_year(word: str, after: str) -> tuple[int, str, str] | None:
    """(quarter, year as written, the words) of "2Q22", "Q2" + "2022", "2Q" + "22"; None for other words."""
    low = word.lower()
    for quarter, rest in ((low[:1], low[1:]), (low[1:2], low[:1] + low[2:])):
        if quarter in "1234" and quarter and rest[:1] == "q":
            year = rest[1:]
            if not year and after.isdigit() and len(after) in (2, 4):
                return int(quarter), after, f"{word} {after}"
            if year.isdigit() and len(year) in (2, 4):
                return int(quarter), year, word
    return None


# The columns of a year to date beside a quarter's say which quarter it is: "nine months" beside "three months"
# ended the same day make that quarter the third of its fiscal year, whatever the company's calendar.
TO_DATE_PERIODS = {2: HALF_PERIODS, 3: ("nine months", "9 months", "39 weeks", "40 weeks"), 4: YEAR_PERIODS}


def quarter_not_held(question: str, headers: Sequence[str]) -> bool:
    """The question asks a quarter other than the one the table's quarter columns report, as its year-to-date
    columns tell (a 10-Q's "Three months ended September 30" beside "Nine months …" is the third quarter; "the fourth
    quarter of 2023" is not in it). False when the table tells no quarter."""
    number = asked_quarter(question)
    quarter_heads = [h for h in headers if any(p in h.lower() for p in QUARTER_PERIODS)]
    if number is None or not quarter_heads:
        return False
    held = set()
    for quarter, periods in TO_DATE_PERIODS.items():
        to_date = [h for h in headers if any(p in h.lower() for p in periods)]
        ends, quarter_ends = _end_months(to_date), _end_months(quarter_heads)
        if to_date and (not ends or not quarter_ends or ends == quarter_ends):
            held.add(quarter)
    return len(held) == 1 and number not in held
