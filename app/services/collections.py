"""Collections: the folders of documents that are asked as one."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from app.db.models import Collection, Document
from app.services.errors import Conflict, Invalid, NotFound
from app.settings import Settings
from app.storage import FileStore
from app.text.validity import is_blank, problem


def create_collection(session: Session, name: str) -> Collection:
    name = " ".join((name or "").split())
    if is_blank(name):  # zero-width characters alone would list as a nameless collection
        raise Invalid("a collection needs a name (this one holds only whitespace or invisible characters)")
    if (why := problem(name)) is not None:
        raise Invalid(f"the collection name {why}")
    if len(name) > 200:
        raise Invalid("a collection name has at most 200 characters")
    if session.scalar(select(Collection.id).where(Collection.name == name)):
        raise Conflict(f"a collection named {name!r} already exists")
    collection = Collection(name=name)
    try:
        # A savepoint: a concurrent create that wins the race undoes this insert only, not the caller's work.
        with session.begin_nested():
            session.add(collection)
    except IntegrityError as exc:
        raise Conflict(f"a collection named {name!r} already exists") from exc
    return collection


def get_collection(session: Session, collection_id: str) -> Collection:
    collection = session.get(Collection, collection_id)
    if collection is None:
        raise NotFound("collection not found")
    return collection


def find_collection_by_name(session: Session, name: str) -> Collection | None:
    return session.scalar(select(Collection).where(Collection.name == name))


def collection_named(session: Session, name: str) -> Collection:
    """The collection of this name (the command line names collections); NotFound when there is none."""
    collection = find_collection_by_name(session, name)
    if collection is None:
        raise NotFound(f"no collection named {name!r}")
    return collection


def list_collections(session: Session) -> list[tuple[Collection, int]]:
    counts = (
        select(Document.collection_id, func.count(Document.id).label("n"))
        .group_by(Document.collection_id)
        .subquery()
    )
    rows = session.execute(
        select(Collection, func.coalesce(counts.c.n, 0))
        .outerjoin(counts, counts.c.collection_id == Collection.id)
        .order_by(Collection.created_at.desc())
    ).all()
    return [(c, int(n)) for c, n in rows]


def document_count(session: Session, collection_id: str) -> int:
    return int(session.scalar(select(func.count(Document.id)).where(Document.collection_id == collection_id)) or 0)


def delete_collection(session: Session, settings: Settings, collection_id: str) -> None:
    collection = get_collection(session, collection_id)
    hashes = set(session.scalars(select(Document.sha256).where(Document.collection_id == collection_id)))
    # Rows cascade in the database (documents, pages, passages, tables, nodes, edges, questions).
    session.delete(collection)
    session.flush()
    remove_unreferenced_files(session, settings, hashes)


def remove_unreferenced_files(session: Session, settings: Settings, hashes: set[str]) -> None:
    """Files are shared by content across collections: delete one only when no document refers to it."""
    if not hashes:
        return
    still_used = set(session.scalars(select(Document.sha256).where(Document.sha256.in_(hashes))))
    store = FileStore(settings.files_dir)
    for sha in hashes - still_used:
        store.delete(sha)
