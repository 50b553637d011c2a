"""The numbers of a column: figures written with a dot for thousands, thresholds scaled to the column's unit, and
rows that are subtotals of the rows beside them."""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.qa.aggregate_intent import Threshold
from app.qa.tablelayout import parse_number, without_footnote
from app.qa.tables.model import TableData
from app.settings_reading import TableReadingSettings


def threshold_value(limit: Threshold, header: str, values: Sequence[float]) -> float | None:
    """The number a threshold compares with: scaled ("40 million"), or a share ("more than half": 50 in a column of
    percentages, 0.5 in a column of fractions)."""
    if limit.fraction is not None:
        return limit.fraction if all(abs(v) <= 1 for v in values) else limit.fraction * 100
    value = parse_number(limit.number)
    if value is not None and limit.scale:
        value = _scaled(value, limit.scale, header)
    return value


SCALE = {"thousand": 1e3, "million": 1e6, "mn": 1e6, "billion": 1e9, "bn": 1e9}
SCALE_IN_HEADER = {1e3: r"thousand|000", 1e6: r"million|mn", 1e9: r"billion|bn"}


def _scaled(value: float, word: str, header: str) -> float:
    """ "above 40 million" over a column of plain figures is 40,000,000; over a column headed "(bn)" or "(000)" the
    figures are already counted in that unit."""
    scale = SCALE[word.lower()]
    if re.search(rf"\b(?:{SCALE_IN_HEADER[scale]})\b", header, re.I):
        return value
    return value * scale


def column_values(table: TableData, column: int) -> dict[int, float]:
    cells = {i: row[column] for i, row in enumerate(table.rows) if column < len(row)}
    return {i: v for i, v in column_numbers(cells).items() if v is not None}


def dot_thousands(text: str) -> bool:
    """ "3.597", "1.234.567": groups of three digits after dots."""
    head, *groups = text.removesuffix("\n").split(".")
    return bool(groups) and 0 < len(head) < 4 and all(len(g) == 3 for g in groups) and all(
        g.isdecimal() for g in (head, *groups)
    )


def column_numbers(cells: dict[int, str]) -> dict[int, float | None]:
    """The numbers of one column. "3.597" beside "732" and "119" is 3,597 written with a dot (every dotted value has
    exactly three decimals and the column holds plain integers too), not three and a half."""
    texts = {i: without_footnote(c.strip()).strip() for i, c in cells.items()}
    dotted = [t for t in texts.values() if "." in t]
    plain = [t for t in texts.values() if t.isdigit()]
    if dotted and plain and all(dot_thousands(t) for t in dotted):
        return {i: parse_number(t.replace(".", "")) if dot_thousands(t) else parse_number(t)
                for i, t in texts.items()}  # fmt: skip
    return {i: parse_number(c) for i, c in cells.items()}


def _adds_up(total: float, parts: float, tolerance: float) -> bool:
    return abs(total - parts) <= max(tolerance * abs(total), 1e-9) and total != 0


def subtotal_rows(
    values: list[tuple[int, float]],
    others: Sequence[dict[int, float]] = (),
    limits: TableReadingSettings = TableReadingSettings(),
) -> set[int]:
    """Rows whose value is the sum of a run of at least `subtotal_min_run` rows right below or above them ("Northeast"
    over its states, "United States" over every state once the regions are out): totals whatever their label, never
    the "highest" member nor counted twice. Another numeric column, when the table has one, must add up the same way.
    Repeated until none is left, so a total of subtotals is found once the subtotals are out."""
    # Two rows summing to a third happens by chance: a subtotal must add up a longer run.
    shortest, span, tolerance = limits.subtotal_min_run, limits.subtotal_max_span, limits.subtotal_tolerance
    found: set[int] = set()
    positive = all(v >= 0 for _, v in values)
    while True:
        rest = [(i, v) for i, v in values if i not in found]
        new = set()
        for k, (i, v) in enumerate(rest):
            for run in (rest[k + 1 : k + 1 + span], rest[max(0, k - span) : k][::-1]):
                acc = 0.0
                for n, (_, x) in enumerate(run, start=1):
                    acc += x
                    if positive and acc > v * (1 + tolerance):
                        break  # only grows from here
                    if n >= shortest and _adds_up(v, acc, tolerance) and _confirmed(
                        i, [j for j, _ in run[:n]], others, tolerance
                    ):
                        new.add(i)
                        break
                if i in new:
                    break
        if not new:
            return found
        found |= new


def grand_total(values: list[tuple[int, float]], limits: TableReadingSettings = TableReadingSettings()) -> list[int]:
    """The row whose value is the sum of all the others' (a country's row over its counties, not called "Total"): the
    table's own total, stated, never added to the members it sums."""
    whole = sum(v for _, v in values)
    many = len(values) > limits.subtotal_min_run
    return [i for i, v in values if many and _adds_up(v, whole - v, limits.subtotal_tolerance)][:1]


def _confirmed(total: int, parts: list[int], others: Sequence[dict[int, float]], tolerance: float) -> bool:
    for column in others:
        if total in column and all(j in column for j in parts):
            return _adds_up(column[total], sum(column[j] for j in parts), tolerance)
    return True
