"""Column heads set off their figures: a data sheet centres "Typ" over a column of figures set flush right, and the
whitespace reading cuts the head into a column of its own that holds no figure ("Typ" over nothing, the figures
beside it headless). Left so, a question about the typical value finds no column named "Typ" above a figure.

The head of a column without figures (every line of it) goes to the one column of figures without a head of its own
that each of its lines stands over. A head over headed columns, over a column with figures of its own or over several
headless ones (a group head, spread over its columns by its box: ``table_column_names``) stays where it is."""

from __future__ import annotations

from app.ingest.extracted import BBox
from app.ingest.table_text import _is_data_row
from app.ingest.table_words import Grid

MIN_BODY_ROWS = 2
MAX_HEAD_ROWS = 7


def align_heads(grid: Grid) -> None:
    rows, boxes = grid.rows, grid.boxes
    # the rows above the first row of figures (the header's own count stops at a line of one label)
    heads = next((i for i, row in enumerate(rows[: MAX_HEAD_ROWS + 1]) if _is_data_row(row)), 0)
    if heads < 1 or len(rows) - heads < MIN_BODY_ROWS:
        return
    width = max(len(r) for r in rows)
    spans: list[tuple[float, float] | None] = []
    for c in range(width):
        held = [b for r in range(heads, len(rows))
                if c < len(rows[r]) and rows[r][c] and (b := boxes[r][c]) is not None]  # fmt: skip
        spans.append((min(b[0] for b in held), max(b[2] for b in held)) if held else None)
    headed = [[r for r in range(heads) if c < len(rows[r]) and rows[r][c]] for c in range(width)]
    for c in range(1, width):  # the row labels' head stays where it is
        stack = [boxes[r][c] for r in headed[c]]
        if spans[c] is not None or not stack or any(b is None for b in stack):
            continue  # a head over figures of its own, or none
        # headless columns of figures that every line of the head stands over
        under = [k for k, span in enumerate(spans) if k > 0 and span is not None and not headed[k]
                 and all(_over(b, span) for b in stack if b is not None)]  # fmt: skip
        if len(under) != 1:
            continue  # over several: a group head, spread over its columns by its box
        k = under[0]
        for r in headed[c]:
            rows[r][k], boxes[r][k], rows[r][c], boxes[r][c] = rows[r][c], boxes[r][c], "", None
        headed[k], headed[c] = headed[c], []


def _over(box: BBox, span: tuple[float, float]) -> bool:
    """The head's box stands over the column's figures (they share some of their width)."""
    return min(box[2], span[1]) > max(box[0], span[0])
