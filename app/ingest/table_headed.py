"""Tables under a pair of rules with no rule at their foot: a top rule and a rule under the header, then rows.

Papers set small tables (and each block of a long list set in side-by-side blocks) with a top rule and a rule
under the header only. Without a bottom rule the booktabs frame (``table_booktabs``) never closes; the two rules
still say where the table starts and how wide it is: its body is the rows of cells right under the header rule,
within the rules' width, down to the first line that is not a row of the table (prose running past the rules'
ends, a line of one phrase with no row of cells after it, or a gap wider than the rows').
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from app.ingest.extracted import BBox
from app.ingest.passages import Line
from app.ingest.table_booktabs import MAX_RULE_GAP, MIN_RULE_LENGTH, SAME_TABLE, SAME_X, _crosses
from app.ingest.table_stream import Rule, _overlap, horizontal_rules, stack_header_cells
from app.ingest.table_text import RulingLine, is_degenerate
from app.ingest.table_words import Grid, _bands, _segments, join_vertical, words_grid

Word = tuple[str, BBox]

# The header between the two rules is at most this many of its text lines tall.
MAX_HEADER_LINES = 3.5
# A row of the body starts at most this many text heights under the row (or the header rule) above it.
ROW_GAP_EMS = 2.5
# The body has at least this many rows.
MIN_BODY_ROWS = 3
# Edges of one extent this close (points) are one rule (the top and bottom of a rule drawn as a filled box).
RULE_WIDTH = 1.5


def headed_tables(edges: Sequence[RulingLine], lines: Sequence[Line], found: Sequence[Grid]) -> list[Grid]:
    """``found`` with the tables under a top rule and a header rule of one extent (no third rule of that extent
    below them) added. A found grid that holds such a table yields to it when it holds two or more of them (blocks
    set side by side read as one) or reaches above its top rule (lines the rules leave out of the table), unless
    it holds words beside the table's rows (row labels the rules, set over the figures only, leave out)."""
    heads = _headed(edges, lines)
    if not heads:
        return list(found)
    out: list[Grid] = []
    for g in found:
        inside = [(h, y) for h, y in heads if _overlap(h.bbox, g.bbox) > SAME_TABLE]
        if inside and (
            len(inside) >= 2 or any(g.bbox[1] < y - SAME_X and not _beside(g.bbox, h.bbox, lines) for h, y in inside)
        ):
            continue
        out.append(g)
    out += [h for h, _ in heads if not any(_overlap(h.bbox, g.bbox) > 0 for g in out)]
    return out


def _headed(edges: Sequence[RulingLine], lines: Sequence[Line]) -> list[tuple[Grid, float]]:
    """The tables under a lone pair of rules, each with its top rule's y."""
    every = horizontal_rules(edges)
    rules: list[Rule] = []
    for r in sorted(r for r in every if r[2] - r[1] >= MIN_RULE_LENGTH):
        for q in reversed(rules):  # by y, the nearest first
            if r[0] - q[0] > RULE_WIDTH:
                rules.append(r)
                break
            if _same_extent(r, q):
                break  # a rule drawn as a thin filled box gives two edges: one rule
        else:
            rules.append(r)
    if len(rules) < 2:
        return []
    out: list[tuple[Grid, float]] = []
    words: list[Word] | None = None
    by_x0 = sorted(range(len(rules)), key=lambda k: (rules[k][1], rules[k][0]))
    keys = [rules[i][1] for i in by_x0]
    for top in rules:
        y, x0, x1 = top
        below: list[Rule] = []
        above: float | None = None  # the nearest rule of top's extent above it
        for i in by_x0[bisect_left(keys, x0 - SAME_X) :]:
            r = rules[i]
            if r[1] > x0 + SAME_X:
                break
            if abs(r[2] - x1) > SAME_X:
                continue
            if r[0] - y > 0.5:
                below.append(r)
            elif y - r[0] > 0.5 and (above is None or r[0] > above):
                above = r[0]
        if len(below) != 1 or (above is not None and y - above <= MAX_RULE_GAP):
            continue  # not a lone pair: a booktabs frame, or the lower rules of one
        same = below
        if words is None:
            words = join_vertical([(w.text, w.bbox) for ln in lines for w in ln.words])
        grid = _grid_under(words, top, same[0])
        if grid is None or any(_overlap(grid.bbox, g.bbox) > 0 for g, _ in out):
            continue
        region = (top[1], top[0], top[2], grid.bbox[3])
        if any(_crosses(e, region, every) for e in edges):
            continue  # the rules are a ruled table's (or shaded cells' edges), which the ruled finder reads
        stack_header_cells(grid, every, edges)
        out.append((grid, top[0]))
    return out


def _beside(box: BBox, table: BBox, lines: Sequence[Line]) -> bool:
    """Words of the grid's box on the table's rows but outside the table's width: the grid holds the rows' labels
    (or more columns), which the rules (set over the figures only) leave out; it does not yield."""
    for ln in lines:
        for w in ln.words:
            b = w.bbox
            cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
            inside = box[0] <= cx <= box[2] and table[1] <= cy <= table[3]
            if inside and (b[2] < table[0] - SAME_X or b[0] > table[2] + SAME_X):
                return True
    return False


def _same_extent(a: Rule, b: Rule) -> bool:
    return abs(a[1] - b[1]) <= SAME_X and abs(a[2] - b[2]) <= SAME_X


def _within(b: BBox, x0: float, x1: float) -> bool:
    return x0 - SAME_X <= b[0] and b[2] <= x1 + SAME_X


def _grid_under(words: Sequence[Word], top: Rule, head: Rule) -> Grid | None:
    x0, x1 = top[1], top[2]
    header = [tw for tw in words if top[0] < (tw[1][1] + tw[1][3]) / 2 < head[0] and _within(tw[1], x0, x1)]
    if not header:
        return None
    height = max(b[3] - b[1] for _, b in header)
    if head[0] - top[0] > MAX_HEADER_LINES * height:
        return None
    # the words below the header rule that reach into the rules' width (the rest is another column's)
    below = [tw for tw in words if tw[1][1] >= head[0] - 1 and tw[1][2] > x0 and tw[1][0] < x1]
    body: list[list[Word]] = []
    pending: list[Word] | None = None
    last = head[0]
    for band in _bands(below):
        h = max(b[3] - b[1] for _, b in band)
        if band[0][1][1] - last > ROW_GAP_EMS * h or not all(_within(b, x0, x1) for _, b in band):
            break  # a gap wider than the rows', or a line running past the rules: the table is over
        if len(_segments(band, join=1.0)) >= 2:
            body += [pending, band] if pending else [band]
            pending = None
        elif pending is not None:
            break  # two lines of one phrase each: prose
        else:
            pending = band  # a section label, when a row of cells follows
        last = max(b[3] for _, b in band)
    if len(body) < MIN_BODY_ROWS:
        return None
    grid = words_grid(header + [tw for band in body for tw in band])
    if grid is None or is_degenerate(grid.rows) or len(grid.rows[0]) < 2:
        return None
    return grid
