"""The ready documents of a collection, in the order named pages and tables are listed, and a named file that
none of them is."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.db.models import Document
from app.qa.classify.model import ParsedQuery, normalise
from app.qa.resolve import DocInfo, Missing, missing_file, named_files


def ready_conditions(collection_id: str, document_id: str | None):  # noqa: ANN202 - a SQLAlchemy where-clause list
    conditions = [Document.collection_id == collection_id, Document.status == "ready"]
    if document_id is not None:
        conditions.append(Document.id == document_id)
    return conditions


DOCUMENT_ORDER = (Document.created_at, Document.filename, Document.id)


def doc_info(document: Document) -> DocInfo:
    return DocInfo(document.id, document.filename, document.page_count or 0, document.title)


def ready_documents(session: Session, collection_id: str) -> list[DocInfo]:
    rows = session.execute(
        select(Document.id, Document.filename, Document.page_count, Document.title).where(
            *ready_conditions(collection_id, None)
        )
    )
    return [DocInfo(r.id, r.filename, r.page_count or 0, r.title) for r in rows]


def missing_document(session: Session, collection_id: str, parsed: ParsedQuery) -> Missing | None:
    """A file named in the question that no ready document of the collection carries (deleted, never uploaded or
    not ready): the question must not be answered from another document."""
    names = named_files(parsed.question)
    if not names:
        return None
    named = parsed.document.name if parsed.document is not None else None
    for name in names:
        if named is not None and normalise(name) == normalise(named):
            continue
        wanted = normalise(name)
        ready = ready_documents(session, collection_id)
        if any(normalise(d.filename) == wanted for d in ready):
            continue
        status = session.scalar(
            select(Document.status)
            .where(Document.collection_id == collection_id, func.lower(Document.filename) == name.lower())
            .limit(1)
        )
        return missing_file(name, ready, status)
    return None
