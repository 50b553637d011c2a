"""A batch of documents as graph nodes: their page, table and passage rows read and turned into node rows (labels,
texts, keywords, entities), before the collection's derived edges are worked out (build.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from sqlalchemy import select
from sqlalchemy.orm import Session

from app.db import vectors as vector_store
from app.db.models import DocTable, Document, Page, Passage
from app.graph.entities import extract_entities
from app.graph.keywords import extract_keywords
from app.graph.rows import chunks
from app.llm.embeddings import TextEncoder
from app.settings import GraphSettings

LABEL_CHARS = 300  # Node.label is String(300)
PAGE_TEXT_CHARS = 300


@dataclass
class Batch:
    nodes: list[dict] = field(default_factory=list)
    contains: list[tuple[str, str, float]] = field(default_factory=list)
    next: list[tuple[str, str, float]] = field(default_factory=list)
    continues: list[tuple[str, str, float]] = field(default_factory=list)  # continuation table → continued table
    passages: list[tuple[dict, str | None]] = field(default_factory=list)  # (node values, document title)
    vector_ids: list[str] = field(default_factory=list)
    vectors: np.ndarray | None = None


def documents_of(session: Session, ids: Sequence[str]) -> list[Document]:
    documents: list[Document] = []
    for chunk in chunks(ids):
        documents.extend(session.scalars(select(Document).where(Document.id.in_(chunk))).all())
    missing = set(ids) - {d.id for d in documents}
    if missing:
        raise LookupError(f"documents not found: {', '.join(sorted(missing))}")
    order = {document_id: i for i, document_id in enumerate(ids)}
    return sorted(documents, key=lambda d: order[d.id])


def _rows_by_document(session: Session, columns: Sequence, order_by: Sequence, ids: Sequence[str]) -> dict[str, list]:
    """Plain rows (no ORM objects: thousands of them are slow to build) grouped by document_id."""
    out: dict[str, list] = {document_id: [] for document_id in ids}
    model_document_id = columns[0].class_.document_id
    for chunk in chunks(ids):
        query = select(model_document_id, *columns).where(model_document_id.in_(chunk)).order_by(*order_by)
        for row in session.execute(query):
            out[row.document_id].append(row)
    return out


def _clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def new_nodes(
    session: Session,
    collection_id: str,
    documents: Sequence[Document],
    settings: GraphSettings,
    embedder: TextEncoder,
) -> Batch:
    ids = [d.id for d in documents]
    pages = _rows_by_document(session, [Page.id, Page.number, Page.text], [Page.number], ids)
    passages = _rows_by_document(
        session, [Passage.id, Passage.page_number, Passage.index, Passage.text], [Passage.index], ids
    )
    tables = _rows_by_document(
        session,
        [
            DocTable.id,
            DocTable.page_number,
            DocTable.index_in_document,
            DocTable.caption,
            DocTable.markdown,
            DocTable.continues_id,
        ],
        [DocTable.index_in_document],
        ids,
    )
    batch = Batch()
    embed_texts: list[str] = []
    embed_nodes: list[dict] = []

    def node(row_id: str, document_id: str, kind: str, page: int | None, label: str, text: str) -> dict:
        values = {
            "id": row_id, "collection_id": collection_id, "document_id": document_id, "kind": kind, "page": page,
            "label": _clip(label, LABEL_CHARS), "text": text, "keywords": None, "entities": None, "vector": None,
        }  # fmt: skip
        batch.nodes.append(values)
        return values

    for document in documents:
        title = (document.title or "").strip() or None
        node(document.id, document.id, "document", None, title or document.filename, title or "")
        page_ids: dict[int, str] = {}
        for page in pages[document.id]:
            node(page.id, document.id, "page", page.number, f"p. {page.number}", _clip(page.text, PAGE_TEXT_CHARS))
            page_ids[page.number] = page.id
            batch.contains.append((document.id, page.id, 1.0))
        for table in tables[document.id]:
            label = table.caption or f"Table {table.index_in_document + 1}, p. {table.page_number}"
            values = node(table.id, document.id, "table", table.page_number, label, table.markdown)
            batch.contains.append((page_ids.get(table.page_number, document.id), table.id, 1.0))
            embed_nodes.append(values)
            embed_texts.append(f"{table.caption}\n{table.markdown}" if table.caption else table.markdown)
            if table.continues_id is not None:
                batch.continues.append((table.id, table.continues_id, 1.0))
        previous: str | None = None
        for passage in passages[document.id]:
            values = node(passage.id, document.id, "passage", passage.page_number, passage.text, passage.text)
            # A passage whose page row is missing still hangs off its document, never floats free.
            batch.contains.append((page_ids.get(passage.page_number, document.id), passage.id, 1.0))
            if previous is not None:
                batch.next.append((previous, passage.id, 1.0))
            previous = passage.id
            values["entities"] = extract_entities(passage.text)
            batch.passages.append((values, title))
            embed_nodes.append(values)
            embed_texts.append(f"{title}\n{passage.text}" if settings.embed_title and title else passage.text)

    if embed_texts:
        vectors = np.asarray(embedder.encode(embed_texts), dtype=np.float32)
        for values, vector in zip(embed_nodes, vectors, strict=True):
            values["vector"] = vector_store.pack(vector)
        batch.vector_ids = [values["id"] for values in embed_nodes]
        batch.vectors = vectors
    return batch


def set_keywords(batch: Batch, settings: GraphSettings) -> None:
    """TF-IDF keywords of the new passages, with IDF over their own document's passages only: a keyword is stored
    with its node and never recomputed, so an IDF fitted on whatever the collection held when the document came
    would make the graph depend on the order documents arrived in (issue 34)."""
    by_document: dict[str, list[tuple[dict, str | None]]] = {}
    for values, title in batch.passages:
        by_document.setdefault(values["document_id"], []).append((values, title))
    for passages in by_document.values():
        texts = [values["text"] for values, _ in passages]
        titles = [title for _, title in passages]
        for (values, _), terms in zip(
            passages, extract_keywords(texts, titles, settings.keywords_per_passage), strict=True
        ):
            values["keywords"] = terms
