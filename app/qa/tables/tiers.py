"""A row named by its place among ordered row groups: "the lowest income tier" of a table whose row labels are ranges
("PCHI ≤ $800", "$800 < PCHI ≤ $1,200", …, "PCHI > $2,800") is its first row, the row at the low end of the labels'
figures, not the row holding the column's lowest value. The question is read on with that row named by its label."""

from __future__ import annotations

from pathlib import Path

import yaml

from app.qa.aggregate_intent import EXTREMES
from app.qa.analysis.phrases import WORD
from app.qa.tablelayout import parse_number
from app.qa.tables.model import TableData
from app.qa.tables.shape import shape
from app.settings_reading import TableReadingSettings

_LEXICON = yaml.safe_load((Path(__file__).with_name("lexicon") / "row_groups.yaml").read_text(encoding="utf-8"))
_GROUPS = frozenset(_LEXICON["group_nouns"])
_ENDS: dict[str, str] = {**EXTREMES, **_LEXICON["ends"]}
_BETWEEN = int(_LEXICON["max_words_between"])
_COMPARATORS = "<>≤≥=–-"  # "$800 < PCHI ≤ $1,200", "$1,201–$2,000": the figures of a range apart


def _end_named(question: str) -> tuple[str, int, int] | None:
    """("min" | "max", start, end) of "lowest … tier" in the question; None when no row group is placed so."""
    words = list(WORD.finditer(question))
    for i, word in enumerate(words):
        end = _ENDS.get(word.group(0).lower())
        if end is None:
            continue
        for group in words[i + 1 : i + 2 + _BETWEEN]:
            if group.group(0).lower() in _GROUPS:
                if any(c in ",;:?" for c in question[word.end() : group.start()]):
                    break
                return end, word.start(), group.end()
    return None


def _figures(label: str) -> list[float]:
    for mark in _COMPARATORS:
        label = label.replace(mark, " ")
    return [n for n in map(parse_number, label.split()) if n is not None]


def _place(label: str) -> tuple[float, int] | None:
    """Where a range label lies: the mean of its figures, then its side of them ("≤ $2,000" below "> $2,000")."""
    figures = _figures(label)
    if not figures:
        return None
    side = 1 if any(c in label for c in ">≥") and not any(c in label for c in "<≤") else 0
    return sum(figures) / len(figures), side


def with_ranked_row(table: TableData, question: str, limits: TableReadingSettings = TableReadingSettings()) -> str:
    """The question with "the lowest income tier" replaced by the label of the row it places: the first or the last
    data row, by the order of the figures the labels hold; the question unchanged when it places no row group or the
    labels hold no ordered figures."""
    named = _end_named(question)
    if named is None:
        return question
    end, start, stop = named
    sh = shape(table, limits)
    rows = [i for i in sh.data(table.rows) if sh.name(i).strip()]
    if len(rows) < 2:
        return question
    first, last = _place(sh.name(rows[0])), _place(sh.name(rows[-1]))
    if first is None or last is None or first == last:
        return question  # no figures to order the groups by ("Low", "Middle", "High" are read as names)
    ascending = first < last
    row = rows[0] if (end == "min") == ascending else rows[-1]
    before = question[:start]
    named_row = "row" if before.rstrip().lower().endswith("the") else "the row"
    return f"{before}{named_row} {sh.name(row)}{question[stop:]}"
