"""A collection's graph with ids replaced by stable keys, so two builds of the same files can be compared."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.db.models import DocTable, Document, Edge, Node, Page, Passage


def canonical_graph(session: Session, collection_id: str) -> tuple[set[tuple], set[tuple]]:
    keys: dict[str, tuple] = {}
    docs = {d.id: d.sha256 for d in session.scalars(select(Document).where(Document.collection_id == collection_id))}
    for doc_id, sha in docs.items():
        keys[doc_id] = (sha, "document", 0)
        for page in session.scalars(select(Page).where(Page.document_id == doc_id)):
            keys[page.id] = (sha, "page", page.number)
        for passage in session.scalars(select(Passage).where(Passage.document_id == doc_id)):
            keys[passage.id] = (sha, "passage", passage.index)
        for table in session.scalars(select(DocTable).where(DocTable.document_id == doc_id)):
            keys[table.id] = (sha, "table", table.index_in_document)
    nodes = {keys[n.id] for n in session.scalars(select(Node).where(Node.collection_id == collection_id))}
    edges = {
        (keys[e.source], keys[e.target], e.kind, round(e.weight, 3))
        for e in session.scalars(select(Edge).where(Edge.collection_id == collection_id))
    }
    return nodes, edges
