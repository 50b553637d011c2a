"""Page images: one page drawn by pdfium (under its process-wide lock, app.ingest.pdfium) as PNG, within a pixel cap.

A page may be far larger than a screen (the PDF format allows 14,400 points a side, and a damaged or hostile file
declares more): the image is drawn at a smaller scale rather than exceed the cap (MDQA_RENDER_MAX_PIXELS), so one
drawing costs a bounded time and memory (4 bytes a pixel while pdfium draws), and a page no image can show is
refused with UndrawablePage. Which file, which pages a reader may see and the disk cache are the caller's
(app.services.documents.page_image)."""

from __future__ import annotations

import io
import math
from pathlib import Path

from PIL import Image

from app.ingest.pdfium import PDFIUM_LOCK, close, open_pdf, render_document_page

# ISO 32000-1, Annex C: a page is at most 14,400 units a side (200 inches); beyond that no reader draws it.
MAX_PAGE_POINTS = 14_400
# Browsers and image decoders refuse wider or taller images than about this many pixels.
MAX_SIDE_PX = 16_384


class UndrawablePage(ValueError):
    """The page has a size no image can show (none, beyond the format's maximum, or too narrow)."""


def fitted_scale(width: float, height: float, scale: float, max_pixels: int) -> float:
    """`scale`, or the largest smaller one at which the page stays within `max_pixels` and MAX_SIDE_PX a side."""
    if not (math.isfinite(width) and math.isfinite(height)) or width <= 0 or height <= 0:
        raise UndrawablePage(f"the page has no drawable size ({width:g} × {height:g} points)")
    if max(width, height) > MAX_PAGE_POINTS:
        raise UndrawablePage(
            f"the page is {width:,.0f} × {height:,.0f} points, beyond the {MAX_PAGE_POINTS:,}-point maximum of the PDF "
            "format; it cannot be drawn"
        )
    fitted = min(scale, math.sqrt(max_pixels / (width * height)), MAX_SIDE_PX / max(width, height))
    if min(width, height) * fitted < 1:
        raise UndrawablePage(f"the page ({width:,.0f} × {height:,.0f} points) is too narrow to draw at any scale")
    return fitted


def draw_page(path: Path, number: int, scale: float, max_pixels: int) -> Image.Image:
    """Page `number` (1-based) at `scale` or the fitted smaller one; IndexError when the document has no such page."""
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


def page_png(path: Path, number: int, scale: float, max_pixels: int) -> bytes:
    buffer = io.BytesIO()
    draw_page(path, number, scale, max_pixels).save(buffer, format="PNG", optimize=False, compress_level=3)
    return buffer.getvalue()
