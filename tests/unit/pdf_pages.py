"""What the table tests read from a synthetic PDF: its first page's geometry, as ingestion reads it."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium

from app.ingest.page_geometry import PageGeometry, read_page_geometry


def first_page_geometry(path: Path) -> PageGeometry:
    doc = pdfium.PdfDocument(str(path))
    try:
        page = doc[0]
        try:
            return read_page_geometry(page)
        finally:
            page.close()
    finally:
        doc.close()
