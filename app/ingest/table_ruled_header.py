"""A ruled table whose rule under the header is missing: its header line and its first rows share one ruled row.

The ruled finder reads a ruled row holding several text lines, set level across its cells, as that many rows when each
line has a label and a figure beside it (``table_stacked.stacked_lines``). Where the rule under the header is not drawn,
the header's line is the first of those levels: words in every cell ("Processing methods | CER(%) | WER(%)"), no
figure. It is a row of its own, and the levels under it are read as they would be without it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

# A ruled row of fewer levels than this (a header and one row) is left to the other rules: a header wrapped onto a
# second line looks the same.
MIN_LEVELS = 3


def header_levels(levels: Sequence[Sequence[Any]], filled: Sequence[int], value: Callable[[Any], bool]) -> int:
    """How many of a ruled row's first levels are a header line to set apart (0 or 1): the first, when the row has
    MIN_LEVELS levels or more, that level has a line in every cell the row fills, and every later level has a line
    opening on a figure (``value``) in every cell but the first (a header wrapped over several lines has a unit or a
    year on some of them, "($000)", "1995", but not under every name)."""
    if len(levels) < MIN_LEVELS or len(filled) < 2 or not all(levels[0][k] for k in filled):
        return 0
    rest = filled[1:]
    return 1 if all(row[k] and value(row[k]) for row in levels[1:] for k in rest) else 0
