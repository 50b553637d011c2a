"""A collection's retrievable units (passage and table nodes) with their vectors and graph neighbourhoods.

Built once per (collection, graph_version) and cached in memory, so every retriever of one question and every
question of `mdqa eval` share it. Retrieval only reads it: nothing here writes to the database.

Dense search is exact below RetrievalSettings.ann_threshold units; above it an HNSW index (app.graph.ann) proposes
candidates that are re-scored exactly. That index is built once per collection and process (the first dense
search pays for it) and then brought up to date across graph versions by adding and removing the changed ids.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import networkx as nx
import numpy as np
from sqlalchemy import select
from sqlalchemy.orm import Session

from app.db.models import Node
from app.db.vectors import CollectionVectors, graph_version, unpack
from app.graph import ann
from app.graph.load import load_graph
from app.vocabulary import edge_rank

if TYPE_CHECKING:
    from app.qa.seeds import Bm25Index, TfidfIndex

UNIT_KINDS = ("passage", "table")
# A mention edge that lands on a document node reaches that many of its first passages.
DOCUMENT_ENTRY_PASSAGES = 3


def edge_kinds_of(data: Mapping[str, Any]) -> tuple[str, ...]:
    """The kinds of a graph edge's attributes: edges merged from several kinds list them in "kinds"."""
    return tuple(data.get("kinds") or (str(data.get("kind", "semantic")),))


@dataclass(slots=True)
class CollectionIndex:
    collection_id: str
    version: int
    ids: list[str]
    kinds: list[str]
    document_ids: list[str]
    pages: list[int | None]
    labels: list[str]
    texts: list[str]
    matrix: np.ndarray  # (n, dim) float32, L2-normalised rows (zeros where a node has no vector)
    graph: nx.DiGraph
    index_of: dict[str, int] = field(default_factory=dict)
    # Lazily built pieces, shared by all questions on this version.
    _neighbours: dict[int, dict[int, list[tuple[str, float]]]] = field(default_factory=dict)
    _doc_entries: dict[str, list[int]] = field(default_factory=dict)
    # Search structures over these units, each built on first use (under `lock` for the keyword ones).
    _vectors: CollectionVectors | None = None
    tfidf: TfidfIndex | None = None
    bm25: Bm25Index | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)
    ann_threshold: int = 20_000  # units from which dense search is approximate (RetrievalSettings.ann_threshold)
    boilerplate: frozenset[int] | None = None  # passages repeated page after page (app.qa.boilerplate), found once
    codes: frozenset[str] | None = None  # words holding a figure, for named model codes (app.qa.absent_codes)

    def __post_init__(self) -> None:
        if not self.index_of:
            self.index_of = {node_id: i for i, node_id in enumerate(self.ids)}

    def __len__(self) -> int:
        return len(self.ids)

    @property
    def vectors(self) -> CollectionVectors:
        """The same top-k search the rest of the app uses (app.db.vectors), over passages and tables."""
        if self._vectors is None:
            hnsw = _shared_hnsw(self) if len(self.ids) >= self.ann_threshold else None
            self._vectors = CollectionVectors(ids=self.ids, matrix=self.matrix, index_of=self.index_of, hnsw=hnsw)
        return self._vectors

    def neighbours(self, i: int, kinds: frozenset[str] | None = None) -> list[tuple[int, str, float]]:
        """Passage/table neighbours of unit i as (index, edge kind, weight), over edges in both directions.

        Page nodes are passed through (a passage reaches the other passages and tables on its page) and a
        mention of a document node reaches the document's first passages. With `kinds`, only neighbours joined
        by an edge of one of those kinds, named by the most telling of them.
        """
        links = self._links(i)
        out = []
        for j, found in links.items():
            usable = found if kinds is None else [k for k in found if k[0] in kinds]
            if usable:
                kind, weight = min(usable, key=lambda k: edge_rank(k[0]))
                out.append((j, kind, weight))
        return out

    def _links(self, i: int) -> dict[int, list[tuple[str, float]]]:
        """Every (edge kind, weight) joining unit i to each passage/table neighbour; cached per unit."""
        cached = self._neighbours.get(i)
        if cached is not None:
            return cached
        node_id = self.ids[i]
        links: dict[int, list[tuple[str, float]]] = {}

        def offer(j: int, edge_kinds: tuple[str, ...], weight: float) -> None:
            if j != i:
                links.setdefault(j, []).extend((k, weight) for k in edge_kinds)

        g = self.graph
        if node_id in g:
            adjacent = list(g.succ[node_id].items()) + list(g.pred[node_id].items())
            for other, data in adjacent:
                edge_kinds = edge_kinds_of(data)
                weight = float(data.get("weight", 1.0))
                j = self.index_of.get(other)
                if j is not None:
                    offer(j, edge_kinds, weight)
                    continue
                other_kind = g.nodes[other].get("kind")
                if other_kind == "page":
                    for child in g.succ[other]:
                        k = self.index_of.get(child)
                        if k is not None:
                            offer(k, edge_kinds, weight)
                elif other_kind == "document" and "contains" not in edge_kinds:
                    for k in self._document_entry(other):
                        offer(k, edge_kinds, weight)
        self._neighbours[i] = links
        return links

    def _document_entry(self, document_node: str) -> list[int]:
        if document_node not in self._doc_entries:
            units = [i for i, d in enumerate(self.document_ids) if d == document_node]
            units.sort(key=lambda i: (self.pages[i] or 0, i))
            self._doc_entries[document_node] = units[:DOCUMENT_ENTRY_PASSAGES]
        return self._doc_entries[document_node]


def index_from_graph(
    graph: nx.DiGraph, vectors: dict[str, np.ndarray], collection_id: str = "", version: int = 0
) -> CollectionIndex:
    """An index over an in-memory graph (node attrs kind, document_id, page, label, text) and node vectors."""
    ids = sorted(n for n, d in graph.nodes(data=True) if d.get("kind") in UNIT_KINDS)
    dim = len(next(iter(vectors.values()))) if vectors else 384
    matrix = np.zeros((len(ids), dim), dtype=np.float32)
    for i, node_id in enumerate(ids):
        if node_id in vectors:
            v = np.asarray(vectors[node_id], dtype=np.float32)
            matrix[i] = v / max(float(np.linalg.norm(v)), 1e-12)
    nodes = graph.nodes
    return CollectionIndex(
        collection_id=collection_id,
        version=version,
        ids=ids,
        kinds=[nodes[n].get("kind", "passage") for n in ids],
        document_ids=[nodes[n].get("document_id", "") for n in ids],
        pages=[nodes[n].get("page") for n in ids],
        labels=[nodes[n].get("label", "") for n in ids],
        texts=[nodes[n].get("text", "") for n in ids],
        matrix=matrix,
        graph=graph,
    )


def _build(session: Session, collection_id: str, version: int) -> CollectionIndex:
    rows = session.execute(
        select(Node.id, Node.kind, Node.document_id, Node.page, Node.label, Node.text, Node.vector)
        .where(Node.collection_id == collection_id, Node.kind.in_(UNIT_KINDS))
        .order_by(Node.id)
    ).all()
    vectors = [unpack(r.vector) for r in rows if r.vector is not None]
    dim = len(vectors[0]) if vectors else 384
    matrix = np.zeros((len(rows), dim), dtype=np.float32)
    for i, r in enumerate(rows):
        if r.vector is not None:
            matrix[i] = unpack(r.vector)
    return CollectionIndex(
        collection_id=collection_id,
        version=version,
        ids=[r.id for r in rows],
        kinds=[r.kind for r in rows],
        document_ids=[r.document_id for r in rows],
        pages=[r.page for r in rows],
        labels=[r.label or "" for r in rows],
        texts=[r.text or "" for r in rows],
        matrix=matrix,
        graph=load_graph(session, collection_id),
    )


_cache: dict[str, CollectionIndex] = {}
_build_locks: dict[str, threading.Lock] = {}
_lock = threading.Lock()
_hnsw: dict[str, ann.VectorIndex] = {}
_hnsw_lock = threading.Lock()


def _shared_hnsw(index: CollectionIndex) -> ann.VectorIndex:
    """The collection's HNSW index, synced to this version's units (a unit without a vector is left out)."""
    has_vector = np.flatnonzero(np.any(index.matrix != 0, axis=1))
    wanted = {index.ids[i] for i in has_vector}
    with _hnsw_lock:
        hnsw = _hnsw.get(index.collection_id)
        if hnsw is None or hnsw.dim != index.matrix.shape[1]:
            hnsw = ann.build([index.ids[i] for i in has_vector], index.matrix[has_vector])
            _hnsw[index.collection_id] = hnsw
            return hnsw
        present = hnsw.ids()
        hnsw.remove(present - wanted)
        added = [i for i in has_vector if index.ids[i] not in present]
        if added:
            hnsw.add([index.ids[i] for i in added], index.matrix[added])
        return hnsw


def get_index(
    session: Session, collection_id: str, version: int | None = None, ann_threshold: int | None = None
) -> CollectionIndex:
    """The cached index of a collection, rebuilt when its graph_version moved (in this or another process).

    One build per collection at a time: a question that arrives while the index warmer (or another question)
    builds the version it needs waits for that build instead of reading the whole graph a second time."""
    if version is None:
        version = graph_version(session, collection_id)
    cached = _cached(collection_id, version)
    if cached is not None:
        return cached
    with _lock:
        build_lock = _build_locks.setdefault(collection_id, threading.Lock())
    with build_lock:
        cached = _cached(collection_id, version)
        if cached is not None:
            return cached
        index = _build(session, collection_id, version)
        if ann_threshold is not None:
            index.ann_threshold = ann_threshold
        with _lock:
            current = _cache.get(collection_id)
            # A build of an older version (a question that read its version before a change) never replaces a
            # newer one.
            if current is None or current.version <= version:
                _cache[collection_id] = index
    return index


def _cached(collection_id: str, version: int) -> CollectionIndex | None:
    with _lock:
        cached = _cache.get(collection_id)
    return cached if cached is not None and cached.version == version else None


def cached_versions() -> dict[str, int]:
    """The graph version of every collection with an index in this process (those questions are being asked of)."""
    with _lock:
        return {collection_id: index.version for collection_id, index in _cache.items()}
