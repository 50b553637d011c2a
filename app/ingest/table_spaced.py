"""Cells split at a word space: a label longer than its column, cut into columns of its own.

A column's words are cut where the body rows share a strip of whitespace; a label that runs past the strip its
column usually leaves (a regression's "Religion: Muslim (ref: Hindu)" where the other labels are short) is then cut
into one or two more columns that no other row fills, though its words are set a word space apart. Such a column,
filled by few rows, each cell of it a word space from the text at its left on the same line, is part of that text.
"""

from __future__ import annotations

from app.ingest.extracted import BBox
from app.ingest.passages import union_bbox
from app.ingest.table_words import Grid

# A gap under this many text heights is a word space (a column gap is wider).
WORD_SPACE = 0.5
# A column filled by at most this many rows (or this share of them) is a label's overflow, not a column of the table.
RARE_ROWS = 2
RARE_SHARE = 0.05


def join_word_spaced(grid: Grid) -> None:
    """Join each cell of a rarely filled column into the cell at its left in its row (or else at its right), where
    every cell of that column has letters and stands a word space from that cell's text; columns left empty are
    dropped."""
    rows, boxes = grid.rows, grid.boxes
    if len(rows) < 2 or len(rows[0]) < 3:
        return
    rare = max(RARE_ROWS, RARE_SHARE * len(rows))
    joined = False
    for j in range(1, len(rows[0])):
        filled = [i for i in range(len(rows)) if rows[i][j]]
        if not filled or len(filled) > rare:
            continue
        into = _neighbours(rows, boxes, filled, j, -1) or _neighbours(rows, boxes, filled, j, 1)
        if into is None:
            continue
        for i, k in zip(filled, into, strict=True):
            left, right = (k, j) if k < j else (j, k)
            rows[i][k] = f"{rows[i][left]} {rows[i][right]}"
            rows[i][j] = ""
            kept, added = boxes[i][k], boxes[i][j]
            boxes[i][k] = union_bbox([kept, added]) if kept and added else (kept or added)
            boxes[i][j] = None
        joined = True
    if joined:
        keep = [j for j in range(len(rows[0])) if any(r[j] for r in rows)]
        grid.rows = [[r[j] for j in keep] for r in rows]
        grid.boxes = [[b[j] for j in keep] for b in boxes]


def _neighbours(
    rows: list[list[str]], boxes: list[list[BBox | None]], filled: list[int], j: int, step: int
) -> list[int] | None:
    """For each row in ``filled``, the nearest filled cell on the ``step`` side of column j, when each stands a word
    space from that row's cell j (None when one does not)."""
    out: list[int] = []
    for i in filled:
        row = boxes[i]
        k = next((k for k in range(j + step, len(row) if step > 0 else -1, step) if row[k] is not None), None)
        if k is None:
            return None
        a, b = (row[k], row[j]) if step < 0 else (row[j], row[k])
        if not _word_spaced(a, b, rows[i][j]):
            return None
        out.append(k)
    return out


def _word_spaced(left: object, right: object, text: str) -> bool:
    if not isinstance(left, tuple) or not isinstance(right, tuple) or sum(ch.isalpha() for ch in text) < 2:
        return False
    height = max(min(left[3] - left[1], right[3] - right[1]), 1.0)
    level = min(left[3], right[3]) - max(left[1], right[1]) > 0.5 * height
    return level and -1.0 <= right[0] - left[2] < WORD_SPACE * height
