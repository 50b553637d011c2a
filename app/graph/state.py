"""What a collection's derived edges are computed from (`State`: texts, terms, vectors, semantic lists, the term →
holders indexes), read from the database or carried over from the last version, and the states kept between calls
(published on commit, dropped on rollback; build.py's docstring tells why)."""

from __future__ import annotations

import threading
from bisect import bisect_left
from collections import OrderedDict
from dataclasses import dataclass, field

import numpy as np
from sqlalchemy import event, select
from sqlalchemy.orm import Session

from app.db import vectors as vector_store
from app.db.models import Node, Passage
from app.graph import ann, postings
from app.graph import semantic_lists as lists_of
from app.graph.mentions import TitleMatcher
from app.graph.nodes import Batch
from app.graph.rows import restore_edge_indexes
from app.settings import GraphSettings

VECTOR_KINDS = ("passage", "table")


@dataclass
class State:
    """The inputs of the derived edges, for every node of the collection (after the change)."""

    document_of: dict[str, str]  # passage id → document id
    texts: dict[str, str]  # passage id → text
    keywords: dict[str, list[str]]
    entities: dict[str, list[str]]
    titles: dict[str, str | None]  # document id → title (only documents in the graph)
    first_nodes: dict[str, list[str]]  # document id → mention targets (its first passages, or itself)
    vector_ids: list[str]  # sorted
    matrix: np.ndarray  # rows in vector_ids order
    # Each vector source's stored semantic list (rows in `matrix` order, with edge ids: a displaced list is
    # rewritten without reading it back) and its length and lowest similarity (a new vector closer than that
    # displaces one): app/graph/semantic_lists.py.
    semantic: lists_of.Lists = field(default_factory=lambda: lists_of.Lists.empty(0, 0))
    # Term → holders of `keywords` and `entities`: per-add work in proportion to the batch.
    keyword_index: postings.Index = field(default_factory=postings.Index)
    entity_index: postings.Index = field(default_factory=postings.Index)
    # Each keyword/entity list's length and weakest entry, where known (lists computed since the state was read).
    keyword_lows: dict[str, postings.Low] = field(default_factory=dict)
    entity_lows: dict[str, postings.Low] = field(default_factory=dict)
    hnsw: ann.VectorIndex | None = None  # HNSW over `matrix`, once there are GraphSettings.ann_threshold vectors
    # Every title's pattern, kept in step with `titles` once made (making it reads every title: ~0.2 s at 100k).
    matcher: TitleMatcher | None = None
    version: int = 0  # the graph_version this state is of


def load_state(session: Session, collection_id: str, settings: GraphSettings) -> State:
    restore_edge_indexes(session)
    passages = session.execute(
        select(Node.id, Node.document_id, Node.text, Node.keywords, Node.entities, Passage.index)
        .join(Passage, Passage.id == Node.id)
        .where(Node.collection_id == collection_id, Node.kind == "passage")
        .order_by(Node.document_id, Passage.index, Node.id)
    ).all()
    titles = dict(
        session.execute(
            select(Node.id, Node.text).where(Node.collection_id == collection_id, Node.kind == "document")
        ).all()
    )
    first_nodes: dict[str, list[str]] = {}
    for row in passages:
        targets = first_nodes.setdefault(row.document_id, [])
        if len(targets) < settings.mention_max_targets:
            targets.append(row.id)
    for document_id in titles:
        first_nodes.setdefault(document_id, [document_id])
    vector_rows = session.execute(
        select(Node.id, Node.vector)
        .where(Node.collection_id == collection_id, Node.kind.in_(VECTOR_KINDS), Node.vector.is_not(None))
        .order_by(Node.id)
    ).all()
    matrix = (
        np.vstack([vector_store.unpack(r.vector) for r in vector_rows])
        if vector_rows
        else np.zeros((0, 0), dtype=np.float32)
    )
    vector_ids = [r.id for r in vector_rows]
    semantic = _load_semantic(session, collection_id, vector_ids, settings)
    keywords = {r.id: list(r.keywords or []) for r in passages}
    entities = {r.id: list(r.entities or []) for r in passages}
    texts = {r.id: r.text for r in passages}
    return State(
        document_of={r.id: r.document_id for r in passages},
        texts=texts,
        keywords=keywords,
        entities=entities,
        titles={document_id: (text or None) for document_id, text in titles.items()},
        first_nodes=first_nodes,
        vector_ids=vector_ids,
        matrix=matrix,
        semantic=semantic,
        keyword_index=postings.Index.of(keywords),
        entity_index=postings.Index.of(entities),
    )


def _load_semantic(
    session: Session, collection_id: str, vector_ids: list[str], settings: GraphSettings
) -> lists_of.Lists:
    """Every stored semantic list (one scan of the collection's semantic rows, through the driver: ~1M at 100k
    passages), with each list's length and lowest weight. Edges whose source has no vector are not held (sources
    of semantic edges always have one)."""
    connection = session.connection()
    mark = "?" if connection.dialect.paramstyle in ("qmark", "numeric") else "%s"
    rows = connection.exec_driver_sql(
        f"SELECT source, target, weight, id FROM edges WHERE collection_id = {mark} AND kind = {mark}",
        (collection_id, "semantic"),
    ).all()
    row_of = {node_id: i for i, node_id in enumerate(vector_ids)}
    count = len(rows)
    sources = np.fromiter((row_of.get(r[0], -1) for r in rows), dtype=np.int64, count=count)
    targets = np.fromiter((row_of.get(r[1], -1) for r in rows), dtype=np.int64, count=count)
    weights = np.fromiter((r[2] for r in rows), dtype=np.float64, count=count)
    ids = np.fromiter((r[3] for r in rows), dtype=np.int64, count=count)
    held = sources >= 0
    return lists_of.Lists.of_edges(
        len(vector_ids), settings.knn_k, sources[held], targets[held], weights[held], ids[held]
    )


def with_batch(state: State, batch: Batch, settings: GraphSettings) -> State:
    """`state` (read before the batch's nodes were inserted) with the batch's nodes added, as load_state would."""
    for values, _ in batch.passages:
        passage_id, document_id = values["id"], values["document_id"]
        state.document_of[passage_id] = document_id
        state.texts[passage_id] = values["text"]
        state.keywords[passage_id] = list(values["keywords"] or [])
        state.entities[passage_id] = list(values["entities"] or [])
        state.keyword_index.add(passage_id, state.keywords[passage_id])
        state.entity_index.add(passage_id, state.entities[passage_id])
        targets = state.first_nodes.setdefault(document_id, [])
        if len(targets) < settings.mention_max_targets:
            targets.append(passage_id)
    for values in batch.nodes:
        if values["kind"] == "document":
            state.titles[values["id"]] = values["text"] or None
            state.first_nodes.setdefault(values["id"], [values["id"]])
            if state.matcher is not None:
                state.matcher.add(values["id"], state.titles[values["id"]])
    if batch.vector_ids and batch.vectors is not None:
        # Both id lists sorted, so their merge is linear, and the old rows are copied once, around the new ones.
        new_order = sorted(range(len(batch.vector_ids)), key=batch.vector_ids.__getitem__)
        new_ids = [batch.vector_ids[i] for i in new_order]
        merged = sorted(state.vector_ids + new_ids)
        matrix = np.empty((len(merged), batch.vectors.shape[1]), dtype=np.float32)
        if len(new_ids) * 8 < len(merged):
            # A few new rows among many old ones: the old rows move in runs between them (slice copies; boolean
            # masks over 100k rows cost ~10× more).
            slots = [bisect_left(merged, node_id) for node_id in new_ids]
            source = 0
            for position, (slot, vector_row) in enumerate(zip(slots, new_order, strict=True)):
                run = slot - position - source  # old rows before this new one
                matrix[source + position : slot] = state.matrix[source : source + run]
                source += run
                matrix[slot] = batch.vectors[vector_row]
            matrix[source + len(slots) :] = state.matrix[source:]
            old_at = np.delete(np.arange(len(merged)), slots)
        else:
            is_new = np.zeros(len(merged), dtype=bool)
            is_new[[bisect_left(merged, node_id) for node_id in new_ids]] = True
            matrix[is_new] = batch.vectors[new_order]
            if len(state.vector_ids):
                matrix[~is_new] = state.matrix
            old_at = np.flatnonzero(~is_new)
        state.semantic = state.semantic.widened(settings.knn_k).grown(old_at, len(merged))
        state.vector_ids = merged
        state.matrix = matrix
        if state.hnsw is not None:
            state.hnsw.add(batch.vector_ids, batch.vectors)
    return state


def without(state: State, document_id: str, removed: set[str]) -> State:
    """`state` with a document's nodes taken out, as load_state would read it after their deletion."""
    for node_id in removed:
        state.keyword_index.remove(node_id, state.keywords.get(node_id, ()))
        state.entity_index.remove(node_id, state.entities.get(node_id, ()))
    for mapping in (state.document_of, state.texts, state.keywords, state.entities):
        for node_id in removed:
            mapping.pop(node_id, None)
    state.titles.pop(document_id, None)
    state.first_nodes.pop(document_id, None)
    if state.matcher is not None:
        state.matcher.remove(document_id)
    keep = [i for i, node_id in enumerate(state.vector_ids) if node_id not in removed]
    if len(keep) < len(state.vector_ids):
        gone = [node_id for node_id in state.vector_ids if node_id in removed]
        state.vector_ids = [state.vector_ids[i] for i in keep]
        state.matrix = np.ascontiguousarray(state.matrix[keep]) if keep else np.zeros((0, 0), dtype=np.float32)
        state.semantic = state.semantic.kept(np.asarray(keep, dtype=np.int64))  # edges into them are deleted
        if state.hnsw is not None:
            state.hnsw.remove(gone)
    return state


# A few collections' states (a 100k-passage one holds ~150 MB of vectors plus its HNSW graph).
STATE_CACHE_COLLECTIONS = 4
_PENDING = "mdqa.graph_states"
_states: OrderedDict[str, State] = OrderedDict()
_states_lock = threading.Lock()


def cached_state(session: Session, collection_id: str, version: int) -> State | None:
    """The collection's state at `version`, taken out of the cache (this transaction now owns it), or None."""
    state = session.info.get(_PENDING, {}).pop(collection_id, None)
    if state is None:
        with _states_lock:
            state = _states.pop(collection_id, None)
    return state if state is not None and state.version == version else None


def keep_state(session: Session, collection_id: str, version: int, state: State) -> None:
    """Hold the state for this session's later calls; publish it to the process when the transaction commits."""
    state.version = version
    pending = session.info.get(_PENDING)
    if pending is None:
        pending = session.info[_PENDING] = {}
        event.listen(session, "after_commit", _publish_states)
        event.listen(session, "after_rollback", _discard_states)
    pending[collection_id] = state


def _publish_states(session: Session) -> None:
    pending = session.info.get(_PENDING) or {}
    with _states_lock:
        for collection_id, state in pending.items():
            _states[collection_id] = state
            _states.move_to_end(collection_id)
        while len(_states) > STATE_CACHE_COLLECTIONS:
            _states.popitem(last=False)
    pending.clear()


def _discard_states(session: Session) -> None:
    (session.info.get(_PENDING) or {}).clear()


def forget_states() -> None:
    """Drop every kept state (tests; a process that wants its memory back)."""
    with _states_lock:
        _states.clear()
