"""Tables. The schema is created and changed only by Alembic migrations (migrations/)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


def new_id() -> str:
    return uuid.uuid4().hex


# The kinds of row whose ids `content_id` makes, one hex digit each (their order among one document's rows).
CONTENT_KINDS = {"page": "1", "table": "2", "passage": "3"}


def content_id(sha256: str, kind: str, position: int, document_id: str) -> str:
    """The id of a document's page, table or passage row: 32 hex digits like `new_id`, that sort by the document's
    content hash, then kind, then position, so every tie the graph breaks by id (app/graph) is broken by what the
    documents are, not by the random ids or the order they arrived in. The tail (from the document's own random id)
    keeps the same file in two collections apart."""
    return f"{sha256[:14]}{CONTENT_KINDS[kind]}{position:07x}{document_id[:10]}"


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class Collection(Base):
    __tablename__ = "collections"

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # Bumped on every graph change; in-memory caches (vectors, networkx) key on it, across processes.
    graph_version: Mapped[int] = mapped_column(Integer, default=0)
    # Null for collections made in single-user mode (before any user existed): only admins see those.
    owner_id: Mapped[str | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), nullable=True, index=True
    )

    documents: Mapped[list[Document]] = relationship(
        back_populates="collection", passive_deletes=True, order_by="Document.created_at"
    )


class Document(Base):
    __tablename__ = "documents"
    __table_args__ = (UniqueConstraint("collection_id", "sha256", name="uq_document_collection_sha256"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    collection_id: Mapped[str] = mapped_column(ForeignKey("collections.id", ondelete="CASCADE"), index=True)
    filename: Mapped[str] = mapped_column(String(255))
    path: Mapped[str] = mapped_column(String(1024))  # display label only, never a file-system path
    sha256: Mapped[str] = mapped_column(String(64))
    size_bytes: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16), default="queued", index=True)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    progress: Mapped[float] = mapped_column(Float, default=0.0)
    page_count: Mapped[int] = mapped_column(Integer, default=0)
    passage_count: Mapped[int] = mapped_column(Integer, default=0)
    table_count: Mapped[int] = mapped_column(Integer, default=0)
    title: Mapped[str | None] = mapped_column(Text, nullable=True)
    text_source: Mapped[str] = mapped_column(String(8), default="pdf")  # pdf | ocr | none (no page has text)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    # Written every few seconds by the worker processing the document; a stale one means that worker is gone.
    heartbeat_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, onupdate=utcnow)

    collection: Mapped[Collection] = relationship(back_populates="documents")


class Page(Base):
    __tablename__ = "pages"
    __table_args__ = (UniqueConstraint("document_id", "number", name="uq_page_document_number"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    document_id: Mapped[str] = mapped_column(ForeignKey("documents.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    width: Mapped[float] = mapped_column(Float)
    height: Mapped[float] = mapped_column(Float)
    text: Mapped[str] = mapped_column(Text, default="")
    has_text_layer: Mapped[bool] = mapped_column(Boolean, default=True)
    text_source: Mapped[str] = mapped_column(String(8), default="pdf")  # pdf | ocr | none


class Passage(Base):
    __tablename__ = "passages"

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    document_id: Mapped[str] = mapped_column(ForeignKey("documents.id", ondelete="CASCADE"), index=True)
    page_number: Mapped[int] = mapped_column(Integer)
    index: Mapped[int] = mapped_column(Integer)  # reading order within the document
    text: Mapped[str] = mapped_column(Text)
    bbox: Mapped[list[float]] = mapped_column(JSON)


class DocTable(Base):
    __tablename__ = "doc_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    document_id: Mapped[str] = mapped_column(ForeignKey("documents.id", ondelete="CASCADE"), index=True)
    page_number: Mapped[int] = mapped_column(Integer)
    index_on_page: Mapped[int] = mapped_column(Integer)
    index_in_document: Mapped[int] = mapped_column(Integer)
    caption: Mapped[str | None] = mapped_column(Text, nullable=True)  # the whole caption, all its lines
    label: Mapped[str | None] = mapped_column(String(100), nullable=True)  # the document's own, e.g. "Table 6.4"
    rows: Mapped[list[list[str]]] = mapped_column(JSON)
    # One name per column, a header spanning several rows joined ("Capital / Medical & Public Health").
    columns: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)
    header_rows: Mapped[int] = mapped_column(Integer, default=1)  # leading rows of `rows` that are header
    continues_id: Mapped[str | None] = mapped_column(
        ForeignKey("doc_tables.id", ondelete="SET NULL"), nullable=True
    )  # the table (usually on the previous page) that this one continues
    # Per cell [x0, top, x1, bottom] or null, same shape as `rows`.
    cell_boxes: Mapped[list[list[list[float] | None]] | None] = mapped_column(JSON, nullable=True)
    markdown: Mapped[str] = mapped_column(Text)
    bbox: Mapped[list[float]] = mapped_column(JSON)


class Node(Base):
    """A graph node. Its id equals the id of the document/page/passage/table row it stands for."""

    __tablename__ = "nodes"
    __table_args__ = (Index("ix_nodes_collection_kind", "collection_id", "kind"),)

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    collection_id: Mapped[str] = mapped_column(ForeignKey("collections.id", ondelete="CASCADE"))
    document_id: Mapped[str] = mapped_column(ForeignKey("documents.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(16))  # document | page | table | passage
    page: Mapped[int | None] = mapped_column(Integer, nullable=True)
    label: Mapped[str] = mapped_column(String(300), default="")
    text: Mapped[str] = mapped_column(Text, default="")
    keywords: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)
    entities: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)
    vector: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)  # float32, L2-normalised


class Edge(Base):
    __tablename__ = "edges"
    __table_args__ = (
        Index("ix_edges_collection_kind", "collection_id", "kind"),
        Index("ix_edges_source", "source"),
        Index("ix_edges_target", "target"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    collection_id: Mapped[str] = mapped_column(ForeignKey("collections.id", ondelete="CASCADE"))
    source: Mapped[str] = mapped_column(ForeignKey("nodes.id", ondelete="CASCADE"))
    target: Mapped[str] = mapped_column(ForeignKey("nodes.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(16))  # contains | next | keyword | semantic | mention | entity
    weight: Mapped[float] = mapped_column(Float, default=1.0)


class Question(Base):
    __tablename__ = "questions"

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    collection_id: Mapped[str] = mapped_column(ForeignKey("collections.id", ondelete="CASCADE"), index=True)
    question: Mapped[str] = mapped_column(Text)
    question_type: Mapped[str] = mapped_column(String(16))
    answer: Mapped[str] = mapped_column(Text)
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    result: Mapped[dict[str, Any]] = mapped_column(JSON)  # the full ask response: citations, evidence, timings
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)


class User(Base):
    __tablename__ = "users"

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    name: Mapped[str] = mapped_column(String(64), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    is_admin: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ApiToken(Base):
    """A bearer credential: an API token (kind "api") or a login session (kind "session"); only its hash is kept."""

    __tablename__ = "api_tokens"

    id: Mapped[str] = mapped_column(String(32), primary_key=True, default=new_id)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(16), default="api")
    name: Mapped[str] = mapped_column(String(100), default="")
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    expires_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    last_used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class CollectionMember(Base):
    __tablename__ = "collection_members"

    collection_id: Mapped[str] = mapped_column(ForeignKey("collections.id", ondelete="CASCADE"), primary_key=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, index=True)
    role: Mapped[str] = mapped_column(String(16))  # viewer | editor


class AuditEvent(Base):
    """Who did what, when. Names are copied so the trail survives deleting the user or the collection."""

    __tablename__ = "audit_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)
    user_id: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    user_name: Mapped[str] = mapped_column(String(64))
    action: Mapped[str] = mapped_column(String(32), index=True)
    collection_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    target: Mapped[str] = mapped_column(Text, default="")
    detail: Mapped[str] = mapped_column(Text, default="")
