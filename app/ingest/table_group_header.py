"""A header line set over a table's value columns but left out of its grid ("Three Months Ended June 30,   Six Months
Ended June 30," over "2023 2022 2023 2022"): without it four columns are named by two years and a question about the
quarter cannot tell them apart.

The line right above the table's first row, no farther than rows are set apart, standing wholly over the columns
right of the labels (a paragraph starts over the labels), with words in letters, in two phrases or more (a title
is one), is taken in as the first header row: each phrase of it (words set closer than a column gap) in the column
under its start, its box reaching over the columns it spans, so joined_columns names each of them."""

from __future__ import annotations

from collections.abc import Sequence

from app.ingest.extracted import BBox, centred_in
from app.ingest.passages import Line, Word, union_bbox
from app.ingest.table_text import _CAPTION, _YEAR
from app.ingest.table_words import Grid

# Farther above the first row than this many usual row pitches, a line is the page's, not the table's; a line of
# years only may stand farther, up to YEARS_GAP_PITCHES (statements set their years a blank line above the body).
MAX_GAP_PITCHES = 1.5
YEARS_GAP_PITCHES = 2.0
# Words of one phrase are set closer than this many line heights; a wider gap starts the next phrase.
PHRASE_GAP_EMS = 1.0
CELL_SLACK = 0.5  # a word's centre this far outside a cell's box is still in it
MIN_ROWS = 3  # rows needed to know how far apart rows are set


def _top(boxes: Sequence[BBox | None]) -> float | None:
    found = [b[1] for b in boxes if b is not None]
    return min(found) if found else None


def _phrases(words: Sequence[Word], height: float) -> list[list[Word]]:
    out: list[list[Word]] = []
    for w in sorted(words, key=lambda w: w.bbox[0]):
        if out and w.bbox[0] - out[-1][-1].bbox[2] < PHRASE_GAP_EMS * height:
            out[-1].append(w)
        else:
            out.append([w])
    return out


def _line_above(grid: Grid, lines: Sequence[Line]) -> list[Word] | None:
    """The words of the line right above the table's first row, when it is set as near as rows are."""
    tops = [t for row in grid.boxes if (t := _top(row)) is not None]
    if len(tops) < MIN_ROWS:
        return None
    pitches = sorted(b - a for a, b in zip(tops, tops[1:], strict=False) if b > a)
    if not pitches:
        return None
    pitch = pitches[len(pitches) // 2]
    first = tops[0]
    reach = YEARS_GAP_PITCHES * pitch
    above = [ln for ln in lines if ln.words and ln.bbox[3] <= first + 0.5 and first - ln.bbox[1] <= reach]
    if not above:
        return None
    nearest = max(ln.bbox[1] for ln in above)
    # A header line may be cut into several lines at its column gaps: every piece at the nearest line's height.
    words = [w for ln in above if abs(ln.bbox[1] - nearest) < 0.5 * pitch for w in ln.words]
    if first - nearest > MAX_GAP_PITCHES * pitch and not all(_YEAR.match(w.text) for w in words):
        return None  # a running title ("Prices and Inflation … 121") a blank line above: the page's
    return words or None


def take_group_header(grid: Grid, lines: Sequence[Line]) -> None:
    if not grid.rows or len(grid.rows[0]) < 3:
        return
    words = _line_above(grid, lines)
    if words is None:
        return
    labels = [b for row in grid.boxes if (b := row[0]) is not None]
    values_left = min((b[0] for row in grid.boxes for b in row[1:] if b is not None), default=None)
    if not labels or values_left is None:
        return
    # Right of where most labels end (a long label may reach under a centred header's first word).
    labels_end = sorted(b[2] for b in labels)[len(labels) // 2]
    inside = all(w.bbox[0] >= labels_end and w.bbox[2] <= grid.bbox[2] + 2.0 for w in words)
    # words, or years over the columns ("2024   2025"): a row of other figures is data
    lettered = sum(1 for w in words if any(ch.isalpha() for ch in w.text) or _YEAR.match(w.text)) * 2 >= len(words)
    if not inside or not lettered or _CAPTION.match(" ".join(w.text for w in words)):
        return
    ncols = len(grid.rows[0])
    centres: list[float | None] = []
    for j in range(ncols):
        xs = sorted((b[0] + b[2]) / 2 for row in grid.boxes if (b := row[j]) is not None)
        centres.append(xs[len(xs) // 2] if xs else None)
    height = sorted(w.bbox[3] - w.bbox[1] for w in words)[len(words) // 2]
    phrases = _phrases(words, height)
    if len(phrases) < 2:
        return  # one phrase over every column tells none apart: a title ("Publication of awards …"), not groups
    row: list[str] = [""] * ncols
    boxes: list[BBox | None] = [None] * ncols
    for phrase in phrases:
        box = union_bbox([w.bbox for w in phrase])
        under = [j for j in range(1, ncols) if (c := centres[j]) is not None and box[0] - 1 <= c <= box[2] + 1]
        placed = [j for j in range(1, ncols) if centres[j] is not None]
        if not placed:
            return
        column = under[0] if under else min(placed, key=lambda j: abs((centres[j] or 0.0) - (box[0] + box[2]) / 2))
        if row[column]:
            return  # two phrases over one column: not a header of these columns
        row[column] = " ".join(w.text for w in phrase)
        boxes[column] = box
    grid.rows.insert(0, row)
    grid.boxes.insert(0, boxes)
    grid.bbox = union_bbox([grid.bbox, *(b for b in boxes if b is not None)])


def fill_header_gaps(grid: Grid, lines: Sequence[Line], header_rows: int) -> None:
    """Header cells the grid left empty although words stand there, on the header row's line and over the column's
    figures ("2023 2022" read over two of four columns): each such cell takes those words."""
    ncols = len(grid.rows[0]) if grid.rows else 0
    body = grid.boxes[header_rows:]
    extents: list[tuple[float, float] | None] = []
    for j in range(ncols):
        found = [b for row in body if (b := row[j]) is not None]
        extents.append((min(b[0] for b in found), max(b[2] for b in found)) if found else None)
    gaps = [(i, j) for i in range(header_rows) for j in range(1, ncols) if not grid.rows[i][j] and extents[j]]
    if not gaps:
        return
    boxes = [b for row in grid.boxes[: header_rows + 1] for b in row if b is not None]
    x0, top, x1, _ = grid.bbox
    # Only the header rows' band is looked at: the body's words are many and never fill a header cell.
    bottom = max((b[3] for row in grid.boxes[:header_rows] for b in row if b is not None), default=top)
    near = (w for ln in lines for w in ln.words if x0 - 1 <= w.bbox[0] and w.bbox[2] <= x1 + 1)
    held = [w for w in near if top - 1 <= w.bbox[1] <= bottom + 1]
    words = [w for w in held if not any(centred_in(w.bbox, b, CELL_SLACK) for b in boxes)]
    for i in range(header_rows):
        filled = [b for b in grid.boxes[i] if b is not None]
        if not filled:
            continue
        top, bottom = min(b[1] for b in filled), max(b[3] for b in filled)
        for j in range(1, ncols):
            extent = extents[j]
            if grid.rows[i][j] or extent is None:
                continue
            here = [w for w in words if top - 1 <= (w.bbox[1] + w.bbox[3]) / 2 <= bottom + 1
                    and extent[0] - 1 <= w.bbox[0] and w.bbox[2] <= extent[1] + 1]  # fmt: skip
            if here:
                grid.rows[i][j] = " ".join(w.text for w in sorted(here, key=lambda w: w.bbox[0]))
                grid.boxes[i][j] = union_bbox([w.bbox for w in here])


def split_spanning_header_cells(grid: Grid, lines: Sequence[Line], header_rows: int) -> None:
    """A header cell that holds the heads of two columns ("2Q23 ($ in millions)   2Q22 ($ in millions)" over the
    two columns of figures, the second column's head left empty): the words standing over the next column's figures,
    past the middle of the gap between the two columns, are that column's head."""
    ncols = len(grid.rows[0]) if grid.rows else 0
    extents = _body_extents(grid, header_rows)
    for i in range(header_rows):
        for j in range(1, ncols - 1):
            box, here, there = grid.boxes[i][j], extents[j], extents[j + 1]
            if grid.rows[i][j + 1] or box is None or here is None or there is None or box[2] <= there[0]:
                continue
            words = [w for ln in lines for w in ln.words if centred_in(w.bbox, box, CELL_SLACK)]
            cut = _widest_gap(words)
            if cut is None:
                continue
            left = [w for w in words if (w.bbox[0] + w.bbox[2]) / 2 < cut]
            right = [w for w in words if (w.bbox[0] + w.bbox[2]) / 2 >= cut]
            if not left or not right:
                continue
            for k, part in ((j, left), (j + 1, right)):
                grid.rows[i][k] = _text_in_order(part)
                grid.boxes[i][k] = union_bbox([w.bbox for w in part])


def _widest_gap(words: Sequence[Word]) -> float | None:
    """The middle of the widest white channel between the words (over all their lines), when it is wider than a
    line is high: where one column's head ends and the next one's begins."""
    if len(words) < 2:
        return None
    height = sorted(w.bbox[3] - w.bbox[1] for w in words)[len(words) // 2]
    spans = sorted((w.bbox[0], w.bbox[2]) for w in words)
    best: tuple[float, float] | None = None
    reach = spans[0][1]
    for x0, x1 in spans[1:]:
        if x0 > reach and (best is None or x0 - reach > best[0]):
            best = (x0 - reach, (x0 + reach) / 2)
        reach = max(reach, x1)
    return best[1] if best is not None and best[0] >= PHRASE_GAP_EMS * height else None


def _body_extents(grid: Grid, header_rows: int) -> list[tuple[float, float] | None]:
    """Where each column's body cells reach, left and right."""
    ncols = len(grid.rows[0]) if grid.rows else 0
    out: list[tuple[float, float] | None] = []
    for j in range(ncols):
        found = [b for row in grid.boxes[header_rows:] if (b := row[j]) is not None]
        out.append((min(b[0] for b in found), max(b[2] for b in found)) if found else None)
    return out


def _text_in_order(words: Sequence[Word]) -> str:
    """Words in reading order: line by line (tops within half a line), left to right."""
    height = sorted(w.bbox[3] - w.bbox[1] for w in words)[len(words) // 2]
    ordered = sorted(words, key=lambda w: (round(w.bbox[1] / max(height * 0.5, 0.1)), w.bbox[0]))
    return " ".join(w.text for w in ordered)


def split_one_word_heads(grid: Grid, lines: Sequence[Line], header_rows: int) -> None:
    """A header cell of single words set tight on one line over as many columns ("MassTransit LanPassTerm ..." over a
    matrix of eight columns, the other heads empty): each word, nearest its own column in order, is that column's
    head. Phrases of two words or more are never cut this way: without the word gaps nothing tells them apart."""
    ncols = len(grid.rows[0]) if grid.rows else 0
    extents = _body_extents(grid, header_rows)
    for i in range(header_rows):
        for j in range(ncols):
            box, row = grid.boxes[i][j], grid.rows[i]
            span = next((k for k in range(j + 1, ncols) if row[k]), ncols) - j
            if box is None or span < MIN_ONE_WORD_COLUMNS or any(e is None for e in extents[j : j + span]):
                continue
            words = sorted((w for ln in lines for w in ln.words if centred_in(w.bbox, box, CELL_SLACK)),
                           key=lambda w: w.bbox[0])  # fmt: skip
            if len(words) != span or len({round(w.bbox[1]) for w in words}) != 1 or not all(map(_named, words)):
                continue
            centres = [(e[0] + e[1]) / 2 for e in extents[j : j + span] if e is not None]
            nearest = [min(range(span), key=lambda k: abs(centres[k] - (w.bbox[0] + w.bbox[2]) / 2)) for w in words]
            if nearest != list(range(span)):
                continue
            for k, w in enumerate(words):
                grid.rows[i][j + k] = w.text
                grid.boxes[i][j + k] = w.bbox


def _named(word: Word) -> bool:
    """A word that names a thing on its own ("MassTransit", "2023"), not a phrase's lowercase word ("native")."""
    return word.text[:1].isupper() or word.text[:1].isdigit()


# Only a cell over at least this many columns is cut into one-word heads.
MIN_ONE_WORD_COLUMNS = 3
