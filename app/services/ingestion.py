"""The ingestion job for one document: extract → store rows → add to the collection's graph.

Idempotent: a job that died half-way (worker killed) is simply run again; it first clears what the
earlier attempt left behind, so the document ends `ready` or `failed`, never stuck in `processing`.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, select
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session

from app.db.models import DocTable, Document, Node, Page, Passage, new_id
from app.db.session import session_scope
from app.graph.build import add_documents, remove_document
from app.ingest.model import ExtractedDocument, NoText, PdfError
from app.ingest.pdfium import save_decrypted_copy
from app.llm.embeddings import TextEncoder, get_embedder
from app.services.extraction import extract_document
from app.settings import Settings
from app.storage import FileStore

log = logging.getLogger(__name__)

TRANSIENT_ERRORS = (OperationalError,)

# Runs extract_document's work (in this thread, or in a child process for the embedded pipeline) and returns it.
Extractor = Callable[[Callable[..., ExtractedDocument], tuple[object, ...]], ExtractedDocument]


def _in_this_process(function: Callable[..., ExtractedDocument], args: tuple[object, ...]) -> ExtractedDocument:
    return function(*args)


class DocumentGone(Exception):
    """The document was deleted while it waited or ran; nothing to do."""


class Superseded(Exception):
    """A sweep handed this job to another worker meanwhile; that worker's result wins."""


def _current_attempt(session: Session, document_id: str, attempt: int) -> Document:
    document = session.get(Document, document_id, with_for_update=True)
    if document is None:
        raise DocumentGone
    if document.attempts != attempt:
        raise Superseded
    return document


def process_document(
    settings: Settings, document_id: str, password: str | None = None, extractor: Extractor | None = None
) -> str:
    """Run the whole job; returns the final status. Transient database errors propagate (the queue retries).

    ``password`` opens an encrypted PDF; it is used here and never stored (not in a row, a log or an error).
    ``extractor`` runs the extraction step (default: here); the embedded default's pipeline hands it to a child
    process so the next document is extracted while this thread embeds, without the two fighting for the GIL.
    """
    url = settings.resolved_database_url
    started = time.monotonic()
    claimed = _claim(settings, document_id)
    if isinstance(claimed, str):
        return claimed
    attempt = claimed
    try:
        with session_scope(url) as session:
            sha = session.get(Document, document_id).sha256  # type: ignore[union-attr]
        path = FileStore(settings.files_dir).path_for(sha)
        if not path.exists():
            raise PdfError("the uploaded file is missing from storage")
        args = (
            str(path),
            url,
            document_id,
            settings.max_pages,
            settings.passage_min_words,
            settings.passage_max_words,
            settings.ocr,
            password,
        )
        extracted = (extractor or _in_this_process)(extract_document, args)
        if password:
            # Page images are drawn later, without the password: keep a copy without the encryption.
            store = FileStore(settings.files_dir)
            save_decrypted_copy(path, password, store.unlocked_path_for(sha))
        embedder = get_embedder(settings.device, settings.embedding_backend)
        # Two transactions: the rows first, then the graph. add_documents embeds before it writes, so on SQLite
        # the database stays writable for everyone else while this worker spends seconds in the model.
        with session_scope(url) as session:
            document = _current_attempt(session, document_id, attempt)
            store_extraction(session, document, extracted)
        with session_scope(url) as session:
            document = _current_attempt(session, document_id, attempt)
            add_to_graph(session, [document], settings, embedder)
        log.info(
            "ingested %s: %d pages, %d passages, %d tables in %.1f s",
            document.path,
            document.page_count,
            document.passage_count,
            document.table_count,
            time.monotonic() - started,
        )
        return "ready"
    except Superseded:
        return "superseded"
    except DocumentGone:
        return "missing"
    except PdfError as exc:
        log.info("could not ingest %s: %s", document_id, exc)
        _fail(settings, document_id, attempt, str(exc), text_source="none" if isinstance(exc, NoText) else "pdf")
        return "failed"
    except TRANSIENT_ERRORS:
        raise
    except Exception as exc:  # never leave a document in `processing` because of a bug
        log.exception("ingestion of %s failed", document_id)
        _fail(settings, document_id, attempt, f"could not process this PDF ({type(exc).__name__}: {exc})")
        return "failed"


def _claim(settings: Settings, document_id: str) -> int | str:
    """Mark the document processing and return this attempt's number, or the reason there is nothing to do."""
    with session_scope(settings.resolved_database_url) as session:
        document = session.get(Document, document_id, with_for_update=True)
        if document is None:
            return "missing"
        if document.status in ("ready", "failed"):
            return document.status
        if document.attempts >= settings.max_attempts:
            document.status = "failed"
            document.error = f"gave up after {document.attempts} attempts (the worker stopped each time)"
            return "failed"
        document.attempts += 1
        document.status = "processing"
        document.progress = 0.0
        document.error = None
        # A retry starts from a clean slate: drop what an interrupted attempt stored.
        _clear_document_content(session, document_id, settings)
        return document.attempts


def _clear_document_content(session: Session, document_id: str, settings: Settings) -> None:
    if session.scalar(select(Node.id).where(Node.document_id == document_id).limit(1)) is not None:
        remove_document(session, document_id, settings.graph)
    for table in (Passage, DocTable, Page):
        session.execute(delete(table).where(table.document_id == document_id))


def add_to_graph(session: Session, documents: list[Document], settings: Settings, embedder: TextEncoder) -> None:
    """The last step of every ingestion (the job, and the evaluation's corpora): the documents' stored rows
    become graph nodes and edges, and the documents are ready."""
    add_documents(session, [d.id for d in documents], settings.graph, embedder)
    for document in documents:
        document.status = "ready"
        document.progress = 1.0
        document.error = None


def store_extraction(session: Session, document: Document, extracted: ExtractedDocument) -> None:
    passage_index = 0
    table_index = 0
    previous_page_tables: list[DocTable] = []
    for page in extracted.pages:
        session.add(
            Page(
                document_id=document.id,
                number=page.number,
                width=page.width,
                height=page.height,
                text=page.text,
                has_text_layer=page.has_text_layer,
                text_source=page.text_source,
            )
        )
        for passage in page.passages:
            session.add(
                Passage(
                    document_id=document.id,
                    page_number=page.number,
                    index=passage_index,
                    text=passage.text,
                    bbox=list(passage.bbox),
                )
            )
            passage_index += 1
        page_tables: list[DocTable] = []
        for table in page.tables:
            row = DocTable(
                id=new_id(),
                document_id=document.id,
                page_number=page.number,
                index_on_page=table.index_on_page,
                index_in_document=table_index,
                caption=table.caption,
                label=table.label,
                rows=table.rows,
                columns=table.columns,
                header_rows=table.header_rows,
                continues_id=_continued(previous_page_tables) if table.continues_previous else None,
                cell_boxes=[[None if b is None else list(b) for b in r] for r in table.cell_boxes]
                if table.cell_boxes is not None
                else None,
                markdown=table.markdown,
                bbox=list(table.bbox),
            )
            session.add(row)
            page_tables.append(row)
            table_index += 1
        previous_page_tables = page_tables
    document.page_count = extracted.page_count
    document.passage_count = passage_index
    document.table_count = table_index
    document.title = extracted.title
    document.text_source = extracted.text_source


def _continued(previous_page_tables: list[DocTable]) -> str | None:
    """The table a continuation goes on with: the lowest one on the page before (extraction
    links a page's first table to it, see app.ingest.pdf)."""
    if not previous_page_tables:
        return None
    return max(previous_page_tables, key=lambda t: t.bbox[3]).id


def _fail(settings: Settings, document_id: str, attempt: int, reason: str, text_source: str = "pdf") -> None:
    with session_scope(settings.resolved_database_url) as session:
        document = session.get(Document, document_id, with_for_update=True)
        if document is None or document.attempts != attempt:
            return
        _clear_document_content(session, document_id, settings)
        document.status = "failed"
        document.error = reason[:2000]
        document.text_source = text_source  # "none": no page had text, not even by OCR
        document.page_count = document.passage_count = document.table_count = 0


def unfinished_document_ids(settings: Settings, stale_only: bool) -> list[str]:
    """Documents to (re)queue: with stale_only, those whose worker went silent (a Celery worker's sweep);
    without, every queued or processing one (the embedded app's start, when nothing else can be running)."""
    cutoff = datetime.now(UTC) - timedelta(seconds=settings.stale_processing_s)
    with session_scope(settings.resolved_database_url) as session:
        rows = session.execute(select(Document.id, Document.status, Document.updated_at)).all()
    out = []
    for doc_id, status, updated_at in rows:
        if status in ("queued", "processing"):
            if updated_at is not None and updated_at.tzinfo is None:
                updated_at = updated_at.replace(tzinfo=UTC)
            if not stale_only or updated_at is None or updated_at < cutoff:
                out.append(doc_id)
    return out
