"""Ruled tables: pdfplumber's table finder on pdfium geometry, and the cleaning of its rules and cells."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app.ingest.extracted import BBox
from app.ingest.passages import Line, union_bbox
from app.ingest.table_stacked import CellGlyphs, Glyph, cell_text, stacked_lines, stacked_texts
from app.ingest.table_text import RulingLine, is_degenerate
from app.ingest.table_words import Grid, _bands, _phrases, normalise_grid

SIDE_SNAP = 8.0  # how far the finder may have moved a cell's side from its rule (points)
SAME_LINE = 1.0  # how far apart two glyphs' middles may stand on one line of text (points)

# ------------------------------------------------------------------------------------------------
# Extractors
# ------------------------------------------------------------------------------------------------


class _PlumberPage:
    """Just enough of pdfplumber's Page for TableFinder with the 'lines' strategy (it reads only
    the edges and the page box), built from pdfium geometry."""

    def __init__(self, edges: list[RulingLine], size: tuple[float, float]) -> None:
        self.edges = edges
        self.bbox = (0.0, 0.0, size[0], size[1])


def rule_end_edges(edges: Sequence[RulingLine]) -> list[RulingLine]:
    """Vertical edges where several horizontal rules end at the same x, outside every vertical
    rule beside them: the open outer sides of a table ruled only inside (its row labels and its
    last column then stay in the grid)."""
    ends: dict[int, list[RulingLine]] = {}
    for e in edges:
        if e["orientation"] == "h" and e["width"] >= 15:
            for x in (e["x0"], e["x1"]):
                ends.setdefault(round(x / 2), []).append(e)
    verticals = [e for e in edges if e["orientation"] == "v" and e["height"] >= 2]
    out: list[RulingLine] = []
    for key in sorted(ends):
        x = key * 2.0
        for group in _runs(sorted(ends[key], key=lambda e: e["top"])):
            top, bottom = group[0]["top"], group[-1]["bottom"]
            # only the verticals under these rules or just past their ends (a cell border the rules stop
            # short of): a table set beside this one, across a gap, has its own
            left, right = min(e["x0"] for e in group) - 10, max(e["x1"] for e in group) + 10
            beside = [v["x0"] for v in verticals if v["top"] < bottom and v["bottom"] > top and left < v["x0"] < right]
            if len(group) < 3 or not beside or min(beside) - 2 <= x <= max(beside) + 2:
                continue
            out.append(
                {
                    "x0": x,
                    "x1": x,
                    "top": top,
                    "bottom": bottom,
                    "doctop": top,
                    "width": 0.0,
                    "height": bottom - top,
                    "orientation": "v",
                    "object_type": "line",
                }
            )
    return out


def without_text_frames(edges: list[RulingLine], margin: float = 0.5) -> list[RulingLine]:
    """The edges less those of text frames: a rectangle drawn strictly inside a cell's rectangle
    (one or two of them per cell, around its text) is not a cell border, and pdfplumber would
    snap its sides onto the cell's and cut the cell into rows ("State" framed inside a header
    cell that spans two rows). A rectangle holding three or more others is a table frame, and
    its cells stay."""
    tenth = _Tenths()
    hs: dict[tuple[float, float], set[float]] = {}  # (x0, x1) → the y of each such horizontal
    vs: dict[float, set[tuple[float, float]]] = {}  # x → the (top, bottom) of each such vertical
    for e in edges:
        if e["orientation"] == "h":
            hs.setdefault((tenth[e["x0"]], tenth[e["x1"]]), set()).add(tenth[e["top"]])
        else:
            vs.setdefault(tenth[e["x0"]], set()).add((tenth[e["top"]], tenth[e["bottom"]]))
    rects: list[BBox] = []
    for (x0, x1), ys in hs.items():
        left, right = vs.get(x0), vs.get(x1)
        if left and right:
            rects += [(x0, top, x1, bottom) for top, bottom in left & right if top in ys and bottom in ys]
    if len(rects) < 2:
        return edges
    # Each rectangle is filed under the 48 pt squares it covers; a container holds the centre
    # of what it contains, so only the rectangles filed under that square are compared.
    step = 48.0
    squares: dict[tuple[int, int], list[BBox]] = {}
    for s in rects:
        for bx in range(int(s[0] // step), int(s[2] // step) + 1):
            for by in range(int(s[1] // step), int(s[3] // step) + 1):
                squares.setdefault((bx, by), []).append(s)
    # A frame may also reach the cell's top and bottom rules when it is set in from both sides and no rectangle
    # touches its sides (cells side by side in a row share theirs): frames around each line of a wrapped name.
    lefts: dict[float, list[BBox]] = {}
    rights: dict[float, list[BBox]] = {}
    for r in rects:
        lefts.setdefault(r[0], []).append(r)
        rights.setdefault(r[2], []).append(r)
    held: dict[BBox, list[BBox]] = {}
    for r in rects:
        beside = rights.get(r[0], []) + lefts.get(r[2], [])
        # (a rectangle a point thin or less is a rule drawn as a filled box, not a frame)
        alone = min(r[2] - r[0], r[3] - r[1]) > 1.0 and not any(o[1] < r[3] and r[1] < o[3] for o in beside)
        for s in squares.get((int((r[0] + r[2]) / 2 // step), int((r[1] + r[3]) / 2 // step)), ()):
            if not (s[0] + margin < r[0] and r[2] < s[2] - margin):
                continue
            within = s[1] + margin < r[1] and r[3] < s[3] - margin
            if within or (alone and s[1] - margin <= r[1] and r[3] <= s[3] + margin):
                held.setdefault(s, []).append(r)
    frames = {r for inner in held.values() if len(inner) <= 2 for r in inner}
    if not frames:
        return edges
    drop: set[tuple[str, float, float, float]] = set()
    for x0, top, x1, bottom in frames:
        drop |= {("h", x0, x1, top), ("h", x0, x1, bottom), ("v", top, bottom, x0), ("v", top, bottom, x1)}

    def key(e: RulingLine) -> tuple[str, float, float, float]:
        if e["orientation"] == "h":
            return ("h", tenth[e["x0"]], tenth[e["x1"]], tenth[e["top"]])
        return ("v", tenth[e["top"]], tenth[e["bottom"]], tenth[e["x0"]])

    return [e for e in edges if key(e) not in drop]


class _Tenths(dict[float, float]):
    """``round(x, 1)`` looked up: a ruled page repeats a few coordinates in thousands of edges,
    and rounding is far dearer than a dict hit."""

    def __missing__(self, x: float) -> float:
        value = self[x] = round(x, 1)
        return value


def _runs(rules: list[RulingLine], gap: float = 50.0) -> list[list[RulingLine]]:
    """Horizontal rules (sorted by top) split where one is far below the previous: two tables."""
    runs: list[list[RulingLine]] = []
    for e in rules:
        if runs and e["top"] - runs[-1][-1]["bottom"] <= gap:
            runs[-1].append(e)
        else:
            runs.append([e])
    return runs


def lattice_tables(
    chars: Sequence[Glyph],
    edges: list[RulingLine],
    size: tuple[float, float],
    lines: Sequence[Line] = (),
) -> list[Grid]:
    """Ruled tables: cells are the rectangles formed by the ruling lines (pdfplumber 'lines')."""
    from pdfplumber.table import TableFinder

    edges = without_text_frames(edges)
    verticals = [e for e in edges if e["orientation"] == "v"]
    finder = TableFinder(
        _PlumberPage(list(edges) + rule_end_edges(edges), size),  # type: ignore[arg-type]
        {"vertical_strategy": "lines", "horizontal_strategy": "lines"},
    )
    words = [(w.text, w.bbox) for ln in lines for w in ln.words]
    out = []
    for table in finder.tables:
        buckets = _cell_glyphs(table, chars, verticals)
        texts, boxes = _cell_texts(table, buckets)
        grid = normalise_grid(*split_spanning_cells(table, [list(r) for r in texts], [list(r) for r in boxes], words))
        if grid is not None and not is_degenerate(grid.rows):
            grid.bbox = tuple(table.bbox)  # type: ignore[assignment]
            pieces = [stacked_lines(r.cells, bs) for r, bs in zip(table.rows, buckets, strict=True)]
            if all(len(p) == 1 for p in pieces):
                out.append(grid)  # no ruled row holds several rows: read stacked, it is the same grid
                continue
            stacked = normalise_grid(*split_spanning_cells(table, *stacked_texts(table, pieces, texts, boxes), words))
            if stacked is not None and len(stacked.rows) > len(grid.rows):
                stacked.bbox = grid.bbox
                grid.stacked = stacked
            out.append(grid)
    return out


def _cell_glyphs(table: Any, chars: Sequence[Glyph], verticals: Sequence[RulingLine] = ()) -> CellGlyphs:
    """pdfplumber's Table.extract, but placing each char once by bisection (it rescans every row),
    straight from the page's glyphs (no pdfplumber char dict is built for them), and by the sides
    of its cell as drawn (`verticals`: the page's vertical rules)."""
    rows = [_drawn_sides(r, verticals) for r in table.rows]
    boxes = [r.bbox for r in rows]
    tops = [b[1] for b in boxes]
    buckets: list[list[list[tuple[Glyph, bool]]]] = [[[] for _ in r.cells] for r in rows]
    tx0, ttop, tx1, tbottom = table.bbox
    gap = True  # a word break (space or line break) since the last glyph
    # Glyphs of a word begun left of the table's box ("R|evenues" where a shaded band's side stands a few points
    # into the row labels): they go with the rest of the word into the first cell.
    overhang: list[tuple[Glyph, bool]] = []
    for ch in chars:
        if ch.text in " \n":
            gap = True
            continue
        space_before, gap = gap, False
        x0, x1 = ch.x0, ch.x1
        vm, hm = (ch.top + ch.bottom) / 2, (x0 + x1) / 2
        if hm < tx0 and ttop <= vm < tbottom:
            overhang = [*([] if space_before else overhang), (ch, space_before)]
            continue
        held, overhang = ([] if space_before else overhang), []
        if not (tx0 <= hm < tx1 and ttop <= vm < tbottom):
            continue
        # Rows are sorted by top; a cell spanning several rows belongs to the row where it starts,
        # so walk up from the last row starting above the char until a cell takes it.
        j = bisect_right(tops, vm) - 1
        placed = False
        while j >= 0 and not placed:
            if vm < boxes[j][3]:
                for k, cell in enumerate(rows[j].cells):
                    if cell is not None and cell[0] <= hm < cell[2] and cell[1] <= vm < cell[3]:
                        inner = cell[0] - 0.5 <= x0 and x1 <= cell[2] + 0.5  # the common case, cheaply
                        if held and k == 0 and abs((held[-1][0].top + held[-1][0].bottom) / 2 - vm) < SAME_LINE:
                            buckets[j][k] += held
                            space_before = False
                        # the table's outer left side cuts no overflow from a cell beside it
                        side = (min(cell[0], x0), *cell[1:]) if k == 0 else cell
                        if inner or not _clipped(x0, x1, side):
                            buckets[j][k].append((ch, space_before))
                        placed = True
                        break
            j -= 1
    return buckets


def _cell_texts(table: Any, buckets: CellGlyphs) -> tuple[list[list[str | None]], list[list[BBox | None]]]:
    """Each cell's text and box, a row of the table per ruled row."""
    texts: list[list[str | None]] = []
    cell_boxes: list[list[BBox | None]] = []
    for r, bs in zip(table.rows, buckets, strict=True):
        texts.append([None if c is None else cell_text(b) for c, b in zip(r.cells, bs, strict=True)])
        cell_boxes.append([None if c is None else tuple(c) for c in r.cells])
    return texts, cell_boxes


def clipped_by_rule(ch: Mapping[str, float], cell: Sequence[float]) -> bool:
    """A glyph that its cell's side rule cuts through is text overflowing the cell ("Elizab|eth"
    printed as far as the rule): the cell shows it cut, so it is not part of the cell's text. A
    glyph that only touches the rule (loose boxes overshoot a little) stays."""
    return _clipped(ch["x0"], ch["x1"], cell)


@dataclass(frozen=True, slots=True)
class _Row:
    bbox: BBox
    cells: list[BBox | None]


def _drawn_sides(row: Any, verticals: Sequence[RulingLine]) -> _Row:
    """The row with each cell's sides on the nearest rule drawn across the row within SIDE_SNAP points.
    The finder snaps each vertical onto the mean x of all those within its tolerance of the next, on
    the whole page: short strokes of a logo at its foot moved a table's rule 6.5 pt into its column's
    first letters ("icrostep Resolution", "ull Step"), though no rule is drawn through them."""
    middle = (row.bbox[1] + row.bbox[3]) / 2
    xs = sorted(v["x0"] for v in verticals if v["top"] <= middle <= v["bottom"])

    def side(x: float) -> float:
        at = bisect_right(xs, x)
        best = min(xs[max(0, at - 1) : at + 1], key=lambda d: abs(d - x), default=x)
        return best if abs(best - x) <= SIDE_SNAP else x

    cells: list[BBox | None] = []
    for c in row.cells:
        if c is None:
            cells.append(None)
            continue
        left, right = side(c[0]), side(c[2])
        cells.append((left, c[1], right, c[3]) if left < right else tuple(c))
    return _Row(row.bbox, cells)


def _clipped(x0: float, x1: float, cell: Sequence[float]) -> bool:
    width = x1 - x0
    over = max(x1 - cell[2], cell[0] - x0)
    return over > max(0.5, 0.15 * width)


def split_spanning_cells(
    table: Any,
    texts: list[list[str | None]],
    boxes: list[list[BBox | None]],
    words: Sequence[tuple[str, BBox]],
) -> tuple[list[list[str | None]], list[list[BBox | None]]]:
    """A cell spanning several columns whose words sit each inside one of those columns holds
    several values (a row drawn without its inner rules): give each column its own words."""
    xs = sorted({round(c[0], 1) for r in boxes for c in r if c is not None} | {round(table.bbox[2], 1)})
    for i, row in enumerate(boxes):
        for k, cell in enumerate(row):
            if cell is None or not texts[i][k]:
                continue
            first = bisect_right(xs, cell[0] + 0.5) - 1
            last = bisect_right(xs, cell[2] - 0.5)
            if last - first < 2:
                continue  # one column wide
            inside = [
                (t, b)
                for t, b in words
                if cell[0] <= (b[0] + b[2]) / 2 < cell[2] and cell[1] <= (b[1] + b[3]) / 2 < cell[3]
            ]
            parts: dict[int, list[tuple[str, BBox]]] = {}
            fits = True
            for t, b in inside:
                col = bisect_right(xs, (b[0] + b[2]) / 2) - 1
                if b[0] < xs[col] - 1 or b[2] > xs[col + 1] + 1:
                    fits = False
                    break
                parts.setdefault(col, []).append((t, b))
            if not fits or len(parts) < 2 or _phrase_across(inside, xs):
                continue
            for col, ws in parts.items():
                j = col - first + k
                if j >= len(row):
                    break
                ws.sort(key=lambda tw: ((tw[1][1] + tw[1][3]) / 2 // 3, tw[1][0]))
                texts[i][j] = " ".join(t for t, _ in ws)
                boxes[i][j] = union_bbox(b for _, b in ws)
            for j in range(k, min(k + last - first, len(row))):
                if j - k + first not in parts:
                    texts[i][j], boxes[i][j] = "", None
    return texts, boxes


def _phrase_across(words: Sequence[tuple[str, BBox]], xs: Sequence[float]) -> bool:
    """Do two words a word space apart on one line lie on either side of a column line? Then
    the cell holds a phrase set over both columns ("number of | franchisors"), not two values."""
    for row in _bands(words):
        for phrase in _phrases(row):
            cols = {bisect_right(xs, (b[0] + b[2]) / 2) for _, b in phrase}
            if len(cols) > 1:
                return True
    return False
