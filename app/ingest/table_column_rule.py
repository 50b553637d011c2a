"""Whitespace tables ruled only by a rule under their header and a rule down between their columns (a paper's
``l|cccc`` tabular with one ``\\hline``): too few rules across them for a frame (``table_stream.framed``) and no closed
cell for the ruled finder, so the page's whitespace reading is all that sees them. The rule down the table says where
it is: from its head to its foot, between two of its columns; lines of the page above its top (a running head) are
not the table's."""

from __future__ import annotations

from collections.abc import Sequence

from app.ingest.extracted import BBox
from app.ingest.table_text import RulingLine, _is_data_row
from app.ingest.table_words import Grid

Rule = tuple[float, float, float]  # a horizontal rule: y, x0, x1
Column = tuple[float, float, float]  # a vertical rule: x, y0, y1

# Pieces of one vertical rule drawn row by row meet within this many points.
PIECE_GAP = 2.0
# The rule down the table stands at least this far inside the table's sides (a rule between columns, not a box's side).
MIN_INSET = 10.0
MIN_DATA_ROWS = 3


def vertical_rules(edges: Sequence[RulingLine]) -> list[Column]:
    """Vertical edges as rules, the collinear pieces of one rule (drawn cell by cell) joined."""
    pieces = sorted(
        (float(e["x0"]), float(e["top"]), float(e["bottom"])) for e in edges if e["orientation"] == "v"
    )
    out: list[Column] = []
    for x, y0, y1 in pieces:
        if out and abs(out[-1][0] - x) <= 0.5 and y0 <= out[-1][2] + PIECE_GAP:
            out[-1] = (out[-1][0], out[-1][1], max(out[-1][2], y1))
        else:
            out.append((x, y0, y1))
    return out


def column_ruled(grid: Grid, rules: Sequence[Rule], columns: Sequence[Column]) -> Column | None:
    """The rule down `grid` between two of its columns, beside at least MIN_DATA_ROWS of its rows of figures and
    none below its foot, with a rule across the table's width between the rule's top and the first of those rows;
    None when it has no such rules."""
    body = [b for row in grid.boxes for b in row if b is not None]
    if not body:
        return None
    x0, x1 = min(b[0] for b in body), max(b[2] for b in body)
    for column in columns:
        x, top, foot = column
        if not x0 + MIN_INSET < x < x1 - MIN_INSET:
            continue
        data = [i for i, row in enumerate(grid.boxes) if _is_data_row(grid.rows[i]) and _beside(row, top, foot)]
        below = [i for i, row in enumerate(grid.boxes)
                 if _is_data_row(grid.rows[i]) and all(b is None or b[1] > foot for b in row)]  # fmt: skip
        if len(data) < MIN_DATA_ROWS or below:
            continue  # a rule beside a few rows only (a chart's axis) is not the table's
        first = min(b[1] for b in grid.boxes[data[0]] if b is not None)
        # the width of the rows beside the rule: a running head above may stand wider
        rows = [b for i in data for b in grid.boxes[i] if b is not None]
        left, right = min(b[0] for b in rows), max(b[2] for b in rows)
        slack = 0.1 * (right - left)
        if any(top - PIECE_GAP <= y < first and a <= left + slack and b >= right - slack for y, a, b in rules):
            return column
    return None


def _beside(row: Sequence[BBox | None], top: float, foot: float) -> bool:
    return any(b is not None and b[1] >= top - PIECE_GAP and b[3] <= foot + PIECE_GAP for b in row)


def cut_above_column_rule(grid: Grid, column: Column) -> None:
    """Rows wholly above the top of the rule down the table are the page's lines (a running head): dropped."""
    keep = [i for i, row in enumerate(grid.boxes) if any(b is not None and b[3] > column[1] for b in row)]
    if not keep or len(keep) == len(grid.rows):
        return
    grid.rows[:] = [grid.rows[i] for i in keep]
    grid.boxes[:] = [grid.boxes[i] for i in keep]
    grid.bbox = (grid.bbox[0], max(grid.bbox[1], column[1] - 1), grid.bbox[2], grid.bbox[3])
