"""PDF → ExtractedDocument: text, words, passages and tables per page.

Text and geometry come from pypdfium2 (hundreds of pages/s); pdfplumber's table finder runs on
that geometry (no second parse with pdfminer), and camelot only on pages that look like an
unruled table that the ruling lines do not explain. No web, database or queue code here.
"""

from __future__ import annotations

import ctypes
import logging
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from app.ingest import tables as table_extraction
from app.ingest.extracted import (
    BBox,
    CorruptPdf,
    ExtractedDocument,
    ExtractedPage,
    ExtractedPassage,
    ExtractedTable,
    NoText,
    PdfError,
    TooManyPages,
)
from app.ingest.ligatures import MARK, printed_twice, repaired
from app.ingest.ocr import OcrEngine, OcrWord
from app.ingest.passages import (
    Line,
    MarginKey,
    Word,
    carry_cut_sentence,
    is_page_number,
    margin_key,
    repeated_margin_keys,
    split_passages,
    starts_block,
    strip_margins,
)
from app.ingest.pdfium import PDFIUM_LOCK, close, open_pdf, render_document_page
from app.ingest.symbols import FONT_NAME_BYTES, LETTERS, index_text, placed_accents, symbol

log = logging.getLogger(__name__)

_SPACES = frozenset(" \t\xa0\u2002\u2003\u2009\u200b\u3000")
# pdfium's mark of a hyphen the line break made ("cer\ufffetificate"), and ours for it in the character stream: the
# word goes on after the break. Read as a space, it left "cer tificate", "con structed" in every hyphenated text.
_PDFIUM_SOFT_HYPHENS = frozenset("\ufffe\x02\xad")
_SOFT_HYPHEN = "\xad"
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
        # Runs for every passage and table cell: the common upright frame skips the turn.
        if self.turn:
            ax, ay = self.reading_to_display(b[0], b[1])
            bx, by = self.reading_to_display(b[2], b[3])
        else:
            ax, ay, bx, by = b
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
    text: str  # one character; "\n" marks a line break from pdfium, " " a word break, _SOFT_HYPHEN a word cut
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


def _font_name(textpage: object, index: int) -> str | None:
    """The name of the font a character of a pdfium text page is set in (app.ingest.symbols reads it)."""
    name = ctypes.create_string_buffer(FONT_NAME_BYTES)
    if not pdfium_c.FPDFText_GetFontInfo(textpage, index, name, FONT_NAME_BYTES, ctypes.byref(ctypes.c_int())):
        return None
    return name.value.decode("latin-1")


def _raw_chars(textpage: pdfium.PdfTextPage, text: str, frame: _Frame) -> list[_Char]:
    """Every character with its loose box in display coordinates (before the reading turn)."""
    n = pdfium_c.FPDFText_CountChars(textpage.raw)
    if len(text) != n:  # defensive: text index ≠ char index (rare); fall back to per-char lookup
        text = index_text(lambda i: pdfium_c.FPDFText_GetUnicode(textpage.raw, i), n)
    rect = pdfium_c.FS_RECTF()
    get_box = pdfium_c.FPDFText_GetLooseCharBox
    raw = textpage.raw
    to_display = frame.to_display
    # An unrotated page (most) maps inline: a method call per corner is a fifth of this loop.
    upright, page_left, page_top = frame.rotation == 0, frame.left, frame.top
    out: list[_Char] = []
    prev: _Char | None = None
    for i, ch in enumerate(text):
        if ch in "\r\n":
            if ch == "\n" or (prev is not None and prev.text != "\n"):
                out.append(_Char("\n"))
            prev = out[-1] if out else None
            continue
        if ch in _PDFIUM_SOFT_HYPHENS:
            out.append(_Char(_SOFT_HYPHEN))
            prev = None
            continue
        # pdfium's generated characters are only spaces and line breaks, so text alone tells.
        if ch in _SPACES or not ch.isprintable():
            out.append(_Char(" "))
            prev = None
            continue
        if not get_box(raw, i, rect):
            continue
        if ch in LETTERS:
            ch = symbol(lambda k: _font_name(raw, k), i, ch)
        if upright:
            ax, ay, bx, by = rect.left - page_left, page_top - rect.top, rect.right - page_left, page_top - rect.bottom
        else:
            ax, ay = to_display(rect.left, rect.top)
            bx, by = to_display(rect.right, rect.bottom)
        # Conditional swaps rather than min()/max(): this loop runs for every glyph of the document.
        if ax > bx:
            ax, bx = bx, ax
        if ay > by:
            ay, by = by, ay
        c = _Char(ch, ax, ay, bx, by)
        # Fake bold (the same glyph printed twice, slightly offset) doubles letters: drop the copy.
        if prev is not None and prev.text == ch and printed_twice(prev, c):
            continue
        out.append(c)
        prev = c
    return out


def _dominant_turn(chars: list[_Char]) -> int:
    """Which way most text runs (in display coordinates), from the step between adjacent glyphs."""
    votes = [0, 0, 0, 0]
    prev: _Char | None = None
    for seen, c in enumerate(chars):
        # Stop once sideways steps can no longer outnumber twice the level ones (an upright page, soon).
        if seen % 256 == 255 and votes[1] + votes[3] + len(chars) - seen <= 2 * (votes[0] + votes[2]):
            return 0
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


def _continues_cut(cut: BBox, word: BBox) -> bool:
    """`word` can go on with a word cut at the end of a line (box `cut`): on the next line of the same column, or at
    the top of the next column. A running footer printed after the last line ("VerDate Sep<11>2014 …") cannot."""
    height = max(cut[3] - cut[1], 1.0)
    next_line = 0 <= word[1] - cut[3] <= 1.5 * height and word[0] < cut[0]
    next_column = word[3] < cut[1] and word[0] >= cut[2] - height
    return next_line or next_column


def _build_lines(chars: list[_Char]) -> list[Line]:
    """Words and lines in content-stream order (pdfium's order is the reading order per column).

    A word cut by a line break (a soft hyphen after it) is given whole to the next line's first word when that one
    goes on with it ("cer" | "tificate" → "certificate", the box of its second part), and leaves its own line."""
    lines: list[Line] = []
    words: list[Word] = []
    buf: list[_Char] = []
    prev_line_box: BBox | None = None
    cutting = False  # a soft hyphen ended the word in `buf`
    cut: tuple[list[Word], Word] | None = None  # (its line's words, the cut word) waiting for the next word
    marks: list[int] = []  # where in `buf` pdfium marked a cut or a glyph without a character (app.ingest.ligatures)

    def flush_word() -> None:
        nonlocal cut, cutting
        if not buf:
            marks.clear()  # a mark with no word around it marks nothing
            return
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
        text = "".join(c.text for c in buf)
        for at in reversed(marks):
            text = text[:at] + MARK + text[at:]
        word = Word(text, (x0, top, x1, bottom))
        buf.clear()
        marks.clear()
        if cut is not None and not words:
            line_words, first_part = cut
            if len(line_words) > 1 and _continues_cut(first_part.bbox, word.bbox):
                line_words.remove(first_part)
                word.text = first_part.text + word.text
        cut = None
        words.append(word)
        if cutting:
            cut = (words, word)
            cutting = False

    def flush_line() -> None:
        nonlocal prev_line_box, words
        flush_word()
        if not words:
            return
        line = Line(words)
        box = line.bbox
        line.new_block = prev_line_box is None or starts_block(prev_line_box, box)
        lines.append(line)
        prev_line_box = box
        words = []

    for c in chars:
        text = c.text
        if text == _SOFT_HYPHEN:
            cutting = bool(buf)
            marks.append(len(buf))
            continue
        if text == "\n":
            flush_line()
            continue
        if text == " ":
            cutting = False
            flush_word()
            continue
        # The box of what came last on this line: the glyph before (read off it, no tuple: this runs per glyph) or
        # the last word.
        if buf:
            prev = buf[-1]
            left, top, right, bottom = prev.x0, prev.top, prev.x1, prev.bottom
        elif words:
            left, top, right, bottom = words[-1].bbox
        else:
            buf.append(c)
            continue
        height = c.bottom - c.top
        if height < 1.0:
            height = 1.0
        mid = (c.top + c.bottom) / 2
        if mid < top - 1 or mid > bottom + 1 or c.x0 < left - height:
            flush_line()  # the text jumped to another line or column without a newline
        elif buf and c.x0 > right + 0.35 * height:
            flush_word()  # a visible gap without a space character (table columns)
        if buf:
            cutting = False  # the soft hyphen stood inside the line: the word just goes on
        buf.append(c)
    flush_line()
    for line in lines:
        for w in line.words:
            w.text = repaired(w.text)
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
    geom = PageGeometry(frame=frame, text=_clean_text(text), chars=placed_accents(chars))
    geom.lines = _build_lines(geom.chars)
    geom.edges = _path_edges(page, frame)
    return geom


def _clean_text(text: str) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")
    # a word cut by a line break, whole again; a glyph without a character read as the ligature it was
    text = re.sub(r"\S*[\ufffe\x02]\n?\S*", lambda m: repaired(re.sub("[\ufffe\x02]\n?", MARK, m.group())), text)
    return re.sub(r"[ \t]+\n", "\n", text).strip()


# --------------------------------------------------------------------------------------------
# Opening, title, the public entry point
# --------------------------------------------------------------------------------------------


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


def _line_height(ln: Line) -> float:
    hs = sorted(w.bbox[3] - w.bbox[1] for w in ln.words)
    return hs[len(hs) // 2]


_FIGURE_CAPTION = re.compile(r"\s*(fig(ure)?|chart|graph|photo|source|note)s?\b", re.I)


def _looks_like_heading(text: str) -> bool:
    """A title, not a sentence or the start of one ("These general objectives were developed to:")."""
    words = text.split()
    letters = [ch for ch in text if ch.isalpha()]
    if len(letters) < 3 or len(words) > 25:
        return False
    if text.rstrip()[-1] in ":;,-–" or text.rstrip().endswith("..."):
        return False
    if text.rstrip().endswith(".") and not re.search(r"\b[A-Z][a-z]{0,3}\.$|\d\.$", text.rstrip()):
        return False  # a sentence ("See notes at end of table."), not an abbreviation or a number ("5.2.")
    if _FIGURE_CAPTION.match(text):
        return False  # a figure's caption names the figure, not the document
    if any(text.count(a) != text.count(b) for a, b in ("()", "[]")):
        return False  # cut from a longer line ("TAZ ZAFR, ARLER)" from an OCR'd scan), not a whole heading
    return not letters[0].islower()


def _heading_title(lines: list[Line]) -> str | None:
    """The largest-font heading on page 1, from its lines without running headers, footers and page numbers.

    Only a line clearly larger than the body text counts, and only one that reads like a heading; otherwise
    None (the file name stands in) rather than a sentence fragment."""
    if not lines:
        return None
    body = sorted(_line_height(ln) for ln in lines)[len(lines) // 2]
    candidates = [ln for ln in lines if sum(ch.isalpha() for ch in ln.text) >= 3]
    if not candidates:
        return None
    top = max(_line_height(ln) for ln in candidates)
    if top < 1.15 * body:
        # No larger type: the first line, when it stands alone as its own block and reads like a heading.
        first = lines[0]
        alone = len(lines) == 1 or lines[1].new_block or lines[1].hard_break
        short = len(first.text.split()) <= 15
        return _sensible_title(first.text[:200]) if alone and short and _looks_like_heading(first.text) else None
    # The first (in reading order) of the largest lines, with the lines of the same size that continue it.
    i = next(k for k, ln in enumerate(lines) if ln in candidates and _line_height(ln) >= top - 0.5)
    parts = [lines[i].text]
    size = _line_height(lines[i])
    j = i
    for nxt in lines[i + 1 : i + 3]:
        if abs(_line_height(nxt) - size) <= 0.08 * size and nxt.bbox[1] - lines[j].bbox[3] < size:
            parts.append(nxt.text)
            j += 1
        else:
            break
    title = " ".join(parts)[:200]
    if not _looks_like_heading(title):
        title = lines[i].text[:200]  # a wrapped heading may read oddly joined: the first line alone
        if not _looks_like_heading(title):
            return None
    return _sensible_title(title)


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
    password: str | None = None,
    ocr: OcrEngine | None = None,
) -> ExtractedDocument:
    """Extract pages, passages and tables; raise a PdfError subclass for input we cannot process.

    ``password`` opens an encrypted file; ``ocr`` reads pages without a usable text layer (None: no OCR).
    pdfium is locked per page (``app.ingest.pdfium``), never for the whole document."""
    doc = open_pdf(Path(path), password)
    try:
        with PDFIUM_LOCK:
            page_count = len(doc)
        if page_count == 0:
            raise CorruptPdf("the PDF has no pages")
        if page_count > max_pages:
            raise TooManyPages(page_count, max_pages)
        with PDFIUM_LOCK:
            title = _metadata_title(doc)
        camelot = table_extraction.CamelotStream(Path(path), password=password)
        pages: list[ExtractedPage] = []
        pending: dict[int, _PendingPage] = {}
        headers_kept: set[str] = set()
        readable = 0
        for index in range(page_count):
            page = _extract_page(doc, index, camelot, ocr)
            readable += page is not None
            if page is None:
                pages.append(ExtractedPage(index + 1, 0.0, 0.0, "", False, text_source="none"))
            else:
                if pages:
                    _link_continuation(pages[-1], page.result)
                pages.append(page.result)
                if page.lines:
                    pending[index] = page
            ready = index - RUNNING_WINDOW
            if ready in pending:
                lines = _finish_page(pending, ready, page_count, min_words, max_words, headers_kept)
                if ready == 0 and title is None:
                    title = _heading_title(lines)
            pending.pop(ready - RUNNING_WINDOW, None)  # no longer a neighbour of any page to finish
            if on_progress is not None:
                on_progress(index + 1, page_count)
        for index in range(max(page_count - RUNNING_WINDOW, 0), page_count):
            if index in pending:
                lines = _finish_page(pending, index, page_count, min_words, max_words, headers_kept)
                if index == 0 and title is None:
                    title = _heading_title(lines)
        for prev, page_after in zip(pages, pages[1:], strict=False):
            carry_cut_sentence(prev.passages, page_after.passages, max_words)
        if readable == 0:
            raise CorruptPdf("the PDF is damaged: none of its pages could be read")
        if all(p.text_source == "none" for p in pages):
            raise NoText(_no_text_reason(page_count, ocr is not None))
        return ExtractedDocument(page_count=page_count, title=title, pages=pages)
    except PdfError:
        raise
    except Exception as exc:  # a library failure on odd input must surface as a clear PdfError
        log.exception("PDF extraction failed for %s", path)
        raise CorruptPdf(f"the PDF could not be processed ({type(exc).__name__}: {exc})") from exc
    finally:
        close(doc)


def extract_page_tables(
    path: Path, pages: Sequence[int], *, password: str | None = None
) -> dict[int, list[ExtractedTable]]:
    """The tables of some pages (1-based), each page read by the function extract_pdf reads it with (no OCR): the
    same rows, for benchmarks that score tables page by page without paying for the other pages."""
    doc = open_pdf(Path(path), password)
    try:
        camelot = table_extraction.CamelotStream(Path(path), password=password)
        out: dict[int, list[ExtractedTable]] = {}
        for number in pages:
            page = _extract_page(doc, number - 1, camelot)
            out[number] = [] if page is None else page.result.tables
        return out
    finally:
        close(doc)


def _no_text_reason(page_count: int, ocr_on: bool) -> str:
    pages = "its page has" if page_count == 1 else f"none of its {page_count} pages has"
    layer = "no text layer" if page_count == 1 else "a text layer"
    why = (
        "and OCR read no text (blank pages or unreadable scans)"
        if ocr_on
        else "and OCR is turned off (MDQA_OCR__ENABLED=false)"
    )
    return f"no text found: {pages} {layer}, {why}"


def _link_continuation(prev: ExtractedPage, page: ExtractedPage) -> None:
    """A table at the top of a page that goes on with the last table of the page before gets its
    header and is marked as its continuation (a table split over a page break)."""
    if not prev.tables or not page.tables:
        return
    last = max(prev.tables, key=lambda t: t.bbox[3])
    first = min(page.tables, key=lambda t: t.bbox[1])
    if table_extraction.continues(last, prev.height, first, page.height):
        table_extraction.link_continuation(last, first)


# A running header or footer with this many words of three letters or more is kept where it first appears (its
# first page) and dropped from the pages after: it often says what the document is and when ("PRIMARY ELECTION,
# AUGUST 7, 2018", "Federal Register / Vol. 85, No. 165 / Tuesday, August 25, 2020"), which no other passage says.
MIN_KEPT_HEADER_WORDS = 2
_HEADER_WORD = re.compile(r"[^\W\d_]{3,}")
_LETTERED = re.compile(r"\W*[^\W\d_]{2,}\W*")
MIN_LETTERED_SHARE = 0.5


def _finish_page(
    pending: dict[int, _PendingPage],
    index: int,
    page_count: int,
    min_words: int,
    max_words: int,
    headers_kept: set[str],
) -> list[Line]:
    """Drop running headers/footers and page numbers from a page's lines, then split passages; returns
    the lines that are left (page 1's give the title when the metadata has none). `headers_kept`: the running
    headers/footers (margin-key text) earlier pages kept; this page keeps those it is the first to show."""
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
    first = {k[0] for k in repeated if k[0] not in headers_kept and _worth_keeping(k[0])}
    headers_kept.update(k[0] for k in repeated)
    lines = strip_margins(page.lines, height, repeated, page_number=index + 1, page_count=page_count)
    # A header this page is the first to show becomes a passage of its own, out of the text's flow (set between a
    # column's foot and the next column's top, it must not land in mid-sentence); one strip_margins kept, attached
    # to text, is there already.
    in_text = {id(ln.words) for ln in lines}
    kept = [
        ln
        for ln in page.lines
        if first and id(ln.words) not in in_text and (key := margin_key(ln, height)) is not None and key[0] in first
    ]
    to_display = page.frame.bbox_to_display
    for ln in kept:
        text = " ".join(ln.text.split())
        page.result.passages.append(ExtractedPassage(len(page.result.passages), text, to_display(ln.bbox), True))
    for p in split_passages(lines, min_words=min_words, max_words=max_words):
        page.result.passages.append(ExtractedPassage(len(page.result.passages), p.text, to_display(p.bbox)))
    page.lines = []  # the keys stay: later pages compare with them
    return lines


def _worth_keeping(header: str) -> bool:
    """Words, mostly: not a page number nor a printer's slug ("VerDate Sep<11>2014 16:21 Aug 05, 2020 Jkt 250001")."""
    header = header.replace("#", "1")  # a margin key's digits
    tokens = [t for t in header.split() if any(c.isalnum() for c in t)]
    lettered = [t for t in tokens if _LETTERED.fullmatch(t)]
    return (
        len(_HEADER_WORD.findall(header)) >= MIN_KEPT_HEADER_WORDS
        and len(lettered) >= MIN_LETTERED_SHARE * len(tokens)
        and not is_page_number(header)
    )


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
    ocr: OcrEngine | None = None,
) -> _PendingPage | None:
    """The page with tables and its passage lines still to split (None when pdfium cannot load it)."""
    with PDFIUM_LOCK:  # one page at a time: a page image for the viewer waits for one page at most
        try:
            page = doc[index]
        except pdfium.PdfiumError:
            log.warning("page %d could not be loaded", index + 1)
            return None
        try:
            geom = read_page_geometry(page)
            scanned = ocr is not None and not _usable_text_layer(geom) and _has_image(page)
        finally:
            page.close()
    width, height = geom.frame.display_size
    has_text = any(c.text not in " \n" for c in geom.chars)
    result = ExtractedPage(index + 1, round(width, 2), round(height, 2), geom.text, has_text)
    if scanned and ocr is not None:
        read = _ocr_page(doc, index, result, ocr)
        if read is not None:
            return read
    if not has_text:
        result.text_source = "none"  # blank, or a scan that OCR could not read (or OCR is off)
        return _PendingPage(result, geom.frame, [], [])
    reading_height = geom.frame.reading_size[1]
    found = table_extraction.extract_tables(
        # Without the soft hyphens (no glyphs): a cell's word cut at its line end is read whole ("cer" "tificate").
        [c for c in geom.chars if c.text != _SOFT_HYPHEN],
        geom.edges,
        geom.lines,
        geom.frame.reading_size,
        stream=lambda: _stream(camelot, index, geom),
    )
    boxes = [t.bbox for t in found]
    lines = mark_table_breaks(table_extraction.lines_outside(geom.lines, boxes, [t.rows for t in found]), boxes)
    to_display = geom.frame.bbox_to_display
    for t in found:
        t.bbox = to_display(t.bbox)
        if t.cell_boxes is not None:
            t.cell_boxes = [[None if b is None else to_display(b) for b in r] for r in t.cell_boxes]
    result.tables = found
    keys = [k for k in (margin_key(ln, reading_height) for ln in lines) if k is not None]
    return _PendingPage(result, geom.frame, lines, keys)


# Fewer letters and digits than this in the text layer: the page is treated as having none (a scan with a
# stamped page number, a lone watermark) and is read by OCR when it carries an image.
MIN_TEXT_LAYER_CHARS = 10


def _usable_text_layer(geom: PageGeometry) -> bool:
    count = 0
    for c in geom.chars:
        if c.text.isalnum():
            count += 1
            if count >= MIN_TEXT_LAYER_CHARS:
                return True
    return False


def _has_image(page: pdfium.PdfPage) -> bool:
    """Whether the page draws an image (directly or inside a form XObject): a scan, not a blank page."""

    def walk(objs: Iterator[object], depth: int) -> bool:
        for obj in objs:
            kind = pdfium_c.FPDFPageObj_GetType(obj)
            if kind == pdfium_c.FPDF_PAGEOBJ_IMAGE:
                return True
            if kind == pdfium_c.FPDF_PAGEOBJ_FORM and depth < 4:
                k = pdfium_c.FPDFFormObj_CountObjects(obj)
                if walk((pdfium_c.FPDFFormObj_GetObject(obj, i) for i in range(k)), depth + 1):
                    return True
        return False

    n = pdfium_c.FPDFPage_CountObjects(page.raw)
    return walk((pdfium_c.FPDFPage_GetObject(page.raw, i) for i in range(n)), 0)


def _ocr_page(doc: pdfium.PdfDocument, index: int, result: ExtractedPage, ocr: OcrEngine) -> _PendingPage | None:
    """Read a page without a usable text layer by OCR; None when OCR finds no text either.

    Only the rendering holds the pdfium lock; recognition (seconds) runs without it."""
    image = render_document_page(doc, index, ocr.dpi / 72)
    words = ocr.read(image)
    if not words:
        return None
    lines = ocr_lines(words, 72 / ocr.dpi)
    # The image is the page as displayed, so OCR boxes are already display coordinates: an identity frame.
    frame = _Frame(0, 0.0, 0.0, result.width, result.height)
    result.text = "\n".join(ln.text for ln in lines)
    result.text_source = "ocr"
    keys = [k for k in (margin_key(ln, result.height) for ln in lines) if k is not None]
    return _PendingPage(result, frame, lines, keys)


def ocr_lines(words: list[OcrWord], scale: float) -> list[Line]:
    """OCR words (pixel boxes, grouped by the engine's line numbers) as lines in PDF points."""
    lines: list[Line] = []
    current: list[Word] = []
    key: tuple[int, ...] | None = None
    prev_box: BBox | None = None
    block: tuple[int, ...] | None = None

    def flush() -> None:
        nonlocal prev_box
        if not current:
            return
        line = Line(list(current))
        box = line.bbox
        line.new_block = prev_box is None or starts_block(prev_box, box) or block_changed
        lines.append(line)
        prev_box = box
        current.clear()

    block_changed = True
    for w in words:
        if w.line != key:
            flush()
            block_changed = block is None or w.line[:-1] != block
            block = w.line[:-1]
            key = w.line
        x0, top, x1, bottom = w.bbox
        current.append(Word(w.text, (x0 * scale, top * scale, x1 * scale, bottom * scale)))
    flush()
    return lines


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
