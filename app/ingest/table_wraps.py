"""Rows whose text cells wrap onto the lines below them, in tables that set their rows apart by more space than a
line's ("Sound" / "interrupt" / "response time" beside "Time from the sound amplitude exceeding" / "the interrupt
threshold to the output" / …, with "40 | ms" on the first line only).

Row labels wrap too: an all-lower-case line beside its row's own cells goes up into the label above
(`join_wrapped_labels`), and a label line set closer under a label than rows follow one another is that label's next
line (`join_label_lines`).

A line with no figure, set closer under the line above than rows are set apart, whose every cell stands under a text
cell of the last row of figures, is the rest of that row's cells: it is joined into them. Where rows follow one
another as closely as a wrapped cell's lines do, a wrap cannot be told from a row and nothing is joined."""

from __future__ import annotations

from collections.abc import Sequence

from app.ingest.extracted import BBox
from app.ingest.passages import union_bbox
from app.ingest.table_text import _is_data_row
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


# A wrapped label's next line starts where the label starts, or indented under it; one that starts more than this
# many points to the left of the label above is a label of its own.
WRAP_OUTDENT = 1.0


def join_wrapped_labels(grid: Grid) -> None:
    """A row label that wraps onto the next line, beside that line's own cells ("Chronic fatigue"
    / "syndrome" next to "Count" / "Percentage"), is one label: the all-lower-case continuation
    goes up into the label above when that row has values of its own. Only where lower-case
    labels are the exception in that column, and not from a line set out to the left of the label
    above, nor onto a label without letters. Not in the header above the first row of numbers: a
    stub name broken over two header lines ("Spa-" / "rsity") stays as printed."""
    labels = [r[0] for r in grid.rows if r and r[0]]
    if not labels or sum(1 for t in labels if t[0].islower()) > 0.3 * len(labels):
        return
    first_data = next((i for i, r in enumerate(grid.rows) if _is_data_row(r)), 0)
    for i in range(len(grid.rows) - 1, first_data, -1):
        text, above = grid.rows[i][0], grid.rows[i - 1][0]
        if not (text and text == text.lower() and text[0].islower() and not any(ch.isdigit() for ch in text)):
            continue
        if not (above and above[-1] not in ".:;" and any(grid.rows[i - 1][1:])):
            continue  # the label above stands alone: the values are on this line
        if not any(ch.isalpha() for ch in above):
            continue  # a label that is a figure ("65+", "18-24") is whole: it is not a phrase broken at its line end
        a, b = grid.boxes[i - 1][0], grid.boxes[i][0]
        if a is not None and b is not None and b[0] < a[0] - WRAP_OUTDENT:
            continue  # set out to the left of the label above (a "total" under indented items): a label of its own
        grid.rows[i - 1][0] = f"{above} {text}"
        grid.boxes[i - 1][0] = union_bbox((a, b)) if a and b else (a or b)
        grid.rows[i][0], grid.boxes[i][0] = "", None
        if not any(grid.rows[i]):
            del grid.rows[i], grid.boxes[i]


# A label's next line is set closer under it than the table's rows follow one another: a line that holds only a
# label, set under the label of a row of values at less than this share of the rows' usual pitch (bottom to bottom),
# starting where that label starts or indented under it (within INDENT_EMS of its line height), is that label's
# wrap ("Seasonal and part-" / "time workers"); a section label below a row is set a full row's pitch down.
WRAP_PITCH_SHARE = 0.85
INDENT_EMS = 2.0


def join_label_lines(grid: Grid) -> None:
    """Join each label line set as the wrap of the label above (`WRAP_PITCH_SHARE`) into that label."""
    rows, boxes = grid.rows, grid.boxes
    first_data = next((i for i, r in enumerate(rows) if _is_data_row(r)), None)
    if first_data is None:
        return
    valued = [i for i in range(first_data, len(rows)) if rows[i][0] and boxes[i][0] and any(rows[i][1:])]
    pitches = sorted(
        b[3] - a[3] for i, j in zip(valued, valued[1:], strict=False) if j == i + 1
        for a, b in [(boxes[i][0], boxes[j][0])] if a is not None and b is not None
    )  # fmt: skip
    if len(pitches) < 3:
        return
    usual = pitches[len(pitches) // 2]
    i = first_data + 1
    while i < len(rows):
        a = boxes[i - 1][0]
        if a is None or not any(rows[i - 1][1:]):
            i += 1
            continue
        end, last = i, a  # the label's wrapped lines: rows i .. end - 1
        while end < len(rows) and _label_wrap(rows[end], boxes[end][0], last, usual):
            last = boxes[end][0] or last
            end += 1
        if end > i and (end == len(rows) or rows[end][0] or not any(rows[end][1:])):
            # (not when a row of values without a label follows: those lines are a label whose values come lower)
            rows[i - 1][0] = " ".join(rows[k][0] for k in range(i - 1, end))
            boxes[i - 1][0] = union_bbox(b for k in range(i - 1, end) if (b := boxes[k][0]) is not None)
            del rows[i:end], boxes[i:end]
        i += 1


def _label_wrap(row: Sequence[str], box: BBox | None, above: BBox, usual: float) -> bool:
    """Is ``row`` only a label line set as the next line of the label line ``above`` (not left of it, indented by at
    most `INDENT_EMS` line heights, closer than `WRAP_PITCH_SHARE` of the rows' pitch)?"""
    if box is None or not row[0] or any(row[1:]):
        return False
    height = box[3] - box[1]
    return (
        above[0] - WRAP_OUTDENT <= box[0] <= above[0] + INDENT_EMS * height
        and box[3] - above[3] < WRAP_PITCH_SHARE * usual
    )
