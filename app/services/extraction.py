"""PDF extraction as a picklable job for a child process (the embedded default's pipeline, app.queue).

Kept apart from app.services.ingestion so a child process imports only the extractor and the database session,
not the graph builder or the embedding model. Progress goes straight to the database from the child.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import update

from app.db.models import Document
from app.db.session import session_scope
from app.ingest.extracted import ExtractedDocument, PdfError
from app.ingest.ocr import make_ocr
from app.ingest.pdf import extract_pdf
from app.settings import OcrSettings


def progress_reporter(url: str, document_id: str) -> Callable[[int, int], None]:
    last = [0.0]

    def report(done: int, total: int) -> None:
        now = time.monotonic()
        # Extraction is fast; a write per page would cost more than the page. Report ~4 times a second.
        if done < total and now - last[0] < 0.25:
            return
        last[0] = now
        # Extraction is ~90% of the visible work; the graph step fills the rest.
        value = 0.9 * done / max(total, 1)
        with session_scope(url) as session:
            session.execute(
                update(Document)
                .where(Document.id == document_id, Document.status == "processing")
                .values(progress=value, updated_at=datetime.now(UTC))
            )

    return report


def extract_document(
    path: str,
    url: str,
    document_id: str,
    max_pages: int,
    min_words: int,
    max_words: int,
    ocr: OcrSettings,
    password: str | None = None,
) -> ExtractedDocument:
    """`password` reaches a child process through its pipe only: never a file, a row or a log line."""
    return extract_pdf(
        Path(path),
        max_pages=max_pages,
        on_progress=progress_reporter(url, document_id),
        min_words=min_words,
        max_words=max_words,
        password=password,
        ocr=make_ocr(ocr),
    )


def extract_document_portable(*args: object) -> ExtractedDocument:
    """extract_document for a child process: its errors must cross back by pickling, and PdfError subclasses with
    their own __init__ (PasswordRequired, TooManyPages) cannot be rebuilt from their message, so they travel as a
    plain PdfError with the same message (all the job uses)."""
    try:
        return extract_document(*args)  # type: ignore[arg-type]
    except PdfError as exc:
        if type(exc).__init__ is PdfError.__init__:
            raise  # rebuilt as it is on the other side (NoText keeps its type: the job marks such pages "none")
        raise PdfError(str(exc)) from None
