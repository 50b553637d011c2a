"""Zebra shading: tables whose alternate rows are set on filled bands.

A band is a rectangle drawn as a path; its four sides come out of the page's paths as edges like any rule's, so a
shaded table looks like a stack of boxed rows (the ruled finder sees cells that are not there, and the booktabs
finder sees rules with no text between them and vertical sides meeting its rules). Bands are told from the boxes
of a ruled grid by their spacing: a grid's rows share their sides (one row's bottom is the next row's top), while
bands stand apart, an unshaded row between each two. Their sides are not rules and are dropped; a run of bands of one
width says where the table's rows lie, which closes a frame its rules leave open (a table cut by a page break has
a top rule and no bottom rule on its first page, a bottom rule and no top rule on its second).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from app.ingest.extracted import BBox
from app.ingest.passages import union_bbox
from app.ingest.table_text import RulingLine
from app.ingest.table_words import Grid

# A band is one row of text tall, or a few for a row whose cells wrap (points).
MIN_BAND_HEIGHT = 4.0
MAX_BAND_HEIGHT = 40.0
# ... and as wide as a few cells: a narrower rectangle is a rule drawn as a thin filled box, or a mark (points).
MIN_BAND_WIDTH = 40.0
# A band may be drawn as one box per cell (LaTeX's \rowcolor fills each cell on its own): a piece this narrow still
# counts when its row's pieces, side by side, make a band MIN_BAND_WIDTH wide (points).
MIN_PIECE_WIDTH = 10.0
# Sides meet, rectangles share a side, and bands of one table start and end at the same x within this (points).
NEAR = 1.0
_AROUND = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))  # a rounded point and its neighbours
# A run of bands of one width: at least this many, each at most this many band heights below the one before.
MIN_BANDS = 2
MAX_BAND_GAP = 3.0
# A run of bands whose table has a rule of its width this close above its first band (or below its last) is framed
# by that rule (points).
CLOSE = 30.0


def shading_bands(edges: Sequence[RulingLine]) -> list[BBox]:
    """The rectangles, drawn as four edges, that no other rectangle touches above or below, in runs of MIN_BANDS or
    more of one width (the side by side pieces of one band, a cell each, count as one band)."""
    boxes = _rectangles(edges)
    if len(boxes) < MIN_BANDS:
        return []
    tops: dict[int, list[BBox]] = defaultdict(list)
    bottoms: dict[int, list[BBox]] = defaultdict(list)
    for b in boxes:
        tops[round(b[1])].append(b)
        bottoms[round(b[3])].append(b)
    alone = [
        b
        for b in boxes
        if not any(_stacked(b, o) for k in (-1, 0, 1) for o in [*tops[round(b[3]) + k], *bottoms[round(b[1]) + k]])
    ]
    bands = [b for b in _join_side_by_side(alone) if b[2] - b[0] >= MIN_BAND_WIDTH]
    runs = _runs(bands)
    out: list[BBox] = []
    verticals = [e for e in edges if e["orientation"] == "v"]
    for run in runs:
        if not any(_beside(run, other) for other in runs if other is not run) and not _ruled_between(run, verticals):
            out.extend(run)
    return out


def _ruled_between(run: Sequence[BBox], verticals: Sequence[RulingLine]) -> bool:
    """A vertical edge across an unshaded stretch between two of the run's bands: the boxes are shaded cells of a
    ruled grid, whose column rules run on between them, not bands (a shaded table has no rules between its bands)."""
    x0, x1 = run[0][0] - NEAR, run[0][2] + NEAR
    gaps = [(a[3] + NEAR, b[1] - NEAR) for a, b in zip(run, run[1:], strict=False)]
    for e in verticals:
        x, top, bottom = float(e["x0"]), float(e["top"]), float(e["bottom"])
        if x0 <= x <= x1 and any(top < g1 and bottom > g0 for g0, g1 in gaps):
            return True
    return False


def without_bands(edges: Sequence[RulingLine], bands: Sequence[BBox]) -> list[RulingLine]:
    """The edges less the sides of the bands (and of the pieces they are made of)."""
    if not bands:
        return list(edges)
    return [e for e in edges if not any(_side_of(e, b) for b in bands)]


def unshaded_edges(edges: Sequence[RulingLine], bands: Sequence[BBox] | None = None) -> list[RulingLine]:
    """The edges less the bands' sides, with a rule of a run's width at each band's top (but where a rule lies within
    half the band's height already) and one closing the run that no rule of its width closes within CLOSE points
    below its last band (the first page of a table a page break cut). A band's rule stands for the row it shades:
    the rules of a long shaded table are then never a page apart, as those of a booktabs table are not."""
    if bands is None:
        bands = shading_bands(edges)
    if not bands:
        return list(edges)
    kept = without_bands(edges, bands)
    rules = [(float(e["top"]), float(e["x0"]), float(e["x1"])) for e in kept if e["orientation"] == "h"]
    runs = _runs(bands)
    for run in runs:
        x0, x1, bottom = run[0][0], run[0][2], run[-1][3]
        same = [y for y, a, b in rules if abs(a - x0) <= 2 * NEAR and abs(b - x1) <= 2 * NEAR]
        for band in run:
            if not any(abs(y - band[1]) <= (band[3] - band[1]) / 2 for y in same):
                kept.append(_rule(x0, band[1], x1))
        # the next run of the same width, starting right under this one (two shaded rows in a row), goes on with it
        same += [r[0][1] for r in runs if r is not run and abs(r[0][0] - x0) <= NEAR and abs(r[0][2] - x1) <= NEAR]
        if not any(bottom - NEAR <= y <= bottom + CLOSE for y in same):
            kept.append(_rule(x0, bottom, x1))
    return kept


def join_band_rows(grid: Grid, bands: Sequence[BBox]) -> None:
    """A shaded table's rows are its bands and the unshaded stretches between two bands of a run: a line in one of
    them under the first line there, with words, and each of its cells under a cell of that line, is the rest of that
    row's cells (a label or a description wrapped onto a second line, which a table set at line pitch cannot show by
    its spacing): each of its cells is joined to the cell above."""
    if not bands:
        return
    runs = [run for run in _runs(bands) if min(run[0][2], grid.bbox[2]) - max(run[0][0], grid.bbox[0]) > 0]
    if not runs:
        return
    rows, boxes = grid.rows, grid.boxes
    owner: int | None = None
    owner_slot: tuple[int, int] | None = None
    i = 0
    while i < len(rows):
        slot = _slot(boxes[i], runs)
        if slot is not None and slot == owner_slot and owner is not None and _continues(rows[i], rows[owner]):
            for c, cell in enumerate(rows[i]):
                if cell:
                    rows[owner][c] = f"{rows[owner][c]} {cell}".strip()
                    kept, added = boxes[owner][c], boxes[i][c]
                    boxes[owner][c] = union_bbox([kept, added]) if kept and added else (kept or added)
            del rows[i], boxes[i]
            continue
        owner, owner_slot = i, slot
        i += 1


def _slot(cells: Sequence[BBox | None], runs: Sequence[Sequence[BBox]]) -> tuple[int, int] | None:
    """Which band (2k) or stretch between bands k and k + 1 (2k + 1) of which run the row's middle lies in."""
    found = [b for b in cells if b is not None]
    if not found:
        return None
    mid = (min(b[1] for b in found) + max(b[3] for b in found)) / 2
    for r, run in enumerate(runs):
        for k, band in enumerate(run):
            if band[1] <= mid <= band[3]:
                return r, 2 * k
            if k + 1 < len(run) and band[3] < mid < run[k + 1][1]:
                return r, 2 * k + 1
    return None


def _continues(row: Sequence[str], owner: Sequence[str]) -> bool:
    """Every cell of the line stands under a cell of the row above, and some cell has words: a line of figures alone
    is a row of its own (a regression's standard errors, set in one band with their coefficients)."""
    filled = [c for c, cell in enumerate(row) if cell]
    return (
        bool(filled)
        and all(c < len(owner) and owner[c] for c in filled)
        and any(sum(ch.isalpha() for ch in row[c]) >= 2 for c in filled)
    )


def _rule(x0: float, y: float, x1: float) -> RulingLine:
    return {
        "x0": x0,
        "x1": x1,
        "top": y,
        "bottom": y,
        "doctop": y,
        "width": x1 - x0,
        "height": 0.0,
        "orientation": "h",
        "object_type": "line",
    }


def band_runs(bands: Sequence[BBox]) -> list[BBox]:
    """Each run of bands of one width as one box, from the first band's top to the last band's bottom."""
    return [(r[0][0], r[0][1], r[0][2], r[-1][3]) for r in _runs(bands)]


def _rectangles(edges: Sequence[RulingLine]) -> list[BBox]:
    verticals: dict[tuple[int, int], list[tuple[float, float, float]]] = defaultdict(list)
    for e in edges:
        if e["orientation"] == "v":
            x, top, bottom = float(e["x0"]), float(e["top"]), float(e["bottom"])
            verticals[(round(x), round(top))].append((x, top, bottom))
    if not verticals:
        return []  # no box is drawn without sides (most pages)
    # The rounded x of every side, to pass over a rule with no side at its left end without looking further.
    sides = {k[0] for k in verticals}
    horizontal = [(float(e["top"]), float(e["x0"]), float(e["x1"])) for e in edges if e["orientation"] == "h"]
    by_row: dict[int, list[tuple[float, float, float]]] = defaultdict(list)
    for h in horizontal:
        by_row[round(h[0])].append(h)
    out: list[BBox] = []
    for y, x0, x1 in horizontal:
        if x1 - x0 < MIN_PIECE_WIDTH or not any(round(x0) + dx in sides for dx in (-1, 0, 1)):
            continue
        for bottom in _sides_down(verticals, x0, y):
            if not MIN_BAND_HEIGHT <= bottom - y <= MAX_BAND_HEIGHT:
                continue
            if not any(abs(v[2] - bottom) <= NEAR for v in _near(verticals, x1, y)):
                continue
            if any(
                abs(h[0] - bottom) <= NEAR and abs(h[1] - x0) <= NEAR and abs(h[2] - x1) <= NEAR
                for k in (-1, 0, 1)
                for h in by_row.get(round(bottom) + k, [])
            ):
                out.append((x0, y, x1, bottom))
                break
    return sorted(set(out), key=lambda b: (b[1], b[0]))


def _near(verticals: dict[tuple[int, int], list[tuple[float, float, float]]], x: float, y: float) -> list:
    rx, ry = round(x), round(y)
    return [
        v
        for dx, dy in _AROUND
        if (rx + dx, ry + dy) in verticals
        for v in verticals[(rx + dx, ry + dy)]
        if abs(v[0] - x) <= NEAR and abs(v[1] - y) <= NEAR
    ]


def _sides_down(verticals: dict[tuple[int, int], list[tuple[float, float, float]]], x: float, y: float) -> set[float]:
    return {v[2] for v in _near(verticals, x, y)}


def _stacked(a: BBox, b: BBox) -> bool:
    """b sits on a's top or under a's bottom, sharing that side over some width (rows of a grid)."""
    if min(a[2], b[2]) - max(a[0], b[0]) <= NEAR:
        return False
    return abs(a[3] - b[1]) <= NEAR or abs(a[1] - b[3]) <= NEAR


def _join_side_by_side(boxes: Sequence[BBox]) -> list[BBox]:
    out: list[BBox] = []
    for b in sorted(boxes, key=lambda b: (b[1], b[0])):
        last = out[-1] if out else None
        if last is not None and abs(last[1] - b[1]) <= NEAR and abs(last[3] - b[3]) <= NEAR and b[0] <= last[2] + NEAR:
            out[-1] = (last[0], last[1], max(last[2], b[2]), last[3])
        else:
            out.append(b)
    return out


def _runs(bands: Sequence[BBox]) -> list[list[BBox]]:
    """Runs of MIN_BANDS or more bands of one width, each band within MAX_BAND_GAP band heights of the one above and
    at least MIN_BAND_HEIGHT below it (an unshaded row between them)."""
    groups: list[list[BBox]] = []
    for b in sorted(bands, key=lambda b: (b[1], b[0])):
        group = next((g for g in groups if abs(g[0][0] - b[0]) <= NEAR and abs(g[0][2] - b[2]) <= NEAR), None)
        if group is None:
            groups.append([b])
        else:
            group.append(b)
    out: list[list[BBox]] = []
    for group in groups:
        run = [group[0]]
        for b in group[1:]:
            gap = b[1] - run[-1][3]
            if gap < MIN_BAND_HEIGHT or gap > MAX_BAND_GAP * (run[-1][3] - run[-1][1]):
                if len(run) >= MIN_BANDS:
                    out.append(run)
                run = []
            run.append(b)
        if len(run) >= MIN_BANDS:
            out.append(run)
    return out


def _beside(run: Sequence[BBox], other: Sequence[BBox]) -> bool:
    """Another run whose bands share half this run's tops: the rows of a grid of cells each drawn as a box of its
    own, not bands (a band takes in its table's whole row)."""
    tops = [b[1] for b in other]
    shared = sum(1 for b in run if any(abs(b[1] - t) <= NEAR for t in tops))
    return 2 * shared >= len(run)


def _side_of(e: RulingLine, band: BBox) -> bool:
    x0, top, x1, bottom = float(e["x0"]), float(e["top"]), float(e["x1"]), float(e["bottom"])
    inside_x = band[0] - NEAR <= x0 and x1 <= band[2] + NEAR
    if e["orientation"] == "h":
        return inside_x and (abs(top - band[1]) <= NEAR or abs(top - band[3]) <= NEAR)
    return inside_x and abs(top - band[1]) <= NEAR and abs(bottom - band[3]) <= NEAR
