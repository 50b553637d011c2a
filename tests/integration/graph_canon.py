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


def _edge_set(session: Session, collection_id: str, kind: str) -> set[tuple[str, str]]:
    rows = session.execute(
        select(Edge.source, Edge.target).where(Edge.collection_id == collection_id, Edge.kind == kind)
    ).all()
    return {(s, t) for s, t in rows}


def derived_edge_violations(session: Session, collection_id: str, settings) -> list[str]:  # type: ignore[no-untyped-def]
    """Recompute the derived edges from scratch out of the stored node data and compare with what is stored.

    Whatever order documents arrived in, and however many workers added them, the stored keyword, entity and
    semantic edges must equal a from-scratch build over the final set of nodes.
    """
    import numpy as np

    from app.db.vectors import unpack
    from app.graph import knn, postings

    nodes = list(session.scalars(select(Node).where(Node.collection_id == collection_id)))
    passages = sorted((n for n in nodes if n.kind == "passage"), key=lambda n: n.id)
    problems: list[str] = []
    keywords = {n.id: list(n.keywords or []) for n in passages}
    expected = postings.shared_term_edges(
        keywords, keywords, settings.keyword_max_fanout, settings.keyword_max_edges_per_passage
    )
    if {(s, t) for s, t, _ in expected} != _edge_set(session, collection_id, "keyword"):
        problems.append("keyword edges differ from a from-scratch build")
    entities = {n.id: list(n.entities or []) for n in passages}
    expected = postings.shared_term_edges(
        entities, entities, settings.entity_max_fanout, settings.entity_max_edges_per_passage,
        {n.id: n.document_id for n in passages},
    )  # fmt: skip
    if {(s, t) for s, t, _ in expected} != _edge_set(session, collection_id, "entity"):
        problems.append("entity edges differ from a from-scratch build")
    with_vectors = sorted((n for n in nodes if n.vector is not None), key=lambda n: n.id)
    matrix = np.vstack([unpack(n.vector) for n in with_vectors])
    neighbours = knn.top_k(matrix, range(len(with_vectors)), settings.knn_k)
    expected_semantic = {(with_vectors[i].id, with_vectors[j].id) for i, row in enumerate(neighbours) for j, _ in row}
    if expected_semantic != _edge_set(session, collection_id, "semantic"):
        problems.append("semantic edges are not the exact k nearest neighbours")
    return problems
