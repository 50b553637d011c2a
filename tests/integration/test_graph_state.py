"""The graph builder's state kept in memory between calls, and its approximate (HNSW) path, on real databases."""

from __future__ import annotations

from collections import OrderedDict

import numpy as np
import pytest
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from app.db.models import Collection, Edge, Node
from app.graph import build
from app.graph import state as graph_state
from app.graph.build import add_documents, remove_document
from app.graph.state import forget_states
from app.settings import GraphSettings
from tests.integration.graph_canon import derived_edge_violations
from tests.integration.test_graph_build import CORPUS, ENCODER, brute_force_knn, edges, make_collection, make_document

SETTINGS = GraphSettings(knn_k=2, keyword_max_fanout=3, keyword_max_edges_per_passage=2, entity_max_fanout=2)


def run_sequence(session: Session, collection: Collection, docs: dict, cold: bool) -> list[set]:  # type: ignore[type-arg]
    """Adds and removals in one fixed order, committing after each; `cold` drops the kept state before each."""
    ids = [docs[t].id for t in CORPUS]
    steps = [
        ("add", ids[:3]), ("add", ids[3:4]), ("add", ids[4:6]), ("remove", ids[1]), ("add", ids[6:]),
        ("remove", ids[4]), ("add", [ids[1]]), ("add", [ids[4], ids[1]]),  # the last one: a retried job
    ]  # fmt: skip
    snapshots = []
    for action, arg in steps:
        if cold:
            forget_states()
        if action == "add":
            add_documents(session, arg, SETTINGS, ENCODER)
        else:
            remove_document(session, arg, SETTINGS)
        session.commit()
        snapshots.append(edges(session, collection.id))
    return snapshots


def test_kept_state_gives_the_same_edges_as_cold_reads(session: Session, monkeypatch: pytest.MonkeyPatch) -> None:
    collection = make_collection(session)
    docs = {t: make_document(session, collection, t, [CORPUS[t]]) for t in CORPUS}
    session.commit()
    loads = []
    original_load = build.load_state
    monkeypatch.setattr(build, "load_state", lambda *a, **k: loads.append(1) or original_load(*a, **k))
    warm = run_sequence(session, collection, docs, cold=False)
    assert len(loads) == 1  # only the first call read the collection; the others used the kept state
    for document in docs.values():  # the same ids, the same order, but every call reads the state cold
        remove_document(session, document.id, SETTINGS)
    session.commit()
    assert edges(session, collection.id) == set()
    cold = run_sequence(session, collection, docs, cold=True)
    assert cold == warm
    assert derived_edge_violations(session, collection.id, SETTINGS) == []


def test_a_change_by_another_process_invalidates_the_kept_state(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    collection = make_collection(session)
    titles = list(CORPUS)
    docs = {t: make_document(session, collection, t, [CORPUS[t]]) for t in titles}
    add_documents(session, [docs[t].id for t in titles[:3]], SETTINGS, ENCODER)
    session.commit()  # this process keeps the state of this version
    kept = graph_state._states
    # Another process (its own, empty cache) adds a document and commits: the version moves past ours.
    monkeypatch.setattr(graph_state, "_states", OrderedDict())
    add_documents(session, [docs[titles[3]].id], SETTINGS, ENCODER)
    session.commit()
    monkeypatch.setattr(graph_state, "_states", kept)
    assert kept[collection.id].version < session.scalar(
        select(Collection.graph_version).where(Collection.id == collection.id)
    )
    loads = []
    original_load = build.load_state
    monkeypatch.setattr(build, "load_state", lambda *a, **k: loads.append(1) or original_load(*a, **k))
    add_documents(session, [docs[titles[4]].id], SETTINGS, ENCODER)
    session.commit()
    assert loads == [1]  # the stale state was not used
    assert {(s, t) for s, t, k, _ in edges(session, collection.id, "semantic")} == brute_force_knn(
        session, collection.id, 2
    )
    assert derived_edge_violations(session, collection.id, SETTINGS) == []
    # A version bump alone (e.g. a rolled-back writer elsewhere, or any other writer) also forces a cold read.
    session.execute(
        update(Collection).where(Collection.id == collection.id).values(graph_version=Collection.graph_version + 1)
    )
    session.commit()
    add_documents(session, [docs[titles[5]].id], SETTINGS, ENCODER)
    session.commit()
    assert loads == [1, 1]
    add_documents(session, [docs[titles[6]].id], SETTINGS, ENCODER)
    session.commit()
    assert loads == [1, 1]  # and then the kept state again


def test_a_rolled_back_change_is_not_kept(session: Session, monkeypatch: pytest.MonkeyPatch) -> None:
    collection = make_collection(session)
    titles = list(CORPUS)
    docs = {t: make_document(session, collection, t, [CORPUS[t]]) for t in titles}
    add_documents(session, [docs[t].id for t in titles[:3]], SETTINGS, ENCODER)
    session.commit()
    add_documents(session, [docs[titles[3]].id], SETTINGS, ENCODER)
    session.rollback()  # that document's nodes never happened: a state holding them must not be used
    add_documents(session, [docs[titles[4]].id], SETTINGS, ENCODER)
    session.commit()
    assert session.scalar(select(Node.id).where(Node.document_id == docs[titles[3]].id)) is None
    assert {(s, t) for s, t, k, _ in edges(session, collection.id, "semantic")} == brute_force_knn(
        session, collection.id, 2
    )
    assert derived_edge_violations(session, collection.id, SETTINGS) == []


class RandomEncoder:
    """Random unit vectors in 32 dimensions (neighbourhoods exist; see tests/unit/test_graph_ann.py)."""

    dim = 32

    def __init__(self) -> None:
        self.rng = np.random.default_rng(7)

    def encode(self, texts: list[str], batch_size: int | None = None) -> np.ndarray:
        matrix = self.rng.standard_normal((len(texts), self.dim)).astype(np.float32)
        return matrix / np.linalg.norm(matrix, axis=1, keepdims=True)


def test_above_the_threshold_semantic_edges_are_approximate_with_high_recall(session: Session) -> None:
    collection = make_collection(session)
    settings = GraphSettings(knn_k=10, ann_threshold=1000)
    encoder = RandomEncoder()
    documents = [
        make_document(session, collection, f"Doc {d}", [[f"passage {d} {i} text" for i in range(50)]])
        for d in range(40)
    ]
    add_documents(session, [d.id for d in documents[:30]], settings, encoder)  # 1,500 vectors: HNSW from the start
    session.commit()
    add_documents(session, [d.id for d in documents[30:]], settings, encoder)  # incremental, through the kept index
    session.commit()
    remove_document(session, documents[3].id, settings)
    session.commit()
    assert graph_state._states[collection.id].hnsw is not None
    stored = edges(session, collection.id, "semantic")
    exact = brute_force_knn(session, collection.id, 10)
    found = {(s, t) for s, t, _, _ in stored}
    assert len(found) == len(exact) == 1950 * 10
    assert len(found & exact) / len(exact) >= 0.98
    vectors = {n.id: n.vector for n in session.scalars(select(Node).where(Node.collection_id == collection.id))}
    from app.db.vectors import unpack

    for s, t, _, w in list(stored)[:200]:  # weights are exact cosines, whatever proposed the neighbour
        assert abs(w - float(unpack(vectors[s]) @ unpack(vectors[t]))) < 1e-4


def held_semantic(collection_id: str) -> set[tuple[str, str | None, float, int]]:
    """The semantic lists the kept state holds: (source, target, weight, edge id) of every cell."""
    state = graph_state._states[collection_id]
    ids = state.vector_ids
    return {(ids[s], ids[t] if t >= 0 else None, w, i) for s, t, w, i in state.semantic.cells()}


def stored_semantic(session: Session, collection_id: str) -> set[tuple[str, str | None, float, int]]:
    return {
        (s, t, float(w), int(i))
        for s, t, w, i in session.execute(
            select(Edge.source, Edge.target, Edge.weight, Edge.id).where(
                Edge.collection_id == collection_id, Edge.kind == "semantic"
            )
        )
    }


def test_the_kept_semantic_lists_are_the_stored_edges_through_adds_and_removals(session: Session) -> None:
    """The state's semantic lists (which a warm add rewrites without reading the table) never drift from the edges
    table: targets, weights and edge ids, after every step of adds, removals, re-adds and a retried job."""
    collection = make_collection(session)
    docs = {t: make_document(session, collection, t, [CORPUS[t]]) for t in CORPUS}
    session.commit()
    ids = [docs[t].id for t in CORPUS]
    steps = [
        ("add", ids[:3]), ("add", ids[3:4]), ("remove", ids[1]), ("add", [ids[1]]), ("add", ids[4:]),
        ("remove", ids[4]), ("remove", ids[0]), ("add", [ids[4], ids[1], ids[0]]),  # a retried job among new ones
    ]  # fmt: skip
    check_held_lists(session, collection.id, steps, SETTINGS, ENCODER)
    warm = edges(session, collection.id)
    forget_states()  # read cold: the same lists, and the same graph after one more removal and re-add
    check_held_lists(session, collection.id, [("remove", ids[2]), ("add", [ids[2]])], SETTINGS, ENCODER)
    assert edges(session, collection.id) == warm


def test_the_kept_semantic_lists_are_the_stored_edges_above_the_threshold(session: Session) -> None:
    """The same with HNSW lists and random vectors: many displaced lists per add, rewritten from the state."""
    collection = make_collection(session)
    settings = GraphSettings(knn_k=5, ann_threshold=100)
    documents = [
        make_document(session, collection, f"Doc {d}", [[f"passage {d} {i} text" for i in range(20)]])
        for d in range(12)
    ]
    session.commit()
    ids = [d.id for d in documents]
    steps = [
        ("add", ids[:8]), ("add", ids[8:9]), ("add", ids[9:10]), ("remove", ids[2]), ("remove", ids[9]),
        ("add", ids[9:]), ("add", [ids[2], ids[10]]),
    ]  # fmt: skip
    check_held_lists(session, collection.id, steps, settings, RandomEncoder())
    assert graph_state._states[collection.id].hnsw is not None


def check_held_lists(session: Session, collection_id: str, steps: list, settings: GraphSettings, encoder) -> None:  # type: ignore[no-untyped-def]
    for action, arg in steps:
        if action == "add":
            add_documents(session, arg, settings, encoder)
        else:
            remove_document(session, arg, settings)
        session.commit()
        stored = stored_semantic(session, collection_id)
        assert stored and held_semantic(collection_id) == stored, (action, arg)
