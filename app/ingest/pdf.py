"""PDF → ExtractedDocument: text, words, passages and tables per page.

Text and geometry come from pypdfium2 (hundreds of pages/s); pdfplumber's table finder runs on
that geometry (no second parse with pdfminer), and camelot only on pages that look like an
unruled table that the ruling lines do not explain. No web, database or queue code here.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
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
from app.ingest.margins import MarginKey, is_page_number, margin_key, repeated_margin_keys, strip_margins
from app.ingest.ocr import OcrEngine, ocr_lines
from app.ingest.page_geometry import SOFT_HYPHEN, Frame, PageGeometry, read_page_geometry
from app.ingest.passages import Line, carry_cut_sentence, split_passages
from app.ingest.pdfium import PDFIUM_LOCK, close, open_pdf, render_document_page
from app.ingest.titles import heading_title, metadata_title

log = logging.getLogger(__name__)

# Running headers/footers are found by comparing a page's margin lines with those of the pages
# up to this many before and after it (odd and even pages often carry different ones); passages
# of a page are split once those neighbours are read, so only a few pages of lines are held.
RUNNING_WINDOW = 4


@dataclass(slots=True)
class _PendingPage:
    """A page read but not yet split into passages: its lines wait for the neighbours' margins."""

    result: ExtractedPage
    frame: Frame
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
            title = metadata_title(doc)
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
                    title = heading_title(lines)
            pending.pop(ready - RUNNING_WINDOW, None)  # no longer a neighbour of any page to finish
            if on_progress is not None:
                on_progress(index + 1, page_count)
        for index in range(max(page_count - RUNNING_WINDOW, 0), page_count):
            if index in pending:
                lines = _finish_page(pending, index, page_count, min_words, max_words, headers_kept)
                if index == 0 and title is None:
                    title = heading_title(lines)
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
        [c for c in geom.chars if c.text != SOFT_HYPHEN],
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
    frame = Frame(0, 0.0, 0.0, result.width, result.height)
    result.text = "\n".join(ln.text for ln in lines)
    result.text_source = "ocr"
    keys = [k for k in (margin_key(ln, result.height) for ln in lines) if k is not None]
    return _PendingPage(result, frame, lines, keys)


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
