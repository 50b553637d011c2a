"""Tables on a page: a cheap detector, then pdfplumber's table finder on pdfium geometry, then camelot.

Everything here works in the page's reading frame (x right, y down, in points). The detector
looks at ruling lines and at rows of aligned numbers so that the costly extractors run only on
pages that probably hold a table:

- ruled tables: pdfplumber's ``TableFinder`` (lines strategy) fed with pdfium's characters and
  path edges through a small page shim, so the page is never parsed a second time by pdfminer;
- unruled tables (whitespace columns, or horizontal rules only): camelot ``stream`` on that page.
"""

from __future__ import annotations

import logging
import re
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.ingest.model import BBox, ExtractedTable
from app.ingest.passages import Line

log = logging.getLogger(__name__)

Edge = dict[str, Any]
_NUMERIC = re.compile(r"^[(\[]?[-+−–$€£%]?\d[\d.,:/%]*[)\]]?[%*a-z]?$", re.I)
_CAPTION = re.compile(r"^(table|tab\.|tableau|tabelle|tabla)\s*[0-9ivxlc]+[a-z]?\b", re.I)


# ------------------------------------------------------------------------------------------------
# Rendering and cleaning (pure)
# ------------------------------------------------------------------------------------------------


def clean_cell(value: object) -> str:
    if value is None:
        return ""
    return re.sub(r"\s+", " ", str(value)).strip()


def _md_cell(value: str) -> str:
    return value.replace("\\", "\\\\").replace("|", "\\|").replace("\r", " ").replace("\n", " ").strip()


def rows_to_markdown(rows: Sequence[Sequence[str]]) -> str:
    """GitHub-flavoured markdown; the first row is the header. Pipes are escaped, newlines flattened."""
    if not rows:
        return ""
    ncols = max(len(r) for r in rows)
    padded = [[_md_cell(c) for c in r] + [""] * (ncols - len(r)) for r in rows]
    out = ["| " + " | ".join(padded[0]) + " |", "|" + "---|" * ncols]
    out += ["| " + " | ".join(r) + " |" for r in padded[1:]]
    return "\n".join(out)


def normalise_rows(rows: Sequence[Sequence[object]]) -> list[list[str]]:
    """Cells as clean strings; rows and columns that are entirely empty are dropped."""
    clean = [[clean_cell(c) for c in r] for r in rows]
    clean = [r for r in clean if any(r)]
    if not clean:
        return []
    ncols = max(len(r) for r in clean)
    clean = [r + [""] * (ncols - len(r)) for r in clean]
    keep = [j for j in range(ncols) if any(r[j] for r in clean)]
    return [[r[j] for j in keep] for r in clean]


def is_degenerate(rows: list[list[str]]) -> bool:
    """A 'table' of one row, one column, or with fewer than 3 filled cells says nothing tabular."""
    if len(rows) < 2 or max(len(r) for r in rows) < 2:
        return True
    filled = sum(1 for r in rows for c in r if c)
    # Paragraph text mistaken for a table has one filled cell per row almost everywhere.
    multi = sum(1 for r in rows if sum(1 for c in r if c) >= 2)
    return filled < 3 or multi < max(2, len(rows) // 4)


# ------------------------------------------------------------------------------------------------
# The cheap detector
# ------------------------------------------------------------------------------------------------


@dataclass(slots=True)
class PageSignals:
    h_rules: int  # long horizontal edges
    v_rules: int  # long vertical edges
    numeric_rows: int  # text rows with >= 2 numbers set apart by wide gaps
    aligned_columns: int  # right edges of numbers shared by >= 3 of those rows

    @property
    def ruled(self) -> bool:
        return self.h_rules >= 2 and self.v_rules >= 2

    @property
    def unruled(self) -> bool:
        # Numbered paragraphs and two-column prose also give "numeric rows"; a table's numbers
        # line up in columns, so ask for at least two aligned columns as well.
        return self.numeric_rows >= 3 and self.aligned_columns >= 2


def page_signals(edges: Sequence[Edge], lines: Sequence[Line]) -> PageSignals:
    h = sum(1 for e in edges if e["orientation"] == "h" and e["width"] >= 15)
    v = sum(1 for e in edges if e["orientation"] == "v" and e["height"] >= 8)
    numeric = [row for row in text_rows(lines) if _is_numeric_row(row)]
    return PageSignals(h, v, len(numeric), _aligned_columns(numeric))


def _aligned_columns(rows: list[list[tuple[str, BBox]]], tolerance: float = 2.0) -> int:
    """How many x positions (number right edges, or left edges) recur in >= 3 numeric rows."""
    count = 0
    for side in (2, 0):
        xs = sorted({round(box[side] / tolerance) for row in rows for text, box in row if _NUMERIC.match(text)})
        support: dict[int, int] = {}
        for row in rows:
            seen = {round(box[side] / tolerance) for text, box in row if _NUMERIC.match(text)}
            for x in xs:
                if x in seen or x - 1 in seen or x + 1 in seen:
                    support[x] = support.get(x, 0) + 1
        # Neighbouring bins describe one column: count runs of supported bins once.
        strong = sorted(x for x, n in support.items() if n >= 3)
        count = max(count, sum(1 for i, x in enumerate(strong) if i == 0 or x - strong[i - 1] > 2))
    return count


def text_rows(lines: Sequence[Line]) -> list[list[tuple[str, BBox]]]:
    """Words grouped into visual rows (same vertical band), left to right, whatever the stream order."""
    words = sorted(
        ((w.text, w.bbox) for ln in lines for w in ln.words), key=lambda tw: ((tw[1][1] + tw[1][3]) / 2, tw[1][0])
    )
    rows: list[list[tuple[str, BBox]]] = []
    band = (-1e9, -1e9)
    for tw in words:
        mid = (tw[1][1] + tw[1][3]) / 2
        if band[0] <= mid <= band[1]:
            rows[-1].append(tw)
        else:
            rows.append([tw])
            band = (tw[1][1], tw[1][3])
    for row in rows:
        row.sort(key=lambda tw: tw[1][0])
    return rows


def _is_numeric_row(row: list[tuple[str, BBox]]) -> bool:
    numbers = 0
    wide_gaps = 0
    for i, (text, box) in enumerate(row):
        numbers += bool(_NUMERIC.match(text))
        if i:
            height = max(box[3] - box[1], 1.0)
            wide_gaps += box[0] - row[i - 1][1][2] > 1.2 * height
    return numbers >= 2 and wide_gaps >= 1


# ------------------------------------------------------------------------------------------------
# Extractors
# ------------------------------------------------------------------------------------------------


class _PlumberPage:
    """Just enough of pdfplumber's Page for TableFinder/Table.extract, built from pdfium geometry."""

    def __init__(self, chars: list[dict[str, Any]], edges: list[Edge], size: tuple[float, float]) -> None:
        self.chars = chars
        self.edges = edges
        self.bbox = (0.0, 0.0, size[0], size[1])

    def extract_words(self, **kwargs: Any) -> list[dict[str, Any]]:
        from pdfplumber.utils import extract_words

        return extract_words(self.chars, **kwargs)


def _plumber_chars(chars: Sequence[Any]) -> list[dict[str, Any]]:
    """pdfplumber-style char dicts; ``space_before`` keeps the word breaks of the PDF's own text."""
    out: list[dict[str, Any]] = []
    gap = True
    for c in chars:
        if c.text in " \n":
            gap = True
            continue
        out.append(
            {
                "text": c.text,
                "x0": c.x0,
                "x1": c.x1,
                "top": c.top,
                "bottom": c.bottom,
                "doctop": c.top,
                "width": c.x1 - c.x0,
                "height": c.bottom - c.top,
                "size": c.bottom - c.top,
                "upright": True,
                "object_type": "char",
                "space_before": gap,
            }
        )
        gap = False
    return out


def cell_text(chars: Sequence[dict[str, Any]]) -> str:
    """A cell's chars (in content-stream order) joined, with spaces where the PDF had word breaks."""
    parts: list[str] = []
    prev: dict[str, Any] | None = None
    for ch in chars:
        if prev is not None:
            height = max(prev["bottom"] - prev["top"], 1.0)
            new_line = abs(ch["top"] - prev["top"]) > 0.5 * height
            if ch.get("space_before") or new_line or ch["x0"] - prev["x1"] > 0.25 * height:
                parts.append(" ")
        parts.append(ch["text"])
        prev = ch
    return "".join(parts).strip()


def lattice_tables(
    chars: list[dict[str, Any]], edges: list[Edge], size: tuple[float, float]
) -> list[tuple[list[list[str]], BBox]]:
    """Ruled tables: cells are the rectangles formed by the ruling lines (pdfplumber 'lines')."""
    from pdfplumber.table import TableFinder

    finder = TableFinder(
        _PlumberPage(chars, edges, size),  # type: ignore[arg-type]
        {"vertical_strategy": "lines", "horizontal_strategy": "lines"},
    )
    out = []
    for table in finder.tables:
        rows = normalise_rows(_cell_texts(table, chars))
        if not is_degenerate(rows):
            out.append((rows, tuple(table.bbox)))
    return out  # type: ignore[return-value]


def _cell_texts(table: Any, chars: list[dict[str, Any]]) -> list[list[str | None]]:
    """pdfplumber's Table.extract, but placing each char once by bisection (it rescans every row)."""
    rows = table.rows
    boxes = [r.bbox for r in rows]
    tops = [b[1] for b in boxes]
    buckets: list[list[list[dict[str, Any]]]] = [[[] for _ in r.cells] for r in rows]
    tx0, ttop, tx1, tbottom = table.bbox
    for ch in chars:
        vm, hm = (ch["top"] + ch["bottom"]) / 2, (ch["x0"] + ch["x1"]) / 2
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
                        buckets[j][k].append(ch)
                        placed = True
                        break
            j -= 1
    return [
        [None if cell is None else cell_text(b) for cell, b in zip(r.cells, bs, strict=True)]
        for r, bs in zip(rows, buckets, strict=True)
    ]


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
            if is_degenerate(rows):
                continue
            out.append((rows, tuple(t._bbox), tuple(t.pdf_size)))
        return out


def _overlap(a: BBox, b: BBox) -> float:
    """Intersection area over the smaller box's area."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return 0.0
    smaller = min((a[2] - a[0]) * (a[3] - a[1]), (b[2] - b[0]) * (b[3] - b[1])) or 1.0
    return w * h / smaller


def _rows_outside(rows: list[list[tuple[str, BBox]]], boxes: list[BBox]) -> int:
    def inside(box: BBox) -> bool:
        return any(_overlap(box, b) > 0.5 for b in boxes)

    return sum(1 for r in rows if _is_numeric_row(r) and not inside(r[0][1]))


def _merged_cells(rows: list[list[str]]) -> bool:
    """Ruling lines that do not separate columns/rows show up as cells holding several numbers."""
    return any(sum(1 for tok in c.split() if _NUMERIC.match(tok)) >= 3 for r in rows for c in r)


def table_score(rows: list[list[str]]) -> int:
    """How much clean tabular content a candidate holds: short filled cells, minus merged ones."""
    score = 0
    for r in rows:
        for c in r:
            if not c:
                continue
            numbers = sum(1 for tok in c.split() if _NUMERIC.match(tok))
            score += -3 if numbers >= 3 or len(c) > 150 else 1
    return score


def _merge_candidates(
    lattice: list[tuple[list[list[str]], BBox]], stream: list[tuple[list[list[str]], BBox]]
) -> list[tuple[list[list[str]], BBox]]:
    """Union of both, and where they overlap, the candidate(s) with the better score."""
    keep = list(lattice)
    for cells, box in stream:
        rivals = [rb for rb in keep if _overlap(box, rb[1]) >= 0.5]
        if not rivals:
            keep.append((cells, box))
        elif table_score(cells) > sum(table_score(r) for r, _ in rivals):
            keep = [rb for rb in keep if all(rb is not r for r in rivals)] + [(cells, box)]
    return keep


def find_caption(lines: Sequence[Line], bbox: BBox) -> str | None:
    """A 'Table N ...' line just above the table (or just below it)."""
    best: tuple[float, str] | None = None
    for ln in lines:
        text = ln.text.strip()
        if not _CAPTION.match(text):
            continue
        b = ln.bbox
        if min(b[2], bbox[2]) <= max(b[0], bbox[0]) - 50:
            continue  # not horizontally near the table
        above = bbox[1] - b[3]
        below = b[1] - bbox[3]
        dist = above if -5 <= above <= 80 else (below + 20 if -5 <= below <= 40 else None)
        if dist is not None and (best is None or dist < best[0]):
            best = (dist, text[:300])
    return best[1] if best else None


def extract_tables(
    chars: Sequence[Any],
    edges: list[Edge],
    lines: Sequence[Line],
    size: tuple[float, float],
    *,
    stream: Callable[[], list[tuple[list[list[str]], BBox]]] | None = None,
) -> list[ExtractedTable]:
    """Tables on one page, in the reading frame. ``chars`` need .text/.x0/.top/.x1/.bottom.

    ``stream`` returns whitespace-column tables for this page (rows, bbox in the reading frame);
    it is called only when the page has rows of numbers that the ruled tables do not explain well.
    """
    signals = page_signals(edges, lines)
    found: list[tuple[list[list[str]], BBox]] = []
    if signals.ruled:
        found = lattice_tables(_plumber_chars(chars), edges, size)
    if signals.unruled and stream is not None:
        rows = text_rows(lines)
        poor = [rb for rb in found if _merged_cells(rb[0])]
        if poor or _rows_outside(rows, [b for _, b in found]) >= 3:
            found = _merge_candidates(found, stream())
    found.sort(key=lambda rb: (round(rb[1][1]), rb[1][0]))
    return [
        ExtractedTable(i, rows, rows_to_markdown(rows), _round_box(box), find_caption(lines, box))
        for i, (rows, box) in enumerate(found)
    ]


def _round_box(b: BBox) -> BBox:
    return (round(b[0], 2), round(b[1], 2), round(b[2], 2), round(b[3], 2))


def lines_outside(lines: Sequence[Line], boxes: list[BBox]) -> list[Line]:
    """The lines with table words removed, so passages do not repeat the tables' cell soup."""
    if not boxes:
        return list(lines)
    out: list[Line] = []
    cut = False
    for ln in lines:
        words = [w for w in ln.words if not _inside_any(w.bbox, boxes)]
        if len(words) < len(ln.words):
            cut = True
        if words:
            out.append(Line(words, new_block=ln.new_block or cut))
            cut = False
    return out


def _inside_any(box: BBox, boxes: list[BBox]) -> bool:
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return any(b[0] <= cx <= b[2] and b[1] <= cy <= b[3] for b in boxes)
