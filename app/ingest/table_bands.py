"""A table wrapped into bands to fit the page: its column heads repeated midway ("Violations | Nonlinear | Outliers"
over one row of counts, then "Violations | Nonlinear+Outliers | …" over the same row again). Each band after the
first starts with the first band's corner label and holds the same row labels; the bands are set side by side again,
so every column keeps its own head and a question finds "Nonlinear+Outliers" as a column, not as a row."""

from __future__ import annotations

from app.ingest.table_words import Grid


def _key(cell: str) -> str:
    return " ".join(cell.lower().split())


def _starts(grid: Grid) -> list[int]:
    """The rows that open a band: the first, and each later one repeating its corner label with no figure in it."""
    corner = _key(grid.rows[0][0]) if grid.rows and grid.rows[0] else ""
    if not corner:
        return [0]
    later = [i for i, row in enumerate(grid.rows) if i > 1 and _key(row[0]) == corner
             and not any(ch.isdigit() for cell in row for ch in cell)]  # fmt: skip
    return [0, *later]


def unwrap_bands(grid: Grid) -> None:
    """Bands of equal height whose rows carry the same labels, joined side by side; any other table is left alone."""
    starts = _starts(grid)
    if len(starts) < 2:
        return
    ends = [*starts[1:], len(grid.rows)]
    height = ends[0] - starts[0]
    if height < 2 or any(e - s != height for s, e in zip(starts, ends, strict=True)):
        return
    bands = [range(s, e) for s, e in zip(starts, ends, strict=True)]
    labels = [[_key(grid.rows[i][0]) for i in band][1:] for band in bands]
    if any(names != labels[0] for names in labels[1:]):
        return
    rows = [list(grid.rows[i]) for i in bands[0]]
    boxes = [list(grid.boxes[i]) for i in bands[0]]
    for band in bands[1:]:
        for k, i in enumerate(band):
            rows[k] += grid.rows[i][1:]
            boxes[k] += grid.boxes[i][1:]
    grid.rows[:] = rows
    grid.boxes[:] = boxes
