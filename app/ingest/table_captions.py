"""Captions, labels and headers of a found table, and tables continued on the next page."""

from __future__ import annotations

from collections.abc import Sequence

from app.ingest.extracted import BBox, ExtractedTable
from app.ingest.passages import Line, union_bbox
from app.ingest.table_bands import unwrap_bands
from app.ingest.table_cell_boxes import fill_missing_boxes
from app.ingest.table_channels import mend_columns, mend_header
from app.ingest.table_column_names import joined_columns
from app.ingest.table_intro import split_intro_rows
from app.ingest.table_names_above import take_names_above
from app.ingest.table_names_over import take_names_over
from app.ingest.table_stream import _overlap
from app.ingest.table_text import _CAPTION, _FIGURE_CAPTION, _is_data_row, header_row_count, rows_to_markdown
from app.ingest.table_words import Grid
from app.ingest.table_wraps import join_label_lines, join_wrapped_labels, join_wrapped_rows

# ------------------------------------------------------------------------------------------------
# Captions, labels, headers
# ------------------------------------------------------------------------------------------------


def table_label(caption: str | None) -> str | None:
    """The document's own label at the start of a caption: "Table 6.4", "Table 2-1", "Table A4-12"."""
    m = _CAPTION.match(caption or "")
    return f"{m.group(1)} {m.group(2)}" if m else None


def find_caption(lines: Sequence[Line], bbox: BBox, captions: Sequence[Line] | None = None) -> str | None:
    """A 'Table N ...' line just above the table (or just below it), with the lines it wraps onto.

    ``captions``: the lines that start like a caption, when the caller has them (once per page)."""
    if captions is None:
        captions = caption_lines(lines)
    best: tuple[float, Line] | None = None
    for ln in captions:
        b = ln.bbox
        if min(b[2], bbox[2]) <= max(b[0], bbox[0]) - 50:
            continue  # not horizontally near the table
        above = bbox[1] - b[3]
        below = b[1] - bbox[3]
        dist = above if -5 <= above <= 80 else (below + 20 if -5 <= below <= 40 else None)
        if dist is not None and (best is None or dist < best[0]):
            best = (dist, ln)
    if best is None:
        return None
    return _caption_text(lines, best[1], bbox)


def _caption_gap(caption: BBox, table: BBox, side: str) -> float | None:
    """How far a caption line lies from a table on one side ("above" or "below"), None when it is
    not placed as that table's caption there. A caption below counts 20 pt farther (captions above
    are the more common), one that does not overlap the table sideways 1000 pt farther (it is
    near enough only when no caption is over or under the table)."""
    if min(caption[2], table[2]) <= max(caption[0], table[0]) - 50:
        return None  # not horizontally near the table
    middle = (table[1] + table[3]) / 2
    if table[1] - 5 <= caption[1] and caption[3] <= table[3] + 5:
        # Inside the region (prose above the caption drawn into it): its own caption on that side of the middle.
        if caption[3] > middle if side == "above" else caption[1] < middle:
            return None
        gap = 0.0 if side == "above" else 20.0
    elif side == "above":
        gap = table[1] - caption[3]
        if not -5 <= gap <= 80:
            return None
    else:
        gap = caption[1] - table[3]
        if not -5 <= gap <= 40:
            return None
        gap += 20
    return gap if min(caption[2], table[2]) > max(caption[0], table[0]) else gap + 1000


def assign_captions(tables: Sequence[BBox], captions: Sequence[Line]) -> list[Line | None]:
    """The caption line of each table of a page. A page sets its captions on one side: above every
    table, or below every table (side by side tables each over its own caption), whichever side
    captions more of them (nearer in all, on a tie); each caption names one table, the nearest.
    A table that side leaves without one gets its nearest caption either way, even one another
    table has (one caption under two tabulars set side by side)."""
    best: tuple[tuple[int, float], list[int | None]] | None = None
    for side in ("above", "below"):
        pairs = sorted(
            (gap + _bare_inside(c, t), i, k)
            for i, t in enumerate(tables)
            for k, c in enumerate(captions)
            if (gap := _caption_gap(c.bbox, t, side)) is not None
        )
        chosen: list[int | None] = [None] * len(tables)
        used: set[int] = set()
        total = 0.0
        for gap, i, k in pairs:
            if chosen[i] is None and k not in used:
                chosen[i] = k
                used.add(k)
                total += gap
        key = (sum(k is not None for k in chosen), -total)
        if best is None or key > best[0]:
            best = (key, chosen)
    out: list[Line | None] = []
    for i, t in enumerate(tables):
        pick = best[1][i] if best is not None else None
        if pick is None:
            near = [(gap, j) for side in ("above", "below") for j, c in enumerate(captions)
                    if (gap := _caption_gap(c.bbox, t, side)) is not None]  # fmt: skip
            pick = min(near)[1] if near else None
        out.append(None if pick is None else captions[pick])
    return out


# A bare label inside a table ("Schedule1", a column head with its note mark) is more likely a cell than its caption:
# it counts this much farther than a caption set in its place, so a titled caption above the table wins.
BARE_LABEL_GAP = 60.0


def _bare_inside(caption: Line, table: BBox) -> float:
    m = _CAPTION.match(caption.text.strip())
    inside = table[1] - 5 <= caption.bbox[1] and caption.bbox[3] <= table[3] + 5
    bare = m is not None and not caption.text.strip()[m.end() :].strip(" .:")
    return BARE_LABEL_GAP if inside and bare else 0.0


def caption_lines(lines: Sequence[Line]) -> list[Line]:
    """The lines that start like a table caption ("Table 6.4 ..."), in order."""
    return [ln for ln in lines if _CAPTION.match(ln.text.strip())]


def figure_caption_lines(lines: Sequence[Line]) -> list[Line]:
    """The lines that start like a numbered figure caption ("Figure 13. ..."), in order."""
    return [ln for ln in lines if _FIGURE_CAPTION.match(ln.text.strip())]


def with_figure_captions(
    tables: Sequence[BBox], chosen: Sequence[Line | None], lines: Sequence[Line]
) -> list[Line | None]:
    """The tables left without a table caption take the figure caption set against them, when one is (the
    nearest, each caption one table): a table a paper numbers as a figure is still found by its caption's words."""
    bare = [i for i, c in enumerate(chosen) if c is None]
    figures = figure_caption_lines(lines) if bare else []
    if not figures:
        return list(chosen)
    pairs = sorted(
        (gap, i, k)
        for i in bare
        for side in ("above", "below")
        for k, c in enumerate(figures)
        if (gap := _caption_gap(c.bbox, tables[i], side)) is not None and gap < 1000
    )
    out, used = list(chosen), set[int]()
    for _, i, k in pairs:
        if out[i] is None and k not in used:
            out[i] = figures[k]
            used.add(k)
    return out


def _caption_text(lines: Sequence[Line], first: Line, table: BBox) -> str:
    """The caption line and the lines right below it (same block, not inside the table)."""
    parts = [first.text.strip()]
    cur = first.bbox
    for _ in range(3):
        height = cur[3] - cur[1]
        nxt = [
            ln
            for ln in lines
            if 0 <= ln.bbox[1] - cur[3] < 0.8 * height + 2
            and min(ln.bbox[2], cur[2]) > max(ln.bbox[0], cur[0])
            and not _overlap(ln.bbox, table) > 0.5
            and not _CAPTION.match(ln.text.strip())
            and _wraps_under(first.bbox, ln.bbox)
        ]
        if not nxt:
            break
        ln = min(nxt, key=lambda x: x.bbox[1])
        if abs((ln.bbox[3] - ln.bbox[1]) - height) > 0.25 * height:
            break  # another font size: the table's own header or body text
        parts.append(ln.text.strip())
        cur = ln.bbox
    return " ".join(parts)[:400]


def _wraps_under(first: BBox, line: BBox, filled: bool = False) -> bool:
    """Is ``line`` set like the next line of a caption whose first line is ``first``: starting
    at its left or hanging indent, or centred under it? A column name centred over a table's
    right half ("Projected—Continued") is not. Under a ``filled`` first line (one that wrapped when full), a line of
    names reaching far past its right end is the table's column names, not the caption's next line."""
    width = first[2] - first[0]
    if filled and line[2] > first[2] + CAPTION_OVERHANG * width:
        return False
    centred = abs((line[0] + line[2]) / 2 - (first[0] + first[2]) / 2) <= 0.05 * width
    return line[0] <= first[0] + 0.25 * width or centred


# A caption's next line reaches at most this share of the first line's width past its right end.
CAPTION_OVERHANG = 0.1


def _lone_number(row: Sequence[str]) -> bool:
    filled = [c for c in row if c]
    return len(filled) == 1 and filled[0].isdigit() and len(filled[0]) <= 3  # a page number, not a year


# A whitespace region may take in this many lines of the running text above a caption it holds.
MAX_LINES_ABOVE_CAPTION = 3


def _joined(row: Sequence[str]) -> str:
    return " ".join(c for c in row if c)


def split_caption_rows(grid: Grid) -> str | None:
    """A caption printed inside the table's frame ("Table 14." in the first row, wrapping onto a
    second) is taken out of the rows; returns it."""
    if len(grid.rows) > 2 and _lone_number(grid.rows[0]) and not _is_data_row(grid.rows[1]):
        del grid.rows[0], grid.boxes[0]  # the page's number, set above the caption or header, taken into the region
    if not grid.rows:
        return None
    above = next((k for k, r in enumerate(grid.rows[: MAX_LINES_ABOVE_CAPTION + 1]) if _CAPTION.match(_joined(r))), 0)
    if above and not any(_is_data_row(r) for r in grid.rows[:above]):
        del grid.rows[:above], grid.boxes[:above]  # lines of the text above the caption, taken into the region
    first = _joined(grid.rows[0])
    if not _CAPTION.match(first):
        return None
    head = union_bbox(b for b in grid.boxes[0] if b is not None) if any(grid.boxes[0]) else None
    titled = len(first.split()) > 3  # the first line holds more than the label: it was filled before it wrapped
    n = 1
    while n < min(3, len(grid.rows) - 2) and sum(1 for c in grid.rows[n] if c) == 1:
        box = next(b for c, b in zip(grid.rows[n], grid.boxes[n], strict=True) if c)
        named = all(not w[:1].islower() for w in " ".join(grid.rows[n]).split())  # names, no running words
        if head is not None and box is not None and not _wraps_under(head, box, titled and named):
            break
        n += 1
    caption = " ".join(" ".join(c for c in r if c) for r in grid.rows[:n])
    del grid.rows[:n]
    del grid.boxes[:n]
    return caption[:400]


def table_markdown(rows: Sequence[Sequence[str]], columns: Sequence[str] | None, header_rows: int) -> str:
    """Markdown with the joined column names as its header line when there are any."""
    if columns:
        return rows_to_markdown([list(columns), *rows[header_rows:]])
    return rows_to_markdown(rows)


def _caption_tail(row: Sequence[str]) -> bool:
    """A first row that is only the lower-case end of a sentence in the first column."""
    filled = [c for c in row if c]
    return len(filled) == 1 and bool(row[0]) and row[0][0].islower() and len(row[0].split()) >= 2


def _round_box(b: BBox) -> BBox:
    return (round(b[0], 2), round(b[1], 2), round(b[2], 2), round(b[3], 2))


def finish_table(
    index: int,
    grid: Grid,
    lines: Sequence[Line],
    captions: Sequence[Line] | None = None,
    caption_line: Line | None = None,
) -> ExtractedTable:
    """``captions``: the page's caption lines (``caption_lines``), when the caller has them;
    ``caption_line``: the one of them that is this table's (``assign_captions``), if the caller
    chose it (then ``captions`` is not searched)."""
    take_names_above(grid, lines) or take_names_over(grid, lines)
    bbox = grid.bbox
    mend_columns(grid, lines)
    inner_caption = split_caption_rows(grid) or split_intro_rows(grid)
    join_wrapped_labels(grid)
    join_label_lines(grid)
    join_wrapped_rows(grid)
    unwrap_bands(grid)
    caption: str | None
    if caption_line is not None:
        caption = _caption_text(lines, caption_line, bbox)
    elif captions is None or captions:
        caption = find_caption(lines, bbox, captions)
    else:
        caption = None
    # A labelled caption among the region's first rows is this table's, all its lines: before a line outside the
    # region (the previous table's caption above a region that took in a paragraph) or its own first line inside.
    outside = caption_line is None or _overlap(caption_line.bbox, bbox) == 0
    if (label := table_label(inner_caption)) and (outside or label == table_label(caption)):
        caption = inner_caption
    caption = caption or inner_caption
    if caption and len(grid.rows) > 2 and caption[-1] not in ".:;)" and _caption_tail(grid.rows[0]):
        # the caption's last line was read as the table's first row ("... in educational" / "institutions in 2004")
        caption = f"{caption} {grid.rows[0][0]}"[:400]
        del grid.rows[0], grid.boxes[0]
    if grid.notes:
        caption = " ".join([caption or "", *grid.notes]).strip()[:400]
    header_rows = header_row_count(grid.rows)
    mend_header(grid, lines, header_rows)
    fill_missing_boxes(grid, lines)
    columns = joined_columns(grid, header_rows)
    return ExtractedTable(
        index,
        grid.rows,
        table_markdown(grid.rows, columns, header_rows),
        _round_box(grid.bbox),
        caption,
        label=table_label(caption),
        columns=columns,
        header_rows=header_rows,
        cell_boxes=[[None if b is None else _round_box(b) for b in r] for r in grid.boxes],
    )


def continues(prev: ExtractedTable, prev_height: float, table: ExtractedTable, height: float) -> bool:
    """Does ``table`` (first on its page) go on with ``prev`` (last on the page before)? Both
    bboxes are in display coordinates. Same columns, ``prev`` reaching the foot of its page,
    ``table`` starting near the top of its own, and no caption of its own with another label."""
    if not prev.rows or not table.rows or prev.bbox[3] < 0.6 * prev_height or table.bbox[1] > 0.4 * height:
        return False
    if table.label is not None and table.label == prev.label:
        return True  # "Table 14 ... —Continued": the document says so (its columns may differ)
    return table.label is None and len(prev.rows[0]) == len(table.rows[0])


def link_continuation(prev: ExtractedTable, table: ExtractedTable) -> None:
    """Mark ``table`` as the continuation of ``prev`` and carry the header over when the page
    has none of its own (its first rows are data)."""
    table.continues_previous = True
    if table.header_rows == 0 or not table.columns:
        # the page starts with data rows: it reads under the header of the part before
        table.header_rows = 0
        table.columns = list(prev.columns) if prev.columns else None
    table.caption = table.caption or prev.caption
    table.label = table.label or prev.label
    table.markdown = table_markdown(table.rows, table.columns, table.header_rows)
