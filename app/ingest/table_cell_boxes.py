"""Cell boxes for a table read without them (camelot's own rows, kept when our words cut no better grid): each
cell's words found on the page, in reading order, inside the table's box. A cell with a box is what lets the page
box the cell an answer was read from; without one the answer cannot show where its value stands."""

from __future__ import annotations

from collections.abc import Sequence

from app.ingest.extracted import BBox
from app.ingest.passages import Line, Word, union_bbox
from app.ingest.table_words import Grid

# A word belongs to the table when its centre lies inside the table's box grown by this many points.
SLACK = 2.0


def _inside(word: Word, box: BBox) -> bool:
    cx, cy = (word.bbox[0] + word.bbox[2]) / 2, (word.bbox[1] + word.bbox[3]) / 2
    return box[0] - SLACK <= cx <= box[2] + SLACK and box[1] - SLACK <= cy <= box[3] + SLACK


def fill_missing_boxes(grid: Grid, lines: Sequence[Line]) -> None:
    """Give each filled cell without a box the box of its words: the first run of page words, at or after the
    previous cell's, whose texts are the cell's words in order. A cell whose words are not found keeps no box."""
    if all(b is not None for row, boxes in zip(grid.rows, grid.boxes, strict=True)
           for cell, b in zip(row, boxes, strict=True) if cell):  # fmt: skip
        return
    words = [w for ln in lines for w in ln.words if _inside(w, grid.bbox)]
    texts = [w.text for w in words]
    at = 0
    for row, boxes in zip(grid.rows, grid.boxes, strict=True):
        for j, cell in enumerate(row):
            wanted = cell.split()
            if not wanted:
                continue
            found = next((k for k in range(at, len(texts) - len(wanted) + 1)
                          if texts[k : k + len(wanted)] == wanted), None)  # fmt: skip
            if found is None:
                continue
            if boxes[j] is None:
                boxes[j] = union_bbox([w.bbox for w in words[found : found + len(wanted)]])
            at = found + len(wanted)
