"""Two columns of figures read as one ("2023 2022" over "640 411"): the whitespace reading joins columns whose
header is a phrase set over both of them ("Three Months Ended June 30,"), so one cell holds a figure of each.

A column is cut where a vertical channel of white runs through it: in most rows of figures words stand on both
sides of it and none crosses it, it is wider than the space between words, and every word on either side is a
figure (a column of words, "Single Married", is one column whose cells are phrases). A header cell that crosses the
channel spans both columns: it stays whole in the left one, and its box names both (joined_columns)."""

from __future__ import annotations

from collections.abc import Sequence

from app.ingest.extracted import BBox, centred_in
from app.ingest.passages import Line, Word, union_bbox
from app.ingest.table_group_header import (
    CELL_SLACK,
    fill_header_gaps,
    split_one_word_heads,
    split_spanning_header_cells,
    take_group_header,
)
from app.ingest.table_words import Grid

# The channel is at least this many line heights wide: wider than a word space or the thin space of "15 455".
MIN_CHANNEL_EMS = 1.0
# Rows of figures with words on both sides of the channel: at least this many, and this share of the rows of
# figures that have words in the column at all.
MIN_SPLIT_ROWS = 3
MIN_SPLIT_SHARE = 0.6
# A spill column fills at most this many body rows, of a body of at least this many rows.
MAX_SPILL_ROWS = 2
MIN_SPILL_BODY = 6
_FIGURE_MARKS = frozenset("$€£¥%()-–—,.")


def _figure(text: str) -> bool:
    """ "(1,242)", "$", "3.5%", "—": a figure or the sign printed beside one."""
    return all(ch.isdigit() or ch in _FIGURE_MARKS for ch in text)


def _digits(word: Word) -> bool:
    return any(ch.isdigit() for ch in word.text)


def _side(word: Word, words: Sequence[Word], x: float) -> bool:
    """Left of the channel: by its centre, or, for a sign, by the figure to its right that it stands for."""
    if not _digits(word):
        following = [w for w in words if _digits(w) and w.bbox[0] >= word.bbox[2]]
        if following:
            word = min(following, key=lambda w: w.bbox[0])
    return (word.bbox[0] + word.bbox[2]) / 2 < x


def _channel(cells: Sequence[Sequence[Word]], height: float) -> float | None:
    """The x of the widest white channel that separates the words of most cells, when there is one."""
    rows_with_words = [ws for ws in cells if ws]
    if len(rows_with_words) < MIN_SPLIT_ROWS:
        return None
    # A sign set apart from its figure ("$   3,852") belongs to it: only words with digits place the channel.
    spans = sorted((w.bbox[0], w.bbox[2]) for ws in rows_with_words for w in ws if _digits(w))
    if not spans:
        return None
    gaps: list[tuple[float, float]] = []
    reach = spans[0][1]
    for x0, x1 in spans[1:]:
        if x0 - reach >= MIN_CHANNEL_EMS * height:
            gaps.append((reach, x0))
        reach = max(reach, x1)
    best: tuple[float, float] | None = None
    for left, right in gaps:
        middle = (left + right) / 2
        both = sum(1 for ws in rows_with_words if min(w.bbox[0] for w in ws) < middle < max(w.bbox[2] for w in ws))
        enough = both >= MIN_SPLIT_ROWS and both >= MIN_SPLIT_SHARE * len(rows_with_words)
        if enough and (best is None or right - left > best[1] - best[0]):
            best = (left, right)
    return None if best is None else (best[0] + best[1]) / 2


def _words_in(words: Sequence[Word], box: BBox | None) -> list[Word]:
    return [] if box is None else [w for w in words if centred_in(w.bbox, box, CELL_SLACK)]


def _two_figures(grid: Grid, j: int) -> bool:
    """Enough cells of column j hold two figures or more by their text for a channel to be worth looking for."""
    held = sum(1 for row in grid.rows if sum(1 for t in row[j].split() if any(ch.isdigit() for ch in t)) >= 2)
    return held >= MIN_SPLIT_ROWS


def _row_words(words: Sequence[Word], boxes: Sequence[BBox | None]) -> list[Word]:
    found = [b for b in boxes if b is not None]
    if not found:
        return []
    top, bottom = min(b[1] for b in found) - 0.5, max(b[3] for b in found) + 0.5
    return [w for w in words if top <= (w.bbox[1] + w.bbox[3]) / 2 <= bottom]


def _text(words: Sequence[Word]) -> str:
    return " ".join(w.text for w in sorted(words, key=lambda w: (round(w.bbox[1]), w.bbox[0])))


def split_joined_columns(grid: Grid, lines: Sequence[Line]) -> None:
    """Cut each column of ``grid`` that holds two columns of figures at the white channel between them."""
    if not grid.rows or not any(_two_figures(grid, j) for j in range(1, len(grid.rows[0]))):
        return  # the words are looked at only where a cell's text holds two figures
    table = [w for ln in lines for w in ln.words if centred_in(w.bbox, grid.bbox, CELL_SLACK)]
    heights = sorted(w.bbox[3] - w.bbox[1] for w in table)
    if not heights:
        return
    height = heights[len(heights) // 2]
    # Each row's words once (a page holds thousands of words, a row a few): cells are looked up among them.
    by_row = [_row_words(table, row) for row in grid.boxes]
    j = 1  # the first column holds the rows' labels
    while j < len(grid.rows[0]):
        cells = [_words_in(by_row[i], row[j]) for i, row in enumerate(grid.boxes)]
        figures = [ws if ws and all(_figure(w.text) for w in ws) else [] for ws in cells]
        x = _channel(figures, height)
        if x is None:
            j += 1
            continue
        for i, ws in enumerate(cells):
            spanning = any(w.bbox[0] < x < w.bbox[2] for w in ws)
            left = ws if spanning else [w for w in ws if _side(w, ws, x)]
            right = [] if spanning else [w for w in ws if not _side(w, ws, x)]
            if not ws:  # a cell the words do not explain (text of another frame) is kept as it was
                grid.rows[i][j:j + 1] = [grid.rows[i][j], ""]
                grid.boxes[i][j:j + 1] = [grid.boxes[i][j], None]
                continue
            grid.rows[i][j:j + 1] = [_text(left), _text(right)]
            grid.boxes[i][j:j + 1] = [union_bbox([w.bbox for w in left]) if left else None,
                                      union_bbox([w.bbox for w in right]) if right else None]  # fmt: skip
        j += 2


_SIGNS = frozenset("$€£¥")


def _sign_only(cell: str) -> bool:
    return bool(cell) and all(ch in _SIGNS or ch.isspace() for ch in cell)


def join_sign_columns(grid: Grid, header_rows: int) -> None:
    """A column of lone currency signs ("$" set far left of "518") is the sign of the column of figures right of
    it: joined into it, header and all, so a column's name and its figures stand together."""
    j = 1
    while grid.rows and j < len(grid.rows[0]) - 1:
        body = [row[j] for row in grid.rows[header_rows:] if row[j]]
        if len(body) < 2 or not all(_sign_only(cell) for cell in body):
            j += 1
            continue
        for row, boxes in zip(grid.rows, grid.boxes, strict=True):
            row[j + 1] = " ".join(c for c in (row[j], row[j + 1]) if c)
            kept, added = boxes[j], boxes[j + 1]
            boxes[j + 1] = union_bbox([kept, added]) if kept and added else (kept or added)
            del row[j], boxes[j]


def _opens(cell: str) -> bool:
    return cell.count("(") > cell.count(")")


def join_spill_columns(grid: Grid, header_rows: int) -> None:
    """A column with no head of its own that holds the tail of a cell left of it ("(df = 6;" | "12)") in one or two
    rows and nothing else is that cell's overflow, not a column: each of its cells is joined to the one on its left,
    so a regression table's "(1) (2) (3)" stand beside their figures without an empty column between each."""
    body_rows = len(grid.rows) - header_rows
    j = len(grid.rows[0]) - 1 if grid.rows else 0
    while j >= 2 and header_rows and body_rows >= MIN_SPILL_BODY:
        body = [(row[j - 1], row[j]) for row in grid.rows[header_rows:] if row[j]]
        headless = not any(row[j] for row in grid.rows[:header_rows])
        if headless and 0 < len(body) <= MAX_SPILL_ROWS and any(_opens(left) for left, _ in body):
            for row, boxes in zip(grid.rows, grid.boxes, strict=True):
                row[j - 1] = " ".join(c for c in (row[j - 1], row[j]) if c)
                kept, added = boxes[j - 1], boxes[j]
                boxes[j - 1] = union_bbox([kept, added]) if kept and added else (kept or added)
                del row[j], boxes[j]
        j -= 1


def mend_columns(grid: Grid, lines: Sequence[Line]) -> None:
    """Columns the whitespace reading joined cut apart, and the header line it left out taken in."""
    split_joined_columns(grid, lines)
    take_group_header(grid, lines)


def mend_header(grid: Grid, lines: Sequence[Line], header_rows: int) -> None:
    """Header cells holding two columns' heads split; header cells left empty filled from the words standing there;
    columns of lone signs joined to their figures."""
    split_spanning_header_cells(grid, lines, header_rows)
    split_one_word_heads(grid, lines, header_rows)
    fill_header_gaps(grid, lines, header_rows)
    join_sign_columns(grid, header_rows)
    join_spill_columns(grid, header_rows)
