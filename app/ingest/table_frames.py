"""Tables whose horizontal rules say where they start and end, against whitespace regions that say otherwise.

- A whitespace finder (camelot stream) reads a column of a paper as one region: a chart's tick labels, its
  caption, and a small ruled table below them come out as one tall grid, which hides the ruled table
  (``table_booktabs`` keeps out of the way of tables already found). The rules frame the table exactly: a grid that
  runs past them by more rows than they hold is not that table, and gives way to it.
- A table of text (names and their definitions) may be set between just a top and a bottom rule, no header rule,
  under its "Table N" caption. Two rules frame too little to be told from a figure's frame or a page's rules
  alone: the caption right above the top rule says a table follows. Its descriptions wrap onto lines of their own,
  which start with an empty first cell: they are the rest of the row above.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.ingest.extracted import BBox, centred_in
from app.ingest.passages import Line, union_bbox
from app.ingest.table_booktabs import MAX_RULE_GAP, MIN_RULE_LENGTH, SAME_TABLE, SAME_X, _frames, booktabs_tables
from app.ingest.table_stream import Rule, _overlap, horizontal_rules
from app.ingest.table_text import _NUMERIC, RulingLine, is_degenerate
from app.ingest.table_words import Grid, join_vertical, words_grid, words_in

# A grid holding a frame of rules yields to the frame when it has more than this many rows outside the frame for
# each row inside it: a caption or a note set just outside the rules, which a whitespace region takes in with the
# table, is a row or two; a chart and its caption above the table are many.
MAX_OUTSIDE_PER_INSIDE = 1.0
# A line lies inside a frame when its middle is no farther than this (points) beyond the frame's rules.
FRAME_SLACK = 2.0
# The caption of a table framed by two rules ends at most this many of its own line heights above the top rule
# (or runs up to this many points past it, drawn over a thin rule).
CAPTION_GAP_LINES = 2.0
CAPTION_OVERLAP = 2.0


def yield_to_frames(found: list[Grid], edges: Sequence[RulingLine], lines: Sequence[Line]) -> list[Grid]:
    """``found`` without the grids that run past a frame of rules inside them by more rows than the frame holds,
    when the frame, read on its own, makes a table (which ``booktabs_tables`` then finds)."""
    rules = [r for r in horizontal_rules(edges) if r[2] - r[1] >= MIN_RULE_LENGTH]
    frames = _frames(rules, lines) if len(rules) >= 3 else []
    if not frames or not found:
        return found
    tall = [g for g in found if any(_runs_past(g.bbox, f, lines) for f in frames)]
    if not tall:
        return found
    rest = [g for g in found if all(g is not t for t in tall)]
    framed = booktabs_tables(edges, lines, rest)
    displaced = [t for t in tall if any(_overlap(f.bbox, t.bbox) > SAME_TABLE for f in framed)]
    return [g for g in found if all(g is not d for d in displaced)]


def _runs_past(box: BBox, frame: Sequence[Rule], lines: Sequence[Line]) -> bool:
    """The page's text lines in ``box`` (the grid's rows, whichever finder cut its cells) lie outside the frame
    (above or below its rules, or beside them: a chart's labels) more than MAX_OUTSIDE_PER_INSIDE times as often as
    inside it."""
    top, bottom, x0, x1 = frame[0][0], frame[-1][0], min(r[1] for r in frame), max(r[2] for r in frame)
    if _overlap(box, (x0, top, x1, bottom)) <= SAME_TABLE:
        return False
    held = [ln.bbox for ln in lines if centred_in(ln.bbox, box)]
    framed = (x0 - FRAME_SLACK, top - FRAME_SLACK, x1 + FRAME_SLACK, bottom + FRAME_SLACK)
    inside = sum(1 for b in held if centred_in(b, framed))
    return inside > 0 and len(held) - inside > MAX_OUTSIDE_PER_INSIDE * inside


def captioned_frames(
    edges: Sequence[RulingLine], lines: Sequence[Line], found: Sequence[Grid], captions: Sequence[Line]
) -> list[Grid]:
    """Tables between two rules of one extent with a caption line right above the first, where no table in
    ``found`` reaches; a line whose first cell is empty is joined into the row above."""
    rules = sorted(r for r in horizontal_rules(edges) if r[2] - r[1] >= MIN_RULE_LENGTH)
    if len(rules) < 2 or not captions:
        return []
    out: list[Grid] = []
    words: list[tuple[str, BBox]] | None = None
    for top, bottom in _pairs(rules):
        if not any(_captions(c.bbox, top) for c in captions):
            continue
        region: BBox = (min(top[1], bottom[1]), top[0], max(top[2], bottom[2]), bottom[0])
        if any(_overlap(region, g.bbox) > 0 for g in [*found, *out]):
            continue  # two rules are weak evidence: a table found across them (its header ruled off) is the table
        if words is None:
            words = join_vertical([(w.text, w.bbox) for ln in lines for w in ln.words])
        grid = words_grid(words_in(words, region))
        if grid is None or is_degenerate(grid.rows) or len(grid.rows[0]) < 2:
            continue
        join_wrapped_rows(grid)
        if len(grid.rows) >= 2:
            out.append(grid)
    return out


def _pairs(rules: Sequence[Rule]) -> list[tuple[Rule, Rule]]:
    """Each rule with the next one below it of the same extent, at most MAX_RULE_GAP lower."""
    out = []
    for i, a in enumerate(rules):
        below = (b for b in rules[i + 1 :] if abs(b[1] - a[1]) <= SAME_X and abs(b[2] - a[2]) <= SAME_X)
        b = next((b for b in below if b[0] - a[0] > 0.5), None)
        if b is not None and b[0] - a[0] <= MAX_RULE_GAP:
            out.append((a, b))
    return out


def _captions(caption: BBox, rule: Rule) -> bool:
    height = caption[3] - caption[1]
    over = rule[1] <= (caption[0] + caption[2]) / 2 <= rule[2]
    return over and -CAPTION_OVERLAP <= rule[0] - caption[3] <= CAPTION_GAP_LINES * height


def join_wrapped_rows(grid: Grid) -> None:
    """A row with an empty first cell and no figures, under a row whose first cell is filled, is the wrapped rest
    of that row's cells: its cells are joined into them, and it goes."""
    rows, boxes = grid.rows, grid.boxes
    i = 1
    while i < len(rows):
        if rows[i][0] or not rows[i - 1][0] or any(_NUMERIC.match(c.replace(" ", "")) for c in rows[i] if c):
            i += 1
            continue
        for j, cell in enumerate(rows[i]):
            if not cell:
                continue
            above, box = boxes[i - 1][j], boxes[i][j]
            rows[i - 1][j] = f"{rows[i - 1][j]} {cell}".strip()
            boxes[i - 1][j] = box if above is None or box is None else union_bbox((above, box))
        del rows[i], boxes[i]
