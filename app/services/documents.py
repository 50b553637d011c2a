"""Documents: upload (content-addressed, deduplicated), read and delete."""

from __future__ import annotations

from dataclasses import dataclass
from typing import BinaryIO

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.db.models import DocTable, Document, Page, Passage
from app.graph.build import remove_document
from app.services.collections import get_collection, remove_unreferenced_files
from app.services.errors import NotFound
from app.services.queue import JobQueue
from app.settings import Settings
from app.storage import FileStore, UploadTooLarge, display_path, looks_like_pdf


@dataclass(slots=True)
class Rejected:
    filename: str
    detail: str


@dataclass(slots=True)
class UploadResult:
    documents: list[Document]
    rejected: list[Rejected]


def upload_files(
    session: Session,
    settings: Settings,
    queue: JobQueue,
    collection_id: str,
    files: list[tuple[str | None, BinaryIO]],
) -> UploadResult:
    """Store each file and queue it; a bad file is refused on its own, the others go through."""
    get_collection(session, collection_id)
    store = FileStore(settings.files_dir)
    max_bytes = settings.max_upload_mb * (1 << 20)
    documents: list[Document] = []
    rejected: list[Rejected] = []
    to_queue: list[str] = []
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
        existing = session.scalar(
            select(Document).where(Document.collection_id == collection_id, Document.sha256 == stored.sha256)
        )
        if existing is not None:
            documents.append(existing)
            continue
        document = Document(
            collection_id=collection_id,
            filename=filename,
            path=path,
            sha256=stored.sha256,
            size_bytes=stored.size_bytes,
            status="queued",
        )
        session.add(document)
        session.flush()
        documents.append(document)
        to_queue.append(document.id)
    # Commit before queueing so a worker never looks for a row that is not there yet.
    session.commit()
    for document_id in to_queue:
        queue.submit(document_id)
    return UploadResult(documents=documents, rejected=rejected)


def _drop_if_unused(session: Session, store: FileStore, sha256: str) -> None:
    if session.scalar(select(Document.id).where(Document.sha256 == sha256).limit(1)) is None:
        store.delete(sha256)


def get_document(session: Session, document_id: str) -> Document:
    document = session.get(Document, document_id)
    if document is None:
        raise NotFound("document not found")
    return document


def get_page(session: Session, document_id: str, number: int) -> tuple[Page, list[Passage], list[DocTable]]:
    document = get_document(session, document_id)
    page = session.scalar(select(Page).where(Page.document_id == document.id, Page.number == number))
    if page is None:
        raise NotFound(f"page {number} not found (the document has {document.page_count} pages)")
    passages = list(
        session.scalars(
            select(Passage).where(Passage.document_id == document.id, Passage.page_number == number)
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
