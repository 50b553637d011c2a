"""Tables under a caption that no detector saw: words only, no rules, no numbers needed.

A paper sets a small whitespace table in one of its two text columns, under a caption of several lines, with the
other column's prose beside it: the table is read from the words of the caption's own column only.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.ingest.extracted import BBox
from app.ingest.passages import Line
from app.ingest.table_captions import caption_lines, find_caption
from app.ingest.table_stream import _overlap, horizontal_rules, stack_header_cells
from app.ingest.table_text import RulingLine, is_degenerate
from app.ingest.table_words import Grid, _bands, _segments, words_grid

# Between a caption and its table: at most this many more lines of the caption (set as one phrase each), and a gap
# of at most this many text heights (room for a rule over the header); between the table's rows, at most
# ROW_GAP_EMS. A "Table N" line followed by more lines of prose than that is a sentence, not a caption.
MAX_CAPTION_LINES = 5
CAPTION_GAP_EMS = 6.0
ROW_GAP_EMS = 2.5


def captioned_tables(
    lines: Sequence[Line],
    found: Sequence[Grid],
    captions: Sequence[Line] | None = None,
    edges: Sequence[RulingLine] = (),
) -> list[Grid]:
    """``found`` with the tables under captions that no detector saw added. A found table that holds a caption line
    and reaches across that caption's text column into the next (a whitespace region that took in both columns of a
    page) is replaced by the table read under the caption in its own column, when there is one.
    ``captions``: the page's caption lines (``caption_lines``), when the caller has them."""
    out = list(found)
    for ln in caption_lines(lines) if captions is None else captions:
        if any(find_caption([ln], g.bbox, [ln]) for g in out):
            continue  # the caption of a table already found
        inside = [i for i, g in enumerate(out) if _overlap(ln.bbox, g.bbox) > 0.5]
        span = column_span(lines, ln.bbox)
        if inside and not any(_across(out[i].bbox, span) for i in inside):
            continue  # a caption inside a table's frame, or a row of it
        grid = _grid_below(lines, ln.bbox, span)
        if grid is not None:
            stack_header_cells(grid, horizontal_rules(edges), edges)  # as a whitespace table's header is
            out = [g for i, g in enumerate(out) if i not in inside] + [grid]
    return out


def _across(box: BBox, span: tuple[float, float]) -> bool:
    """Does a table's box reach past a text column's bounds (into the next column)?"""
    return box[0] < span[0] - 1 or box[2] > span[1] + 1


def column_span(lines: Sequence[Line], caption: BBox) -> tuple[float, float]:
    """The x extent of the text column a caption is set in: up to the nearest line beside the caption on either
    side (the other column's prose), or the whole page when nothing stands beside it."""
    left, right = float("-inf"), float("inf")
    for ln in lines:
        b = ln.bbox
        if min(b[3], caption[3]) - max(b[1], caption[1]) <= 0:
            continue  # not on the caption's line
        if b[0] >= caption[2]:
            right = min(right, b[0])
        elif b[2] <= caption[0]:
            left = max(left, b[2])
    return left, right


def _grid_below(lines: Sequence[Line], caption: BBox, span: tuple[float, float]) -> Grid | None:
    left, right = span
    words = [
        (w.text, w.bbox)
        for ln in lines
        for w in ln.words
        if w.bbox[1] >= caption[3] - 1 and w.bbox[0] >= left and w.bbox[2] <= right
    ]
    bands = _bands(words)
    picked: list[list[tuple[str, BBox]]] = []
    singles = 0
    last_bottom = caption[3]
    for band in bands:
        height = max(b[3] - b[1] for _, b in band)
        if band[0][1][1] - last_bottom > (ROW_GAP_EMS if picked else CAPTION_GAP_EMS) * height:
            break
        if len(_segments(band, join=1.0)) >= 2:
            picked.append(band)
        elif picked:
            break  # the table is over
        else:
            singles += 1  # the caption's own next line
            if singles >= MAX_CAPTION_LINES:
                return None  # prose follows a sentence that starts like a caption
        last_bottom = max(b[3] for _, b in band)
    if len(picked) < 3:
        return None
    grid = words_grid([tw for band in picked for tw in band])
    if grid is None or is_degenerate(grid.rows) or not _has_short_column(grid.rows):
        return None
    return grid


def _has_short_column(rows: Sequence[Sequence[str]]) -> bool:
    """Two columns of prose are not a table: some column beyond the first holds short values."""
    for j in range(1, len(rows[0])):
        lengths = sorted(len(r[j]) for r in rows if r[j])
        if lengths and lengths[len(lengths) // 2] <= 20:
            return True
    return False


# Tables set side by side in one row (blocks of one long list, or the parts of one figure of tables) start within
# this many points of one another.
SAME_ROW = 3.0


def share_row_captions(tables: Sequence[BBox], chosen: Sequence[Line | None]) -> list[Line | None]:
    """A table left without a caption takes the caption of the nearest table set beside it in the same row (tops
    within SAME_ROW points): one caption over blocks set side by side names them all, however far the outer block
    lies from it."""
    out = list(chosen)
    for i, t in enumerate(tables):
        if out[i] is not None:
            continue
        row = [(abs(b[0] - t[0]), k) for k, b in enumerate(tables) if k != i and chosen[k] is not None]
        row = [(d, k) for d, k in row if abs(tables[k][1] - t[1]) <= SAME_ROW]
        if row:
            out[i] = chosen[min(row)[1]]
    return out
