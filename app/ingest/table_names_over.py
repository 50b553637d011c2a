"""Column names printed over a table outside its box: a statement's "June 30, / 2026" and "December 31, / 2025" set
above its first row of labels ("Property, Plant and Equipment"), where the grid, begun at that row, left them out.
Without them the value columns have no names and no question can say which column it asks for. They are taken when
the lines right above the table hold, over each value column and over nothing else, a phrase centred on it: names,
told by geometry alone. A line across the columns (a title, a paragraph), a caption, a row of figures (the table
above) or a gap wider than a line's height ends the search."""

from __future__ import annotations

from collections.abc import Sequence

from app.ingest.extracted import BBox
from app.ingest.passages import Line, Word, union_bbox
from app.ingest.table_columns import _segments
from app.ingest.table_names_above import NAME_JOIN, _column_spans
from app.ingest.table_text import _CAPTION, _is_data_row
from app.ingest.table_words import Grid

# The names stand on at most this many lines above the table (a unit note among them).
MAX_LINES = 4
# A line of names stands at most this many of its heights above the line (or the table) below it.
LINE_GAP_HEIGHTS = 1.5
# A name's centre lies within its column's extent widened by this many points.
CENTRE_SLACK = 4.0


def take_names_over(grid: Grid, lines: Sequence[Line]) -> bool:
    """Set the names printed over the grid's value columns as its first row, when its rows above the first row of
    figures say no word in them and every value column has one; True when set."""
    first = next((k for k, r in enumerate(grid.rows) if _is_data_row(r)), None)
    if first is None or len(grid.rows[first]) < 2 or any(_worded(c) for r in grid.rows[:first] for c in r[1:]):
        return False
    width = len(grid.rows[first])
    spans = _column_spans(grid.boxes[first:], width)
    valued = {j: span for j, span in enumerate(spans) if j > 0 and span is not None}
    if not valued:
        return False
    names = _names_above(grid.bbox, lines, valued)
    if names is None or not set(valued) <= set(names):
        return False
    row = [" ".join(t for t, _ in names[j]) if j in names else "" for j in range(width)]
    if _is_data_row(row):
        return False
    boxes = [union_bbox([b for _, b in names[j]]) if j in names else None for j in range(width)]
    grid.rows.insert(0, row)
    grid.boxes.insert(0, boxes)
    grid.bbox = union_bbox([grid.bbox, *(b for b in boxes if b is not None)])
    return True


def _worded(cell: str) -> bool:
    """A cell that says a word ("June 30, 2026"), not only a figure or a mark ("$ —")."""
    return any(ch.isalpha() for ch in cell)


def _names_above(
    bbox: BBox, lines: Sequence[Line], valued: dict[int, tuple[float, float]]
) -> dict[int, list[tuple[str, BBox]]] | None:
    """Each value column's phrases on the lines right above `bbox`, read top down; None when a line there crosses
    the columns."""
    left = min(span[0] for span in valued.values())
    above = [
        ln for ln in lines if ln.words and ln.bbox[3] <= bbox[1] + 1.0 and ln.bbox[0] < bbox[2] and ln.bbox[2] > bbox[0]
    ]
    names: dict[int, list[tuple[str, BBox]]] = {}
    floor = bbox[1]
    for line in _bands(above)[:MAX_LINES]:
        box = line.bbox
        if floor - box[3] > LINE_GAP_HEIGHTS * (box[3] - box[1]) or _CAPTION.match(line.text):
            break
        placed = _placed(line, left, valued)
        if placed is None:
            return names or None
        if placed and _is_data_row(["", *(placed[j][0] if j in placed else "" for j in sorted(valued))]):
            break  # a row of figures: the table above, not names
        for j, name in placed.items():
            names.setdefault(j, []).insert(0, name)
        floor = box[1]
    return names


def _bands(lines: Sequence[Line]) -> list[Line]:
    """The words of the lines as rows of the page, bottom up: a word joins the row whose middle is within half its
    height of its own ("June 30," beside "December 31,"; "2026" under them, though one text line holds all)."""
    bands: list[tuple[float, list[Word]]] = []
    for word in sorted((w for ln in lines for w in ln.words), key=lambda w: -(w.bbox[1] + w.bbox[3])):
        middle, height = (word.bbox[1] + word.bbox[3]) / 2, word.bbox[3] - word.bbox[1]
        if bands and abs(bands[-1][0] - middle) <= height / 2:
            bands[-1][1].append(word)
        else:
            bands.append((middle, [word]))
    return [Line(words=sorted(words, key=lambda w: w.bbox[0])) for _, words in bands]


def _placed(line: Line, left: float, valued: dict[int, tuple[float, float]]) -> dict[int, tuple[str, BBox]] | None:
    """The line's phrases over the value columns, one per column, and those over the labels as the label column's
    name when the line names a value column too; None when a phrase stands over no one column (it crosses them), two
    stand over one, or one is a mark, not a word."""
    placed: dict[int, tuple[str, BBox]] = {}
    words = sorted(((w.text, w.bbox) for w in line.words), key=lambda tw: tw[1][0])
    labels: list[tuple[str, BBox]] = []
    for text, box in _segments(words, join=NAME_JOIN):
        if box[2] <= left:
            labels.append((text, box))
            continue
        if not any(ch.isalnum() for ch in text):
            return None  # a dash or a mark over a column is no name
        centre = (box[0] + box[2]) / 2
        over = [j for j, (x0, x1) in valued.items() if x0 - CENTRE_SLACK <= centre <= x1 + CENTRE_SLACK]
        crossed = [j for j, (x0, x1) in valued.items() if min(box[2], x1) > max(box[0], x0)]
        if len(over) != 1 or len(crossed) > 1 or over[0] in placed:
            return None
        placed[over[0]] = (text, box)
    if placed and labels:  # beside the value columns' names, the label column's ("Reason | n")
        placed[0] = (" ".join(t for t, _ in labels), union_bbox([b for _, b in labels]))
    return placed
