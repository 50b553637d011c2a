"""A collection's graph, kept up to date one batch of documents at a time (database glue; the algorithms live in
keywords.py, knn.py, mentions.py, entities.py and postings.py).

Nodes: document, page, table, passage (a node's id is the id of its row). Edges:
- `contains` document→page, page→passage, page→table; `next` passage→following passage of the same document;
- `continues` table→the table it continues (a table split over a page break);
- `keyword` passages sharing TF-IDF keywords; `semantic` each passage/table → its k nearest vectors;
- `mention` a passage naming another document's title → that document's first passages;
- `entity` passages of different documents sharing a rare proper-noun span.

Every derived edge is a deterministic function of the collection's current nodes (ties broken by id), so adding a
batch only recomputes the sources whose inputs changed, and add → remove → add gives the same graph as one add.
The nodes themselves depend only on their document (keywords use their own document's IDF), and the ids of page,
table and passage rows sort by document content (app.db.models.content_id): the graph is a function of the set of
documents, whatever order they arrived in.
Both entry points lock the collection row (and bump `graph_version`) first, so concurrent workers serialise; the
caller commits.

The inputs of the derived edges (`_State`: texts, terms, vectors, each source's k-th semantic similarity, the
term → holders indexes of keywords and entities) are kept in memory between
calls, keyed on the collection's graph_version: a writer that finds the state of the version just before its own
bump applies its change to it instead of re-reading every node (a 150-passage document added to 100k passages
costs its own work, not the collection's). A state is published only when the transaction commits; another
process's change (a version this process never saw) or a rollback means a cold read. An old node whose semantic
list a new vector enters gets the best k of its stored list and the new vectors, re-scored together: exactly what
recomputing it would give, without a kNN query per displaced list; the stored lists themselves, with their edge
ids, are held in the state too (semantic_lists.py), so a displaced list is rewritten without reading it back. The
state also keeps each keyword/entity list's weakest entry, so an add recomputes only the old lists a new passage
enters (or that lose a term crossing the fan-out cap), and the title matcher. Recomputed lists are compared with
the stored rows and only the rows that differ are written: an edge row costs three index updates, reading it back
one range scan.

Above `GraphSettings.ann_threshold` vectors, semantic lists come from an HNSW index (app/graph/ann.py) kept in
that state, re-scored exactly: the edges are then approximately the k nearest (recall@10 ≥ 0.98 measured), and
add → remove → add gives the same graph only up to that approximation (which neighbour HNSW misses depends on its
insertion history). Below the threshold everything above holds exactly.
"""

from __future__ import annotations

import json
import logging
import re
import threading
from bisect import bisect_left
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import numpy as np
from sqlalchemy import delete, event, select, update
from sqlalchemy.orm import Session

from app.db import vectors as vector_store
from app.db.models import Collection, DocTable, Document, Edge, Node, Page, Passage
from app.graph import ann, knn, postings
from app.graph import semantic_lists as lists_of
from app.graph.entities import extract_entities
from app.graph.keywords import extract_keywords
from app.graph.mentions import TitleMatcher, mention_edges, title_pattern
from app.llm.embeddings import TextEncoder
from app.settings import GraphSettings

log = logging.getLogger(__name__)

VECTOR_KINDS = ("passage", "table")
LABEL_CHARS = 300  # Node.label is String(300)
PAGE_TEXT_CHARS = 300
# Bound parameter lists (SQLite allows 32k variables; PostgreSQL is happier with modest IN lists too).
IN_CHUNK = 900
INSERT_CHUNK = 20_000
SQLITE_BULK_CACHE_KIB = 256 * 1024  # page cache during a bulk insert (allocated as used)
# An edge insert of at least this many rows into a table holding no more rows than it (a collection's first build)
# drops the edge indexes and builds them again when the update is done: SQLite sorts 3M rows into an index in less
# than a third of the CPU it spends inserting them one by one (and checking the foreign keys of each).
BULK_REINDEX_ROWS = 50_000
_DROPPED_INDEXES = "mdqa.graph_dropped_edge_indexes"
DISPLACED_CHUNK = 2048  # displaced semantic lists re-scored per block (2,048 × 10 stored targets × 384 float32)


# --------------------------------------------------------------------------------------------------- entry points
def add_documents(
    session: Session,
    document_ids: list[str],
    settings: GraphSettings,
    embedder: TextEncoder,
) -> None:
    """Add the graph nodes and edges of documents whose page/passage/table rows exist (all of one collection).

    `embedder` comes from the caller, which holds the settings that choose its device and backend."""
    ids = list(dict.fromkeys(document_ids))
    if not ids:
        return
    session.flush()
    documents = _documents(session, ids)
    collection_ids = {d.collection_id for d in documents}
    if len(collection_ids) != 1:
        raise ValueError("add_documents: the documents must belong to one collection")
    collection_id = collection_ids.pop()
    try:
        _add_documents(session, collection_id, ids, documents, settings, embedder)
    except BaseException:
        session.info.pop(_DROPPED_INDEXES, None)  # the rollback brings them back
        raise


def _add_documents(
    session: Session,
    collection_id: str,
    ids: list[str],
    documents: list[Document],
    settings: GraphSettings,
    embedder: TextEncoder,
) -> None:
    # Embedding is the slow part and needs only the documents' own rows: done before the lock, so workers adding
    # to the same collection embed in parallel and queue only for the graph update.
    batch = _new_nodes(session, collection_id, documents, settings, embedder)
    version = lock_collection(session, collection_id)
    cached = _cached_state(session, collection_id, version - 1)

    # Idempotent: a retried job first removes what an interrupted attempt left (repairing the rest of the graph).
    for document_id in session.scalars(select(Node.document_id).where(Node.document_id.in_(ids)).distinct()).all():
        cached = _remove(session, collection_id, document_id, settings, cached)

    before = cached or _load_state(session, collection_id, settings)
    _set_keywords(batch, settings)
    # The state before the insert plus the batch in memory: reading the new nodes back would cost as much again.
    state = _with_batch(before, batch, settings)
    new_passages = {node["id"]: node for node in batch.nodes if node["kind"] == "passage"}
    new_vectors = {node["id"] for node in batch.nodes if node["kind"] in VECTOR_KINDS}
    # The new vectors' own lists (a first build's HNSW construction and 100k kNN queries: most of its CPU) are
    # computed in a thread while this one writes the nodes and the structural, keyword, entity and mention edges:
    # hnswlib and numpy release the GIL, so on two cores the two overlap. The thread only reads the state.
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="mdqa-knn") as pool:
        new_lists = pool.submit(_new_lists, state, new_vectors, settings)
        _insert_nodes(session, batch.nodes)
        _insert_edges(session, collection_id, "contains", batch.contains)
        _insert_edges(session, collection_id, "next", batch.next)
        _insert_edges(session, collection_id, "continues", batch.continues)
        _update_shared_terms(
            session, collection_id, "keyword", state.keywords,
            {pid: node["keywords"] for pid, node in new_passages.items()},
            adding=True, max_fanout=settings.keyword_max_fanout, max_edges=settings.keyword_max_edges_per_passage,
            index=state.keyword_index, lows=state.keyword_lows,
        )  # fmt: skip
        _update_shared_terms(
            session, collection_id, "entity", state.entities,
            {pid: node["entities"] for pid, node in new_passages.items()},
            adding=True, max_fanout=settings.entity_max_fanout, max_edges=settings.entity_max_edges_per_passage,
            group_of=state.document_of, index=state.entity_index, lows=state.entity_lows,
        )  # fmt: skip
        _add_mentions(session, collection_id, state, set(new_passages), set(ids), settings)
        _add_semantic(session, collection_id, state, new_vectors, settings, new_lists.result())
    _restore_edge_indexes(session)
    session.flush()
    _keep_state(session, collection_id, version, state)


def remove_document(session: Session, document_id: str, settings: GraphSettings) -> None:
    """Remove a document's nodes and edges and repair the edges its nodes displaced (rows other than nodes and
    edges are left alone: deleting the document's own rows is the caller's business)."""
    session.flush()
    collection_id = session.scalar(select(Document.collection_id).where(Document.id == document_id))
    if collection_id is None:
        collection_id = session.scalar(select(Node.collection_id).where(Node.document_id == document_id).limit(1))
    if collection_id is None:
        return
    version = lock_collection(session, collection_id)
    state = _remove(session, collection_id, document_id, settings, _cached_state(session, collection_id, version - 1))
    session.flush()
    if state is not None:
        _keep_state(session, collection_id, version, state)


def lock_collection(session: Session, collection_id: str) -> int:
    """Serialise graph writers of one collection and bump its graph_version (caches key on it); the new version.

    The UPDATE takes the collection row's lock on PostgreSQL (held to commit, like SELECT ... FOR UPDATE) and the
    database write lock on SQLite, before anything is read, so a second worker sees the first one's graph.
    """
    result = session.execute(
        update(Collection).where(Collection.id == collection_id).values(graph_version=Collection.graph_version + 1)
    )
    if result.rowcount == 0:  # type: ignore[attr-defined]
        raise LookupError(f"collection {collection_id} not found")
    return int(session.scalar(select(Collection.graph_version).where(Collection.id == collection_id)) or 0)


# ------------------------------------------------------------------------------------------------------ new nodes
@dataclass
class _Batch:
    nodes: list[dict] = field(default_factory=list)
    contains: list[tuple[str, str, float]] = field(default_factory=list)
    next: list[tuple[str, str, float]] = field(default_factory=list)
    continues: list[tuple[str, str, float]] = field(default_factory=list)  # continuation table → continued table
    passages: list[tuple[dict, str | None]] = field(default_factory=list)  # (node values, document title)
    vector_ids: list[str] = field(default_factory=list)
    vectors: np.ndarray | None = None


def _documents(session: Session, ids: Sequence[str]) -> list[Document]:
    documents: list[Document] = []
    for chunk in _chunks(ids):
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
    for chunk in _chunks(ids):
        query = select(model_document_id, *columns).where(model_document_id.in_(chunk)).order_by(*order_by)
        for row in session.execute(query):
            out[row.document_id].append(row)
    return out


def _clip(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _new_nodes(
    session: Session,
    collection_id: str,
    documents: Sequence[Document],
    settings: GraphSettings,
    embedder: TextEncoder,
) -> _Batch:
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
    batch = _Batch()
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


def _set_keywords(batch: _Batch, settings: GraphSettings) -> None:
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


# ---------------------------------------------------------------------------------------------- collection state
@dataclass
class _State:
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


def _load_state(session: Session, collection_id: str, settings: GraphSettings) -> _State:
    _restore_edge_indexes(session)
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
    return _State(
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


def _with_batch(state: _State, batch: _Batch, settings: GraphSettings) -> _State:
    """`state` (read before the batch's nodes were inserted) with the batch's nodes added, as _load_state would."""
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


def _without(state: _State, document_id: str, removed: set[str]) -> _State:
    """`state` with a document's nodes taken out, as _load_state would read it after their deletion."""
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


# ------------------------------------------------------------------------------------ state kept between calls
# A few collections' states (a 100k-passage one holds ~150 MB of vectors plus its HNSW graph).
STATE_CACHE_COLLECTIONS = 4
_PENDING = "mdqa.graph_states"
_states: OrderedDict[str, _State] = OrderedDict()
_states_lock = threading.Lock()


def _cached_state(session: Session, collection_id: str, version: int) -> _State | None:
    """The collection's state at `version`, taken out of the cache (this transaction now owns it), or None."""
    state = session.info.get(_PENDING, {}).pop(collection_id, None)
    if state is None:
        with _states_lock:
            state = _states.pop(collection_id, None)
    return state if state is not None and state.version == version else None


def _keep_state(session: Session, collection_id: str, version: int, state: _State) -> None:
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


# ------------------------------------------------------------------------------------------------- derived edges
def _semantic(
    session: Session,
    collection_id: str,
    state: _State,
    sources: Iterable[str],
    settings: GraphSettings,
    row_of: dict[str, int] | None = None,
    computed: _Found | None = None,
) -> None:
    """Recompute the lists of `sources` (the k nearest, exact below the ANN threshold) and write the rows that
    differ; each list's new length and lowest similarity. `row_of` (id → row of `state.matrix`) when the caller
    has it; `computed`: the lists of exactly these sources, found by `_new_lists`."""
    row_of = row_of if row_of is not None else {node_id: i for i, node_id in enumerate(state.vector_ids)}
    sources = set(sources)
    rows = sorted(row_of[s] for s in sources if s in row_of)
    if len(rows) < len(sources):  # not a vector (never the source of a semantic edge, but then it has none)
        _delete_edges(session, collection_id, "semantic", [s for s in sources if s not in row_of])
    if not rows:
        return
    if computed is None or computed.rows != rows:
        computed = _lists_of_rows(state, rows, settings, row_of)
    state.hnsw = computed.hnsw
    found = computed.found
    width = max((len(neighbours) for neighbours in found), default=0)
    chosen = np.full((len(rows), width), lists_of.NO_EDGE, dtype=np.int64)
    weights = np.zeros((len(rows), width), dtype=np.float64)
    for i, neighbours in enumerate(found):
        if neighbours:
            chosen[i, : len(neighbours)] = [j for j, _ in neighbours]
            weights[i, : len(neighbours)] = [score for _, score in neighbours]
    lists = state.semantic
    lists.lengths[rows] = [len(neighbours) for neighbours in found]
    lists.lows[rows] = [min(score for _, score in neighbours) if neighbours else -np.inf for neighbours in found]
    del found  # 1M tuples in a first build at 100k: not held while the rows to insert are made
    _write_semantic(session, collection_id, state, np.asarray(rows, dtype=np.int64), chosen, weights, True)


@dataclass(slots=True)
class _Found:
    """The k nearest of some rows of a state's matrix, the HNSW index that proposed them (None: exact), and the
    id → row map they were found with."""

    rows: list[int]
    found: list[list[tuple[int, float]]]
    hnsw: ann.VectorIndex | None
    row_of: dict[str, int]


def _lists_of_rows(state: _State, rows: list[int], settings: GraphSettings, row_of: dict[str, int]) -> _Found:
    """Reads the state only (its matrix, ids and HNSW index), so it may run beside the writes of an update."""
    if not rows:
        return _Found(rows, [], state.hnsw, row_of)
    if len(state.vector_ids) < settings.ann_threshold:
        return _Found(rows, knn.top_k(state.matrix, rows, settings.knn_k), None, row_of)
    hnsw = state.hnsw if state.hnsw is not None else ann.build(state.vector_ids, state.matrix)
    found = knn.approximate_top_k(state.matrix, state.vector_ids, rows, settings.knn_k, hnsw, row_of)
    return _Found(rows, found, hnsw, row_of)


def _new_lists(state: _State, new_ids: set[str], settings: GraphSettings) -> _Found:
    row_of = {node_id: i for i, node_id in enumerate(state.vector_ids)}
    return _lists_of_rows(state, sorted(row_of[s] for s in new_ids if s in row_of), settings, row_of)


def _write_semantic(
    session: Session,
    collection_id: str,
    state: _State,
    rows: np.ndarray,
    chosen: np.ndarray,
    weights: np.ndarray,
    same_weights: bool,
) -> None:
    """Make the stored lists of the sources at `rows` (of `state.matrix`) `chosen` (target rows, NO_EDGE pads)
    with `weights`, writing only the rows that differ (compared with the lists held in the state, not read back),
    and hold the new lists, edge ids included, in the state."""
    done = lists_of.change(state.semantic, rows, chosen, weights, same_weights)
    vector_ids = state.vector_ids
    _delete_edge_ids(session, done.deletes.tolist())
    update_rows, update_targets, update_weights, update_ids = done.updates
    if len(update_ids):
        _restore_edge_indexes(session)
        connection = session.connection()
        mark = "?" if connection.dialect.paramstyle in ("qmark", "numeric") else "%s"
        connection.exec_driver_sql(
            f"UPDATE edges SET target = {mark}, weight = {mark} WHERE id = {mark}",
            [
                (vector_ids[t], w, i)
                for t, w, i in zip(update_targets.tolist(), update_weights.tolist(), update_ids.tolist(), strict=True)
            ],
        )
    insert_rows, insert_targets, insert_weights = done.inserts
    edges = [
        (vector_ids[s], vector_ids[t], w)
        for s, t, w in zip(insert_rows.tolist(), insert_targets.tolist(), insert_weights.tolist(), strict=True)
    ]
    ids = _insert_edges(session, collection_id, "semantic", edges, with_ids=True)
    state.semantic = lists_of.apply(state.semantic, rows, done, np.asarray(ids, dtype=np.int64))


def _add_semantic(
    session: Session,
    collection_id: str,
    state: _State,
    new_ids: set[str],
    settings: GraphSettings,
    new_lists: _Found | None = None,
) -> None:
    """Lists of the new vectors, and of the old ones a new vector displaces: an old list becomes the best k of
    itself and the new vectors, re-scored together (what a full recomputation gives, below the ANN threshold too,
    at the cost of the batch rather than of a kNN query per displaced list)."""
    if not new_ids:
        return
    k = settings.knn_k
    vector_ids = state.vector_ids
    # The map the new lists were found with (same state, same ids): not built a second time at 100k rows.
    row_of = new_lists.row_of if new_lists is not None else {node_id: i for i, node_id in enumerate(vector_ids)}
    _semantic(session, collection_id, state, new_ids, settings, row_of, new_lists)
    new_rows = np.asarray(sorted(row_of[node_id] for node_id in new_ids if node_id in row_of), dtype=np.int64)
    if len(new_rows) == len(vector_ids):
        return

    # A list shorter than k had room: anything enters it (threshold -inf).
    thresholds = state.semantic.thresholds(k)
    thresholds[new_rows] = np.inf  # the new rows' own lists are done above
    affected_rows = np.flatnonzero(knn.reached_by(state.matrix, thresholds, state.matrix[new_rows]))
    if not len(affected_rows):
        return
    kk = min(k, len(vector_ids) - 1)
    # Every affected list at once, in blocks: candidates = its stored targets (NO_EDGE where none, or not a
    # vector) and every new vector (the best kk of the union is the best kk of its stored list and the new vectors
    # that can enter), ordered by (score desc, row asc) like a fresh kNN query. The stored lists are the state's.
    unused = np.iinfo(np.int64).max
    new_block = state.matrix[new_rows].T
    all_chosen: list[np.ndarray] = []
    all_scores: list[np.ndarray] = []
    for start in range(0, len(affected_rows), DISPLACED_CHUNK):
        rows = affected_rows[start : start + DISPLACED_CHUNK]
        stored = state.semantic.targets[rows]
        queries = state.matrix[rows]
        old_scores = np.einsum("ad,awd->aw", queries, state.matrix[np.maximum(stored, 0)])
        old_scores[stored < 0] = -np.inf
        candidates = np.concatenate([stored, np.broadcast_to(new_rows, (len(rows), len(new_rows)))], axis=1)
        scores = np.concatenate([old_scores, queries @ new_block], axis=1)
        order = np.lexsort((np.where(candidates < 0, unused, candidates), -scores), axis=1)[:, :kk]
        chosen = np.take_along_axis(candidates, order, axis=1)
        chosen_scores = np.take_along_axis(scores, order, axis=1)
        valid = chosen >= 0
        chosen[~valid] = lists_of.NO_EDGE
        counts = valid.sum(axis=1)
        lows = np.where(valid, chosen_scores, np.inf).min(axis=1).astype(np.float64)
        state.semantic.lengths[rows[counts > 0]] = counts[counts > 0]
        state.semantic.lows[rows[counts > 0]] = lows[counts > 0]
        all_chosen.append(chosen)
        all_scores.append(np.where(valid, chosen_scores, 0.0).astype(np.float64))
    # A stored target that stays keeps its row and stored weight; the others are updated, deleted or inserted.
    _write_semantic(
        session, collection_id, state, affected_rows, np.concatenate(all_chosen), np.concatenate(all_scores), False
    )


def _update_shared_terms(
    session: Session,
    collection_id: str,
    kind: str,
    terms_of: dict[str, list[str]],
    changed_terms_of: dict[str, list[str]],
    adding: bool,
    max_fanout: int,
    max_edges: int,
    group_of: dict[str, str] | None = None,
    index: postings.Index | None = None,
    lows: dict[str, postings.Low] | None = None,
    pointing: set[str] | None = None,
) -> None:
    """Recompute the `kind` lists a change of terms can alter; `lows` (each list's weakest entry, kept in step
    here) narrows an add to the old lists a new item actually enters, `pointing` (the sources of the stored
    edges into removed items) a removal to the lists that lose an entry or gain a term."""
    if not changed_terms_of:
        return
    if not adding and index is not None and pointing is not None:
        affected = postings.left_sources(pointing, changed_terms_of, index, max_fanout) & terms_of.keys()
    else:
        affected = postings.changed_sources(terms_of, changed_terms_of, max_fanout, adding, index)
    if adding and index is not None and lows is not None:
        affected = postings.entered_sources(affected, changed_terms_of, index, max_fanout, max_edges, lows, group_of)
    sources = affected | set(changed_terms_of) if adding else affected
    edges = postings.shared_term_edges(sources, terms_of, max_fanout, max_edges, group_of, index=index)
    if lows is not None:
        if not adding:
            for item in changed_terms_of:
                lows.pop(item, None)
        lows.update(postings.lows_of(sources, edges))
    if adding and len(affected) < len(changed_terms_of):
        # A collection's first build (or mostly new passages): nothing stored to compare with worth reading.
        _delete_edges(session, collection_id, kind, affected)
        _insert_edges(session, collection_id, kind, edges)
    else:
        _rewrite_lists(session, collection_id, kind, sources, edges)


def _title_matcher(state: _State, settings: GraphSettings) -> TitleMatcher:
    if state.matcher is None or state.matcher.min_chars != settings.mention_min_title_chars:
        state.matcher = TitleMatcher(state.titles, settings.mention_min_title_chars)
    return state.matcher


def _mentions(
    state: _State, sources: Iterable[str], matcher: TitleMatcher, settings: GraphSettings
) -> list[tuple[str, str, float]]:
    triples = ((s, state.document_of[s], state.texts[s]) for s in sorted(sources) if s in state.texts)
    return mention_edges(triples, matcher, state.first_nodes, settings.mention_max_documents_per_passage)


def _add_mentions(
    session: Session,
    collection_id: str,
    state: _State,
    new_passages: set[str],
    new_documents: set[str],
    settings: GraphSettings,
) -> None:
    matcher = _title_matcher(state, settings)
    if not matcher:
        return
    # Old passages naming a new title: recompute their whole list (the per-passage cap may now drop another).
    new_titles = TitleMatcher({d: state.titles.get(d) for d in new_documents}, settings.mention_min_title_chars)
    affected: list[str] = []
    if new_titles:
        # A text names a title only if it holds the title's first word: a substring test rules most texts out
        # before tokenising them (the same result, ~10× faster over 100k passages).
        min_chars = settings.mention_min_title_chars
        words = {p[0].lower() for d in new_documents if (p := title_pattern(state.titles.get(d), min_chars))}
        # One lower() per text and a single C-level test (a generator per text cost ~3× the test itself).
        holds = re.compile("|".join(re.escape(w) for w in sorted(words))).search if len(words) > 1 else None
        word = next(iter(words)) if len(words) == 1 else ""
        texts = state.texts
        affected = [
            passage_id
            for passage_id, lowered in zip(texts, map(str.lower, texts.values()), strict=True)
            if (holds(lowered) if holds is not None else word in lowered)
            and passage_id not in new_passages
            and new_titles.find(texts[passage_id])
        ]
    _insert_edges(session, collection_id, "mention", _mentions(state, new_passages, matcher, settings))
    if affected:
        _rewrite_lists(session, collection_id, "mention", affected, _mentions(state, affected, matcher, settings))


# ------------------------------------------------------------------------------------------------------- removal
def _remove(
    session: Session, collection_id: str, document_id: str, settings: GraphSettings, state: _State | None
) -> _State | None:
    """Remove a document's nodes and repair the rest; the state after it (`state` updated, or read cold)."""
    _restore_edge_indexes(session)
    removed = session.execute(
        select(Node.id, Node.kind, Node.keywords, Node.entities).where(Node.document_id == document_id)
    ).all()
    if not removed:
        return state
    removed_ids = [r.id for r in removed]
    removed_set = set(removed_ids)
    # Sources elsewhere whose lists pointed into this document: they get recomputed without it.
    pointed: dict[str, set[str]] = {kind: set() for kind in ("semantic", "mention", "keyword", "entity")}
    for chunk in _chunks(removed_ids):
        for kind, source in session.execute(
            select(Edge.kind, Edge.source)
            .where(Edge.target.in_(chunk), Edge.kind.in_(list(pointed)))  # ids are unique across collections
            .distinct()
        ):
            pointed[kind].add(source)
    for sources in pointed.values():
        sources -= removed_set
    for chunk in _chunks(removed_ids):
        session.execute(delete(Edge).where(Edge.source.in_(chunk)).execution_options(synchronize_session=False))
        session.execute(delete(Edge).where(Edge.target.in_(chunk)).execution_options(synchronize_session=False))
    session.execute(delete(Node).where(Node.document_id == document_id).execution_options(synchronize_session=False))

    state = (
        _without(state, document_id, removed_set)
        if state is not None
        else _load_state(session, collection_id, settings)
    )
    _semantic(session, collection_id, state, pointed["semantic"], settings)
    passages = [r for r in removed if r.kind == "passage"]
    _update_shared_terms(
        session, collection_id, "keyword", state.keywords, {r.id: list(r.keywords or []) for r in passages},
        adding=False, max_fanout=settings.keyword_max_fanout, max_edges=settings.keyword_max_edges_per_passage,
        index=state.keyword_index, lows=state.keyword_lows, pointing=pointed["keyword"],
    )  # fmt: skip
    _update_shared_terms(
        session, collection_id, "entity", state.entities, {r.id: list(r.entities or []) for r in passages},
        adding=False, max_fanout=settings.entity_max_fanout, max_edges=settings.entity_max_edges_per_passage,
        group_of=state.document_of, index=state.entity_index, lows=state.entity_lows, pointing=pointed["entity"],
    )  # fmt: skip
    if pointed["mention"]:
        matcher = _title_matcher(state, settings)
        _rewrite_lists(
            session,
            collection_id,
            "mention",
            pointed["mention"],
            _mentions(state, pointed["mention"], matcher, settings),
        )
    return state


# ------------------------------------------------------------------------------------------------------ writing
def _chunks(items: Iterable[str], size: int = IN_CHUNK) -> Iterable[list[str]]:
    items = list(items)
    for start in range(0, len(items), size):
        yield items[start : start + size]


NODE_COLUMNS = ("id", "collection_id", "document_id", "kind", "page", "label", "text", "keywords", "entities", "vector")
EDGE_COLUMNS = ("collection_id", "source", "target", "kind", "weight")


def _insert(session: Session, table: str, columns: Sequence[str], rows: list[tuple]) -> None:
    """Bulk insert through the driver: COPY on PostgreSQL, executemany on SQLite. A 10k-passage build writes ~300k
    edges, and the ORM's per-row parameter processing would cost more than the graph algorithms."""
    if not rows:
        return
    connection = session.connection()
    names = ", ".join(f'"{c}"' for c in columns)
    if connection.dialect.name == "postgresql":
        driver = connection.connection.driver_connection
        with driver.cursor() as cursor, cursor.copy(f"COPY {table} ({names}) FROM STDIN") as copy:  # type: ignore[union-attr]
            for row in rows:
                copy.write_row(row)
        return
    placeholders = ", ".join("?" for _ in columns)
    # Each edge row lands at a random place in three indexes: with SQLite's default 2 MB page cache a big insert
    # re-reads index pages all along (a larger cache for the insert alone: ~1/3 less CPU for a 600k-row insert).
    previous = connection.exec_driver_sql("PRAGMA cache_size").scalar() if len(rows) > INSERT_CHUNK else None
    if previous is not None:
        connection.exec_driver_sql(f"PRAGMA cache_size=-{SQLITE_BULK_CACHE_KIB}")
    try:
        for start in range(0, len(rows), INSERT_CHUNK):
            connection.exec_driver_sql(
                f"INSERT INTO {table} ({names}) VALUES ({placeholders})", rows[start : start + INSERT_CHUNK]
            )
    finally:
        if previous is not None:
            connection.exec_driver_sql(f"PRAGMA cache_size={int(previous)}")


def _insert_nodes(session: Session, nodes: list[dict]) -> None:
    rows = [
        tuple(
            json.dumps(node[c]) if c in ("keywords", "entities") and node[c] is not None else node[c]
            for c in NODE_COLUMNS
        )
        for node in nodes
    ]
    _insert(session, "nodes", NODE_COLUMNS, rows)


def _insert_edges(
    session: Session, collection_id: str, kind: str, edges: Iterable[tuple[str, str, float]], with_ids: bool = False
) -> list[int]:
    """Insert edge rows; with `with_ids`, their ids (given here rather than by the database, so that they are known
    without reading the rows back: the semantic lists held in the builder's state carry them)."""
    edges = edges if isinstance(edges, list) else list(edges)
    if len(edges) >= BULK_REINDEX_ROWS:
        _drop_edge_indexes(session, len(edges))
    if not with_ids or not edges:
        _insert(session, "edges", EDGE_COLUMNS, [(collection_id, s, t, kind, float(w)) for s, t, w in edges])
        return []
    ids = _new_edge_ids(session, len(edges))
    rows = [(i, collection_id, s, t, kind, float(w)) for i, (s, t, w) in zip(ids, edges, strict=True)]
    _insert(session, "edges", ("id", *EDGE_COLUMNS), rows)
    return ids


def _new_edge_ids(session: Session, count: int) -> list[int]:
    """`count` unused edge ids: from the id sequence on PostgreSQL (other collections' writers draw from it
    concurrently); on SQLite the ones after the largest, as SQLite itself would give them (the update holds the
    database's write lock, so no other writer can take them)."""
    connection = session.connection()
    if connection.dialect.name == "postgresql":
        return [
            int(i)
            for (i,) in connection.exec_driver_sql(
                "SELECT nextval(pg_get_serial_sequence('edges', 'id')) FROM generate_series(1, %s)", (count,)
            )
        ]
    largest = int(connection.exec_driver_sql("SELECT max(id) FROM edges").scalar() or 0)
    return list(range(largest + 1, largest + 1 + count))


def _drop_edge_indexes(session: Session, rows: int) -> None:
    """On SQLite, before a bulk insert into an edges table holding no more than `rows` rows: drop its indexes,
    which `_restore_edge_indexes` builds again before the next read of edges and at the end of the update.

    DDL is transactional in SQLite and the update holds the write lock: other connections keep reading the
    indexed table of their snapshot, and a rollback restores the indexes. (Not on PostgreSQL: DROP INDEX locks the
    table against every reader until the commit, and COPY is cheap there.)"""
    connection = session.connection()
    if connection.dialect.name != "sqlite" or _DROPPED_INDEXES in session.info:
        return
    if int(connection.exec_driver_sql("SELECT count(*) FROM edges").scalar() or 0) > rows:
        return
    indexes = connection.exec_driver_sql(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'edges' AND sql IS NOT NULL"
    ).all()
    for name, _ in indexes:
        connection.exec_driver_sql(f'DROP INDEX "{name}"')
    session.info[_DROPPED_INDEXES] = [sql for _, sql in indexes]


def _restore_edge_indexes(session: Session) -> None:
    statements = session.info.pop(_DROPPED_INDEXES, None)
    if not statements:
        return
    connection = session.connection()
    previous = int(connection.exec_driver_sql("PRAGMA cache_size").scalar() or -2000)  # -2000: the default
    connection.exec_driver_sql(f"PRAGMA cache_size=-{SQLITE_BULK_CACHE_KIB}")  # the sort runs in the page cache
    try:
        for statement in statements:
            connection.exec_driver_sql(statement)
    finally:
        connection.exec_driver_sql(f"PRAGMA cache_size={previous}")


def _rewrite_lists(
    session: Session, collection_id: str, kind: str, sources: Iterable[str], edges: Iterable[tuple[str, str, float]]
) -> None:
    """Make the stored `kind` lists of `sources` exactly `edges` (whose sources are among them), writing only the
    rows that differ: most recomputed lists come out as they were (a document added to 50k passages recomputed
    ~3.5k keyword lists, 52k rows, to change a few hundred), and every row written or deleted updates three
    indexes, while reading them back is an index range scan."""
    wanted = {(s, t): float(w) for s, t, w in edges}
    stale: list[tuple[int, str]] = []
    _restore_edge_indexes(session)
    rows = _rows_where_source_in(session, "id, source, target, weight", sorted(set(sources)), kind)
    for edge_id, source, target, weight in rows:
        if wanted.get((source, target)) == weight:
            del wanted[(source, target)]  # stored as wanted (a duplicate row finds it gone: deleted)
        else:
            stale.append((edge_id, source))
    _replace_rows(session, collection_id, kind, stale, [(s, t, w) for (s, t), w in wanted.items()])


def _rows_where_source_in(session: Session, columns: str, sources: Sequence[str], kind: str) -> list[tuple]:
    """`SELECT columns FROM edges WHERE source IN sources AND kind = kind`, as plain tuples through the driver: the
    ORM's expanding IN parameters and row objects cost more than SQLite's index scan (~0.4 of 0.7 CPU-s reading
    7,500 semantic lists at 100k passages)."""
    connection = session.connection()
    mark = "?" if connection.dialect.paramstyle in ("qmark", "numeric") else "%s"
    out: list[tuple] = []
    for chunk in _chunks(sources):
        sql = f"SELECT {columns} FROM edges WHERE source IN ({', '.join([mark] * len(chunk))}) AND kind = {mark}"
        out.extend(connection.exec_driver_sql(sql, (*chunk, kind)).all())
    return out


def _replace_rows(
    session: Session,
    collection_id: str,
    kind: str,
    stale: Sequence[tuple[int, str]],
    wanted: Sequence[tuple[str, str, float]],
) -> None:
    """Delete the `stale` rows (edge id, source) and insert the `wanted` edges of `kind`, turning a stale row into a
    wanted one of the same source where there is one: an UPDATE of target and weight rewrites one index entry (the
    target's), where a delete and an insert rewrite three each (the edge set is the same either way)."""
    spare: dict[str, list[int]] = {}
    for edge_id, source in stale:
        spare.setdefault(source, []).append(edge_id)
    updates: list[tuple[str, float, int]] = []
    inserts: list[tuple[str, str, float]] = []
    for source, target, weight in wanted:
        ids = spare.get(source)
        if ids:
            updates.append((target, float(weight), ids.pop()))
        else:
            inserts.append((source, target, weight))
    _delete_edge_ids(session, sorted(edge_id for ids in spare.values() for edge_id in ids))
    if updates:
        _restore_edge_indexes(session)
        connection = session.connection()
        mark = "?" if connection.dialect.paramstyle in ("qmark", "numeric") else "%s"
        connection.exec_driver_sql(f"UPDATE edges SET target = {mark}, weight = {mark} WHERE id = {mark}", updates)
    _insert_edges(session, collection_id, kind, inserts)


def _delete_edge_ids(session: Session, ids: Sequence[int]) -> None:
    if ids:
        _restore_edge_indexes(session)
    for start in range(0, len(ids), IN_CHUNK):
        session.execute(
            delete(Edge).where(Edge.id.in_(ids[start : start + IN_CHUNK])).execution_options(synchronize_session=False)
        )


def _delete_edges(session: Session, collection_id: str, kind: str, sources: Iterable[str]) -> None:
    # Node ids are unique across collections, so no collection_id condition: with one, SQLite's planner picks the
    # (collection_id, kind) index and scans every edge of that kind in the collection for each chunk.
    sources = sorted(sources)
    if sources:
        _restore_edge_indexes(session)
    for chunk in _chunks(sources):
        session.execute(
            delete(Edge).where(Edge.source.in_(chunk), Edge.kind == kind).execution_options(synchronize_session=False)
        )
