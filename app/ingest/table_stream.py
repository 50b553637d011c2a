"""Whitespace tables (camelot stream and our own words), header cells stacked under rules, choosing among candidates."""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from pathlib import Path

from app.ingest.extracted import BBox
from app.ingest.passages import Line, union_bbox
from app.ingest.table_column_rule import Column, column_ruled, cut_above_column_rule, vertical_rules
from app.ingest.table_text import (
    _NUMERIC,
    RulingLine,
    _is_data_row,
    header_row_count,
    is_degenerate,
    normalise_rows,
)
from app.ingest.table_words import Grid, join_vertical, lengthen, widen, words_grid, words_in

log = logging.getLogger(__name__)


class CamelotStream:
    """camelot 'stream' on one page at a time (whitespace-separated columns), bbox top-left origin."""

    def __init__(self, path: Path, password: str | None = None) -> None:
        self.path = path
        self.password = password

    def __call__(self, page_number: int) -> list[tuple[list[list[str]], BBox, tuple[float, float]]]:
        """Tables as (rows, camelot bbox (x1, y1, x2, y2) origin bottom-left, camelot page size)."""
        try:
            import camelot

            found = camelot.read_pdf(
                str(self.path),
                pages=str(page_number),
                flavor="stream",
                password=self.password,
                suppress_stdout=True,
            )
        except Exception as exc:  # camelot is a best-effort fallback: a failure means no tables
            log.info("camelot stream failed on page %d of %s: %s", page_number, self.path, exc)
            return []
        out = []
        for t in found:
            rows = normalise_rows(t.df.values.tolist())
            out.append((rows, tuple(t._bbox), tuple(t.pdf_size)))
        return out


def stream_grids(
    found: Sequence[tuple[list[list[str]], BBox]],
    lines: Sequence[Line],
    page_width: float,
    edges: Sequence[RulingLine] = (),
) -> list[Grid]:
    """Whitespace tables: camelot tells where a table is; its columns are re-cut from our own
    words (shared gaps of the body rows), which keeps every column and gives each cell a box."""
    out: list[Grid] = []
    words = join_vertical([(w.text, w.bbox) for ln in lines for w in ln.words])
    rules = horizontal_rules(edges)
    for rows, box in found:
        region = widen(words, lengthen(words, box), page_width)
        grid = words_grid(words_in(words, region))
        if is_degenerate(rows) and (grid is None or not _mostly_data(grid.rows)):
            continue  # camelot saw one column: only a grid of our words that is mostly rows of figures is a table
        if grid is None or is_degenerate(grid.rows):
            grid = Grid(rows, [[None] * len(r) for r in rows], box)
        else:
            if not drop_text_column(grid):
                grid.bbox = union_bbox((grid.bbox, box))
            stack_header_cells(grid, rules, edges)
        out.append(grid)
    return out


# Rules closer than this (points) are one rule: drawn twice, or a double rule; no text line fits between them.
DOUBLE_RULE_GAP = 3.0


def rules_across(grid: Grid, rules: Sequence[Rule]) -> list[float]:
    """Where rules run across the body of the grid (its rows from the first of figures on), top to bottom; a rule
    drawn double counted once."""
    first = next((i for i, row in enumerate(grid.rows) if _is_data_row(row)), 0)
    body = [b for row in grid.boxes[first:] for b in row if b is not None]
    if not body:
        return []
    x0, x1 = min(b[0] for b in body), max(b[2] for b in body)
    slack = 0.1 * (x1 - x0)
    across = sorted(y for y, a, b in rules if a <= x0 + slack and b >= x1 - slack)
    return [y for k, y in enumerate(across) if k == 0 or y - across[k - 1] > DOUBLE_RULE_GAP]


# A framed table: rules run across it at least this many times (its top, under its header, its bottom), and it has
# at least this many rows of figures.
MIN_FRAME_RULES = 3
MIN_FRAMED_ROWS = 3


def framed(regions: Sequence[Grid], rules: Sequence[Rule], edges: Sequence[RulingLine] = ()) -> list[Grid]:
    """The whitespace regions that are tables in a frame of rules (a box round rows set apart by whitespace, no rule
    between its columns): rows of figures that rules run across above, between and below, less the lines of text
    above its top rule; or rows of figures with a rule under their head and one down between their columns
    (``table_column_rule``). A diagram's boxes or a page of prose beside a ruled figure are not."""
    out = []
    columns: list[Column] | None = None  # the vertical rules, joined only when a region asks
    for grid in regions:
        if len(rules_across(grid, rules)) >= MIN_FRAME_RULES and sum(map(_is_data_row, grid.rows)) >= MIN_FRAMED_ROWS:
            _cut_above_frame(grid, rules)
            out.append(grid)
            continue
        columns = vertical_rules(edges) if columns is None else columns
        if (column := column_ruled(grid, rules, columns)) is not None:
            cut_above_column_rule(grid, column)
            out.append(grid)
    return out


def _cut_above_frame(grid: Grid, rules: Sequence[Rule]) -> None:
    """Lines of text above a table's top rule are the page's text the whitespace reading took in: where two rules or
    more run across the body's width above its first row of figures (the top rule, then the one under the header),
    the rows above the topmost one are dropped when each is one line of text. One rule alone may be the header's
    underline, with the header above it."""
    first = next((i for i, row in enumerate(grid.rows) if _is_data_row(row)), None)
    if not first:
        return
    top = min((b[1] for b in grid.boxes[first] if b is not None), default=grid.bbox[1])
    distinct = [y for y in rules_across(grid, rules) if y < top]
    if len(distinct) < 2:
        return
    keep = [i for i, row in enumerate(grid.boxes) if all(b is None or b[3] > distinct[0] for b in row)]
    if any(sum(1 for c in grid.rows[i] if c) > 1 for i in range(len(grid.rows)) if i not in keep):
        return  # cells side by side above the rule: column heads over it, not lines of text
    grid.rows[:] = [grid.rows[i] for i in keep]
    grid.boxes[:] = [grid.boxes[i] for i in keep]
    grid.bbox = (grid.bbox[0], max(grid.bbox[1], distinct[0] - 1), grid.bbox[2], grid.bbox[3])


# camelot may read a table set in a monospaced font (columns a space or two apart) as one column of lines: its region
# still holds a table when our words cut it into columns whose rows are mostly rows of figures (this share of them);
# a column of a paper's prose, which camelot reads the same way, holds few.
MIN_DATA_SHARE = 0.5


def _mostly_data(rows: Sequence[Sequence[str]]) -> bool:
    return not is_degenerate([list(r) for r in rows]) and sum(map(_is_data_row, rows)) >= MIN_DATA_SHARE * len(rows)


# A column of the page's running text set beside a table, which a whitespace finder took in as the table's first or
# last column: most of its cells are phrases of at least PROSE_WORDS words (PROSE_SHARE of them), and its lines keep
# their own pitch, not the table's rows: at least UNPAIRED_SHARE of the rows hold its text alone, and as many rows of
# values (two cells or more) leave it empty. A column of descriptions in a table of text starts on each row's line.
# Or, beside the rows of the table's values, its lines hold phrases and it runs on above or below them for at least
# UNPAIRED_SHARE of the rows and MIN_RUN_ON lines (a caption or a note set in the first column runs on too, but
# beside the values that column holds short labels).
PROSE_WORDS = 6
PROSE_SHARE = 0.6
UNPAIRED_SHARE = 0.1
MIN_RUN_ON = 3


def _words(cell: str) -> int:
    """Words with a letter or digit (not the dots of a leader)."""
    return sum(1 for w in cell.split() if any(ch.isalnum() for ch in w))


def drop_text_column(grid: Grid) -> bool:
    """Take a neighbouring column of running text out of the grid (its rows, cells and box); True when one was."""
    rows = grid.rows
    n = len(rows[0]) if rows else 0
    if n < 3:
        return False
    for j in (n - 1, 0):
        others = [sum(1 for k, c in enumerate(r) if c and k != j) for r in rows]
        valued = [i for i, o in enumerate(others) if o >= 2]
        if not valued:
            continue
        span = range(valued[0], valued[-1] + 1)  # the rows of the table's values
        filled = [rows[i][j] for i in span if rows[i][j]]
        alone = [i for i, (r, o) in enumerate(zip(rows, others, strict=True)) if r[j] and not o]
        without = sum(1 for r, o in zip(rows, others, strict=True) if not r[j] and o >= 2)
        prose = sum(1 for c in filled if _words(c) >= PROSE_WORDS)
        least = UNPAIRED_SHARE * len(rows)
        # its lines keep a pitch of their own, or it runs on above or below the table's values
        own = without >= least or sum(1 for i in alone if i not in span) >= max(least, MIN_RUN_ON)
        if not filled or prose < PROSE_SHARE * len(filled) or len(alone) < least or not own:
            continue
        kept = [(r[:j] + r[j + 1 :], b[:j] + b[j + 1 :]) for r, b in zip(rows, grid.boxes, strict=True)]
        kept = [(r, b) for r, b in kept if any(r)]
        grid.rows, grid.boxes = [r for r, _ in kept], [b for _, b in kept]
        grid.bbox = union_bbox(x for _, b in kept for x in b if x is not None)
        return True
    return False


Rule = tuple[float, float, float]  # a horizontal rule: y, x0, x1


# The last page's rules: the table finders of one page each ask for them (five times a page); the edges list is kept
# so that its identity cannot pass to another list (edge lists are not changed once read).
_last_rules: list[tuple[Sequence[RulingLine], int, tuple[Rule, ...]]] = []


def horizontal_rules(edges: Sequence[RulingLine]) -> list[Rule]:
    """Horizontal edges as rules, the collinear pieces of one rule (drawn cell by cell) joined."""
    last = _last_rules[0] if _last_rules else None  # read once: another thread's page may replace it
    if last is not None and last[0] is edges and last[1] == len(edges):
        return list(last[2])
    out = _joined_rules(edges)
    _last_rules[:] = [(edges, len(edges), tuple(out))]
    return out


def _joined_rules(edges: Sequence[RulingLine]) -> list[Rule]:
    pieces = sorted(
        ((float(e["top"]), float(e["x0"]), float(e["x1"])) for e in edges if e["orientation"] == "h"),
        key=lambda p: (round(p[0]), p[1], p[0], p[2]),
    )
    out: list[Rule] = []
    for y, x0, x1 in pieces:
        if out and abs(out[-1][0] - y) <= 0.5 and x0 <= out[-1][2] + 1:
            out[-1] = (out[-1][0], out[-1][1], max(out[-1][2], x1))
        else:
            out.append((y, x0, x1))
    return out


def stack_header_cells(grid: Grid, rules: Sequence[Rule], edges: Sequence[RulingLine] = ()) -> None:
    """A header ruled like a grid of cells (a rule across the table's top, spanner rules under
    the names set over several columns) holds cells that span several text rows: a name wrapped
    over two lines ("Total" / "(in billions)"), or a stub name ("Region and state") set at the
    foot of a cell that reaches up to the table's top rule. In each column, the header text
    between two rules that cross it is one cell, in the top row of that stretch. Without such
    rules nothing tells a wrapped name from stacked header rows, and the rows stay as they are;
    a header with vertical rules too is a lattice, whose cells the ruled-table finder reads."""
    rows, boxes = grid.rows, grid.boxes
    first_data = next((i for i, r in enumerate(rows) if _is_data_row(r)), None)
    if not rules or first_data is None or first_data < 2:
        return

    filled_boxes = [[b for b in r if b is not None] for r in boxes]
    if not all(filled_boxes):
        return  # cells without boxes (camelot's own rows): no geometry to go by
    top = [min(b[1] for b in r) for r in filled_boxes]
    mid = [min((b[1] + b[3]) / 2 for b in r) for r in filled_boxes]
    x0, _, x1, _ = grid.bbox
    across = [y for y, a, b in rules if b - a >= 0.8 * (x1 - x0) and a <= x0 + 0.1 * (x1 - x0) and y < top[first_data]]
    if not across:
        return
    # a bracketed line above the table's top rule ("[In thousands]") is a note on the whole table
    notes = [i for i in range(first_data) if mid[i] < min(across) and _headnote(rows[i])]
    for i in reversed(notes):
        grid.notes.insert(0, next(c for c in rows[i] if c))
        del rows[i], boxes[i], top[i], mid[i]
    first_data -= len(notes)

    def heads(i: int) -> bool:
        """Row i holds column names: several cells, or one over a spanner rule (not a caption
        or headnote line set inside the table's rules)."""
        filled = [b for c, b in zip(rows[i], boxes[i], strict=True) if c and b is not None]
        if len(filled) != 1:
            return len(filled) >= 2
        b = filled[0]
        cx = (b[0] + b[2]) / 2
        return any(mid[i] < y < top[i + 1] + 1 and a <= cx <= e and e - a < 0.8 * (x1 - x0) for y, a, e in rules)

    start = next((i for i in range(first_data) if mid[i] > min(across) and heads(i)), first_data)
    end = start + header_row_count(rows[start:])
    if end - start < 2:
        return
    spanners = [(y, a, b) for y, a, b in rules if mid[start] < y < top[end - 1] and b - a < 0.8 * (x1 - x0)]
    if not spanners:
        return  # no rule inside the header: its rows are not known to be cells
    if any(
        e["orientation"] == "v"
        and e["height"] >= 4
        and x0 <= e["x0"] <= x1
        and e["top"] < top[end - 1]
        and e["bottom"] > mid[start]
        for e in edges
    ):
        return
    for j in range(len(rows[0])):
        xs = sorted((b[0] + b[2]) / 2 for r in boxes[end:] if (b := r[j]) is not None)
        if not xs:
            continue
        cx = xs[len(xs) // 2]
        first = start
        for i in range(start + 1, end + 1):
            if i < end and not any(a - 1 <= cx <= b + 1 and mid[i - 1] < y < top[i] + 1 for y, a, b in rules):
                continue
            # rows first..i-1 of this column are one cell
            filled = [r for r in range(first, i) if rows[r][j]]
            if filled and filled != [first]:
                text = " ".join(rows[r][j] for r in filled)
                box = union_bbox(b for r in filled if (b := boxes[r][j]) is not None)
                for r in filled:
                    rows[r][j], boxes[r][j] = "", None
                rows[first][j], boxes[first][j] = text, box
            first = i
    # a name over a spanner rule names every column under that rule
    for i in range(start, end):
        for j, b in enumerate(boxes[i]):
            if b is None or not rows[i][j]:
                continue
            cx = (b[0] + b[2]) / 2
            under = [
                (a, e)
                for y, a, e in rules
                if b[3] - 1 <= y <= top[i + 1] + 1 and a - 1 <= cx <= e + 1 and e - a < 0.8 * (x1 - x0)
            ]
            if under:
                a, e = max(under, key=lambda r: r[1] - r[0])
                boxes[i][j] = (min(a, b[0]), b[1], max(e, b[2]), b[3])
    for i in range(end - 1, start - 1, -1):
        if not any(rows[i]):
            del rows[i], boxes[i]


def _headnote(row: Sequence[str]) -> bool:
    filled = [c for c in row if c]
    return len(filled) == 1 and re.fullmatch(r"[\[(][^\])]*[\])]", filled[0]) is not None


def _overlap(a: BBox, b: BBox) -> float:
    """Intersection area over the smaller box's area."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    smaller = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1])) or 1.0
    return w * h / smaller


def _rows_outside(numeric: list[list[tuple[str, BBox]]], boxes: list[BBox]) -> int:
    """How many of the page's numeric rows (``PageSignals.numeric``) no found table holds."""

    def inside(box: BBox) -> bool:
        return any(_overlap(box, b) > 0.5 for b in boxes)

    return sum(1 for r in numeric if not inside(r[0][1]))


def _merged_cells(rows: list[list[str]]) -> bool:
    """Ruling lines that do not separate columns/rows show up as cells holding several numbers."""
    return any(_numbers_in(c) >= 3 for r in rows for c in r)


# Thousands grouped with spaces ("1 649 692"): one number, not three.
_SPACE_GROUPED = re.compile(r"(?<![\d.,])\d{1,3}(?: \d{3})+(?![\d])")


def _numbers_in(cell: str) -> int:
    joined = _SPACE_GROUPED.sub(lambda m: m.group().replace(" ", ""), cell)
    return sum(1 for tok in joined.split() if _NUMERIC.match(tok))


def table_score(rows: list[list[str]]) -> int:
    """How much clean tabular content a candidate holds: short filled cells, minus merged ones."""
    score = 0
    for r in rows:
        for c in r:
            if not c:
                continue
            numbers = _numbers_in(c)
            score += -3 if numbers >= 3 or len(c) > 150 else 1
    return score


def _running_text(row: Sequence[str]) -> bool:
    """A row that is one cell of PROSE_WORDS words or more with no figure: a line of the page's text."""
    filled = [c for c in row if c]
    return len(filled) == 1 and _words(filled[0]) >= PROSE_WORDS and not _numbers_in(filled[0])


def _area(box: BBox) -> float:
    return (box[2] - box[0]) * (box[3] - box[1])


def _merge_candidates(lattice: list[Grid], stream: list[Grid]) -> list[Grid]:
    """Union of both, and where they overlap, the candidate(s) with the better score: smaller regions first, so a
    region that took in two tables and the text between them is weighed against both."""
    keep = list(lattice)
    for grid in sorted(stream, key=lambda g: _area(g.bbox)):
        rivals = [g for g in keep if _overlap(grid.bbox, g.bbox) >= 0.5]
        # against two tables or more, lines of running text between them count for nothing
        rows = grid.rows if len(rivals) < 2 else [r for r in grid.rows if not _running_text(r)]
        if not rivals:
            keep.append(grid)
        elif table_score(rows) > sum(table_score(g.rows) for g in rivals):
            keep = [g for g in keep if all(g is not r for r in rivals)] + [grid]
    return keep
