"""A ruled row holding several rows the rules did not separate, and the text of a ruled cell from its glyphs."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from typing import Any, Protocol

from app.ingest.extracted import BBox
from app.ingest.table_ruled_header import header_levels


class Glyph(Protocol):
    """A character of the page in the reading frame (pdf.py's chars; " " and "\\n" mark breaks)."""

    text: str
    x0: float
    top: float
    x1: float
    bottom: float


def cell_text(chars: Sequence[tuple[Glyph, bool]]) -> str:
    """A cell's chars (in content-stream order, each with whether the PDF had a word break before
    it) joined, with spaces at those word breaks, at line changes and at visible gaps."""
    parts: list[str] = []
    prev: Glyph | None = None
    for ch, space_before in chars:
        if prev is not None:
            height = max(prev.bottom - prev.top, 1.0)
            new_line = abs(ch.top - prev.top) > 0.5 * height
            if space_before or new_line or ch.x0 - prev.x1 > 0.25 * height:
                parts.append(" ")
        parts.append(ch.text)
        prev = ch
    return "".join(parts).strip()


CellGlyphs = list[list[list[tuple[Glyph, bool]]]]  # per row, per cell: its glyphs, each with a word break before


def stacked_texts(
    table: Any,
    pieces: Sequence[list[tuple[list[list[tuple[Glyph, bool]]], list[BBox | None]]]],
    texts: Sequence[list[str | None]],
    boxes: Sequence[list[BBox | None]],
) -> tuple[list[list[str | None]], list[list[BBox | None]]]:
    """Each cell's text and box with a ruled row holding several rows the rules did not separate read as those rows
    (``pieces``: each row's `stacked_lines`); a row kept whole reuses its text (``texts``, ``boxes``)."""
    out_texts: list[list[str | None]] = []
    out_boxes: list[list[BBox | None]] = []
    for r, row_pieces, row_texts, row_boxes in zip(table.rows, pieces, texts, boxes, strict=True):
        if len(row_pieces) == 1:
            out_texts.append(list(row_texts))
            out_boxes.append(list(row_boxes))
            continue
        for line_buckets, line_boxes in row_pieces:
            out_texts.append([None if c is None else cell_text(b) for c, b in zip(r.cells, line_buckets, strict=True)])
            out_boxes.append(line_boxes)
    return out_texts, out_boxes


def _lines_of(bucket: Sequence[tuple[Glyph, bool]]) -> list[list[tuple[Glyph, bool]]]:
    """A cell's glyphs by text line, top to bottom, each line in content-stream order."""
    tops: list[float] = []
    for ch, _ in sorted(bucket, key=lambda c: c[0].top):
        height = max(ch.bottom - ch.top, 1.0)
        if not tops or ch.top - tops[-1] > 0.5 * height:
            tops.append(ch.top)
    lines: list[list[tuple[Glyph, bool]]] = [[] for _ in tops]
    for ch, space in bucket:
        # The nearest line top (the upper one on a tie); tops ascend.
        i = bisect_left(tops, ch.top)
        k = i - 1 if i == len(tops) or (i > 0 and ch.top - tops[i - 1] <= tops[i] - ch.top) else i
        lines[k].append((ch, space))
    return lines


def _several_lines(bucket: Sequence[tuple[Glyph, bool]]) -> bool:
    """Whether a cell's glyphs may stand on several lines: not when their tops lie within half the least glyph height
    of each other (no glyph then starts a line in `_lines_of`); when they may, `_lines_of` tells."""
    tops = [ch.top for ch, _ in bucket]
    least = min(max(ch.bottom - ch.top, 1.0) for ch, _ in bucket)
    return max(tops) - min(tops) > 0.5 * least


def _opens_on_value(text: str) -> bool:
    """ "5,543", "118 (73%)", "$3.2", "(4.8%)", "8/16": a line that starts with a figure."""
    bare = text.lstrip("$€£(+-−–")
    return bool(bare) and bare[0].isdigit()


def _whole_row(
    cells: Sequence[Any], bucket_row: Sequence[list[tuple[Glyph, bool]]]
) -> tuple[list[list[tuple[Glyph, bool]]], list[BBox | None]]:
    """A ruled row as the rules drew it: each cell's glyphs and its box."""
    return list(bucket_row), [None if c is None else tuple(c) for c in cells]


def stacked_lines(
    cells: Sequence[Any], bucket_row: Sequence[list[tuple[Glyph, bool]]]
) -> list[tuple[list[list[tuple[Glyph, bool]]], list[BBox | None]]]:
    """A ruled row whose cells hold several text lines set level across the cells, each level with its label in the
    first cell and a figure beside it, is that many rows the rules did not separate (a table ruled only above and
    below its body): one row per level. Another cell may leave a level empty (a row without a value in that column).
    Any other row stays whole (a label wrapped beside a one-line value is one row)."""
    whole = [_whole_row(cells, bucket_row)]
    if sum(1 for b in bucket_row if b) < 2 or not any(_several_lines(b) for b in bucket_row if b):
        return whole  # the common row: at most one cell, or one line in every cell
    filled = [(k, _lines_of(b)) for k, b in enumerate(bucket_row) if b]
    if len(filled) < 2 or all(len(lines) < 2 for _, lines in filled):
        return whole
    height = max(min(ch.bottom - ch.top for _, lines in filled for line in lines for ch, _ in line), 1.0)
    levels: list[float] = []
    for top in sorted(min(ch.top for ch, _ in line) for _, lines in filled for line in lines):
        if not levels or top - levels[-1] > 0.5 * height:
            levels.append(top)
    if len(levels) < 2:
        return whole
    at: list[list[list[tuple[Glyph, bool]] | None]] = [[None] * len(cells) for _ in levels]
    for k, lines in filled:
        for line in lines:
            top = min(ch.top for ch, _ in line)
            i = min(range(len(levels)), key=lambda n: abs(top - levels[n]))
            if abs(top - levels[i]) > 0.5 * height or at[i][k] is not None:
                return whole  # lines that do not keep the levels: a wrapped cell
            at[i][k] = line
    first = filled[0][0]
    if not all(
        row[first] and any(got and _opens_on_value(cell_text(got)) for k, got in enumerate(row) if k != first)
        for row in at[header_levels(at, [k for k, _ in filled], lambda got: _opens_on_value(cell_text(got))) :]
    ):
        return whole  # a header wrapped in every column ("World food" / "sales"), prose or a value wrapped in a cell
    out = []
    for row in at:
        line_buckets: list[list[tuple[Glyph, bool]]] = [got or [] for got in row]
        line_boxes: list[BBox | None] = [None] * len(cells)
        for k, got in enumerate(row):
            if got:
                glyphs = [ch for ch, _ in got]
                # The cell's own width (the columns are read from the cells' sides), the line's own height.
                line_boxes[k] = (cells[k][0], min(g.top for g in glyphs), cells[k][2], max(g.bottom for g in glyphs))
        out.append((line_buckets, line_boxes))
    return out
