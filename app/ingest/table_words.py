"""Grids of cells built from a page's words: bands, marks, columns from whitespace, regions."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, field

from app.ingest.extracted import BBox
from app.ingest.passages import Line, union_bbox
from app.ingest.table_columns import _phrases, _segments, _size, column_separators, leading_column
from app.ingest.table_text import _CAPTION, _NUMERIC, _is_numeric_row, clean_cell

Words = Sequence[tuple[str, BBox]]  # words with their boxes


@dataclass(slots=True)
class Grid:
    """A table candidate in the reading frame: cell texts and the box of each cell (None if empty)."""

    rows: list[list[str]]
    boxes: list[list[BBox | None]]
    bbox: BBox
    notes: list[str] = field(default_factory=list)  # headnotes on the whole table ("[In thousands]")
    # A ruled table read with the rows its rules did not separate split by text line; taken only when the table is
    # kept as ruled (its merged cells are what sends a page to the whitespace reading).
    stacked: Grid | None = None


def normalise_grid(rows: Sequence[Sequence[object]], boxes: Sequence[Sequence[BBox | None]]) -> Grid | None:
    """``normalise_rows`` that keeps each cell's box with it; None when nothing is left."""
    clean = [[clean_cell(c) for c in r] for r in rows]
    pairs = [(r, list(b)) for r, b in zip(clean, boxes, strict=True) if any(r)]
    if not pairs:
        return None
    ncols = max(len(r) for r, _ in pairs)
    pairs = [(r + [""] * (ncols - len(r)), b + [None] * (ncols - len(b))) for r, b in pairs]
    keep = [j for j in range(ncols) if any(r[j] for r, _ in pairs)]
    out_rows = [[r[j] for j in keep] for r, _ in pairs]
    out_boxes = [[b[j] if r[j] else None for j in keep] for r, b in pairs]
    filled = [box for r in out_boxes for box in r if box is not None]
    return Grid(out_rows, out_boxes, union_bbox(filled) if filled else (0.0, 0.0, 0.0, 0.0))


def words_grid(words: Sequence[tuple[str, BBox]]) -> Grid | None:
    """A whitespace-separated table from its words: rows are text bands, columns the shared gaps.

    Dot leaders ("Total . . . .") neither make nor cross a column gap: they stay with the cell
    they lead from. A line of running text (no column-wide gap between its words, such as a
    headnote) stays whole in the cell where it starts.
    """
    rows = _bands(words)
    # a caption set as a list item ("- Table 6, Breusch-Pagan test"): the gap after its marker cuts no column
    cut_by = [r[1:] if len(r) > 1 and _CAPTION.match(" ".join(t for t, _ in r)) and not r[0][0][0].isalnum() else r
              for r in rows]  # fmt: skip
    seps, need = column_separators([[tw for tw in r if not _LEADER.match(tw[0])] for r in cut_by])
    seps = leading_column(rows, seps, need)
    if not seps:
        return None
    ncols = len(seps) + 1
    texts: list[list[str]] = []
    boxes: list[list[BBox | None]] = []
    body = next((i for i, row in enumerate(rows) if _is_numeric_row(row)), len(rows))
    every: list[list[list[tuple[str, BBox]]]] = []  # each row's words, by column
    spills: list[tuple[Words, list[list[tuple[str, BBox]]]]] = []  # the body rows
    for i, row in enumerate(rows):
        parts: list[list[tuple[str, BBox]]] = [[] for _ in range(ncols)]
        if _running_text(row):
            parts[bisect_right(seps, (row[0][1][0] + row[0][1][2]) / 2)] = list(row)
        elif len(_segments(row)) < need:
            # a title or spanning header row: each phrase stays whole, in the column it starts in
            for text, box in _segments(row):
                parts[bisect_right(seps, box[0] + 1)].append((text, box))
        elif i < body:
            # a header row: a word that a column gap cuts through belongs to a column name set
            # wider than its narrow column of numbers ("2008–09 to 2015–16"): it goes with the
            # rest of its phrase
            for phrase in _phrases(row):
                cols = [bisect_right(seps, (b[0] + b[2]) / 2) for _, b in phrase]
                cut = [any(_cuts(x, b) for x in seps) for _, b in phrase]
                whole = [c for c, k in zip(cols, cut, strict=True) if not k]
                for tw, col, k in zip(phrase, cols, cut, strict=True):
                    parts[max(set(whole), key=whole.count) if k and whole else col].append(tw)
        else:
            col = -1
            for text, box in row:
                if col < 0 or not _LEADER.match(text):
                    col = bisect_right(seps, (box[0] + box[2]) / 2)
                parts[col].append((text, box))
            spills.append((row, parts))
        every.append(parts)
    filled = [sum(1 for parts in every if parts[j]) for j in range(ncols)]
    for words, parts in spills:
        _rejoin_spilled(words, parts, seps, filled, len(spills))
    for parts in every:
        texts.append([" ".join(t for t, _ in p) for p in parts])
        boxes.append([union_bbox(b for _, b in p) if p else None for p in parts])
    return normalise_grid(texts, boxes)


_LEADER = re.compile(r"^[.…·_]+$")


# Words of a body row at most SPILL_JOIN text heights apart read as one phrase when a phrase runs on over a column
# gap (`_rejoin_spilled`): a word space, set loose in some fonts, but narrower than a column gap. Only into a column
# that at most SPILL_ROWS of the body rows fill (or this share of them): a column its overflow alone makes.
SPILL_JOIN = 0.5
SPILL_ROWS = 2
SPILL_SHARE = 0.05


def _rejoin_spilled(
    row: Words, parts: list[list[tuple[str, BBox]]], seps: Sequence[float], filled: Sequence[int], n: int
) -> None:
    """A phrase of a body row (words a word space apart) that runs on over a column gap into cells its row leaves
    otherwise empty, with words and no figures there ("Net income at year end" | "(USD)"), into a column hardly
    any of the ``n`` body rows fills (``filled``: rows per column), is one cell: a label longer than its column."""
    rare = max(SPILL_ROWS, SPILL_SHARE * n)
    for phrase in _phrases(row, SPILL_JOIN):
        cols = [bisect_right(seps, (b[0] + b[2]) / 2) for _, b in phrase]
        spilled = [tw for tw, c in zip(phrase, cols, strict=True) if c != cols[0]]
        if not spilled or any(_NUMERIC.match(t) for t, _ in spilled):
            continue
        moved = set(spilled)
        into = {c for c in cols if c != cols[0]}
        if any(filled[c] > rare for c in into) or any(tw not in moved for c in into for tw in parts[c]):
            continue  # the row has a cell of its own there
        for c in into:
            parts[c] = []
        parts[cols[0]] = sorted(parts[cols[0]] + spilled, key=lambda tw: tw[1][0])


def _cuts(x: float, box: BBox) -> bool:
    """Does the line x = ``x`` cut the box into two real parts (not just graze one end)?"""
    quarter = (box[2] - box[0]) / 4
    return box[0] + quarter < x < box[2] - quarter


def _running_text(row: Sequence[tuple[str, BBox]]) -> bool:
    """Words set with no gap wider than an em or so: a line of prose, not cells."""
    if len(row) < 4:
        return False
    for (ta, a), (tb, b) in zip(row, row[1:], strict=False):
        if b[0] - a[2] > 1.2 * max(_size(ta, a), _size(tb, b), 1.0):
            return False
    return True


def _bands(words: Sequence[tuple[str, BBox]]) -> list[list[tuple[str, BBox]]]:
    """Words grouped into visual rows (same vertical band), left to right; a raised or lowered
    mark set right after a word ("0.398 ∗∗") goes on that word's row."""
    ordered = sorted(words, key=lambda tw: ((tw[1][1] + tw[1][3]) / 2, tw[1][0]))
    rows: list[list[tuple[str, BBox]]] = []
    band = (-1e9, -1e9)
    for tw in ordered:
        mid = (tw[1][1] + tw[1][3]) / 2
        if band[0] <= mid <= band[1]:
            rows[-1].append(tw)
        else:
            rows.append([tw])
            band = (tw[1][1], tw[1][3])
    for row in rows:
        row.sort(key=lambda tw: tw[1][0])
    if len(rows) > 1:
        rows = _attach_marks(rows)
    return rows


def text_rows(lines: Sequence[Line]) -> list[list[tuple[str, BBox]]]:
    """Words grouped into visual rows (same vertical band), left to right, whatever the stream order."""
    return _bands([(w.text, w.bbox) for ln in lines for w in ln.words])


def _attach_marks(rows: list[list[tuple[str, BBox]]]) -> list[list[tuple[str, BBox]]]:
    """Move each word set smaller than a word of the row above or below, sharing most of its
    height and starting right after it (a superscript or subscript), into that word's row."""
    tallest = [max(b[3] - b[1] for _, b in row) for row in rows]
    ends = [sorted((b[2], k) for k, (_, b) in enumerate(row)) for row in rows]  # rows are sorted by x0, not x1
    moves: list[tuple[int, tuple[str, BBox], int]] = []
    for i, row in enumerate(rows):
        for tw in row:
            b = tw[1]
            h = b[3] - b[1]
            for j in (i - 1, i + 1):
                # cheap tests first: most words are as tall as their neighbours' words
                if not 0 <= j < len(rows) or h > 0.85 * tallest[j] or _LEADER.match(tw[0]):
                    continue
                lo = bisect_right(ends[j], (b[0] - 0.6 * tallest[j], -1))
                hi = bisect_right(ends[j], (b[0] + 0.5, len(rows[j])))
                if any(_marks(b, h, rows[j][k][1]) for _, k in ends[j][lo:hi]):
                    moves.append((i, tw, j))
                    break
    if not moves:
        return rows
    for i, tw, j in moves:
        rows[i] = [w for w in rows[i] if w is not tw]
        rows[j].append(tw)
    rows = [r for r in rows if r]
    for row in rows:
        row.sort(key=lambda tw: tw[1][0])
    return rows


def _marks(b: BBox, h: float, v: BBox) -> bool:
    """Is the word with box ``b`` (height ``h``) a mark set on the word with box ``v``?"""
    hv = v[3] - v[1]
    shared = min(b[3], v[3]) - max(b[1], v[1])
    return h <= 0.85 * hv and shared > 0.5 * h and -0.5 <= b[0] - v[2] <= 0.6 * hv


def lengthen(words: Sequence[tuple[str, BBox]], region: BBox) -> BBox:
    """The region grown up and down over the text rows right next to it that are set as cells
    (a gap of an em or more between their words), or that are a one-line section label followed
    by such a row: the rows a whitespace finder cut off."""
    x0, top, x1, bottom = region
    bands = _bands([(t, b) for t, b in words if b[2] > x0 and b[0] < x1])
    inside = [i for i, b in enumerate(bands) if top - 1 <= (b[0][1][1] + b[0][1][3]) / 2 <= bottom + 1]
    if not inside:
        return region

    def celled(band: list[tuple[str, BBox]]) -> bool:
        # Stacked single letters (text set vertically) are not a row of cells.
        words = sum(1 for t, _ in band if len(t) >= 2)
        return len(_segments(band, join=1.0)) >= 2 and 2 * words >= len(band)

    def extent(band: list[tuple[str, BBox]]) -> tuple[float, float, float]:
        size = max(_size(t, b) for t, b in band)
        return min(b[1] for _, b in band), max(b[3] for _, b in band), size

    # Rows of the table may be spaced wider than lines of text: allow the widest gap seen inside.
    gaps = [extent(bands[i + 1])[0] - extent(bands[i])[1] for i in inside[:-1]]
    pitch = 1.3 * max(gaps, default=0.0)
    last = inside[-1]
    while last + 1 < len(bands):
        nxt = last + 1
        t, _, h = extent(bands[nxt])
        if t - extent(bands[last])[1] > max(1.5 * h, pitch):
            break
        if not celled(bands[nxt]):
            if not (nxt + 1 < len(bands) and celled(bands[nxt + 1])) or extent(bands[nxt + 1])[0] - extent(bands[nxt])[
                1
            ] > max(1.5 * h, pitch):
                break
            nxt += 1
        last = nxt
    first = inside[0]
    while first > 0:
        above = first - 1
        if not celled(bands[above]):
            # a one-line section label ("Net revenues") under the column heads, which stand wholly right of it over
            # the figures: taken in with the heads
            heads, label = bands[above - 1] if above else [], bands[above]
            at_labels = min(b[0] for _, b in label) <= x0 + 2 * extent(label)[2]
            if not heads or not celled(heads) or not at_labels or min(b[0] for _, b in heads) <= label[-1][1][2]:
                break
            if extent(bands[above])[0] - extent(bands[above - 1])[1] > max(1.5 * extent(bands[above])[2], pitch):
                break
        _, b, h = extent(bands[above])
        if extent(bands[first])[0] - b > max(1.5 * h, pitch):
            break
        first = above
    return (x0, min(top, extent(bands[first])[0]), x1, max(bottom, extent(bands[last])[1]))


def words_in(words: Sequence[tuple[str, BBox]], region: BBox) -> list[tuple[str, BBox]]:
    return [
        (t, b)
        for t, b in words
        if region[0] <= (b[0] + b[2]) / 2 <= region[2] and region[1] <= (b[1] + b[3]) / 2 <= region[3]
    ]


def join_vertical(words: Sequence[tuple[str, BBox]]) -> list[tuple[str, BBox]]:
    """Text set vertically (column headers turned 90°) comes as one glyph per word, stacked at
    the same x and wider than tall: each stack becomes one word, read bottom to top (or top to
    bottom when it starts with a capital at the top), with spaces at the wider gaps. A stack
    of mostly marks that are not letters or digits is cells of dashes, one per row, and stays."""
    singles = sorted(
        (tw for tw in words if len(tw[0]) == 1 and tw[1][2] - tw[1][0] > tw[1][3] - tw[1][1]),
        key=lambda tw: (round(tw[1][0]), tw[1][1]),
    )
    if len(singles) < 3:
        return list(words)
    chains: list[list[tuple[str, BBox]]] = []
    for tw in singles:
        b = tw[1]
        if chains:
            last = chains[-1][-1][1]
            width = b[2] - b[0]
            if abs(b[0] - last[0]) < 1 and abs(b[2] - last[2]) < 1 and -1 <= b[1] - last[3] < 0.5 * width:
                chains[-1].append(tw)
                continue
        chains.append([tw])
    joined: list[tuple[str, BBox]] = []
    used: set[int] = set()
    for chain in chains:
        if len(chain) < 3 or 2 * sum(1 for t, _ in chain if t.isalnum()) < len(chain):
            continue  # a column of dashes ("—" in each row of a column) is wider than tall too, but not text
        used.update(id(tw) for tw in chain)
        top_first = chain[0][0].isupper() and not chain[-1][0].isupper()
        ordered = chain if top_first else chain[::-1]
        parts = [ordered[0][0]]
        for prev, cur in zip(ordered, ordered[1:], strict=False):
            gap = cur[1][1] - prev[1][3] if top_first else prev[1][1] - cur[1][3]
            parts.append((" " if gap > 0.1 * (cur[1][2] - cur[1][0]) else "") + cur[0])
        joined.append(("".join(parts), union_bbox(b for _, b in chain)))
    if not joined:
        return list(words)
    return [tw for tw in words if id(tw) not in used] + joined


def widen(words: Sequence[tuple[str, BBox]], region: BBox, page_width: float) -> BBox:
    """The region grown sideways over words on its own rows that lie close to it: a row-label
    column or a last column that the ruling lines or the whitespace finder left outside."""
    x0, top, x1, bottom = region
    reach = 0.12 * page_width
    beside = sorted(
        (b for _, b in words if top <= (b[1] + b[3]) / 2 <= bottom),
        key=lambda b: b[0],
    )
    grown = True
    while grown:
        grown = False
        for b in beside:
            if b[2] <= x0 and x0 - b[2] <= reach and b[0] < x0:
                x0, grown = b[0], True
            elif b[0] >= x1 and b[0] - x1 <= reach and b[2] > x1:
                x1, grown = b[2], True
    return (x0, top, x1, bottom)
