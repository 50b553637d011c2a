"""PDF → ExtractedDocument: text, words, passages and tables per page.

Text and geometry come from pypdfium2 (hundreds of pages/s); pdfplumber's table finder runs on
that geometry (no second parse with pdfminer), and camelot only on pages that look like an
unruled table that the ruling lines do not explain. No web, database or queue code here.
"""

from __future__ import annotations

import ctypes
import logging
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from app.ingest import tables as table_extraction
from app.ingest.model import (
    BBox,
    CorruptPdf,
    ExtractedDocument,
    ExtractedPage,
    ExtractedPassage,
    PasswordRequired,
    PdfError,
    TooManyPages,
)
from app.ingest.passages import (
    Line,
    MarginKey,
    Word,
    margin_key,
    repeated_margin_keys,
    split_passages,
    starts_block,
    strip_margins,
)

log = logging.getLogger(__name__)

# pdfium's FPDF_GetLastError codes, as reported in PdfiumError.err_code.
_ERR_FILE, _ERR_FORMAT, _ERR_PASSWORD, _ERR_SECURITY = 2, 3, 4, 5
_SPACES = frozenset(" \t\xa0\u2002\u2003\u2009\u200b\u3000")
_MAX_PATH_SEGMENTS = 30_000  # chart-heavy pages: stop collecting rules past this (they are not tables)


# --------------------------------------------------------------------------------------------
# Coordinates: pdfium gives user space (origin bottom-left, before /Rotate). We want the page as
# displayed (origin top-left, after /Rotate), and for layout work a "reading frame" in which the
# page's dominant text runs left to right (tables printed sideways on an upright page).
# --------------------------------------------------------------------------------------------


@dataclass(slots=True, frozen=True)
class _Frame:
    rotation: int  # /Rotate: 0, 90, 180, 270
    left: float
    bottom: float
    right: float
    top: float
    turn: int = 0  # quarter turns from display to reading frame: 0 (+x), 1 (+y), 2 (-x), 3 (-y)

    @property
    def display_size(self) -> tuple[float, float]:
        w, h = self.right - self.left, self.top - self.bottom
        return (h, w) if self.rotation in (90, 270) else (w, h)

    @property
    def reading_size(self) -> tuple[float, float]:
        w, h = self.display_size
        return (h, w) if self.turn in (1, 3) else (w, h)

    def to_display(self, x: float, y: float) -> tuple[float, float]:
        r = self.rotation
        if r == 90:
            return y - self.bottom, x - self.left
        if r == 180:
            return self.right - x, y - self.bottom
        if r == 270:
            return self.top - y, self.right - x
        return x - self.left, self.top - y

    def display_to_reading(self, x: float, y: float) -> tuple[float, float]:
        w, h = self.display_size
        t = self.turn
        if t == 1:
            return y, w - x
        if t == 3:
            return h - y, x
        if t == 2:
            return w - x, h - y
        return x, y

    def reading_to_display(self, x: float, y: float) -> tuple[float, float]:
        w, h = self.display_size
        t = self.turn
        if t == 1:
            return w - y, x
        if t == 3:
            return y, h - x
        if t == 2:
            return w - x, h - y
        return x, y

    def to_reading(self, x: float, y: float) -> tuple[float, float]:
        return self.display_to_reading(*self.to_display(x, y))

    def bbox_to_display(self, b: BBox) -> BBox:
        ax, ay = self.reading_to_display(b[0], b[1])
        bx, by = self.reading_to_display(b[2], b[3])
        w, h = self.display_size
        return (
            _clamp(min(ax, bx), w),
            _clamp(min(ay, by), h),
            _clamp(max(ax, bx), w),
            _clamp(max(ay, by), h),
        )


def _clamp(v: float, hi: float) -> float:
    return round(min(max(v, 0.0), hi), 2)


# --------------------------------------------------------------------------------------------
# Page geometry from pdfium
# --------------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Char:
    text: str  # one character; "\n" marks a line break from pdfium, " " a word break
    x0: float = 0.0
    top: float = 0.0
    x1: float = 0.0
    bottom: float = 0.0


@dataclass(slots=True)
class PageGeometry:
    """One page in its reading frame: what passages and tables are computed from."""

    frame: _Frame
    text: str
    chars: list[_Char] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    edges: list[dict[str, float | str]] = field(default_factory=list)


def _raw_chars(textpage: pdfium.PdfTextPage, text: str, frame: _Frame) -> list[_Char]:
    """Every character with its loose box in display coordinates (before the reading turn)."""
    n = pdfium_c.FPDFText_CountChars(textpage.raw)
    if len(text) != n:  # defensive: text index ≠ char index (rare); fall back to per-char lookup
        text = "".join(chr(pdfium_c.FPDFText_GetUnicode(textpage.raw, i) or 32) for i in range(n))
    rect = pdfium_c.FS_RECTF()
    get_box = pdfium_c.FPDFText_GetLooseCharBox
    raw = textpage.raw
    to_display = frame.to_display
    out: list[_Char] = []
    prev: _Char | None = None
    for i, ch in enumerate(text):
        if ch in "\r\n":
            if ch == "\n" or (prev is not None and prev.text != "\n"):
                out.append(_Char("\n"))
            prev = out[-1] if out else None
            continue
        # pdfium's generated characters are only spaces and line breaks, so text alone tells.
        if ch in _SPACES or not ch.isprintable():
            out.append(_Char(" "))
            prev = None
            continue
        if not get_box(raw, i, rect):
            continue
        ax, ay = to_display(rect.left, rect.top)
        bx, by = to_display(rect.right, rect.bottom)
        # Conditional swaps rather than min()/max(): this loop runs for every glyph of the document.
        if ax > bx:
            ax, bx = bx, ax
        if ay > by:
            ay, by = by, ay
        c = _Char(ch, ax, ay, bx, by)
        # Fake bold (the same glyph printed twice, slightly offset) doubles letters: drop the copy.
        if prev is not None and prev.text == ch and abs(prev.x0 - c.x0) < 1 and abs(prev.top - c.top) < 1:
            continue
        out.append(c)
        prev = c
    return out


def _dominant_turn(chars: list[_Char]) -> int:
    """Which way most text runs (in display coordinates), from the step between adjacent glyphs."""
    votes = [0, 0, 0, 0]
    prev: _Char | None = None
    for c in chars:
        if c.text in " \n":
            prev = None
            continue
        if prev is not None:
            dx = (c.x0 + c.x1 - prev.x0 - prev.x1) / 2
            dy = (c.top + c.bottom - prev.top - prev.bottom) / 2
            if abs(dx) >= abs(dy):
                votes[0 if dx > 0 else 2] += 1
            else:
                votes[1 if dy > 0 else 3] += 1
        prev = c
    # Right-to-left scripts also step towards -x, so only sideways (+y / -y) text turns the frame,
    # and only when it clearly dominates; mixed pages stay as displayed.
    best = 1 if votes[1] >= votes[3] else 3
    return best if votes[best] > 2 * (votes[0] + votes[2]) and votes[best] >= 20 else 0


def _to_reading(chars: list[_Char], frame: _Frame) -> None:
    if frame.turn == 0:
        return
    for c in chars:
        if c.text in " \n":
            continue
        ax, ay = frame.display_to_reading(c.x0, c.top)
        bx, by = frame.display_to_reading(c.x1, c.bottom)
        c.x0, c.top, c.x1, c.bottom = min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)


def _build_lines(chars: list[_Char]) -> list[Line]:
    """Words and lines in content-stream order (pdfium's order is the reading order per column)."""
    lines: list[Line] = []
    words: list[Word] = []
    buf: list[_Char] = []
    prev_line_box: BBox | None = None

    def flush_word() -> None:
        if buf:
            x0, top, x1, bottom = buf[0].x0, buf[0].top, buf[0].x1, buf[0].bottom
            for c in buf:
                if c.x0 < x0:
                    x0 = c.x0
                if c.top < top:
                    top = c.top
                if c.x1 > x1:
                    x1 = c.x1
                if c.bottom > bottom:
                    bottom = c.bottom
            words.append(Word("".join(c.text for c in buf), (x0, top, x1, bottom)))
            buf.clear()

    def flush_line() -> None:
        nonlocal prev_line_box
        flush_word()
        if not words:
            return
        line = Line(list(words))
        box = line.bbox
        line.new_block = prev_line_box is None or starts_block(prev_line_box, box)
        lines.append(line)
        prev_line_box = box
        words.clear()

    for c in chars:
        if c.text == "\n":
            flush_line()
            continue
        if c.text == " ":
            flush_word()
            continue
        last: BBox | None = None
        if buf:
            last = (buf[-1].x0, buf[-1].top, buf[-1].x1, buf[-1].bottom)
        elif words:
            last = words[-1].bbox
        if last is not None:
            height = max(c.bottom - c.top, 1.0)
            mid = (c.top + c.bottom) / 2
            if mid < last[1] - 1 or mid > last[3] + 1 or c.x0 < last[0] - height:
                flush_line()  # the text jumped to another line or column without a newline
            elif buf and c.x0 > last[2] + 0.35 * height:
                flush_word()  # a visible gap without a space character (table columns)
        buf.append(c)
    flush_line()
    return lines


def _path_edges(page: pdfium.PdfPage, frame: _Frame) -> list[dict[str, float | str]]:
    """Straight horizontal/vertical segments of stroked or filled paths, as pdfplumber edges."""
    edges: list[dict[str, float | str]] = []
    budget = [_MAX_PATH_SEGMENTS]
    n = pdfium_c.FPDFPage_CountObjects(page.raw)
    objs = (pdfium_c.FPDFPage_GetObject(page.raw, i) for i in range(n))
    _walk_objects(objs, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), frame, edges, budget, depth=0)
    return edges


def _walk_objects(
    objs: Iterator[object],
    parent: tuple[float, ...],
    frame: _Frame,
    edges: list[dict[str, float | str]],
    budget: list[int],
    depth: int,
) -> None:
    m = pdfium_c.FS_MATRIX()
    for obj in objs:
        kind = pdfium_c.FPDFPageObj_GetType(obj)
        if kind not in (pdfium_c.FPDF_PAGEOBJ_PATH, pdfium_c.FPDF_PAGEOBJ_FORM):
            continue
        if not pdfium_c.FPDFPageObj_GetMatrix(obj, m):
            continue
        mat = _compose((m.a, m.b, m.c, m.d, m.e, m.f), parent)
        if kind == pdfium_c.FPDF_PAGEOBJ_FORM:
            if depth < 8:
                k = pdfium_c.FPDFFormObj_CountObjects(obj)
                children = (pdfium_c.FPDFFormObj_GetObject(obj, i) for i in range(k))
                _walk_objects(children, mat, frame, edges, budget, depth + 1)
            continue
        if budget[0] <= 0:
            return
        _path_to_edges(obj, mat, frame, edges, budget)


def _compose(inner: tuple[float, ...], outer: tuple[float, ...]) -> tuple[float, ...]:
    a, b, c, d, e, f = inner
    A, B, C, D, E, F = outer  # noqa: N806 - matrix notation
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _path_to_edges(
    obj: object,
    mat: tuple[float, ...],
    frame: _Frame,
    edges: list[dict[str, float | str]],
    budget: list[int],
) -> None:
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    if pdfium_c.FPDFPath_GetDrawMode(obj, fill, stroke) and not fill.value and not stroke.value:
        return  # invisible path
    nseg = pdfium_c.FPDFPath_CountSegments(obj)
    budget[0] -= max(nseg, 0)
    a, b, c, d, e, f = mat
    x, y = ctypes.c_float(), ctypes.c_float()
    start: tuple[float, float] | None = None
    cur: tuple[float, float] | None = None
    for i in range(nseg):
        seg = pdfium_c.FPDFPath_GetPathSegment(obj, i)
        if not pdfium_c.FPDFPathSegment_GetPoint(seg, x, y):
            continue
        pt = frame.to_reading(a * x.value + c * y.value + e, b * x.value + d * y.value + f)
        kind = pdfium_c.FPDFPathSegment_GetType(seg)
        if kind == pdfium_c.FPDF_SEGMENT_MOVETO or cur is None:
            start = cur = pt
            continue
        if kind == pdfium_c.FPDF_SEGMENT_LINETO:
            _add_edge(cur, pt, edges)
        cur = pt
        if pdfium_c.FPDFPathSegment_GetClose(seg) and start is not None:
            _add_edge(cur, start, edges)
            cur = start


def _add_edge(p: tuple[float, float], q: tuple[float, float], edges: list[dict[str, float | str]]) -> None:
    x0, x1 = sorted((p[0], q[0]))
    top, bottom = sorted((p[1], q[1]))
    w, h = x1 - x0, bottom - top
    if h < 0.5 and w > 0:
        mid = (top + bottom) / 2
        edges.append(_edge(x0, mid, x1, mid, "h"))
    elif w < 0.5 and h > 0:
        mid = (x0 + x1) / 2
        edges.append(_edge(mid, top, mid, bottom, "v"))


def _edge(x0: float, top: float, x1: float, bottom: float, orientation: str) -> dict[str, float | str]:
    return {
        "x0": x0,
        "x1": x1,
        "top": top,
        "bottom": bottom,
        "doctop": top,
        "width": x1 - x0,
        "height": bottom - top,
        "orientation": orientation,
        "object_type": "line",
    }


def read_page_geometry(page: pdfium.PdfPage) -> PageGeometry:
    left, bottom, right, top = page.get_bbox()
    frame = _Frame(page.get_rotation() % 360, left, bottom, right, top)
    textpage = page.get_textpage()
    try:
        text = textpage.get_text_range()
        chars = _raw_chars(textpage, text, frame)
    finally:
        textpage.close()
    turn = _dominant_turn(chars)
    if turn:
        frame = _Frame(frame.rotation, left, bottom, right, top, turn)
        _to_reading(chars, frame)
    geom = PageGeometry(frame=frame, text=_clean_text(text), chars=chars)
    geom.lines = _build_lines(chars)
    geom.edges = _path_edges(page, frame)
    return geom


def _clean_text(text: str) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")
    return re.sub(r"[ \t]+\n", "\n", text).strip()


# --------------------------------------------------------------------------------------------
# Opening, title, the public entry point
# --------------------------------------------------------------------------------------------


def _open(path: Path) -> pdfium.PdfDocument:
    try:
        with open(path, "rb") as fh:
            head = fh.read(1024)
    except OSError as exc:
        raise CorruptPdf(f"cannot read the file: {exc.strerror or exc}") from exc
    if b"%PDF" not in head:
        raise CorruptPdf("not a PDF file (no %PDF header)")
    try:
        # pdfium rebuilds a broken cross-reference table itself when it can ("repair").
        return pdfium.PdfDocument(str(path))
    except pdfium.PdfiumError as exc:
        code = getattr(exc, "err_code", None)
        if code == _ERR_PASSWORD:
            raise PasswordRequired() from exc
        if code == _ERR_SECURITY:
            raise CorruptPdf("unsupported security handler (encryption) in the PDF") from exc
        if code == _ERR_FORMAT:
            raise CorruptPdf("the PDF is damaged or truncated and could not be repaired") from exc
        raise CorruptPdf(f"the PDF could not be opened ({exc})") from exc


_FILENAME_TITLE = re.compile(r"\.(docx?|pdf|indd|xlsx?|pptx?|tex|dvi|qxd|rtf|txt)\s*$", re.I)
_JUNK_TITLES = frozenset({"untitled", "title", "document", "none", "unknown", "slide 1", "page 1"})


def _sensible_title(raw: str | None) -> str | None:
    if not raw:
        return None
    title = re.sub(r"\s+", " ", raw.replace("\x00", "")).strip()
    title = re.sub(r"^(Microsoft (Word|PowerPoint|Excel)|Word)\s*-\s*", "", title)
    if len(title) < 3 or len(title) > 300 or sum(ch.isalpha() for ch in title) < 3:
        return None
    if _FILENAME_TITLE.search(title) or title.lower() in _JUNK_TITLES or re.fullmatch(r"[\w-]+_[\w-]*", title):
        return None
    return title


def _heading_title(lines: list[Line], page_height: float) -> str | None:
    """The most prominent (tallest) line in the upper half of page 1, else its first real line."""
    candidates = [ln for ln in lines if ln.bbox[1] < page_height * 0.5 and sum(ch.isalpha() for ch in ln.text) >= 3]
    if not candidates:
        return None

    def height(ln: Line) -> float:
        hs = sorted(w.bbox[3] - w.bbox[1] for w in ln.words)
        return hs[len(hs) // 2]

    body = sorted(height(ln) for ln in lines)[len(lines) // 2]
    best = max(candidates, key=height)
    if height(best) < 1.15 * body:
        return _sensible_title(candidates[0].text[:200])
    # A title often wraps: take the following lines of the same size directly below.
    i = lines.index(best)
    parts = [best.text]
    for ln in lines[i + 1 : i + 3]:
        if abs(height(ln) - height(best)) <= 0.08 * height(best) and ln.bbox[1] - lines[i].bbox[3] < height(best):
            parts.append(ln.text)
            i += 1
        else:
            break
    return _sensible_title(" ".join(parts)[:200])


def _metadata_title(doc: pdfium.PdfDocument) -> str | None:
    try:
        return _sensible_title(doc.get_metadata_value("Title"))
    except Exception:  # metadata is optional: a broken info dictionary must not fail ingestion
        return None


# Running headers/footers are found by comparing a page's margin lines with those of the pages
# up to this many before and after it (odd and even pages often carry different ones); passages
# of a page are split once those neighbours are read, so only a few pages of lines are held.
RUNNING_WINDOW = 4


@dataclass(slots=True)
class _PendingPage:
    """A page read but not yet split into passages: its lines wait for the neighbours' margins."""

    result: ExtractedPage
    frame: _Frame
    lines: list[Line]  # outside tables, reading frame
    keys: list[MarginKey]


def extract_pdf(
    path: Path,
    *,
    max_pages: int,
    on_progress: Callable[[int, int], None] | None = None,
    min_words: int = 10,
    max_words: int = 80,
) -> ExtractedDocument:
    """Extract pages, passages and tables; raise a PdfError subclass for input we cannot process."""
    doc = _open(Path(path))
    try:
        page_count = len(doc)
        if page_count == 0:
            raise CorruptPdf("the PDF has no pages")
        if page_count > max_pages:
            raise TooManyPages(page_count, max_pages)
        title = _metadata_title(doc)
        camelot = table_extraction.CamelotStream(Path(path))
        pages: list[ExtractedPage] = []
        pending: dict[int, _PendingPage] = {}
        readable = 0
        for index in range(page_count):
            page, heading = _extract_page(doc, index, camelot)
            readable += page is not None
            if page is None:
                pages.append(ExtractedPage(index + 1, 0.0, 0.0, "", False))
            else:
                if pages:
                    _link_continuation(pages[-1], page.result)
                pages.append(page.result)
                if page.lines:
                    pending[index] = page
            if title is None and index == 0:
                title = heading
            ready = index - RUNNING_WINDOW
            if ready in pending:
                _finish_page(pending, ready, page_count, min_words, max_words)
            pending.pop(ready - RUNNING_WINDOW, None)  # no longer a neighbour of any page to finish
            if on_progress is not None:
                on_progress(index + 1, page_count)
        for index in range(max(page_count - RUNNING_WINDOW, 0), page_count):
            if index in pending:
                _finish_page(pending, index, page_count, min_words, max_words)
        if readable == 0:
            raise CorruptPdf("the PDF is damaged: none of its pages could be read")
        return ExtractedDocument(page_count=page_count, title=title, pages=pages)
    except PdfError:
        raise
    except Exception as exc:  # a library failure on odd input must surface as a clear PdfError
        log.exception("PDF extraction failed for %s", path)
        raise CorruptPdf(f"the PDF could not be processed ({type(exc).__name__}: {exc})") from exc
    finally:
        doc.close()


def _link_continuation(prev: ExtractedPage, page: ExtractedPage) -> None:
    """A table at the top of a page that goes on with the last table of the page before gets its
    header and is marked as its continuation (a table split over a page break)."""
    if not prev.tables or not page.tables:
        return
    last = max(prev.tables, key=lambda t: t.bbox[3])
    first = min(page.tables, key=lambda t: t.bbox[1])
    if table_extraction.continues(last, prev.height, first, page.height):
        table_extraction.link_continuation(last, first)


def _finish_page(
    pending: dict[int, _PendingPage], index: int, page_count: int, min_words: int, max_words: int
) -> None:
    """Drop running headers/footers and page numbers from a page's lines, then split passages."""
    page = pending[index]
    height = page.frame.reading_size[1]
    repeated: set[MarginKey] = set()
    if page_count >= 3 and page.keys:
        # Headers repeat at the same place with digits varying (page numbers, dates).
        others = [
            pending[j].keys
            for j in range(index - RUNNING_WINDOW, index + RUNNING_WINDOW + 1)
            if j != index and j in pending
        ]
        repeated = repeated_margin_keys(page.keys, others, tolerance=2.0 + 0.01 * height)
    lines = strip_margins(page.lines, height, repeated, page_number=index + 1, page_count=page_count)
    for i, p in enumerate(split_passages(lines, min_words=min_words, max_words=max_words)):
        page.result.passages.append(ExtractedPassage(i, p.text, page.frame.bbox_to_display(p.bbox)))
    page.lines = []  # the keys stay: later pages compare with them


def _stream(
    camelot: table_extraction.CamelotStream, index: int, geom: PageGeometry
) -> list[tuple[list[list[str]], BBox]]:
    """camelot's tables for this page with their bbox mapped into our reading frame."""
    frame = geom.frame
    out = []
    for rows, (x1, y1, x2, y2), (w, h) in camelot(index + 1):
        if frame.turn == 0 and frame.rotation == 0:
            # camelot reports PDF user space: map through the crop box like our own text.
            a, b = frame.to_reading(x1, y2), frame.to_reading(x2, y1)
            box = (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
        elif abs(w - frame.reading_size[0]) < 2 and abs(h - frame.reading_size[1]) < 2:
            box = (x1, h - y2, x2, h - y1)  # camelot turned the page upright, as we did
        else:
            continue  # a frame we cannot relate to ours: the bbox would be wrong
        out.append((rows, box))
    return out


def _extract_page(
    doc: pdfium.PdfDocument,
    index: int,
    camelot: table_extraction.CamelotStream,
) -> tuple[_PendingPage | None, str | None]:
    """The page with tables, its passage lines still to split (None when pdfium cannot load it)
    and, for page 1, a title from its headings."""
    try:
        page = doc[index]
    except pdfium.PdfiumError:
        log.warning("page %d could not be loaded", index + 1)
        return None, None
    try:
        geom = read_page_geometry(page)
    finally:
        page.close()
    width, height = geom.frame.display_size
    has_text = any(c.text not in " \n" for c in geom.chars)
    result = ExtractedPage(index + 1, round(width, 2), round(height, 2), geom.text, has_text)
    if not has_text:
        # scanned or blank page: nothing to split (OCR is out of scope)
        return _PendingPage(result, geom.frame, [], []), None
    reading_height = geom.frame.reading_size[1]
    heading = _heading_title(geom.lines, reading_height) if index == 0 else None
    found = table_extraction.extract_tables(
        geom.chars, geom.edges, geom.lines, geom.frame.reading_size, stream=lambda: _stream(camelot, index, geom)
    )
    boxes = [t.bbox for t in found]
    lines = mark_table_breaks(table_extraction.lines_outside(geom.lines, boxes), boxes)
    to_display = geom.frame.bbox_to_display
    for t in found:
        t.bbox = to_display(t.bbox)
        if t.cell_boxes is not None:
            t.cell_boxes = [[None if b is None else to_display(b) for b in r] for r in t.cell_boxes]
    result.tables = found
    keys = [k for k in (margin_key(ln, reading_height) for ln in lines) if k is not None]
    return _PendingPage(result, geom.frame, lines, keys), heading


def mark_table_breaks(lines: list[Line], tables: list[BBox]) -> list[Line]:
    """Flag a hard break between consecutive lines that a table lies between (vertically, and
    overlapping them horizontally), so no passage reaches across the table."""
    if not tables:
        return lines
    for prev, cur in zip(lines, lines[1:], strict=False):
        a, b = prev.bbox, cur.bbox
        lo, hi = sorted(((a[1] + a[3]) / 2, (b[1] + b[3]) / 2))
        x0, x1 = min(a[0], b[0]), max(a[2], b[2])
        for t in tables:
            if lo <= (t[1] + t[3]) / 2 <= hi and min(x1, t[2]) > max(x0, t[0]):
                cur.hard_break = True
                break
    return lines
