"""The ingestion job for one document: extract → store rows → add to the collection's graph.

Idempotent: a job that died half-way (worker killed) is simply run again; it first clears what the
earlier attempt left behind, so the document ends `ready` or `failed`, never stuck in `processing`.

Each claim of a document is a numbered attempt; only the holder of the current number may write. While it
works, the holder writes `heartbeat_at` every few seconds: a job for a document whose heartbeat is fresh
is somebody else's live work and is dropped ("busy"); a silent one is requeued by the sweeper
(app.services.sweeper, `requeue_silent` here) and taken over with the next attempt number.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, or_, select, update
from sqlalchemy.exc import InterfaceError, OperationalError
from sqlalchemy.orm import Session

from app.db.models import DocTable, Document, Node, Page, Passage
from app.db.session import session_scope
from app.graph.build import add_documents, remove_document
from app.ingest.extracted import ExtractedDocument, NoText, PdfError
from app.ingest.pdfium import save_decrypted_copy
from app.llm.embeddings import TextEncoder, get_embedder
from app.services.errors import plain_reason
from app.services.extraction import extract_document
from app.services.stored_rows import store_extraction
from app.settings import Settings
from app.storage import FileStore

log = logging.getLogger(__name__)

# The database went away or is busy (restart, failover, SQLite lock): worth retrying the same job.
TRANSIENT_ERRORS = (OperationalError, InterfaceError)

# Runs extract_document's work (in this thread, or in a child process for the embedded pipeline) and returns it.
Extractor = Callable[[Callable[..., ExtractedDocument], tuple[object, ...]], ExtractedDocument]


def _in_this_process(function: Callable[..., ExtractedDocument], args: tuple[object, ...]) -> ExtractedDocument:
    return function(*args)


class Interrupted(Exception):
    """A transient error (the database went away) stopped the job; ``attempt`` is the claim it held, if any."""

    def __init__(self, attempt: int | None) -> None:
        super().__init__(f"interrupted during attempt {attempt}")
        self.attempt = attempt


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


def ingest(
    settings: Settings, document_id: str, password: str | None = None, extractor: Extractor | None = None
) -> str:
    """process_document, retried with backoff while the database is unreachable, for up to ``db_retry_s``
    (longer than a restart takes). If it is still down after that, the exception propagates and the
    document's silent heartbeat has the sweeper hand it out again later."""
    deadline = time.monotonic() + settings.db_retry_s
    delay = 1.0
    own_attempt: int | None = None
    while True:
        try:
            return process_document(settings, document_id, password, extractor, own_attempt=own_attempt)
        except Interrupted as exc:
            own_attempt = exc.attempt if exc.attempt is not None else own_attempt
            if time.monotonic() + delay > deadline:
                raise
            reason = str(exc.__cause__).split("\n", 1)[0]
            log.warning("ingestion of %s interrupted (%s); retrying in %.0f s", document_id, reason, delay)
            time.sleep(delay)
            # Capped well below the heartbeat timeout, so a restarted database finds this job again quickly.
            delay = min(delay * 2, 10.0)


def process_document(
    settings: Settings,
    document_id: str,
    password: str | None = None,
    extractor: Extractor | None = None,
    own_attempt: int | None = None,
) -> str:
    """Run the whole job once; returns the final status, or "busy" when a live worker holds the document.

    Transient database errors raise Interrupted (``ingest`` retries). ``own_attempt``: the attempt this
    worker held when it was interrupted; it resumes it (from a clean slate) unless another worker took over.
    ``password`` opens an encrypted PDF; it is used here and never stored (not in a row, a log or an error).
    ``extractor`` runs the extraction step (default: here); the embedded default's pipeline hands it to a child
    process so the next document is extracted while this thread embeds, without the two fighting for the GIL.
    """
    try:
        claimed = _claim(settings, document_id, own_attempt)
    except TRANSIENT_ERRORS as exc:
        raise Interrupted(own_attempt) from exc
    if isinstance(claimed, str):
        return claimed
    attempt = claimed
    try:
        with _heartbeat(settings, document_id, attempt):
            return _run(settings, document_id, attempt, password, extractor)
    except Superseded:
        return "superseded"
    except DocumentGone:
        return "missing"
    except PdfError as exc:
        try:
            _fail(settings, document_id, attempt, str(exc), text_source="none" if isinstance(exc, NoText) else "pdf")
        except TRANSIENT_ERRORS as db_exc:
            raise Interrupted(attempt) from db_exc
        return "failed"
    except TRANSIENT_ERRORS as exc:
        raise Interrupted(attempt) from exc
    except Exception as exc:  # never leave a document in `processing` because of a bug
        log.exception("ingestion of %s failed", document_id)
        try:
            _fail(settings, document_id, attempt, f"could not process this PDF ({plain_reason(exc)})")
        except TRANSIENT_ERRORS as db_exc:
            raise Interrupted(attempt) from db_exc
        return "failed"


def _run(settings: Settings, document_id: str, attempt: int, password: str | None, extractor: Extractor | None) -> str:
    url = settings.resolved_database_url
    started = time.monotonic()
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
        figures = {"pages": document.page_count, "passages": document.passage_count,
                   "tables": document.table_count}  # fmt: skip
    seconds = round(time.monotonic() - started, 2)
    log.info(
        "document %s ready: %d pages, %d passages, %d tables in %.2f s",
        document_id, *figures.values(), seconds,
        extra={"document_id": document_id, "status": "ready", **figures, "seconds": seconds},
    )  # fmt: skip
    return "ready"


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(moment: datetime | None) -> datetime | None:
    # SQLite hands back naive datetimes (stored in UTC).
    return moment.replace(tzinfo=UTC) if moment is not None and moment.tzinfo is None else moment


def _claim(settings: Settings, document_id: str, own_attempt: int | None = None) -> int | str:
    """Mark the document processing and return this attempt's number, or the reason there is nothing to do."""
    with session_scope(settings.resolved_database_url) as session:
        document = session.get(Document, document_id, with_for_update=True)
        if document is None:
            return "missing"
        if document.status in ("ready", "failed"):
            return document.status
        resuming = own_attempt is not None and document.status == "processing" and document.attempts == own_attempt
        if not resuming:
            beat = _aware(document.heartbeat_at)
            silent_since = _now() - timedelta(seconds=settings.stale_processing_s)
            if document.status == "processing" and beat is not None and beat > silent_since:
                return "busy"  # a live worker has it (a duplicate message, or a requeue that raced its heartbeat)
            if document.attempts >= settings.max_attempts:
                document.status = "failed"
                document.error = f"gave up after {document.attempts} attempts (the worker stopped each time)"
                _log_failed(document_id, document.error)
                return "failed"
            document.attempts += 1
        document.status = "processing"
        document.progress = 0.0
        document.error = None
        document.heartbeat_at = _now()
        # A retry starts from a clean slate: drop what an interrupted attempt stored.
        _clear_document_content(session, document_id, settings)
        attempt = document.attempts
    log.info(
        "document %s processing (attempt %d)", document_id, attempt,
        extra={"document_id": document_id, "status": "processing", "attempt": attempt},
    )  # fmt: skip
    return attempt


@contextmanager
def _heartbeat(settings: Settings, document_id: str, attempt: int) -> Iterator[None]:
    """Write heartbeat_at every ``heartbeat_s`` while the body runs (in a thread: extraction and embedding
    hold this one for minutes)."""
    stop = threading.Event()

    def beat() -> None:
        while not stop.wait(settings.heartbeat_s):
            try:
                with session_scope(settings.resolved_database_url) as session:
                    session.execute(
                        update(Document)
                        .where(
                            Document.id == document_id,
                            Document.attempts == attempt,
                            Document.status == "processing",
                        )
                        .values(heartbeat_at=_now())
                        .execution_options(synchronize_session=False)
                    )
            except Exception as exc:  # the database is down: the job itself will notice; keep beating
                log.warning("heartbeat of %s failed: %s", document_id, type(exc).__name__)

    thread = threading.Thread(target=beat, name=f"mdqa-heartbeat-{document_id[:8]}", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(timeout=settings.heartbeat_s + 30)


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
    _log_failed(document_id, reason)


def _log_failed(document_id: str, reason: str) -> None:
    log.warning(
        "document %s failed: %s", document_id, reason,
        extra={"document_id": document_id, "status": "failed", "error": reason},
    )  # fmt: skip


def requeue_silent(settings: Settings, waiting: set[str], silent_s: float | None = None) -> list[str]:
    """Documents that nobody works on or waits for; each is returned once (to be submitted again).

    - `processing` with no heartbeat for ``silent_s``: its worker died (SIGKILL, lost machine) or gave up on a
      database outage. It is set back to `queued`, so the next job takes it over with a new attempt number.
    - `queued` for ``silent_s`` and not in ``waiting`` (the jobs waiting in the queue): its job was never sent
      (the broker was down during the upload) or was lost with a worker.

    Marking happens in one conditional UPDATE per document, so of several sweepers running at once only one
    requeues a document. ``silent_s`` defaults to ``stale_processing_s``; 0 takes every unfinished document
    (the embedded app's start, when nothing else can be running).
    """
    silent_s = settings.stale_processing_s if silent_s is None else silent_s
    now = _now()
    cutoff = now - timedelta(seconds=silent_s) if silent_s > 0 else now + timedelta(seconds=1)
    out: list[str] = []
    with session_scope(settings.resolved_database_url) as session:
        candidates = session.execute(
            select(Document.id, Document.status).where(
                or_(
                    (Document.status == "queued") & (Document.updated_at < cutoff),
                    (Document.status == "processing")
                    & (or_(Document.heartbeat_at.is_(None), Document.heartbeat_at < cutoff)),
                )
            )
        ).all()
        for document_id, status in candidates:
            if status == "queued" and document_id in waiting:
                continue
            silent = (
                Document.updated_at < cutoff
                if status == "queued"
                else or_(Document.heartbeat_at.is_(None), Document.heartbeat_at < cutoff)
            )
            marked = session.execute(
                update(Document)
                .where(Document.id == document_id, Document.status == status, silent)
                # Progress starts again with the job: a half-done run's 0.9 must not show beside `queued`.
                .values(status="queued", progress=0.0, updated_at=now, heartbeat_at=None)
                .execution_options(synchronize_session=False)
            )
            if marked.rowcount:  # type: ignore[attr-defined]
                out.append(document_id)
                log.info("document %s was %s with no live job: requeued", document_id, status)
    return out
