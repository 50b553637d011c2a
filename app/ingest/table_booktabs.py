"""Tables ruled by horizontal lines only (booktabs style: a top rule, a rule under the header, a bottom rule).

Such a table has no vertical edges, so the ruled finder never sees it, and a small one (a few rows of words or
check marks, or of figures too few to align) gives the cheap detector no rows of numbers either. Its rules say where
it is: rules of one length, set one under the other at the same x, frame its rows; its columns are cut from its words
(``words_grid``), as for any whitespace table.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

from app.ingest.extracted import BBox
from app.ingest.passages import Line
from app.ingest.table_stream import DOUBLE_RULE_GAP, _overlap, horizontal_rules, stack_header_cells
from app.ingest.table_text import RulingLine, is_degenerate
from app.ingest.table_words import Grid, join_vertical, words_grid, words_in

# A rule at least this long (points) may frame a table: shorter ones underline a word or mark a footnote's start.
MIN_RULE_LENGTH = 60.0
# Rules of one table start and end at the same x within this many points (each drawn across the table's width).
SAME_X = 2.0
# A line between two rules that runs this far past either end of them is prose, not a row (a cell may overhang its
# rules by a few points).
PROSE_PAST = 8.0
# A booktabs table has a top rule, a header rule and a bottom rule: fewer rules of one length frame nothing.
MIN_RULES = 3
# Rules one table's lines apart at most (points): a page's other rules of the same length (a figure's frame, another
# table) lie farther, and a table longer than this has rows of figures the other detectors see.
MAX_RULE_GAP = 400.0
# A vertical edge this long (points) inside the frame is a rule between cells (as page_signals counts them).
MIN_VERTICAL = 8.0
# A vertical edge ending this close (points) to a horizontal rule meets it, as a cell's side meets its top and bottom.
TOUCH = 1.0
# A table already found that covers this share of the framed region (or is covered by it) is the same table.
SAME_TABLE = 0.5


def booktabs_tables(edges: Sequence[RulingLine], lines: Sequence[Line], found: Sequence[Grid]) -> list[Grid]:
    """Tables framed by MIN_RULES or more horizontal rules of one length at one x, that no table in ``found``
    covers: the words between the first and last rule, within the rules' width, cut into a grid of two columns or
    more and two rows or more."""
    every = horizontal_rules(edges)
    rules = [r for r in every if r[2] - r[1] >= MIN_RULE_LENGTH]
    if len(rules) < MIN_RULES:
        return []
    out: list[Grid] = []
    words: list[tuple[str, BBox]] | None = None
    for group in _frames(rules, lines):
        region: BBox = (min(r[1] for r in group), group[0][0], max(r[2] for r in group), group[-1][0])
        if any(_overlap(region, g.bbox) > SAME_TABLE for g in [*found, *out]):
            continue
        header_band = (region[0], group[0][0], region[2], group[1][0])
        if any(_crosses(e, region, every) and not _within(e, header_band) for e in edges):
            continue  # a lattice's rules (its cells drawn as boxes), which the ruled finder reads; a header row
            # drawn as boxes over rows set apart by rules alone (a data sheet's) is no lattice
        if words is None:
            words = join_vertical([(w.text, w.bbox) for ln in lines for w in ln.words])
        if not all(words_in(words, (region[0], a[0], region[2], b[0])) for a, b in zip(group, group[1:], strict=False)):
            continue  # a chart's grid lines: a table's rules have its text rows between them
        grid = words_grid(words_in(words, region))
        if grid is None or is_degenerate(grid.rows) or len(grid.rows[0]) < 2:
            continue
        stack_header_cells(grid, every, edges)
        out.append(grid)
    return out


def _crosses(edge: RulingLine, region: BBox, rules: Sequence[tuple[float, float, float]]) -> bool:
    """A vertical edge of MIN_VERTICAL points or more inside the region that meets a horizontal rule of the region
    (an end within TOUCH of it): a cell's side. Column rules set between booktabs rules stop short of them,
    and stay."""
    if edge["orientation"] != "v" or edge["height"] < MIN_VERTICAL:
        return False
    x, top, bottom = float(edge["x0"]), float(edge["top"]), float(edge["bottom"])
    if not (region[0] - SAME_X <= x <= region[2] + SAME_X and top < region[3] - SAME_X and bottom > region[1] + SAME_X):
        return False
    # the rules it may meet are the region's own, or a larger table's across its whole width (the region is then
    # a band of that ruled table); a figure's strokes run past the frame to meet the figure's own, narrower rules
    own = [r for r in rules if region[1] - SAME_X <= r[0] <= region[3] + SAME_X or _spans(r, region)]
    return any(r[1] - TOUCH <= x <= r[2] + TOUCH and min(abs(top - r[0]), abs(bottom - r[0])) <= TOUCH for r in own)


def _within(edge: RulingLine, band: BBox) -> bool:
    """A vertical edge that runs only between the band's top and bottom (within SAME_X)."""
    return float(edge["top"]) >= band[1] - SAME_X and float(edge["bottom"]) <= band[3] + SAME_X


def _spans(rule: tuple[float, float, float], region: BBox) -> bool:
    return rule[1] <= region[0] + SAME_X and rule[2] >= region[2] - SAME_X


def _frames(
    rules: Sequence[tuple[float, float, float]], lines: Sequence[Line] = ()
) -> list[list[tuple[float, float, float]]]:
    """Runs of MIN_RULES or more rules of one extent (x0 and x1 within SAME_X), each at most MAX_RULE_GAP below the
    one before, top to bottom. With the page's ``lines``, a run is also cut where a line between two of its rules
    runs past their ends: a table's rows lie within its rules' width, and prose between two tables set at one x
    (one above the other) does not."""
    groups: list[list[tuple[float, float, float]]] = []
    for rule in sorted(rules, key=lambda r: (r[1], r[2], r[0])):
        group = next((g for g in groups if abs(g[0][1] - rule[1]) <= SAME_X and abs(g[0][2] - rule[2]) <= SAME_X), None)
        if group is None:
            groups.append([rule])
        else:
            group.append(rule)
    out: list[list[tuple[float, float, float]]] = []
    spans: list[tuple[float, float, float]] | None = None  # the lines' middles and x extents, by middle
    for group in groups:
        if len(group) < MIN_RULES:
            continue
        if spans is None:
            spans = sorted(((b[1] + b[3]) / 2, b[0], b[2]) for b in (ln.bbox for ln in lines))
        group.sort()
        run = [group[0]]
        for rule in group[1:]:
            if rule[0] - run[-1][0] <= DOUBLE_RULE_GAP:
                continue  # a rule drawn twice, or a double rule (two thin lines a hair apart)
            if rule[0] - run[-1][0] > MAX_RULE_GAP or _prose_between(run[-1], rule, spans):
                if len(run) >= MIN_RULES:
                    out.append(run)
                run = []
            run.append(rule)
        if len(run) >= MIN_RULES:
            out.append(run)
    return out


def _prose_between(
    a: tuple[float, float, float], b: tuple[float, float, float], spans: Sequence[tuple[float, float, float]]
) -> bool:
    """A line with its middle between rules ``a`` and ``b`` (one above the other) that reaches into their width and
    runs past either end of it. ``spans``: the lines' (middle, x0, x1), sorted."""
    x0, x1 = min(a[1], b[1]), max(a[2], b[2])
    for k in range(bisect_right(spans, (a[0], float("inf"))), len(spans)):
        mid, l0, l1 = spans[k]
        if mid >= b[0]:
            break
        if l1 > x0 and l0 < x1 and (l0 < x0 - PROSE_PAST or l1 > x1 + PROSE_PAST):
            return True
    return False
