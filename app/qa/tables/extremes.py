"""The row holding a column's highest (lowest) value, or the period column where a named row peaks (troughs)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from app.qa.aggregate_intent import asks_period, extreme_kind
from app.qa.analysis.phrases import opening_words
from app.qa.classify.model import normalise
from app.qa.tablelayout import parse_number
from app.qa.tables.matching import (
    Pick,
    best_row,
    described_name,
    named_whole,
    numeric_columns,
    row_picks,
    summary_label,
)
from app.qa.tables.model import Shape, TableAnswer, TableData, value_at
from app.qa.tables.render import cell_of, cite_name, format_number
from app.qa.tables.shape import shape
from app.qa.tables.words import tokens
from app.settings_reading import TableReadingSettings

# Rows that hold what no member holds ("Unspecified", "non-EU", "Unknown"): never the "highest" country. "Other"
# may be a member ("Other" castes) or the rest ("Other offenses"): kept, but no short answer when it would win.
CATCH_ALL = frozenset(
    "unspecified|unknown|not stated|not specified|not known|not classified|not available|n e c|nec|no answer".split("|")
)
OTHERS = frozenset({"other", "others", "miscellaneous", "misc"})


def _catch_all(name: str) -> bool:
    """A normalised row name of the rest: one of CATCH_ALL, "non eu", "non eu 27", "rest of the world"."""
    w = name.split()
    non = len(w) in (2, 3) and w[0] == "non" and w[1].isalpha() and (len(w) == 2 or w[2].isdigit())
    rest = w[:2] == ["rest", "of"] and (len(w) == 3 or (len(w) == 4 and w[2] == "the")) and "%" not in w[-1]
    return name in CATCH_ALL or non or rest


def _others(name: str) -> bool:
    return name in OTHERS or name.split()[:2] in (["all", "other"], ["all", "others"])


def _own(sh: Shape, i: int, members: Sequence[int]) -> str:
    """A row's name without the section above it ("Projected / 2021–22" is "2021–22") when no other member has that
    name: the short answer a user reads."""
    own = sh.primary.get(i, sh.name(i)).split(" / ")[-1]
    same = [j for j in members if sh.primary.get(j, sh.name(j)).split(" / ")[-1] == own]
    return own if len(same) <= 1 else sh.name(i)


def extreme_answer(
    table: TableData,
    sh: Shape,
    values: list[tuple[int, float]],
    col: Pick,
    kind: str,
    nth: int,
    sure: bool,
    where: str,
    question: str,
    described: Mapping[int, str] = MappingProxyType({}),
) -> TableAnswer:
    """The row with the highest (lowest) value of the column, or the nth of them ("the second largest")."""
    members = [i for i, _ in values]
    plain = [(i, v) for i, v in values if not _catch_all(normalise(_own(sh, i, members)))]
    values = plain or values
    order = sorted({v for _, v in values}, reverse=kind == "max")
    if nth > len(order):
        nth = len(order)
    target = order[nth - 1]
    rows = [i for i, v in values if v == target]
    if any(_others(normalise(_own(sh, i, members))) for i in rows):
        sure = False  # "Other" leads: a member or the rest of them, two readings
    if len(rows) > 1:
        sure = False  # a tie: no one row is the answer
    names = " and ".join(described_name(sh, i, described) for i in rows)
    word = "highest" if kind == "max" else "lowest"
    if nth > 1:
        word = f"{_ORDINAL_WORD.get(nth, str(nth) + 'th')} {word}"
    raw = table.rows[rows[0]][col.index].strip()
    body = f"**{names}** — the {word} {where}: {raw} {{cite}}."
    cell = cell_of(table, sh, rows[0], col.index)
    short = " and ".join(_own(sh, i, members) for i in rows)
    if not _asks_label_first(question.strip()):
        short = f"{short} ({raw})"  # "What was the highest …": the value is asked too
    return TableAnswer(table.id, "aggregate", body, short_answer=short if sure else None, cell=cell, sure=sure)


_ORDINAL_WORD = {2: "second", 3: "third", 4: "fourth", 5: "fifth"}
# A question asking for a row's name before anything else ("Which state …", "Who …", "In which year …").
LABEL_ASKERS = frozenset({"which", "who", "whose", "where"})
LABEL_PREPOSITIONS = frozenset("in for of from at on by".split())


def _asks_label_first(question: str) -> bool:
    """ "Which country …", "In which year …": the row's label is what is asked, its value second."""
    said = opening_words(question, 2) + [("", "")]
    first = said[0][0] == "" and said[0][1] in LABEL_ASKERS
    return first or (said[0][1] in LABEL_PREPOSITIONS and said[1][0].isspace() and said[1][1] in LABEL_ASKERS)


# A column header that names a period: a year, a school year, a fiscal year, a month, a quarter.
PERIOD_HEADER = re.compile(r"^(?:(?:19|20)\d\d(?:\s*[–\-/]\s*(?:19|20)?\d\d)?\*{0,3}|"
                           r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?(?:\s+\d{2,4})?|"
                           r"q[1-4](?:\s+\d{4})?)$", re.I)  # fmt: skip


def period_column(name: str) -> bool:
    """A header naming one period: "2019", "Q3", or a period among other words ("Actual Oct - Dec 2024"); not a
    total over periods ("Actual Jan - Dec 2024 Year 2024 - Totals")."""
    own = name.split(" / ")[-1].strip()
    if PERIOD_HEADER.match(own):
        return True
    return not summary_label(own) and any(PERIOD_HEADER.match(word) for word in own.split())


def period_peak_answer(
    table: TableData, question: str, limits: TableReadingSettings = TableReadingSettings()
) -> TableAnswer | None:
    """ "Which quarter had the highest total expenses?": the period column where the row the question names (whole)
    peaks, read from the question with that row's name in it. None unless a period and an extreme are asked."""
    kind = extreme_kind(question)
    if kind is None or not asks_period(question):
        return None
    got = along_row(table, shape(table, limits), tokens(question), kind, 1, question, limits)
    if got is None:
        return None
    answer, row = got
    answer.strength, answer.column, answer.coverage = row.matched + row.coverage, row.name, 1.0
    answer.used = frozenset(row.used)
    return answer


def along_row(
    table: TableData,
    sh: Shape,
    q: list[str],
    kind: str,
    nth: int,
    question: str,
    limits: TableReadingSettings = TableReadingSettings(),
) -> tuple[TableAnswer, Pick] | None:
    """ "In which year was X lowest": the period column where the named row peaks (troughs), when the columns are
    periods and the question names one row. None when it names no row whole or the columns are no periods."""
    periods = [c for c in numeric_columns(table, sh, limits) if period_column(sh.columns[c])]
    if len(periods) < 2:
        return None
    row, tied = best_row(table, sh, q, limits)
    if row is None:
        return None
    own = sh.primary.get(row.index, row.name).split(" / ")[-1]
    if not named_whole(own, q, limits) and row.coverage < 1.0:
        return None
    if len({normalise(sh.primary.get(p.index, p.name)) for p in tied}) > 1:
        return None
    cells = {c: parse_number(value_at(table, row.index, c)) for c in periods}
    values = [(c, v) for c, v in cells.items() if v is not None]
    if len(values) < 2:
        return None
    order = sorted({v for _, v in values}, reverse=kind == "max")
    target = order[min(nth, len(order)) - 1]
    at = [c for c, v in values if v == target]
    # Another row named about as well, holding other values: two readings (the row margin, as for one cell).
    _, rivals = row_picks(table, sh, q, limits)
    sure = len(at) == 1 and all(
        row.matched - p.matched >= limits.row_margin or [value_at(table, p.index, c) for c in periods]
        == [value_at(table, row.index, c) for c in periods]
        for p in rivals if p.index != row.index
    )  # fmt: skip
    heads = " and ".join(sh.columns[c].split(" / ")[-1] for c in at)
    raw = value_at(table, row.index, at[0])
    word = "highest" if kind == "max" else "lowest"
    body = f"**{heads}** — the {word} of {row.name} in {cite_name(table, limits)}: {raw} {{cite}}."
    cell = cell_of(table, sh, row.index, at[0])
    got = TableAnswer(table.id, "aggregate", body, short_answer=f"{heads} ({raw})" if sure else None, cell=cell,
                      sure=sure)  # fmt: skip
    return got, Pick(at[0], sh.columns[at[0]], row.matched, row.coverage, row.used)


def across_row(
    table: TableData, sh: Shape, q: list[str], kind: str, limits: TableReadingSettings = TableReadingSettings()
) -> tuple[TableAnswer, Pick] | None:
    """ "The average annual R&D expense over 2019, 2020 and 2021": the total (mean) of one named row's cells in the
    period columns the question names, when it names two or more and the row whole. None otherwise."""
    periods = [
        (normalise(name), c)
        for c in numeric_columns(table, sh, limits)
        if PERIOD_HEADER.match(name := sh.columns[c].split(" / ")[-1].strip()) and normalise(name) in q
    ]
    if len({period for period, _ in periods}) < 2:
        return None  # decided before any row is read: most questions name no two periods
    row, tied = best_row(table, sh, q, limits)
    if row is None or len({normalise(sh.primary.get(p.index, p.name)) for p in tied}) > 1:
        return None
    named: dict[str, int] = {}
    for period, c in periods:
        if parse_number(value_at(table, row.index, c)):
            named.setdefault(period, c)  # a period's first column holding the row's figure
    own = sh.primary.get(row.index, row.name).split(" / ")[-1]
    if len(named) < 2 or (not named_whole(own, q, limits) and row.coverage < 1.0):
        return None
    raws = [value_at(table, row.index, c) for c in named.values()]
    values = [parse_number(raw) or 0.0 for raw in raws]
    total = sum(values) if kind == "total" else sum(values) / len(values)
    shown = format_number(total)
    over = ", ".join(f"{p} ({raw})" for p, raw in zip(named, raws, strict=True))
    body = f"**{shown}** — the {kind} of {row.name} over {over} in {cite_name(table, limits)} {{cite}}."
    first = next(iter(named.values()))
    got = TableAnswer(table.id, "aggregate", body, short_answer=shown, cell=cell_of(table, sh, row.index, first),
                      sure=True)  # fmt: skip
    return got, Pick(first, sh.columns[first], row.matched, row.coverage, row.used)
