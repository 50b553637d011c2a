"""Page images for the viewer: rendered with pypdfium2 and cached on disk by (file, page, scale)."""

from __future__ import annotations

import io
import threading
from pathlib import Path

import pypdfium2 as pdfium

from app.services.errors import NotFound

# pdfium is not thread-safe; one render at a time per process.
_pdfium_lock = threading.Lock()


def render_page_png(pdf_path: Path, number: int, scale: float, data_dir: Path) -> bytes:
    scale = round(scale, 2)
    cache = data_dir / "renders" / f"{pdf_path.stem}-{number}-{scale}.png"
    if cache.exists():
        return cache.read_bytes()
    if not pdf_path.exists():
        raise NotFound("the original file is missing from storage")
    with _pdfium_lock:
        pdf = pdfium.PdfDocument(str(pdf_path))
        try:
            if not 1 <= number <= len(pdf):
                raise NotFound(f"page {number} not found")
            page = pdf[number - 1]
            image = page.render(scale=scale).to_pil()
            page.close()
        finally:
            pdf.close()
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, compress_level=3)
    data = buffer.getvalue()
    cache.parent.mkdir(parents=True, exist_ok=True)
    tmp = cache.with_suffix(".tmp")
    tmp.write_bytes(data)
    tmp.replace(cache)
    return data
