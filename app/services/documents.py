"""Documents: upload (content-addressed, deduplicated), read and delete."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import BinaryIO

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.db.models import DocTable, Document, Page, Passage
from app.db.session import after_commit
from app.db.upsert import insert_unless_present
from app.graph.build import remove_document
from app.ingest.extracted import LOCKED_ERRORS, PdfError, WrongPassword
from app.ingest.pdfium import check_password, is_encrypted
from app.ingest.render import UndrawablePage, page_png
from app.queue import JobQueue
from app.services.collections import get_collection, remove_unreferenced_files
from app.services.errors import Conflict, Invalid, NotFound
from app.settings import Settings
from app.storage import FileStore, StoredFile, UploadTooLarge, display_path, looks_like_pdf

log = logging.getLogger(__name__)


@dataclass(slots=True)
class Rejected:
    filename: str
    detail: str


@dataclass(slots=True)
class Uploaded:
    document: Document
    uploaded_as: str  # the path this upload gave the file (a duplicate keeps the existing document's)
    duplicate: bool  # the same bytes were already in the collection: nothing new was queued


@dataclass(slots=True)
class UploadResult:
    files: list[Uploaded]
    rejected: list[Rejected]

    @property
    def documents(self) -> list[Document]:
        return [f.document for f in self.files]


def upload_files(
    session: Session,
    settings: Settings,
    queue: JobQueue,
    collection_id: str,
    files: Sequence[tuple[str | None, BinaryIO]],
    password: str | None = None,
) -> UploadResult:
    """Store each file and queue it; a bad file is refused on its own, the others go through.

    ``password`` goes with the encrypted files of this upload (and unlocks an encrypted duplicate that
    failed for want of it); it is handed to the queue, never stored."""
    get_collection(session, collection_id)
    store = FileStore(settings.files_dir)
    max_bytes = settings.max_upload_mb * (1 << 20)
    accepted: list[tuple[str, str, StoredFile]] = []
    rejected: list[Rejected] = []
    for raw_name, stream in files:
        filename, path = display_path(raw_name)
        try:
            stored = store.save(stream, max_bytes)
        except UploadTooLarge as exc:
            rejected.append(Rejected(filename=path, detail=str(exc)))
            continue
        if stored.size_bytes == 0:
            rejected.append(Rejected(filename=path, detail="the file is empty"))
            _drop_if_unused(session, store, stored.sha256)
            continue
        if not looks_like_pdf(stored.head):
            rejected.append(Rejected(filename=path, detail="not a PDF: the file does not start with a PDF header"))
            _drop_if_unused(session, store, stored.sha256)
            continue
        accepted.append((filename, path, stored))
    uploaded, to_queue = _register(session, collection_id, accepted, password)
    for document_id, document_password in to_queue:
        # After the commit, so a worker never looks for a row that is not there yet; a broker that refuses the job
        # is the request's error (503) while the documents stay queued for the sweeper.
        after_commit(session, partial(_send, queue, document_id, document_password))
    return UploadResult(files=uploaded, rejected=rejected)


def _register(
    session: Session, collection_id: str, accepted: list[tuple[str, str, StoredFile]], password: str | None
) -> tuple[list[Uploaded], list[tuple[str, str | None]]]:
    """Rows for the stored files: a new queued document each, or the collection's existing one (a duplicate)."""
    uploaded: list[Uploaded] = []
    to_queue: list[tuple[str, str | None]] = []
    for filename, path, stored in accepted:
        existing = _in_collection(session, collection_id, stored.sha256)
        if existing is None:
            values = {"collection_id": collection_id, "filename": filename, "path": path,
                      "sha256": stored.sha256, "size_bytes": stored.size_bytes, "status": "queued"}  # fmt: skip
            new_id = insert_unless_present(session, Document, values, ("collection_id", "sha256"))
            if new_id is not None:
                document = session.get_one(Document, new_id)
                uploaded.append(Uploaded(document, path, duplicate=False))
                to_queue.append((document.id, password if password and is_encrypted(stored.path) else None))
                continue
            # The same bytes uploaded by another request at once: its document is this upload's duplicate.
            existing = _in_collection(session, collection_id, stored.sha256)
            if existing is None:  # the conflicting row was deleted again in between
                raise Conflict("the document changed during the upload; try again")
        uploaded.append(Uploaded(existing, path, duplicate=True))
        if password and is_locked(existing):
            _requeue(existing)
            to_queue.append((existing.id, password))
    return uploaded, to_queue


def _in_collection(session: Session, collection_id: str, sha256: str) -> Document | None:
    return session.scalar(select(Document).where(Document.collection_id == collection_id, Document.sha256 == sha256))


def _send(queue: JobQueue, document_id: str, password: str | None) -> None:
    log.info("document %s queued", document_id, extra={"document_id": document_id, "status": "queued"})
    if password:
        queue.submit(document_id, password=password)
    else:
        queue.submit(document_id)  # the plain call: queues that know nothing of passwords still work


def is_locked(document: Document) -> bool:
    """Failed because the PDF is encrypted and no (right) password came with it."""
    return document.status == "failed" and (document.error or "").startswith(LOCKED_ERRORS)


def _requeue(document: Document) -> None:
    document.status = "queued"
    document.error = None
    document.progress = 0.0
    document.attempts = 0


def unlock_document(session: Session, settings: Settings, queue: JobQueue, document_id: str, password: str) -> Document:
    """Check the password against the file now (a wrong one is refused here), then queue the document with it."""
    document = get_document(session, document_id)
    if not is_locked(document):
        raise Conflict(
            "the document is not locked: only a document that failed with 'password required' "
            "or 'wrong password' can be unlocked"
        )
    path = FileStore(settings.files_dir).path_for(document.sha256)
    if not path.exists():
        raise NotFound("the original file is missing from storage")
    try:
        check_password(path, password)
    except WrongPassword as exc:
        raise Invalid(str(exc)) from None
    except PdfError as exc:
        raise Invalid(f"the PDF cannot be opened: {exc}") from None
    _requeue(document)
    after_commit(session, partial(_send, queue, document.id, password))  # as in upload_files
    return document


def _drop_if_unused(session: Session, store: FileStore, sha256: str) -> None:
    if session.scalar(select(Document.id).where(Document.sha256 == sha256).limit(1)) is None:
        store.delete(sha256)


def get_document(session: Session, document_id: str) -> Document:
    document = session.get(Document, document_id)
    if document is None:
        raise NotFound("document not found")
    return document


@dataclass(frozen=True, slots=True)
class DocumentState:
    id: str
    filename: str
    status: str
    error: str | None


def states_of(session: Session, document_ids: Sequence[str]) -> list[DocumentState]:
    """Where the processing of these documents stands (for a client that waits); a deleted one is left out."""
    rows = session.execute(
        select(Document.id, Document.filename, Document.status, Document.error).where(Document.id.in_(document_ids))
    )
    return [DocumentState(*row) for row in rows]


def original_file(session: Session, settings: Settings, document_id: str) -> tuple[Path, Document]:
    """Where the uploaded PDF of a document is stored, and the document."""
    document = get_document(session, document_id)
    path = FileStore(settings.files_dir).path_for(document.sha256)
    if not path.exists():
        raise NotFound("the original file is missing from storage")
    return path, document


def page_image(session: Session, settings: Settings, document_id: str, number: int, scale: float) -> bytes:
    """A page drawn as PNG for the viewer (cached on disk)."""
    document = get_document(session, document_id)
    if not 1 <= number <= max(document.page_count, 0):
        raise NotFound(f"page {number} not found (the document has {document.page_count} pages)")
    scale = round(scale, 2)
    cache = settings.data_dir / "renders" / f"{document.sha256}-{number}-{scale}.png"
    if cache.exists():
        return cache.read_bytes()
    store = FileStore(settings.files_dir)
    # An encrypted upload is drawn from the copy without encryption written when it was unlocked.
    unlocked = store.unlocked_path_for(document.sha256)
    pdf_path = unlocked if unlocked.exists() else store.path_for(document.sha256)
    if not pdf_path.exists():
        raise NotFound("the original file is missing from storage")
    try:
        data = page_png(pdf_path, number, scale, settings.render_max_pixels)
    except IndexError:
        raise NotFound(f"page {number} not found") from None
    except UndrawablePage as exc:
        raise Invalid(str(exc)) from None
    except PdfError as exc:
        raise Conflict(f"the page cannot be drawn: {exc}") from None
    except MemoryError:
        raise Invalid("the page image does not fit in memory; ask for a smaller scale") from None
    cache.parent.mkdir(parents=True, exist_ok=True)
    tmp = cache.with_suffix(f".{id(data)}.tmp")  # per call: two threads may draw the same page at once
    tmp.write_bytes(data)
    tmp.replace(cache)
    return data


def page_of_node(session: Session, document_id: str, node_id: str) -> int | None:
    """The page a passage, table or page node of this document is on (for links that only name the node)."""
    for model, column in ((Passage, Passage.page_number), (DocTable, DocTable.page_number), (Page, Page.number)):
        page = session.scalar(select(column).where(model.id == node_id, model.document_id == document_id))
        if page is not None:
            return page
    return None


def get_page(session: Session, document_id: str, number: int) -> tuple[Page, list[Passage], list[DocTable]]:
    document = get_document(session, document_id)
    page = session.scalar(select(Page).where(Page.document_id == document.id, Page.number == number))
    if page is None:
        raise NotFound(f"page {number} not found (the document has {document.page_count} pages)")
    passages = list(
        session.scalars(
            select(Passage)
            .where(Passage.document_id == document.id, Passage.page_number == number)
            .order_by(Passage.index)
        )
    )
    return page, passages, list_tables(session, document.id, page=number)


def list_tables(session: Session, document_id: str, page: int | None = None) -> list[DocTable]:
    query = select(DocTable).where(DocTable.document_id == document_id)
    if page is not None:
        query = query.where(DocTable.page_number == page)
    return list(session.scalars(query.order_by(DocTable.index_in_document)))


def delete_document(session: Session, settings: Settings, document_id: str) -> None:
    document = get_document(session, document_id)
    remove_document(session, document.id, settings.graph)
    sha = document.sha256
    session.delete(document)
    session.flush()
    remove_unreferenced_files(session, settings, {sha})
