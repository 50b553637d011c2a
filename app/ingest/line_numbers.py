"""A manuscript's line numbers (a submission's "lineno" margin: 128, 129, 130 … beside each line of text) are no part
of its text: left in, they open every passage with a number and turn paragraphs into two-column "tables".

They are told by where and how they stand: whole numbers set in a page margin, outside every other glyph of the
page, right-aligned in one column, counting up by one from the top of the page down (a line without text, a
figure, skips a number), in a smaller type than the text's. A table's running-number column, set in the table's
type, is kept even where the table is all the page holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from statistics import median
from typing import TypeVar

from app.ingest.table_stacked import Glyph

Char = TypeVar("Char", bound=Glyph)

# At least this many numbers in one margin column make it a line-number column (a page of text has 40–60).
MIN_NUMBERS = 10
# … of which at least this share of the steps down the column count up by exactly one.
STEP_SHARE = 0.7
# The numbers' glyphs are at most this share of the height of the page's other glyphs (lineno sets them \tiny to
# \footnotesize beside 10–11 pt text: 0.5–0.7; a table's numbers are as tall as its text).
SMALLER = 0.75
# Right (or left) edges within this many points are one column.
ALIGN_PT = 2.0
# The column stands at least this far outside the rest of the page's glyphs …
MARGIN_GAP_PT = 3.0
# … and runs down at least this share of the height the page's text takes (a table's running numbers run down the
# table only).
SPAN_SHARE = 0.5


@dataclass(frozen=True, slots=True)
class _Number:
    first: int  # index of its first glyph in the page's chars
    last: int  # … and its last
    value: int
    x0: float
    x1: float
    top: float


def _numbers(chars: Sequence[Char]) -> list[_Number]:
    """Runs of digit glyphs standing alone: nothing but a space or a line break (or nothing) on either side."""
    found: list[_Number] = []
    i = 0
    while i < len(chars):
        if not chars[i].text.isdecimal():
            i += 1
            continue
        k = i
        while k + 1 < len(chars) and chars[k + 1].text.isdecimal() and abs(chars[k + 1].top - chars[i].top) < 1.0:
            k += 1
        before = chars[i - 1].text if i else " "
        after = chars[k + 1].text if k + 1 < len(chars) else " "
        if before in " \n" and after in " \n" and k - i < 5:
            digits = "".join(c.text for c in chars[i : k + 1])
            found.append(_Number(i, k, int(digits), chars[i].x0, chars[k].x1, chars[i].top))
        i = k + 1
    return found


def _counting(column: list[_Number]) -> bool:
    column = sorted(column, key=lambda n: n.top)
    steps = [b.value - a.value for a, b in zip(column, column[1:], strict=False)]
    return (
        len(column) >= MIN_NUMBERS
        and all(step > 0 for step in steps)
        and sum(step == 1 for step in steps) >= STEP_SHARE * len(steps)
    )


def _columns(numbers: list[_Number]) -> list[list[_Number]]:
    """The numbers grouped by right edge (line numbers are right-aligned)."""
    groups: list[list[_Number]] = []
    for n in sorted(numbers, key=lambda n: n.x1):
        if groups and n.x1 - groups[-1][-1].x1 <= ALIGN_PT:
            groups[-1].append(n)
        else:
            groups.append([n])
    return groups


def without_line_numbers(chars: list[Char]) -> list[Char]:
    """`chars` less the glyphs of a line-number column in the left or right margin (and the break after each)."""
    numbers = _numbers(chars)
    if len(numbers) < MIN_NUMBERS:
        return chars
    drop: set[int] = set()
    for column in _columns(numbers):
        if not _counting(column):
            continue
        # Every digit inside the column's box is one of its numbers, also one set against the line's text.
        x0, x1 = min(n.x0 for n in column) - ALIGN_PT, max(n.x1 for n in column) + ALIGN_PT
        own = {k for k, c in enumerate(chars) if c.text.isdecimal() and c.x0 >= x0 and c.x1 <= x1}
        rest = [c for k, c in enumerate(chars) if k not in own and c.text.strip() and c.x1 > c.x0]
        if not rest:
            continue
        left = max(n.x1 for n in column) < min(c.x0 for c in rest) - MARGIN_GAP_PT
        right = min(n.x0 for n in column) > max(c.x1 for c in rest) + MARGIN_GAP_PT
        tops = [n.top for n in column]
        text_height = max(c.bottom for c in rest) - min(c.top for c in rest)
        smaller = median(chars[k].bottom - chars[k].top for k in own) < SMALLER * median(c.bottom - c.top for c in rest)
        if (left or right) and smaller and max(tops) - min(tops) >= SPAN_SHARE * text_height:
            drop |= own
    if not drop:
        return chars
    kept: list[Char] = []
    for k, c in enumerate(chars):
        if k in drop:
            continue
        if c.text == " " and k - 1 in drop:
            continue  # the space set after a number
        kept.append(c)
    return kept
