"""Columns of a whitespace table from its words: phrases (words a word space apart), and the vertical strips of
whitespace its rows share."""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import accumulate

from app.ingest.extracted import BBox
from app.ingest.passages import union_bbox
from app.ingest.table_text import _NUMERIC, label_seps


def _phrases(row: Sequence[tuple[str, BBox]], join: float = 0.3) -> list[list[tuple[str, BBox]]]:
    """A row's words grouped into phrases: a gap under ``join`` × the text height is a word space."""
    out: list[list[tuple[str, BBox]]] = []
    last_size = last_x1 = 0.0
    for text, box in row:
        size = _size(text, box)
        if out and box[0] - last_x1 < join * max(min(size, last_size), 1.0):
            out[-1].append((text, box))
        else:
            out.append([(text, box)])
        last_size, last_x1 = size, box[2]
    return out


def _segments(row: Sequence[tuple[str, BBox]], join: float = 0.3) -> list[tuple[str, BBox]]:
    """A row's phrases, each as its text and box."""
    return [(" ".join(t for t, _ in p), union_bbox(b for _, b in p)) for p in _phrases(row, join)]


def _size(text: str, box: BBox) -> float:
    """A word's text size: its height, or its width when it is set vertically (taller than wide)."""
    return min(box[3] - box[1], box[2] - box[0]) if len(text) >= 3 else box[3] - box[1]


def column_separators(rows: Sequence[Sequence[tuple[str, BBox]]]) -> tuple[list[float], int]:
    """x positions between columns: vertical strips of whitespace that the table's body rows share.

    Body rows are those with at least half as many phrases as the fuller rows (titles, wrapped
    lines and spanning headers do not block a column gap); a strip counts when almost no body
    phrase crosses it (one in twenty may, for an overflowing cell). Where the rows of numbers
    alone show more columns, their gaps win: header rows set over several columns ("Governor"
    over four candidates) close gaps but never open one. Also returns how many phrases make a
    body row.
    """
    segs = [_segments(r) for r in rows]
    counts = sorted(len(s) for s in segs)
    if not counts:
        return [], 2
    ref = counts[int(0.9 * (len(counts) - 1))]
    need = max(2, math.ceil(ref / 2))
    body = [s for s in segs if len(s) >= need]
    if len(body) < 2:
        return [], 2
    seps = _shared_gaps(body)
    numeric = [s for s in body if sum(1 for t, _ in s if _NUMERIC.match(t)) >= 2]
    if 3 <= len(numeric) < len(body):
        by_numbers = _shared_gaps(numeric)
        if len(by_numbers) > len(seps):
            seps = by_numbers
    return label_seps(body, seps), need


def _shared_gaps(body: Sequence[Sequence[tuple[str, BBox]]]) -> list[float]:
    left = math.floor(min(b[0] for s in body for _, b in s))
    right = math.ceil(max(b[2] for s in body for _, b in s))
    # How many phrases cover each whole point strictly inside them: each phrase adds a run (+1
    # where it starts, -1 past its end), summed once, rather than point by point.
    steps = [0] * (right - left + 2)
    for s in body:
        for _, b in s:
            start, end = math.floor(b[0]) - left + 1, math.ceil(b[2]) - left
            if start < end:
                steps[start] += 1
                steps[end] -= 1
    cover = list(accumulate(steps[:-1]))
    limit = len(body) // 20
    seps: list[float] = []
    run_start: int | None = None
    seen_content = False
    for x, c in enumerate(cover):
        if c <= limit:
            if run_start is None and seen_content:
                run_start = x
        else:
            if run_start is not None and x - run_start >= 1:
                seps.append(left + (run_start + x) / 2)
            run_start = None
            seen_content = True
    return seps


# A label column that only rows of one phrase fill (labels centred beside groups of rows, on lines of their own):
# at least this many such labels, each ending this many text heights or more before the body's first column.
MIN_LABELS = 2
LABEL_GAP_EMS = 0.5


def leading_column(rows: Sequence[Sequence[tuple[str, BBox]]], seps: list[float], need: int) -> list[float]:
    """``seps`` with a gap before a column of labels that no row of figures fills: the rows of few phrases (under
    ``need``: a label on a line of its own, or a header's stub name) that start before the rows of figures do have
    their first phrase end before them, on MIN_LABELS rows or more. The body's shared gaps never see that column
    (those rows are not body rows), and its labels would join the first column."""
    segs = [_segments(r) for r in rows if r]
    figures = [s for s in segs if len(s) >= need and sum(1 for t, _ in s if _NUMERIC.match(t)) >= 2]
    if not figures:
        return seps
    left = min(s[0][1][0] for s in figures)
    labels = 0
    end = float("-inf")
    for s in segs:
        if len(s) >= need or s[0][1][0] >= left:
            continue
        height = max(b[3] - b[1] for _, b in s)
        if s[0][1][2] > left - LABEL_GAP_EMS * height:
            continue  # a title or a caption's line reaching over the body: not a label
        labels += 1
        end = max(end, s[0][1][2])
    if labels < MIN_LABELS or any(end <= x <= left for x in seps):
        return seps  # none, or a gap there already
    return sorted([*seps, (end + left) / 2])
