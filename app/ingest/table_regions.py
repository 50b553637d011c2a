"""Whitespace regions that take in a ruled table and the page beside it.

On a page of two columns a ruled table may sit in one column beside a figure or text in the other; the whitespace
reading of the page then finds one region across both columns, with the ruled table somewhere inside it. Where the
ruled table's rules leave several text lines in one cell (rows not separated by rules), its cells hold several numbers
and the page is read for whitespace tables too: the wide region's many short cells (a chart's tick labels, words
of prose cut at their spaces) would then win over the ruled table. A region that holds a ruled table whole and is
much wider than it is not that table; the ruled table's frame says where its columns end.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.ingest.table_stream import _merged_cells
from app.ingest.table_words import Grid

# A region this many times as wide as the ruled table it holds takes in the page beside the table.
WIDER = 1.5
# A region holds a table when this share of the table's area lies inside it.
HELD = 0.8
# A cell this many points clear of a framed table's side lies beside it.
BESIDE = 2.0
# A ruled table with fewer rows than this (a boxed header over an unruled body) says nothing about the rest.
MIN_ROWS = 3


def without_wider_regions(stream: Sequence[Grid], ruled: Sequence[Grid], framed: Sequence[Grid] = ()) -> list[Grid]:
    """The whitespace candidates less those holding a ruled table all but whole (HELD) and WIDER times as wide as
    it, where that table, read with its rows split by text line, has MIN_ROWS rows or more and no cell holding
    several numbers (its rules then leave no columns to find); and less those holding a table framed by horizontal
    rules (``framed``, read from the words between the rules) with a cell beside it, level with its rows: a
    booktabs table's rules run across all its columns, so that cell is the neighbouring column's text."""
    return [
        s
        for s in stream
        if not any(_holds_narrower(s, g) for g in ruled)
        and not any(_holds_beside(s, g) or _holds_fewer_columns(s, g) for g in framed)
    ]


def _holds(region: Grid, table: Grid) -> bool:
    a, b = region.bbox, table.bbox
    width, height = min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])
    area = (b[2] - b[0]) * (b[3] - b[1])
    rows = (table.stacked or table).rows
    return width > 0 and height > 0 and width * height >= HELD * area and len(rows) >= MIN_ROWS


def _holds_narrower(region: Grid, table: Grid) -> bool:
    a, b = region.bbox, table.bbox
    rows = (table.stacked or table).rows
    return _holds(region, table) and not _merged_cells(rows) and (a[2] - a[0]) >= WIDER * (b[2] - b[0])


def _holds_fewer_columns(region: Grid, table: Grid) -> bool:
    """The framed table, read from the words between its rules alone, has more columns than the region holding it:
    lines the region took in above or below the rules (a caption, notes) closed a gap between two columns."""
    return _holds(region, table) and len(table.rows[0]) > len(region.rows[0])


def _holds_beside(region: Grid, table: Grid) -> bool:
    if not _holds(region, table):
        return False
    x0, top, x1, bottom = table.bbox
    for row in region.boxes:
        for box in row:
            if box is None:
                continue
            mid = (box[1] + box[3]) / 2
            if top < mid < bottom and (box[2] < x0 - BESIDE or box[0] > x1 + BESIDE):
                return True
    return False
