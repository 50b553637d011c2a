"""Page images for the viewer: drawn by app.ingest.pdfium (under its process-wide lock), cached on disk by
(file, page, scale)."""

from __future__ import annotations

import io
from pathlib import Path

from app.ingest.model import PdfError
from app.ingest.pdfium import render_page
from app.services.errors import Conflict, NotFound
from app.storage import FileStore


def render_page_png(store: FileStore, sha256: str, number: int, scale: float, data_dir: Path) -> bytes:
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
        image = render_page(pdf_path, number, scale)
    except IndexError:
        raise NotFound(f"page {number} not found") from None
    except PdfError as exc:
        raise Conflict(f"the page cannot be drawn: {exc}") from None
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False, compress_level=3)
    data = buffer.getvalue()
    cache.parent.mkdir(parents=True, exist_ok=True)
    tmp = cache.with_suffix(f".{id(buffer)}.tmp")  # per call: two threads may draw the same page at once
    tmp.write_bytes(data)
    tmp.replace(cache)
    return data
