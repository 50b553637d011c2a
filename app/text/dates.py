"""Dates as words that match however they are written: "21 August 2015", "August 21, 2015", "08/21/2015" and
"2015-08-21" all give the day key "d20150821" and the month key "m201508"; "29‐June‐11", "Jun-2011" and "June 2011"
give "m201106". The reader's word overlap (app.qa.extractive_reader.stemmed) adds these keys to a text's words, so a
question's "notices of 21 August 2015" meets a listing's "08/21/2015" and "the June 2011 contract" a row dated
"29‐June‐11"."""

from __future__ import annotations

import re

_MONTHS = "january february march april may june july august september october november december".split()
MONTH_NUMBER = {**{m: i for i, m in enumerate(_MONTHS, 1)}, **{m[:3]: i for i, m in enumerate(_MONTHS, 1)}, "sept": 9}
_MONTH = r"(?P<month>" + "|".join(sorted(MONTH_NUMBER, key=len, reverse=True)) + r")\.?"
_DASH = r"[\s\-‐‑–—/.,']*"  # noqa: RUF001  (the dashes PDFs print between a date's parts)
_DAY = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)?"

# Day first ("21 August 2015", "29‐June‐11"), month first ("August 21, 2015"), month and year only ("Jun-2011").
# A two-digit year only after a dash or an apostrophe ("Jun-11", "Dec '15"): "May 15" is a day, not 2015.
_FULL_YEAR = r"(?P<year>(?:19|20)\d\d)"
_SHORT_YEAR = r"(?P<year>(?:19|20)\d\d|(?<=[\-‐‑–—'/])\d\d)"  # noqa: RUF001
_NAMED = [
    re.compile(rf"\b{_DAY}{_DASH}{_MONTH}{_DASH}{_SHORT_YEAR}\b", re.I),
    re.compile(rf"\b{_MONTH}{_DASH}{_DAY},?{_DASH}{_FULL_YEAR}\b", re.I),
    re.compile(rf"\b{_MONTH}{_DASH}{_SHORT_YEAR}\b", re.I),
]
_NUMERIC = re.compile(r"\b(?P<a>[0-3]?\d)/(?P<b>[0-3]?\d)/(?P<year>(?:19|20)\d\d)\b")
_ISO = re.compile(r"\b(?P<year>(?:19|20)\d\d)-(?P<month>[01]\d)-(?P<day>[0-3]\d)\b")


def _year(text: str) -> int:
    digits = int(text.lstrip("'"))
    if digits >= 100:
        return digits
    return 2000 + digits if digits < 50 else 1900 + digits  # a two-digit year names the nearest century


def _keys(year: int, month: int, day: int | None) -> set[str]:
    if not 1 <= month <= 12 or (day is not None and not 1 <= day <= 31):
        return set()
    keys = {f"m{year:04d}{month:02d}"}
    if day is not None:
        keys.add(f"d{year:04d}{month:02d}{day:02d}")
    return keys


def date_keys(text: str) -> set[str]:
    """The day and month keys of every date `text` writes. A numeric date is read month first (as US listings
    write it) and, when both readings are valid, day first too."""
    keys: set[str] = set()
    for pattern in _NAMED:
        for m in pattern.finditer(text):
            found = m.groupdict()
            day = int(found["day"]) if found.get("day") else None
            keys |= _keys(_year(found["year"]), MONTH_NUMBER[found["month"].lower()], day)
    for m in _NUMERIC.finditer(text):
        a, b, year = int(m["a"]), int(m["b"]), int(m["year"])
        keys |= _keys(year, a, b) | _keys(year, b, a)
    for m in _ISO.finditer(text):
        keys |= _keys(int(m["year"]), int(m["month"]), int(m["day"]))
    return keys
