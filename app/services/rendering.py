"""Page images for the viewer: drawn by app.ingest.pdfium (under its process-wide lock), cached on disk by
(file, page, scale).

A page may be far larger than a screen (the PDF format allows 14,400 points a side, and a damaged or hostile file
declares more): the image is drawn at a smaller scale rather than exceed MDQA_RENDER_MAX_PIXELS, so one request
costs a bounded time and memory (4 bytes a pixel while pdfium draws), and a page no image can show is a 422."""

from __future__ import annotations

import io
import math
from pathlib import Path

from PIL import Image

from app.ingest.model import PdfError
from app.ingest.pdfium import PDFIUM_LOCK, close, open_pdf, render_document_page
from app.services.errors import Conflict, Invalid, NotFound
from app.storage import FileStore

# ISO 32000-1, Annex C: a page is at most 14,400 units a side (200 inches); beyond that no reader draws it.
MAX_PAGE_POINTS = 14_400
# Browsers and image decoders refuse wider or taller images than about this many pixels.
MAX_SIDE_PX = 16_384


def fitted_scale(width: float, height: float, scale: float, max_pixels: int) -> float:
    """`scale`, or the largest smaller one at which the page stays within `max_pixels` and MAX_SIDE_PX a side."""
    if not (math.isfinite(width) and math.isfinite(height)) or width <= 0 or height <= 0:
        raise Invalid(f"the page has no drawable size ({width:g} × {height:g} points)")
    if max(width, height) > MAX_PAGE_POINTS:
        raise Invalid(
            f"the page is {width:,.0f} × {height:,.0f} points, beyond the {MAX_PAGE_POINTS:,}-point maximum of the PDF "
            "format; it cannot be drawn"
        )
    fitted = min(scale, math.sqrt(max_pixels / (width * height)), MAX_SIDE_PX / max(width, height))
    if min(width, height) * fitted < 1:
        raise Invalid(f"the page ({width:,.0f} × {height:,.0f} points) is too narrow to draw at any scale")
    return fitted


def render_page_png(
    store: FileStore, sha256: str, number: int, scale: float, data_dir: Path, max_pixels: int
) -> bytes:
    scale = round(scale, 2)
    cache = data_dir / "renders" / f"{sha256}-{number}-{scale}.png"
    if cache.exists():
        return cache.read_bytes()
    # An encrypted upload is drawn from the copy without encryption written when it was unlocked.
    unlocked = store.unlocked_path_for(sha256)
    pdf_path = unlocked if unlocked.exists() else store.path_for(sha256)
    if not pdf_path.exists():
        raise NotFound("the original file is missing from storage")
    try:
        image = _render(pdf_path, number, scale, max_pixels)
    except IndexError:
        raise NotFound(f"page {number} not found") from None
    except PdfError as exc:
        raise Conflict(f"the page cannot be drawn: {exc}") from None
    except MemoryError:
        raise Invalid("the page image does not fit in memory; ask for a smaller scale") from None
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, compress_level=3)
    data = buffer.getvalue()
    cache.parent.mkdir(parents=True, exist_ok=True)
    tmp = cache.with_suffix(f".{id(buffer)}.tmp")  # per call: two threads may draw the same page at once
    tmp.write_bytes(data)
    tmp.replace(cache)
    return data


def _render(path: Path, number: int, scale: float, max_pixels: int) -> Image.Image:
    doc = open_pdf(path)
    try:
        with PDFIUM_LOCK:
            if not 1 <= number <= len(doc):
                raise IndexError(number)
            page = doc[number - 1]
            try:
                width, height = page.get_size()
            finally:
                page.close()
        return render_document_page(doc, number - 1, fitted_scale(width, height, scale, max_pixels))
    finally:
        close(doc)
