"""A table's line of column names read whole into one cell: "Noise σ   ε (mean)   Test acc (mean)   runs" set over
rows of figures whose columns it does not cross with a word of its own. Left whole, the caption above takes it for its
own last line; the table then has no header and its first row of figures is taken for one. The line is cut into the
columns when its phrases (words a column gap apart) stand one over each column: names, told by geometry alone."""

from __future__ import annotations

from collections.abc import Sequence

from app.ingest.extracted import BBox, centred_in
from app.ingest.passages import Line
from app.ingest.table_columns import _segments
from app.ingest.table_text import _CAPTION, _FIGURE_CAPTION, _is_data_row
from app.ingest.table_words import Grid

# Words closer than this share of the text height are one name ("Test acc (mean)"); a column gap is wider.
NAME_JOIN = 0.6
# A word of the line belongs to its cell when its centre is within this many points of the cell's box.
WORD_SLACK = 1.0


def take_names_above(grid: Grid, lines: Sequence[Line]) -> bool:
    """Cut the row right above the grid's first row of figures into the columns, when it was read whole into one cell
    and its names (phrases a column gap apart) stand one over each column, all but at most one column named; True
    when cut."""
    first = next((k for k, r in enumerate(grid.rows) if _is_data_row(r)), None)
    if first is None or first == 0 or len(grid.rows[first]) < 3:
        return False
    row, boxes = grid.rows[first - 1], grid.boxes[first - 1]
    filled = [j for j, c in enumerate(row) if c]
    box = boxes[filled[0]] if len(filled) == 1 else None
    if box is None or _CAPTION.match(row[filled[0]]) or _FIGURE_CAPTION.match(row[filled[0]]):
        return False
    spans = _column_spans(grid.boxes[first:], len(row))
    words = [(w.text, w.bbox) for ln in lines for w in ln.words if centred_in(w.bbox, box, WORD_SLACK)]
    placed: dict[int, tuple[str, BBox]] = {}
    for text, name_box in _segments(sorted(words, key=lambda tw: tw[1][0]), join=NAME_JOIN):
        over = [j for j, span in enumerate(spans) if span and min(name_box[2], span[1]) - max(name_box[0], span[0]) > 0]
        if len(over) != 1 or over[0] in placed:
            return False  # a name over two columns, or two names over one: no line of the columns' names
        placed[over[0]] = (text, name_box)
    cut = [placed[j][0] if j in placed else "" for j in range(len(row))]
    if len(placed) < max(3, len(row) - 1) or _is_data_row(cut):
        return False
    grid.rows[first - 1] = cut
    grid.boxes[first - 1] = [placed[j][1] if j in placed else None for j in range(len(row))]
    return True


def _column_spans(boxes: Sequence[Sequence[BBox | None]], width: int) -> list[tuple[float, float] | None]:
    """Each column's x extent over its filled cells (None for a column with none)."""
    spans: list[tuple[float, float] | None] = []
    for j in range(width):
        filled = [b for r in boxes if j < len(r) and (b := r[j]) is not None]
        spans.append((min(b[0] for b in filled), max(b[2] for b in filled)) if filled else None)
    return spans

