"""Column names wrapped onto a line of their own in a table's header ("Household net" / "worth").

The line under a header row that holds only the rest of a few of its names (not the first column's), each under a
name of that row, and no figure, set as close under it as the lines of one name are, is the end of those names: it
is joined into them.
A line of names for more columns than the row above (the names under a spanning name) is a header row of its own.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.ingest.extracted import BBox
from app.ingest.passages import union_bbox
from app.ingest.table_text import _NUMERIC, _is_data_row
from app.ingest.table_words import Grid

# A wrapped name's next line starts at most this many line heights below the line before it ends (its leading);
# header rows set apart by more are rows of their own.
MAX_WRAP_GAP_LINES = 0.6
# A line holding the rest of this share of the names above it or more is a header row of its own (a second word under
# every other name is a pattern of sub-headings, or a name set upright letter by letter): names wrap one or two at a
# time, where the columns are narrowest.
WRAPPED_SHARE = 0.5
# Lines of one cell (a caption, a title) a grid may hold above its header.
MAX_TITLE_LINES = 3


def join_header_wraps(grid: Grid) -> None:
    """Only a header of two lines is read so: in a taller one, lines of names set at several heights (a name
    centred on two lines beside one set on three) cannot be told from wrapped names."""
    rows, boxes = grid.rows, grid.boxes
    # a caption or title the grid took in above the header is a line of one cell
    top = next((i for i, r in enumerate(rows[:MAX_TITLE_LINES + 1]) if sum(1 for c in r if c) >= 2), None)
    if top is None or top + 2 >= len(rows) or _is_data_row(rows[top + 1]) or not _is_data_row(rows[top + 2]):
        return
    if not _wraps(rows[top], rows[top + 1], boxes[top], boxes[top + 1]):
        return
    for j, cell in enumerate(rows[top + 1]):
        if cell:
            above, box = boxes[top][j], boxes[top + 1][j]
            rows[top][j] = f"{rows[top][j]} {cell}"
            boxes[top][j] = box if above is None or box is None else union_bbox((above, box))
    del rows[top + 1], boxes[top + 1]


def _wraps(
    above: Sequence[str], row: Sequence[str], above_boxes: Sequence[BBox | None], boxes: Sequence[BBox | None]
) -> bool:
    filled = [j for j, c in enumerate(row) if c]
    named = [j for j, c in enumerate(above) if c]
    if not filled or filled[0] == 0 or len(filled) >= WRAPPED_SHARE * len(named):
        return False  # a line in the first column is a label of its own (a section's name under the header)
    if any(not above[j] for j in filled):
        return False
    if any(_NUMERIC.match(row[j].replace(" ", "")) for j in filled):
        return False
    upper = [b for b in above_boxes if b is not None]
    lower = [b for j in filled if (b := boxes[j]) is not None]
    if len(upper) != len(named) or len(lower) != len(filled):
        return False  # cells without boxes: no geometry to go by
    height = max(b[3] - b[1] for b in upper)
    gap = min(b[1] for b in lower) - max(b[3] for b in upper)
    return gap <= MAX_WRAP_GAP_LINES * height
