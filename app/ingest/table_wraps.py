"""Rows whose text cells wrap onto the lines below them, in tables that set their rows apart by more space than a
line's ("Sound" / "interrupt" / "response time" beside "Time from the sound amplitude exceeding" / "the interrupt
threshold to the output" / …, with "40 | ms" on the first line only).

A line with no figure, set closer under the line above than rows are set apart, whose every cell stands under a text
cell of the last row of figures, is the rest of that row's cells: it is joined into them. Where rows follow one
another as closely as a wrapped cell's lines do, a wrap cannot be told from a row and nothing is joined."""

from __future__ import annotations

from collections.abc import Sequence

from app.ingest.extracted import BBox
from app.ingest.passages import union_bbox
from app.ingest.table_words import Grid

# A wrapped cell's next line is set closer than this share of the usual space between rows of figures (the space
# from the last line of one row to the next row); rows set apart by less than MIN_ROW_GAP_EMS line heights are set
# like lines, and nothing is taken for a wrap.
WRAP_GAP_SHARE = 0.5
MIN_ROW_GAP_EMS = 0.25
MIN_ROW_GAPS = 3  # rows of figures needed to know how far apart rows are set


def _figure(cell: str) -> bool:
    """A cell of digits and signs, no letters ("1,308", "(4.8%)", "2=")."""
    return any(ch.isdigit() for ch in cell) and not any(ch.isalpha() for ch in cell)


def _has_figure(row: Sequence[str]) -> bool:
    return any(_figure(cell) for cell in row[1:])


def _span(boxes: Sequence[BBox | None]) -> tuple[float, float, float] | None:
    """(top, bottom, line height) of a row's cells."""
    found = [b for b in boxes if b is not None]
    if not found:
        return None
    return min(b[1] for b in found), max(b[3] for b in found), min(b[3] - b[1] for b in found)


def _continues(row: Sequence[str], owner: Sequence[str], wrapping: bool) -> bool:
    """Every cell of ``row`` stands under a text cell (no figure) of ``owner``, and one of them beyond the label
    unless the line above was a wrap already: a line holding a label alone right under a row of figures may be a
    section's heading ("Female"); under a wrapped line it is the label's last line ("response time")."""
    filled = [c for c, cell in enumerate(row) if cell]
    beyond_label = wrapping or any(c > 0 for c in filled)
    return bool(filled) and beyond_label and all(c < len(owner) and owner[c] and not _figure(owner[c]) for c in filled)


def join_wrapped_rows(grid: Grid) -> None:
    rows, boxes = grid.rows, grid.boxes
    # The first row with a figure beside its label (a spec table's rows are mostly words: "tOD | Time from … | 505")
    first = next((i for i, r in enumerate(rows) if _has_figure(r)), None)
    if first is None:
        return
    spans = [_span(b) for b in boxes]
    gaps = [
        here[0] - before[1]
        for i in range(first + 1, len(rows))
        if _has_figure(rows[i]) and (here := spans[i]) is not None and (before := spans[i - 1]) is not None
    ]
    heights = sorted(s[2] for s in spans if s is not None)
    if len(gaps) < MIN_ROW_GAPS or not heights:
        return
    usual = sorted(gaps)[len(gaps) // 2]
    if usual < MIN_ROW_GAP_EMS * heights[len(heights) // 2]:
        return
    owner: int | None = first
    wrapping = False
    start = spans[first]
    last_bottom = start[1] if start is not None else None
    i = first + 1
    while i < len(rows):
        here = spans[i]
        if here is None:
            owner, last_bottom, wrapping = None, None, False
            i += 1
            continue
        wraps = (
            owner is not None
            and last_bottom is not None
            and not _has_figure(rows[i])
            and here[0] - last_bottom < WRAP_GAP_SHARE * usual
            and _continues(rows[i], rows[owner], wrapping)
        )
        if wraps and owner is not None:
            for c, cell in enumerate(rows[i]):
                if cell:
                    rows[owner][c] = f"{rows[owner][c]} {cell}"
                    kept, added = boxes[owner][c], boxes[i][c]
                    boxes[owner][c] = union_bbox([kept, added]) if kept and added else (kept or added)
            del rows[i], boxes[i], spans[i]
            last_bottom, wrapping = here[1], True
            continue
        owner = i if _has_figure(rows[i]) else None
        last_bottom, wrapping = here[1], False
        i += 1
