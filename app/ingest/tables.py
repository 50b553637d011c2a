"""Tables on a page: a cheap detector, then pdfplumber's table finder on pdfium geometry, then camelot.

Everything here works in the page's reading frame (x right, y down, in points). The detector
looks at ruling lines and at rows of aligned numbers so that the costly extractors run only on
pages that probably hold a table:

- ruled tables: pdfplumber's ``TableFinder`` (lines strategy) fed with pdfium's characters and
  path edges through a small page shim, so the page is never parsed a second time by pdfminer;
- unruled tables (whitespace columns, or horizontal rules only): camelot ``stream`` on that page.

This module puts a page's tables together (``extract_tables``) and finds tables under a caption that no detector
saw; the parts live beside it: ``table_text`` (cells as text, header and data rows, page signals), ``table_words``
(grids from words), ``table_ruled`` (ruled tables), ``table_stream`` (whitespace tables, header cells, choosing
among candidates), ``table_captions`` (captions, labels, headers, continuations). The names other code uses are
re-exported here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from app.ingest.extracted import BBox, ExtractedTable
from app.ingest.passages import Line
from app.ingest.table_booktabs import booktabs_tables
from app.ingest.table_captioned import captioned_tables, share_row_captions
from app.ingest.table_captions import (
    assign_captions,
    caption_lines,
    continues,
    finish_table,
    link_continuation,
    table_label,
    table_markdown,
    with_figure_captions,
)
from app.ingest.table_frames import captioned_frames, yield_to_frames
from app.ingest.table_headed import headed_tables
from app.ingest.table_headers import join_header_wraps
from app.ingest.table_label_figures import labels_hold_figures
from app.ingest.table_regions import without_wider_regions
from app.ingest.table_ruled import Glyph, clipped_by_rule, lattice_tables, without_text_frames
from app.ingest.table_shading import join_band_rows, shading_bands, unshaded_edges
from app.ingest.table_spaced import join_word_spaced
from app.ingest.table_spans import lift_spanning_labels
from app.ingest.table_stream import (
    CamelotStream,
    _merge_candidates,
    _merged_cells,
    _overlap,
    _rows_outside,
    framed,
    horizontal_rules,
    stack_header_cells,
    stream_grids,
)
from app.ingest.table_text import RulingLine, is_degenerate, normalise_rows, page_signals, rows_to_markdown
from app.ingest.table_words import Grid, text_rows, words_grid

__all__ = [
    "CamelotStream",
    "Grid",
    "RulingLine",
    "captioned_tables",
    "clipped_by_rule",
    "continues",
    "extract_tables",
    "finish_table",
    "is_degenerate",
    "lattice_tables",
    "lines_outside",
    "link_continuation",
    "normalise_rows",
    "page_signals",
    "rows_to_markdown",
    "stack_header_cells",
    "stream_grids",
    "table_label",
    "table_markdown",
    "without_text_frames",
    "words_grid",
]


# A page whose rules frame no grid sends its rows of numbers to the whitespace reading when it has this many.
MIN_BOXED_ROWS = 3


def extract_tables(
    chars: Sequence[Glyph],
    edges: list[RulingLine],
    lines: Sequence[Line],
    size: tuple[float, float],
    *,
    stream: Callable[[], list[tuple[list[list[str]], BBox]]] | None = None,
) -> list[ExtractedTable]:
    """Tables on one page, in the reading frame. ``chars`` need .text/.x0/.top/.x1/.bottom.

    ``stream`` returns whitespace-column tables for this page (rows, bbox in the reading frame);
    it is called only when the page has rows of numbers that the ruled tables do not explain well.
    """
    bands = shading_bands(edges)
    edges = unshaded_edges(edges, bands)
    rows = text_rows(lines)
    signals = page_signals(edges, rows)
    found: list[Grid] = []
    if signals.ruled:
        found = lattice_tables(chars, edges, size, lines)
    # Rules that frame no grid (a box round rows set apart by whitespace) leave the page's rows of numbers to the
    # whitespace reading, aligned or not.
    boxed = signals.ruled and not found and signals.numeric_rows >= MIN_BOXED_ROWS
    if (signals.unruled or boxed) and stream is not None:
        words = [w for ln in lines for w in ln.words]
        labelled = [g for g in found if labels_hold_figures(g, words)]
        poor = [g for g in found if _merged_cells(g.rows)]
        outside = _rows_outside(signals.numeric, [g.bbox for g in found]) >= 3
        if poor or labelled or outside:
            # a grid that reads labels with their first figures is cut into columns again within its own box too:
            # the whitespace reader may take its rows for several tables, or see only some of them
            regions = stream_grids(stream() + [(g.rows, g.bbox) for g in labelled], lines, size[0], edges)
            if not (poor or outside):  # read again for those grids only: the page's other ruled tables stand
                regions = [r for r in regions if any(_overlap(r.bbox, g.bbox) >= 0.5 for g in labelled)]
            if not signals.unruled:
                regions = framed(regions, horizontal_rules(edges), edges)
            if regions:  # a region wider than a ruled or a booktabs table it holds takes in the page beside it
                regions = without_wider_regions(regions, found, booktabs_tables(edges, lines, found))
            found = _merge_candidates(found, regions)
    found = yield_to_frames([g.stacked or g for g in found], edges, lines)
    found += booktabs_tables(edges, lines, found)
    found = headed_tables(edges, lines, found)
    captions = caption_lines(lines)  # once per page: tables are few, lines many
    if captions:
        found += captioned_frames(edges, lines, found, captions)
        found = captioned_tables(lines, found, captions, edges)
    rules = horizontal_rules(edges)
    for g in found:
        join_band_rows(g, bands)
        join_word_spaced(g)
        join_header_wraps(g)
        lift_spanning_labels(g, rules)
    found.sort(key=lambda g: (round(g.bbox[1]), g.bbox[0]))
    chosen = assign_captions([g.bbox for g in found], captions) if captions else [None] * len(found)
    chosen = with_figure_captions([g.bbox for g in found], chosen, lines)
    chosen = share_row_captions([g.bbox for g in found], chosen)
    return [finish_table(i, g, lines, [], caption_line=c) for i, (g, c) in enumerate(zip(found, chosen, strict=True))]


# A line inside a table's box whose words the table's cells do not hold ("PRIMARY ELECTION, AUGUST 7, 2018" set
# over an election table, a title row the grid left out) is kept as page text: dropped, it would be in neither a
# passage nor the table, and no question could find it. At least this many of its words, and this share of those
# inside the box, must be absent from the cells, so stray pieces of a cell (a wrapped header) are not kept twice.
MIN_UNHELD_WORDS = 2
MIN_UNHELD_SHARE = 0.6
_CELL_TOKEN = re.compile(r"[a-z0-9]+")


def _tokens(text: str) -> list[str]:
    return _CELL_TOKEN.findall(text.lower())


def lines_outside(lines: Sequence[Line], boxes: list[BBox], cells: Sequence[Sequence[Sequence[str]]]) -> list[Line]:
    """The lines with table words removed, so passages do not repeat the tables' cell soup; a line inside a box that
    its table's cells (`cells`: each box's rows) do not hold stays whole."""
    if not boxes:
        return list(lines)
    held = [{t for row in rows for cell in row for t in _tokens(cell)} for rows in cells]
    out: list[Line] = []
    cut = False
    for ln in lines:
        inside = [_box_of(w.bbox, boxes) for w in ln.words]
        words = [w for w, b in zip(ln.words, inside, strict=True) if b is None]
        if len(words) < len(ln.words) and _unheld_line(ln, inside, held):
            words = list(ln.words)
        if len(words) < len(ln.words):
            cut = True
        if words:
            out.append(Line(words, new_block=ln.new_block or cut))
            cut = False
    return out


def _unheld_line(ln: Line, inside: Sequence[int | None], held: Sequence[set[str]]) -> bool:
    """Most of the line's words inside a table box are words its table's cells do not hold."""
    within = [(w, b) for w, b in zip(ln.words, inside, strict=True) if b is not None]
    unheld = [w for w, b in within if any(c.isalpha() for c in w.text) and not set(_tokens(w.text)) <= held[b]]
    return len(unheld) >= MIN_UNHELD_WORDS and len(unheld) >= MIN_UNHELD_SHARE * len(within)


def _box_of(box: BBox, boxes: list[BBox]) -> int | None:
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return next((i for i, b in enumerate(boxes) if b[0] <= cx <= b[2] and b[1] <= cy <= b[3]), None)
