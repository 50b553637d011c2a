"""Tables on a page: a cheap detector, then pdfplumber's table finder on pdfium geometry, then camelot.

Everything here works in the page's reading frame (x right, y down, in points). The detector
looks at ruling lines and at rows of aligned numbers so that the costly extractors run only on
pages that probably hold a table:

- ruled tables: pdfplumber's ``TableFinder`` (lines strategy) fed with pdfium's characters and
  path edges through a small page shim, so the page is never parsed a second time by pdfminer;
- unruled tables (whitespace columns, or horizontal rules only): camelot ``stream`` on that page.
"""

from __future__ import annotations

import logging
import math
import re
from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from pathlib import Path
from typing import Any, Protocol

from app.ingest.extracted import BBox, ExtractedTable
from app.ingest.passages import Line, union_bbox

log = logging.getLogger(__name__)

# A ruling line of the page (a pdfplumber edge dict), not a graph edge.
RulingLine = dict[str, Any]
# a number, also one written without its leading zero (".397", "-.019")
_NUMERIC = re.compile(r"^[(\[]?[-+−–$€£%]?\.?\d[\d.,:/%]*[)\]]?[%*a-z]?$", re.I)
# "Exhibit 5" (financial releases) and "Schedule 2" (government accounts) label tables as "Table 5" does; an
# appendix's tables are "Table C.1", "Table A-2", "Table A4-12".
_CAPTION = re.compile(
    r"^(table|tab\.|tableau|tabelle|tabla|exhibit|schedule)\s*[:.]?\s*((?:[a-z][.\-]?)?\d+(?:[.\-–]\d+)*[a-z]?|[ivxlc]+)\b",
    re.I,
)


# ------------------------------------------------------------------------------------------------
# Rendering and cleaning (pure)
# ------------------------------------------------------------------------------------------------


def clean_cell(value: object) -> str:
    if value is None:
        return ""
    return re.sub(r"\s+", " ", str(value)).strip()


def _md_cell(value: str) -> str:
    return value.replace("\\", "\\\\").replace("|", "\\|").replace("\r", " ").replace("\n", " ").strip()


def rows_to_markdown(rows: Sequence[Sequence[str]]) -> str:
    """GitHub-flavoured markdown; the first row is the header. Pipes are escaped, newlines flattened."""
    if not rows:
        return ""
    ncols = max(len(r) for r in rows)
    padded = [[_md_cell(c) for c in r] + [""] * (ncols - len(r)) for r in rows]
    out = ["| " + " | ".join(padded[0]) + " |", "|" + "---|" * ncols]
    out += ["| " + " | ".join(r) + " |" for r in padded[1:]]
    return "\n".join(out)


def normalise_rows(rows: Sequence[Sequence[object]]) -> list[list[str]]:
    """Cells as clean strings; rows and columns that are entirely empty are dropped."""
    clean = [[clean_cell(c) for c in r] for r in rows]
    clean = [r for r in clean if any(r)]
    if not clean:
        return []
    ncols = max(len(r) for r in clean)
    clean = [r + [""] * (ncols - len(r)) for r in clean]
    keep = [j for j in range(ncols) if any(r[j] for r in clean)]
    return [[r[j] for j in keep] for r in clean]


def is_degenerate(rows: list[list[str]]) -> bool:
    """A 'table' of one row, one column, or with fewer than 3 filled cells says nothing tabular."""
    if len(rows) < 2 or max(len(r) for r in rows) < 2:
        return True
    filled = sum(1 for r in rows for c in r if c)
    # Paragraph text mistaken for a table has one filled cell per row almost everywhere.
    multi = sum(1 for r in rows if sum(1 for c in r if c) >= 2)
    return filled < 3 or multi < max(2, len(rows) // 4)


# ------------------------------------------------------------------------------------------------
# The cheap detector
# ------------------------------------------------------------------------------------------------


@dataclass(slots=True)
class PageSignals:
    h_rules: int  # long horizontal edges
    v_rules: int  # long vertical edges
    numeric_rows: int  # text rows with >= 2 numbers set apart by wide gaps
    aligned_columns: int  # right edges of numbers shared by >= 3 of those rows
    numeric: list[list[tuple[str, BBox]]] = field(default_factory=list, repr=False)  # those rows

    @property
    def ruled(self) -> bool:
        return self.h_rules >= 2 and self.v_rules >= 2

    @property
    def unruled(self) -> bool:
        # Numbered paragraphs and two-column prose also give "numeric rows"; a table's numbers
        # line up in columns, so ask for at least two aligned columns as well.
        return self.numeric_rows >= 3 and self.aligned_columns >= 2


def page_signals(edges: Sequence[RulingLine], rows: list[list[tuple[str, BBox]]]) -> PageSignals:
    """``rows``: the page's words in visual rows (text_rows)."""
    h = sum(1 for e in edges if e["orientation"] == "h" and e["width"] >= 15)
    v = sum(1 for e in edges if e["orientation"] == "v" and e["height"] >= 8)
    numeric = [row for row in rows if _is_numeric_row(row)]
    return PageSignals(h, v, len(numeric), _aligned_columns(numeric), numeric)


def _aligned_columns(rows: list[list[tuple[str, BBox]]], tolerance: float = 2.0) -> int:
    """How many x positions (number right edges, or left edges) recur in >= 3 numeric rows."""
    count = 0
    for side in (2, 0):
        xs = sorted({round(box[side] / tolerance) for row in rows for text, box in row if _NUMERIC.match(text)})
        support: dict[int, int] = {}
        for row in rows:
            seen = {round(box[side] / tolerance) for text, box in row if _NUMERIC.match(text)}
            for x in xs:
                if x in seen or x - 1 in seen or x + 1 in seen:
                    support[x] = support.get(x, 0) + 1
        # Neighbouring bins describe one column: count runs of supported bins once.
        strong = sorted(x for x, n in support.items() if n >= 3)
        count = max(count, sum(1 for i, x in enumerate(strong) if i == 0 or x - strong[i - 1] > 2))
    return count


def text_rows(lines: Sequence[Line]) -> list[list[tuple[str, BBox]]]:
    """Words grouped into visual rows (same vertical band), left to right, whatever the stream order."""
    return _bands([(w.text, w.bbox) for ln in lines for w in ln.words])


def _is_numeric_row(row: list[tuple[str, BBox]]) -> bool:
    numbers = 0
    wide_gaps = 0
    for i, (text, box) in enumerate(row):
        numbers += bool(_NUMERIC.match(text))
        if i:
            height = max(box[3] - box[1], 1.0)
            wide_gaps += box[0] - row[i - 1][1][2] > 1.2 * height
    return numbers >= 2 and wide_gaps >= 1


# ------------------------------------------------------------------------------------------------
# Grids: cells with their boxes
# ------------------------------------------------------------------------------------------------


@dataclass(slots=True)
class Grid:
    """A table candidate in the reading frame: cell texts and the box of each cell (None if empty)."""

    rows: list[list[str]]
    boxes: list[list[BBox | None]]
    bbox: BBox
    notes: list[str] = field(default_factory=list)  # headnotes on the whole table ("[In thousands]")


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


def _phrases(row: Sequence[tuple[str, BBox]], join: float = 0.3) -> list[list[tuple[str, BBox]]]:
    """A row's words grouped into phrases: a gap under ``join`` × the text height is a word space."""
    out: list[list[tuple[str, BBox]]] = []
    for text, box in row:
        if out:
            last_text, last = out[-1][-1]
            height = max(min(_size(text, box), _size(last_text, last)), 1.0)
            if box[0] - last[2] < join * height:
                out[-1].append((text, box))
                continue
        out.append([(text, box)])
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
    return seps, need


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


def words_grid(words: Sequence[tuple[str, BBox]]) -> Grid | None:
    """A whitespace-separated table from its words: rows are text bands, columns the shared gaps.

    Dot leaders ("Total . . . .") neither make nor cross a column gap: they stay with the cell
    they lead from. A line of running text (no column-wide gap between its words, such as a
    headnote) stays whole in the cell where it starts.
    """
    rows = _bands(words)
    seps, need = column_separators([[tw for tw in r if not _LEADER.match(tw[0])] for r in rows])
    if not seps:
        return None
    ncols = len(seps) + 1
    texts: list[list[str]] = []
    boxes: list[list[BBox | None]] = []
    body = next((i for i, row in enumerate(rows) if _is_numeric_row(row)), len(rows))
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
        texts.append([" ".join(t for t, _ in p) for p in parts])
        boxes.append([union_bbox(b for _, b in p) if p else None for p in parts])
    return normalise_grid(texts, boxes)


_LEADER = re.compile(r"^[.…·_]+$")


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
    while first > 0 and celled(bands[first - 1]):
        _, b, h = extent(bands[first - 1])
        if extent(bands[first])[0] - b > max(1.5 * h, pitch):
            break
        first -= 1
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
    bottom when it starts with a capital at the top), with spaces at the wider gaps."""
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
        if len(chain) < 3:
            continue
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


# ------------------------------------------------------------------------------------------------
# Extractors
# ------------------------------------------------------------------------------------------------


class Glyph(Protocol):
    """A character of the page in the reading frame (pdf.py's chars; " " and "\\n" mark breaks)."""

    text: str
    x0: float
    top: float
    x1: float
    bottom: float


class _PlumberPage:
    """Just enough of pdfplumber's Page for TableFinder with the 'lines' strategy (it reads only
    the edges and the page box), built from pdfium geometry."""

    def __init__(self, edges: list[RulingLine], size: tuple[float, float]) -> None:
        self.edges = edges
        self.bbox = (0.0, 0.0, size[0], size[1])


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


def rule_end_edges(edges: Sequence[RulingLine]) -> list[RulingLine]:
    """Vertical edges where several horizontal rules end at the same x, outside every vertical
    rule beside them: the open outer sides of a table ruled only inside (its row labels and its
    last column then stay in the grid)."""
    ends: dict[int, list[RulingLine]] = {}
    for e in edges:
        if e["orientation"] == "h" and e["width"] >= 15:
            for x in (e["x0"], e["x1"]):
                ends.setdefault(round(x / 2), []).append(e)
    verticals = [e for e in edges if e["orientation"] == "v" and e["height"] >= 2]
    out: list[RulingLine] = []
    for key in sorted(ends):
        x = key * 2.0
        for group in _runs(sorted(ends[key], key=lambda e: e["top"])):
            top, bottom = group[0]["top"], group[-1]["bottom"]
            # only the verticals under these rules or just past their ends (a cell border the rules stop
            # short of): a table set beside this one, across a gap, has its own
            left, right = min(e["x0"] for e in group) - 10, max(e["x1"] for e in group) + 10
            beside = [v["x0"] for v in verticals if v["top"] < bottom and v["bottom"] > top and left < v["x0"] < right]
            if len(group) < 3 or not beside or min(beside) - 2 <= x <= max(beside) + 2:
                continue
            out.append(
                {
                    "x0": x,
                    "x1": x,
                    "top": top,
                    "bottom": bottom,
                    "doctop": top,
                    "width": 0.0,
                    "height": bottom - top,
                    "orientation": "v",
                    "object_type": "line",
                }
            )
    return out


def without_text_frames(edges: list[RulingLine], margin: float = 0.5) -> list[RulingLine]:
    """The edges less those of text frames: a rectangle drawn strictly inside a cell's rectangle
    (one or two of them per cell, around its text) is not a cell border, and pdfplumber would
    snap its sides onto the cell's and cut the cell into rows ("State" framed inside a header
    cell that spans two rows). A rectangle holding three or more others is a table frame, and
    its cells stay."""
    tenth = _Tenths()
    hs: dict[tuple[float, float], set[float]] = {}  # (x0, x1) → the y of each such horizontal
    vs: dict[float, set[tuple[float, float]]] = {}  # x → the (top, bottom) of each such vertical
    for e in edges:
        if e["orientation"] == "h":
            hs.setdefault((tenth[e["x0"]], tenth[e["x1"]]), set()).add(tenth[e["top"]])
        else:
            vs.setdefault(tenth[e["x0"]], set()).add((tenth[e["top"]], tenth[e["bottom"]]))
    rects: list[BBox] = []
    for (x0, x1), ys in hs.items():
        left, right = vs.get(x0), vs.get(x1)
        if left and right:
            rects += [(x0, top, x1, bottom) for top, bottom in left & right if top in ys and bottom in ys]
    if len(rects) < 2:
        return edges
    # Each rectangle is filed under the 48 pt squares it covers; a container holds the centre
    # of what it contains, so only the rectangles filed under that square are compared.
    step = 48.0
    squares: dict[tuple[int, int], list[BBox]] = {}
    for s in rects:
        for bx in range(int(s[0] // step), int(s[2] // step) + 1):
            for by in range(int(s[1] // step), int(s[3] // step) + 1):
                squares.setdefault((bx, by), []).append(s)
    held: dict[BBox, list[BBox]] = {}
    for r in rects:
        for s in squares.get((int((r[0] + r[2]) / 2 // step), int((r[1] + r[3]) / 2 // step)), ()):
            if s[0] + margin < r[0] and s[1] + margin < r[1] and r[2] < s[2] - margin and r[3] < s[3] - margin:
                held.setdefault(s, []).append(r)
    frames = {r for inner in held.values() if len(inner) <= 2 for r in inner}
    if not frames:
        return edges
    drop: set[tuple[str, float, float, float]] = set()
    for x0, top, x1, bottom in frames:
        drop |= {("h", x0, x1, top), ("h", x0, x1, bottom), ("v", top, bottom, x0), ("v", top, bottom, x1)}

    def key(e: RulingLine) -> tuple[str, float, float, float]:
        if e["orientation"] == "h":
            return ("h", tenth[e["x0"]], tenth[e["x1"]], tenth[e["top"]])
        return ("v", tenth[e["top"]], tenth[e["bottom"]], tenth[e["x0"]])

    return [e for e in edges if key(e) not in drop]


class _Tenths(dict[float, float]):
    """``round(x, 1)`` looked up: a ruled page repeats a few coordinates in thousands of edges,
    and rounding is far dearer than a dict hit."""

    def __missing__(self, x: float) -> float:
        value = self[x] = round(x, 1)
        return value


def _runs(rules: list[RulingLine], gap: float = 50.0) -> list[list[RulingLine]]:
    """Horizontal rules (sorted by top) split where one is far below the previous: two tables."""
    runs: list[list[RulingLine]] = []
    for e in rules:
        if runs and e["top"] - runs[-1][-1]["bottom"] <= gap:
            runs[-1].append(e)
        else:
            runs.append([e])
    return runs


def lattice_tables(
    chars: Sequence[Glyph],
    edges: list[RulingLine],
    size: tuple[float, float],
    lines: Sequence[Line] = (),
) -> list[Grid]:
    """Ruled tables: cells are the rectangles formed by the ruling lines (pdfplumber 'lines')."""
    from pdfplumber.table import TableFinder

    edges = without_text_frames(edges)
    finder = TableFinder(
        _PlumberPage(list(edges) + rule_end_edges(edges), size),  # type: ignore[arg-type]
        {"vertical_strategy": "lines", "horizontal_strategy": "lines"},
    )
    words = [(w.text, w.bbox) for ln in lines for w in ln.words]
    out = []
    for table in finder.tables:
        texts, boxes = _cell_texts(table, chars)
        texts, boxes = split_spanning_cells(table, texts, boxes, words)
        grid = normalise_grid(texts, boxes)
        if grid is not None and not is_degenerate(grid.rows):
            grid.bbox = tuple(table.bbox)  # type: ignore[assignment]
            out.append(grid)
    return out


def _cell_texts(table: Any, chars: Sequence[Glyph]) -> tuple[list[list[str | None]], list[list[BBox | None]]]:
    """pdfplumber's Table.extract, but placing each char once by bisection (it rescans every row),
    straight from the page's glyphs (no pdfplumber char dict is built for them)."""
    rows = table.rows
    boxes = [r.bbox for r in rows]
    tops = [b[1] for b in boxes]
    buckets: list[list[list[tuple[Glyph, bool]]]] = [[[] for _ in r.cells] for r in rows]
    tx0, ttop, tx1, tbottom = table.bbox
    gap = True  # a word break (space or line break) since the last glyph
    for ch in chars:
        if ch.text in " \n":
            gap = True
            continue
        space_before, gap = gap, False
        x0, x1 = ch.x0, ch.x1
        vm, hm = (ch.top + ch.bottom) / 2, (x0 + x1) / 2
        if not (tx0 <= hm < tx1 and ttop <= vm < tbottom):
            continue
        # Rows are sorted by top; a cell spanning several rows belongs to the row where it starts,
        # so walk up from the last row starting above the char until a cell takes it.
        j = bisect_right(tops, vm) - 1
        placed = False
        while j >= 0 and not placed:
            if vm < boxes[j][3]:
                for k, cell in enumerate(rows[j].cells):
                    if cell is not None and cell[0] <= hm < cell[2] and cell[1] <= vm < cell[3]:
                        inner = cell[0] - 0.5 <= x0 and x1 <= cell[2] + 0.5  # the common case, cheaply
                        if inner or not _clipped(x0, x1, cell):
                            buckets[j][k].append((ch, space_before))
                        placed = True
                        break
            j -= 1
    texts = [
        [None if cell is None else cell_text(b) for cell, b in zip(r.cells, bs, strict=True)]
        for r, bs in zip(rows, buckets, strict=True)
    ]
    cell_boxes = [[None if c is None else tuple(c) for c in r.cells] for r in rows]
    return texts, cell_boxes


def clipped_by_rule(ch: Mapping[str, float], cell: Sequence[float]) -> bool:
    """A glyph that its cell's side rule cuts through is text overflowing the cell ("Elizab|eth"
    printed as far as the rule): the cell shows it cut, so it is not part of the cell's text. A
    glyph that only touches the rule (loose boxes overshoot a little) stays."""
    return _clipped(ch["x0"], ch["x1"], cell)


def _clipped(x0: float, x1: float, cell: Sequence[float]) -> bool:
    width = x1 - x0
    over = max(x1 - cell[2], cell[0] - x0)
    return over > max(0.5, 0.15 * width)


def split_spanning_cells(
    table: Any,
    texts: list[list[str | None]],
    boxes: list[list[BBox | None]],
    words: Sequence[tuple[str, BBox]],
) -> tuple[list[list[str | None]], list[list[BBox | None]]]:
    """A cell spanning several columns whose words sit each inside one of those columns holds
    several values (a row drawn without its inner rules): give each column its own words."""
    xs = sorted({round(c[0], 1) for r in boxes for c in r if c is not None} | {round(table.bbox[2], 1)})
    for i, row in enumerate(boxes):
        for k, cell in enumerate(row):
            if cell is None or not texts[i][k]:
                continue
            first = bisect_right(xs, cell[0] + 0.5) - 1
            last = bisect_right(xs, cell[2] - 0.5)
            if last - first < 2:
                continue  # one column wide
            inside = [
                (t, b)
                for t, b in words
                if cell[0] <= (b[0] + b[2]) / 2 < cell[2] and cell[1] <= (b[1] + b[3]) / 2 < cell[3]
            ]
            parts: dict[int, list[tuple[str, BBox]]] = {}
            fits = True
            for t, b in inside:
                col = bisect_right(xs, (b[0] + b[2]) / 2) - 1
                if b[0] < xs[col] - 1 or b[2] > xs[col + 1] + 1:
                    fits = False
                    break
                parts.setdefault(col, []).append((t, b))
            if not fits or len(parts) < 2 or _phrase_across(inside, xs):
                continue
            for col, ws in parts.items():
                j = col - first + k
                if j >= len(row):
                    break
                ws.sort(key=lambda tw: ((tw[1][1] + tw[1][3]) / 2 // 3, tw[1][0]))
                texts[i][j] = " ".join(t for t, _ in ws)
                boxes[i][j] = union_bbox(b for _, b in ws)
            for j in range(k, min(k + last - first, len(row))):
                if j - k + first not in parts:
                    texts[i][j], boxes[i][j] = "", None
    return texts, boxes


def _phrase_across(words: Sequence[tuple[str, BBox]], xs: Sequence[float]) -> bool:
    """Do two words a word space apart on one line lie on either side of a column line? Then
    the cell holds a phrase set over both columns ("number of | franchisors"), not two values."""
    for row in _bands(words):
        for phrase in _phrases(row):
            cols = {bisect_right(xs, (b[0] + b[2]) / 2) for _, b in phrase}
            if len(cols) > 1:
                return True
    return False


class CamelotStream:
    """camelot 'stream' on one page at a time (whitespace-separated columns), bbox top-left origin."""

    def __init__(self, path: Path, password: str | None = None) -> None:
        self.path = path
        self.password = password

    def __call__(self, page_number: int) -> list[tuple[list[list[str]], BBox, tuple[float, float]]]:
        """Tables as (rows, camelot bbox (x1, y1, x2, y2) origin bottom-left, camelot page size)."""
        try:
            import camelot

            found = camelot.read_pdf(
                str(self.path),
                pages=str(page_number),
                flavor="stream",
                password=self.password,
                suppress_stdout=True,
            )
        except Exception as exc:  # camelot is a best-effort fallback: a failure means no tables
            log.info("camelot stream failed on page %d of %s: %s", page_number, self.path, exc)
            return []
        out = []
        for t in found:
            rows = normalise_rows(t.df.values.tolist())
            if is_degenerate(rows):
                continue
            out.append((rows, tuple(t._bbox), tuple(t.pdf_size)))
        return out


def stream_grids(
    found: Sequence[tuple[list[list[str]], BBox]],
    lines: Sequence[Line],
    page_width: float,
    edges: Sequence[RulingLine] = (),
) -> list[Grid]:
    """Whitespace tables: camelot tells where a table is; its columns are re-cut from our own
    words (shared gaps of the body rows), which keeps every column and gives each cell a box."""
    out: list[Grid] = []
    words = join_vertical([(w.text, w.bbox) for ln in lines for w in ln.words])
    rules = horizontal_rules(edges)
    for rows, box in found:
        region = widen(words, lengthen(words, box), page_width)
        grid = words_grid(words_in(words, region))
        if grid is None or is_degenerate(grid.rows):
            grid = Grid(rows, [[None] * len(r) for r in rows], box)
        else:
            grid.bbox = union_bbox((grid.bbox, box))
            stack_header_cells(grid, rules, edges)
        out.append(grid)
    return out


Rule = tuple[float, float, float]  # a horizontal rule: y, x0, x1


def horizontal_rules(edges: Sequence[RulingLine]) -> list[Rule]:
    """Horizontal edges as rules, the collinear pieces of one rule (drawn cell by cell) joined."""
    pieces = sorted((float(e["top"]), float(e["x0"]), float(e["x1"])) for e in edges if e["orientation"] == "h")
    pieces.sort(key=lambda p: (round(p[0]), p[1]))
    out: list[Rule] = []
    for y, x0, x1 in pieces:
        if out and abs(out[-1][0] - y) <= 0.5 and x0 <= out[-1][2] + 1:
            out[-1] = (out[-1][0], out[-1][1], max(out[-1][2], x1))
        else:
            out.append((y, x0, x1))
    return out


def stack_header_cells(grid: Grid, rules: Sequence[Rule], edges: Sequence[RulingLine] = ()) -> None:
    """A header ruled like a grid of cells (a rule across the table's top, spanner rules under
    the names set over several columns) holds cells that span several text rows: a name wrapped
    over two lines ("Total" / "(in billions)"), or a stub name ("Region and state") set at the
    foot of a cell that reaches up to the table's top rule. In each column, the header text
    between two rules that cross it is one cell, in the top row of that stretch. Without such
    rules nothing tells a wrapped name from stacked header rows, and the rows stay as they are;
    a header with vertical rules too is a lattice, whose cells the ruled-table finder reads."""
    rows, boxes = grid.rows, grid.boxes
    first_data = next((i for i, r in enumerate(rows) if _is_data_row(r)), None)
    if not rules or first_data is None or first_data < 2:
        return

    filled_boxes = [[b for b in r if b is not None] for r in boxes]
    if not all(filled_boxes):
        return  # cells without boxes (camelot's own rows): no geometry to go by
    top = [min(b[1] for b in r) for r in filled_boxes]
    mid = [min((b[1] + b[3]) / 2 for b in r) for r in filled_boxes]
    x0, _, x1, _ = grid.bbox
    across = [y for y, a, b in rules if b - a >= 0.8 * (x1 - x0) and a <= x0 + 0.1 * (x1 - x0) and y < top[first_data]]
    if not across:
        return
    # a bracketed line above the table's top rule ("[In thousands]") is a note on the whole table
    notes = [i for i in range(first_data) if mid[i] < min(across) and _headnote(rows[i])]
    for i in reversed(notes):
        grid.notes.insert(0, next(c for c in rows[i] if c))
        del rows[i], boxes[i], top[i], mid[i]
    first_data -= len(notes)

    def heads(i: int) -> bool:
        """Row i holds column names: several cells, or one over a spanner rule (not a caption
        or headnote line set inside the table's rules)."""
        filled = [b for c, b in zip(rows[i], boxes[i], strict=True) if c and b is not None]
        if len(filled) != 1:
            return len(filled) >= 2
        b = filled[0]
        cx = (b[0] + b[2]) / 2
        return any(mid[i] < y < top[i + 1] + 1 and a <= cx <= e and e - a < 0.8 * (x1 - x0) for y, a, e in rules)

    start = next((i for i in range(first_data) if mid[i] > min(across) and heads(i)), first_data)
    end = start + header_row_count(rows[start:])
    if end - start < 2:
        return
    spanners = [(y, a, b) for y, a, b in rules if mid[start] < y < top[end - 1] and b - a < 0.8 * (x1 - x0)]
    if not spanners:
        return  # no rule inside the header: its rows are not known to be cells
    if any(
        e["orientation"] == "v"
        and e["height"] >= 4
        and x0 <= e["x0"] <= x1
        and e["top"] < top[end - 1]
        and e["bottom"] > mid[start]
        for e in edges
    ):
        return
    for j in range(len(rows[0])):
        xs = sorted((b[0] + b[2]) / 2 for r in boxes[end:] if (b := r[j]) is not None)
        if not xs:
            continue
        cx = xs[len(xs) // 2]
        first = start
        for i in range(start + 1, end + 1):
            if i < end and not any(a - 1 <= cx <= b + 1 and mid[i - 1] < y < top[i] + 1 for y, a, b in rules):
                continue
            # rows first..i-1 of this column are one cell
            filled = [r for r in range(first, i) if rows[r][j]]
            if filled and filled != [first]:
                text = " ".join(rows[r][j] for r in filled)
                box = union_bbox(b for r in filled if (b := boxes[r][j]) is not None)
                for r in filled:
                    rows[r][j], boxes[r][j] = "", None
                rows[first][j], boxes[first][j] = text, box
            first = i
    # a name over a spanner rule names every column under that rule
    for i in range(start, end):
        for j, b in enumerate(boxes[i]):
            if b is None or not rows[i][j]:
                continue
            cx = (b[0] + b[2]) / 2
            under = [
                (a, e)
                for y, a, e in rules
                if b[3] - 1 <= y <= top[i + 1] + 1 and a - 1 <= cx <= e + 1 and e - a < 0.8 * (x1 - x0)
            ]
            if under:
                a, e = max(under, key=lambda r: r[1] - r[0])
                boxes[i][j] = (min(a, b[0]), b[1], max(e, b[2]), b[3])
    for i in range(end - 1, start - 1, -1):
        if not any(rows[i]):
            del rows[i], boxes[i]


def _headnote(row: Sequence[str]) -> bool:
    filled = [c for c in row if c]
    return len(filled) == 1 and re.fullmatch(r"[\[(][^\])]*[\])]", filled[0]) is not None


def _overlap(a: BBox, b: BBox) -> float:
    """Intersection area over the smaller box's area."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    smaller = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1])) or 1.0
    return w * h / smaller


def _rows_outside(numeric: list[list[tuple[str, BBox]]], boxes: list[BBox]) -> int:
    """How many of the page's numeric rows (``PageSignals.numeric``) no found table holds."""

    def inside(box: BBox) -> bool:
        return any(_overlap(box, b) > 0.5 for b in boxes)

    return sum(1 for r in numeric if not inside(r[0][1]))


def _merged_cells(rows: list[list[str]]) -> bool:
    """Ruling lines that do not separate columns/rows show up as cells holding several numbers."""
    return any(_numbers_in(c) >= 3 for r in rows for c in r)


# Thousands grouped with spaces ("1 649 692"): one number, not three.
_SPACE_GROUPED = re.compile(r"(?<![\d.,])\d{1,3}(?: \d{3})+(?![\d])")


def _numbers_in(cell: str) -> int:
    joined = _SPACE_GROUPED.sub(lambda m: m.group().replace(" ", ""), cell)
    return sum(1 for tok in joined.split() if _NUMERIC.match(tok))


def table_score(rows: list[list[str]]) -> int:
    """How much clean tabular content a candidate holds: short filled cells, minus merged ones."""
    score = 0
    for r in rows:
        for c in r:
            if not c:
                continue
            numbers = _numbers_in(c)
            score += -3 if numbers >= 3 or len(c) > 150 else 1
    return score


def _merge_candidates(lattice: list[Grid], stream: list[Grid]) -> list[Grid]:
    """Union of both, and where they overlap, the candidate(s) with the better score."""
    keep = list(lattice)
    for grid in stream:
        rivals = [g for g in keep if _overlap(grid.bbox, g.bbox) >= 0.5]
        if not rivals:
            keep.append(grid)
        elif table_score(grid.rows) > sum(table_score(g.rows) for g in rivals):
            keep = [g for g in keep if all(g is not r for r in rivals)] + [grid]
    return keep


# ------------------------------------------------------------------------------------------------
# Captions, labels, headers
# ------------------------------------------------------------------------------------------------


def table_label(caption: str | None) -> str | None:
    """The document's own label at the start of a caption: "Table 6.4", "Table 2-1", "Table A4-12"."""
    m = _CAPTION.match(caption or "")
    return f"{m.group(1)} {m.group(2)}" if m else None


def find_caption(lines: Sequence[Line], bbox: BBox, captions: Sequence[Line] | None = None) -> str | None:
    """A 'Table N ...' line just above the table (or just below it), with the lines it wraps onto.

    ``captions``: the lines that start like a caption, when the caller has them (once per page)."""
    if captions is None:
        captions = caption_lines(lines)
    best: tuple[float, Line] | None = None
    for ln in captions:
        b = ln.bbox
        if min(b[2], bbox[2]) <= max(b[0], bbox[0]) - 50:
            continue  # not horizontally near the table
        above = bbox[1] - b[3]
        below = b[1] - bbox[3]
        dist = above if -5 <= above <= 80 else (below + 20 if -5 <= below <= 40 else None)
        if dist is not None and (best is None or dist < best[0]):
            best = (dist, ln)
    if best is None:
        return None
    return _caption_text(lines, best[1], bbox)


def _caption_gap(caption: BBox, table: BBox, side: str) -> float | None:
    """How far a caption line lies from a table on one side ("above" or "below"), None when it is
    not placed as that table's caption there. A caption below counts 20 pt farther (captions above
    are the more common), one that does not overlap the table sideways 1000 pt farther (it is
    near enough only when no caption is over or under the table)."""
    if min(caption[2], table[2]) <= max(caption[0], table[0]) - 50:
        return None  # not horizontally near the table
    if side == "above":
        gap = table[1] - caption[3]
        if not -5 <= gap <= 80:
            return None
    else:
        gap = caption[1] - table[3]
        if not -5 <= gap <= 40:
            return None
        gap += 20
    return gap if min(caption[2], table[2]) > max(caption[0], table[0]) else gap + 1000


def assign_captions(tables: Sequence[BBox], captions: Sequence[Line]) -> list[Line | None]:
    """The caption line of each table of a page. A page sets its captions on one side: above every
    table, or below every table (side by side tables each over its own caption), whichever side
    captions more of them (nearer in all, on a tie); each caption names one table, the nearest.
    A table that side leaves without one gets its nearest caption either way, even one another
    table has (one caption under two tabulars set side by side)."""
    best: tuple[tuple[int, float], list[int | None]] | None = None
    for side in ("above", "below"):
        pairs = sorted(
            (gap, i, k)
            for i, t in enumerate(tables)
            for k, c in enumerate(captions)
            if (gap := _caption_gap(c.bbox, t, side)) is not None
        )
        chosen: list[int | None] = [None] * len(tables)
        used: set[int] = set()
        total = 0.0
        for gap, i, k in pairs:
            if chosen[i] is None and k not in used:
                chosen[i] = k
                used.add(k)
                total += gap
        key = (sum(k is not None for k in chosen), -total)
        if best is None or key > best[0]:
            best = (key, chosen)
    out: list[Line | None] = []
    for i, t in enumerate(tables):
        pick = best[1][i] if best is not None else None
        if pick is None:
            near = [(gap, j) for side in ("above", "below") for j, c in enumerate(captions)
                    if (gap := _caption_gap(c.bbox, t, side)) is not None]  # fmt: skip
            pick = min(near)[1] if near else None
        out.append(None if pick is None else captions[pick])
    return out


def caption_lines(lines: Sequence[Line]) -> list[Line]:
    """The lines that start like a table caption ("Table 6.4 ..."), in order."""
    return [ln for ln in lines if _CAPTION.match(ln.text.strip())]


def _caption_text(lines: Sequence[Line], first: Line, table: BBox) -> str:
    """The caption line and the lines right below it (same block, not inside the table)."""
    parts = [first.text.strip()]
    cur = first.bbox
    for _ in range(3):
        height = cur[3] - cur[1]
        nxt = [
            ln
            for ln in lines
            if 0 <= ln.bbox[1] - cur[3] < 0.8 * height + 2
            and min(ln.bbox[2], cur[2]) > max(ln.bbox[0], cur[0])
            and not _overlap(ln.bbox, table) > 0.5
            and not _CAPTION.match(ln.text.strip())
            and _wraps_under(first.bbox, ln.bbox)
        ]
        if not nxt:
            break
        ln = min(nxt, key=lambda x: x.bbox[1])
        if abs((ln.bbox[3] - ln.bbox[1]) - height) > 0.25 * height:
            break  # another font size: the table's own header or body text
        parts.append(ln.text.strip())
        cur = ln.bbox
    return " ".join(parts)[:400]


def _wraps_under(first: BBox, line: BBox) -> bool:
    """Is ``line`` set like the next line of a caption whose first line is ``first``: starting
    at its left or hanging indent, or centred under it? A column name centred over a table's
    right half ("Projected—Continued") is not."""
    width = first[2] - first[0]
    centred = abs((line[0] + line[2]) / 2 - (first[0] + first[2]) / 2) <= 0.05 * width
    return line[0] <= first[0] + 0.25 * width or centred


def split_caption_rows(grid: Grid) -> str | None:
    """A caption printed inside the table's frame ("Table 14." in the first row, wrapping onto a
    second) is taken out of the rows; returns it."""
    if not grid.rows:
        return None
    first = " ".join(c for c in grid.rows[0] if c)
    if not _CAPTION.match(first):
        return None
    head = union_bbox(b for b in grid.boxes[0] if b is not None) if any(grid.boxes[0]) else None
    n = 1
    while n < min(3, len(grid.rows) - 2) and sum(1 for c in grid.rows[n] if c) == 1:
        box = next(b for c, b in zip(grid.rows[n], grid.boxes[n], strict=True) if c)
        if head is not None and box is not None and not _wraps_under(head, box):
            break
        n += 1
    caption = " ".join(" ".join(c for c in r if c) for r in grid.rows[:n])
    del grid.rows[:n]
    del grid.boxes[:n]
    return caption[:400]


_YEAR = re.compile(r"^(19|20)\d\d$")


def _is_data_row(row: Sequence[str]) -> bool:
    values = [c for c in row[1:] if c]
    numbers = [c for c in values if _NUMERIC.match(c.replace(" ", ""))]
    return bool(numbers) and 2 * len(numbers) >= len(values) and not all(_YEAR.match(c) for c in numbers)


def header_row_count(rows: Sequence[Sequence[str]]) -> int:
    """Rows above the first data row (one with numbers beyond its label), at most five; a table
    without numbers has a one-row header; 0 when it starts with data (a continuation)."""
    for i, row in enumerate(rows[:6]):
        if _is_data_row(row):
            return i
        if i and sum(1 for c in row if c) == 1 and row[0]:
            return i  # a section label ("Actual") opens the body
    return 1 if len(rows) > 1 else 0


def joined_columns(grid: Grid, header_rows: int) -> list[str] | None:
    """One name per column: the header rows' cells top to bottom joined with " / "; a header
    cell that spans several columns (its box reaches over their centres, on either side) names
    each of them."""
    if header_rows == 0 or not grid.rows:
        return None
    ncols = len(grid.rows[0])
    centres: list[float | None] = []
    for j in range(ncols):
        xs = sorted((b[0] + b[2]) / 2 for r in grid.boxes[header_rows:] if (b := r[j]) is not None)
        centres.append(xs[len(xs) // 2] if xs else None)
    names: list[list[str]] = [[] for _ in range(ncols)]
    for i in range(header_rows):
        row, boxes = grid.rows[i], grid.boxes[i]
        for k, text in enumerate(row):
            if not text:
                continue
            covered = [k]
            box = boxes[k]
            for j in range(k + 1, ncols):
                c = centres[j]
                if row[j] or box is None or c is None or c > box[2] + 1:
                    break
                covered.append(j)
            for j in range(k - 1, -1, -1):
                c = centres[j]
                if row[j] or box is None or c is None or c < box[0] - 1:
                    break
                covered.insert(0, j)
            for j in covered:
                if not names[j] or names[j][-1] != text:
                    names[j].append(text)
    return [" / ".join(n) for n in names]


def table_markdown(rows: Sequence[Sequence[str]], columns: Sequence[str] | None, header_rows: int) -> str:
    """Markdown with the joined column names as its header line when there are any."""
    if columns:
        return rows_to_markdown([list(columns), *rows[header_rows:]])
    return rows_to_markdown(rows)


def join_wrapped_labels(grid: Grid) -> None:
    """A row label that wraps onto the next line, beside that line's own cells ("Chronic fatigue"
    / "syndrome" next to "Count" / "Percentage"), is one label: the all-lower-case continuation
    goes up into the label above when that row has values of its own. Only where lower-case
    labels are the exception in that column. Not in the header above the first row of numbers: a
    stub name broken over two header lines ("Spa-" / "rsity") stays as printed."""
    labels = [r[0] for r in grid.rows if r and r[0]]
    if not labels or sum(1 for t in labels if t[0].islower()) > 0.3 * len(labels):
        return
    first_data = next((i for i, r in enumerate(grid.rows) if _is_data_row(r)), 0)
    for i in range(len(grid.rows) - 1, first_data, -1):
        text, above = grid.rows[i][0], grid.rows[i - 1][0]
        if not (text and text == text.lower() and text[0].islower() and not any(ch.isdigit() for ch in text)):
            continue
        if not (above and above[-1] not in ".:;" and any(grid.rows[i - 1][1:])):
            continue  # the label above stands alone: the values are on this line
        grid.rows[i - 1][0] = f"{above} {text}"
        a, b = grid.boxes[i - 1][0], grid.boxes[i][0]
        grid.boxes[i - 1][0] = union_bbox((a, b)) if a and b else (a or b)
        grid.rows[i][0], grid.boxes[i][0] = "", None
        if not any(grid.rows[i]):
            del grid.rows[i], grid.boxes[i]


def _caption_tail(row: Sequence[str]) -> bool:
    """A first row that is only the lower-case end of a sentence in the first column."""
    filled = [c for c in row if c]
    return len(filled) == 1 and bool(row[0]) and row[0][0].islower() and len(row[0].split()) >= 2


def finish_table(
    index: int,
    grid: Grid,
    lines: Sequence[Line],
    captions: Sequence[Line] | None = None,
    caption_line: Line | None = None,
) -> ExtractedTable:
    """``captions``: the page's caption lines (``caption_lines``), when the caller has them;
    ``caption_line``: the one of them that is this table's (``assign_captions``), if the caller
    chose it (then ``captions`` is not searched)."""
    bbox = grid.bbox
    inner_caption = split_caption_rows(grid)
    join_wrapped_labels(grid)
    caption: str | None
    if caption_line is not None:
        caption = _caption_text(lines, caption_line, bbox)
    elif captions is None or captions:
        caption = find_caption(lines, bbox, captions)
    else:
        caption = None
    caption = caption or inner_caption
    if caption and len(grid.rows) > 2 and caption[-1] not in ".:;)" and _caption_tail(grid.rows[0]):
        # the caption's last line was read as the table's first row ("... in educational" / "institutions in 2004")
        caption = f"{caption} {grid.rows[0][0]}"[:400]
        del grid.rows[0], grid.boxes[0]
    if grid.notes:
        caption = " ".join([caption or "", *grid.notes]).strip()[:400]
    header_rows = header_row_count(grid.rows)
    columns = joined_columns(grid, header_rows)
    return ExtractedTable(
        index,
        grid.rows,
        table_markdown(grid.rows, columns, header_rows),
        _round_box(grid.bbox),
        caption,
        label=table_label(caption),
        columns=columns,
        header_rows=header_rows,
        cell_boxes=[[None if b is None else _round_box(b) for b in r] for r in grid.boxes],
    )


def continues(prev: ExtractedTable, prev_height: float, table: ExtractedTable, height: float) -> bool:
    """Does ``table`` (first on its page) go on with ``prev`` (last on the page before)? Both
    bboxes are in display coordinates. Same columns, ``prev`` reaching the foot of its page,
    ``table`` starting near the top of its own, and no caption of its own with another label."""
    if not prev.rows or not table.rows or prev.bbox[3] < 0.6 * prev_height or table.bbox[1] > 0.4 * height:
        return False
    if table.label is not None and table.label == prev.label:
        return True  # "Table 14 ... —Continued": the document says so (its columns may differ)
    return table.label is None and len(prev.rows[0]) == len(table.rows[0])


def link_continuation(prev: ExtractedTable, table: ExtractedTable) -> None:
    """Mark ``table`` as the continuation of ``prev`` and carry the header over when the page
    has none of its own (its first rows are data)."""
    table.continues_previous = True
    if table.header_rows == 0 or not table.columns:
        # the page starts with data rows: it reads under the header of the part before
        table.header_rows = 0
        table.columns = list(prev.columns) if prev.columns else None
    table.caption = table.caption or prev.caption
    table.label = table.label or prev.label
    table.markdown = table_markdown(table.rows, table.columns, table.header_rows)


# ------------------------------------------------------------------------------------------------
# Tables under a caption that no detector saw (words only, no rules, no numbers)
# ------------------------------------------------------------------------------------------------


def captioned_tables(
    lines: Sequence[Line], found: Sequence[Grid], captions: Sequence[Line] | None = None
) -> list[Grid]:
    """``captions``: the page's caption lines (``caption_lines``), when the caller has them."""
    out: list[Grid] = []
    for ln in caption_lines(lines) if captions is None else captions:
        if any(find_caption([ln], g.bbox, [ln]) or _overlap(ln.bbox, g.bbox) > 0.5 for g in found):
            continue  # the caption of a table already found (above it or inside its frame)
        grid = _grid_below(lines, ln.bbox)
        if grid is not None:
            out.append(grid)
    return out


def _grid_below(lines: Sequence[Line], caption: BBox) -> Grid | None:
    bands = _bands([(w.text, w.bbox) for ln in lines for w in ln.words if w.bbox[1] >= caption[3] - 1])
    picked: list[list[tuple[str, BBox]]] = []
    singles = 0
    last_bottom = caption[3]
    for band in bands[:40]:
        height = max(b[3] - b[1] for _, b in band)
        if band[0][1][1] - last_bottom > 2.5 * height:
            break
        if len(_segments(band, join=1.0)) >= 2:
            picked.append(band)
            singles = 0
        elif picked or singles:
            break  # the table is over (or prose follows the caption)
        else:
            singles += 1  # the caption's own second line
            if singles > 2:
                return None
        last_bottom = max(b[3] for _, b in band)
    if len(picked) < 3:
        return None
    grid = words_grid([tw for band in picked for tw in band])
    if grid is None or is_degenerate(grid.rows) or not _has_short_column(grid.rows):
        return None
    return grid


def _has_short_column(rows: Sequence[Sequence[str]]) -> bool:
    """Two columns of prose are not a table: some column beyond the first holds short values."""
    for j in range(1, len(rows[0])):
        lengths = sorted(len(r[j]) for r in rows if r[j])
        if lengths and lengths[len(lengths) // 2] <= 20:
            return True
    return False


def extract_tables(
    chars: Sequence[Glyph],
    edges: list[RulingLine],
    lines: Sequence[Line],
    size: tuple[float, float],
    *,
    stream: Callable[[], list[tuple[list[list[str]], BBox]]] | None = None,
) -> list[ExtractedTable]:
    """Tables on one page, in the reading frame. ``chars`` need .text/.x0/.top/.x1/.bottom.

    ``stream`` returns whitespace-column tables for this page (rows, bbox in the reading frame);
    it is called only when the page has rows of numbers that the ruled tables do not explain well.
    """
    rows = text_rows(lines)
    signals = page_signals(edges, rows)
    found: list[Grid] = []
    if signals.ruled:
        found = lattice_tables(chars, edges, size, lines)
    if signals.unruled and stream is not None:
        poor = [g for g in found if _merged_cells(g.rows)]
        if poor or _rows_outside(signals.numeric, [g.bbox for g in found]) >= 3:
            found = _merge_candidates(found, stream_grids(stream(), lines, size[0], edges))
    captions = caption_lines(lines)  # once per page: tables are few, lines many
    if captions:
        found += captioned_tables(lines, found, captions)
    found.sort(key=lambda g: (round(g.bbox[1]), g.bbox[0]))
    chosen = assign_captions([g.bbox for g in found], captions) if captions else [None] * len(found)
    return [finish_table(i, g, lines, [], caption_line=c) for i, (g, c) in enumerate(zip(found, chosen, strict=True))]


def _round_box(b: BBox) -> BBox:
    return (round(b[0], 2), round(b[1], 2), round(b[2], 2), round(b[3], 2))


# A line inside a table's box whose words the table's cells do not hold ("PRIMARY ELECTION, AUGUST 7, 2018" set
# over an election table, a title row the grid left out) is kept as page text: dropped, it would be in neither a
# passage nor the table, and no question could find it. At least this many of its words, and this share of those
# inside the box, must be absent from the cells, so stray pieces of a cell (a wrapped header) are not kept twice.
MIN_UNHELD_WORDS = 2
MIN_UNHELD_SHARE = 0.6
_CELL_TOKEN = re.compile(r"[a-z0-9]+")


def _tokens(text: str) -> list[str]:
    return _CELL_TOKEN.findall(text.lower())


def lines_outside(lines: Sequence[Line], boxes: list[BBox], cells: Sequence[Sequence[Sequence[str]]]) -> list[Line]:
    """The lines with table words removed, so passages do not repeat the tables' cell soup; a line inside a box that
    its table's cells (`cells`: each box's rows) do not hold stays whole."""
    if not boxes:
        return list(lines)
    held = [{t for row in rows for cell in row for t in _tokens(cell)} for rows in cells]
    out: list[Line] = []
    cut = False
    for ln in lines:
        inside = [_box_of(w.bbox, boxes) for w in ln.words]
        words = [w for w, b in zip(ln.words, inside, strict=True) if b is None]
        if len(words) < len(ln.words) and _unheld_line(ln, inside, held):
            words = list(ln.words)
        if len(words) < len(ln.words):
            cut = True
        if words:
            out.append(Line(words, new_block=ln.new_block or cut))
            cut = False
    return out


def _unheld_line(ln: Line, inside: Sequence[int | None], held: Sequence[set[str]]) -> bool:
    """Most of the line's words inside a table box are words its table's cells do not hold."""
    within = [(w, b) for w, b in zip(ln.words, inside, strict=True) if b is not None]
    unheld = [w for w, b in within if any(c.isalpha() for c in w.text) and not set(_tokens(w.text)) <= held[b]]
    return len(unheld) >= MIN_UNHELD_WORDS and len(unheld) >= MIN_UNHELD_SHARE * len(within)


def _box_of(box: BBox, boxes: list[BBox]) -> int | None:
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return next((i for i, b in enumerate(boxes) if b[0] <= cx <= b[2] and b[1] <= cy <= b[3]), None)
