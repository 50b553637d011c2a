"""A row label set beside several rows (a cell spanning rows, vertically centred on them) goes to the first row of
its span, where a reader (and a question about any of those rows) finds it.

A label centred on an even number of rows sits between two of their lines, on a line of its own with no other cell;
one centred on an odd number shares the middle row's line (a label of several lines shares the middle rows' lines,
and its lines are joined). Either way the rows it spans leave their first cell empty.
The span is the widest run of such rows centred on the label, cut at a rule across the label column (the rules
between groups of a booktabs table); a label on a row of figures is moved only when rules close the run on both sides
(otherwise it is the first of a row and its continuation lines, as a regression table's standard errors are).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.ingest.extracted import BBox
from app.ingest.passages import union_bbox
from app.ingest.table_stream import Rule
from app.ingest.table_words import Grid

_FIGURE = re.compile(r"^[(\[]?[-+−–$€£]?\.?\d")


def _figures(row: Sequence[str]) -> bool:
    """A row of the body: most of its cells beyond the first start with a figure ("9.33±3.22", "0.84", "(12)")."""
    values = [c for c in row[1:] if c]
    return 2 * sum(1 for c in values if _FIGURE.match(c)) > len(values)


def _extent(boxes: Sequence[BBox | None]) -> tuple[float, float] | None:
    filled = [b for b in boxes if b is not None]
    return (min(b[1] for b in filled), max(b[3] for b in filled)) if filled else None


# A label between two rows' lines is set between them, not on a line of its own: the rows above and below it lie
# closer than this many of its heights, middle to middle (a section's name on its own line pushes them two lines apart).
MAX_PITCH = 1.6
# Rows set farther apart than the usual gap between rows plus this many row heights are two groups (set apart by
# space, as a rule would).
SPACED_EMS = 0.25
# A label spanning rows is at most this many lines long.
MAX_LABEL_LINES = 3


def _between_lines(above: tuple[float, float], label: tuple[float, float], below: tuple[float, float]) -> bool:
    mid = (label[0] + label[1]) / 2
    upper, lower = (above[0] + above[1]) / 2, (below[0] + below[1]) / 2
    return upper < mid < lower and lower - upper < MAX_PITCH * (label[1] - label[0])


def _leading_labels(rows: Sequence[Sequence[str]], start: int) -> int:
    """How many columns lead the body with labels: filled somewhere, never with a figure ("Dataset", "Setting",
    "Model", "Decoding" before the measures)."""
    width = min(len(r) for r in rows)
    lead = 0
    while lead < width - 1:
        cells = [r[lead] for r in rows[start:] if r[lead]]
        if not cells or any(_FIGURE.match(c) for c in cells):
            break
        lead += 1
    return lead


def lift_spanning_labels(grid: Grid, rules: Sequence[Rule]) -> None:
    """Each leading label column's spanning labels to the first row of their span: the first column's against
    every other column, a further one's against the measures right of the labels."""
    rows = grid.rows
    start = next((i for i, r in enumerate(rows) if _figures(r)), None)
    if start is None or len(rows[0]) < 3:
        return
    _lift_column(grid, rules, start, 0, 1)
    lead = _leading_labels(rows, start)
    for column in range(1, lead):
        _lift_column(grid, rules, start, column, lead)


def _lift_column(grid: Grid, rules: Sequence[Rule], start: int, c: int, values: int) -> None:
    """Column `c`'s labels set beside several rows, lifted to the first row of their span; the cells from column
    `values` on are the ones a row of the body fills and a label's own row leaves empty (a label's row may hold
    the labels of the columns between)."""
    rows, boxes = grid.rows, grid.boxes
    spans = [_extent(b) for b in boxes]
    labels = [b for r in boxes[start:] if (b := r[c]) is not None]  # the body's: not a caption line taken in above
    if any(s is None for s in spans[start:]) or not labels:
        return
    x0, x1 = min(b[0] for b in labels), max(b[2] for b in labels)
    cuts = [y for y, a, b in rules if a <= x0 + 1 and b >= x1 - 1]

    body = [sp for sp in spans[start:] if sp is not None]
    gaps = sorted(b[0] - a[1] for a, b in zip(body, body[1:], strict=False) if b[0] - a[1] >= 0)
    heights = sorted(b[1] - b[0] for b in body)
    spaced = gaps[len(gaps) // 4] + SPACED_EMS * heights[len(heights) // 2] if gaps else float("inf")  # row pitch

    def ruled(i: int, k: int) -> bool:
        """A rule across the label column between rows i and k (k = i + 1), or past the table's first/last row; or
        a gap between them wider than the rows' usual one (groups set apart by space instead of a rule)."""
        above = spans[i][1] if 0 <= i < len(rows) else float("-inf")  # type: ignore[index]
        below = spans[k][0] if 0 <= k < len(rows) else float("inf")  # type: ignore[index]
        return any(above - 1 <= y <= below + 1 for y in cuts) or (i >= 0 and k < len(rows) and below - above > spaced)

    def plain(i: int) -> bool:
        """A body row with an empty label cell and two cells or more in the others (a section's name over the
        columns is one cell: the label rows under it are not a label's span)."""
        return start <= i < len(rows) and not rows[i][c] and sum(1 for x in rows[i][values:] if x) >= 2

    i = start
    while i < len(rows):
        # A label's own row: nothing right of it, or (a further column's) nothing left of it and no measure, the labels
        # of the columns between allowed.
        clear = not any(rows[i][c + 1 :]) or (c > 0 and not any(rows[i][:c]))
        alone = bool(rows[i][c]) and not any(rows[i][values:]) and clear
        if c and not alone:
            i += 1  # a further column's label on a row of figures is that row's own
            continue
        # a label of several lines, each on a row of figures: rows i..last
        last = i
        while not alone and last - i + 1 < MAX_LABEL_LINES and last + 1 < len(rows) and rows[last + 1][c]:
            last += 1
        if not rows[i][c] or not (plain(i - 1) and plain(last + 1)):
            i += 1
            continue
        up = 0
        while plain(i - up - 1) and not ruled(i - up - 1, i - up):
            up += 1
        down = 0
        while plain(last + down + 1) and not ruled(last + down, last + down + 1):
            down += 1
        if alone:
            m = min(up, down)
            if m == 0 or not _between_lines(spans[i - 1], spans[i], spans[i + 1]):  # type: ignore[arg-type]
                i += 1
                continue
            first = i - m
            for k in range(c, values):
                if rows[i][k] and not rows[first][k]:
                    rows[first][k], boxes[first][k] = rows[i][k], boxes[i][k]
            del rows[i], boxes[i], spans[i]
            continue
        if ruled(i - up - 1, i - up) and ruled(last + down, last + down + 1) and up == down:
            first = i - up
            label = " ".join(rows[k][c] for k in range(i, last + 1))
            box = union_bbox(b for k in range(i, last + 1) if (b := boxes[k][c]) is not None)
            for k in range(i, last + 1):
                rows[k][c], boxes[k][c] = "", None
            rows[first][c], boxes[first][c] = label, box
        i = last + 1
