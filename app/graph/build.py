"""A collection's graph, kept up to date one batch of documents at a time: the entry points and removal. A batch's
nodes come from nodes.py, the inputs of the derived edges from state.py, the derived edges from derived.py, the rows
are written by rows.py; the algorithms live in keywords.py, knn.py, mentions.py, entities.py and postings.py.

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

The inputs of the derived edges (`state.State`: texts, terms, vectors, each source's k-th semantic similarity, the
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

from concurrent.futures import ThreadPoolExecutor

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from app.db.models import Collection, Document, Edge, Node
from app.graph.derived import (
    add_mentions,
    add_semantic,
    mentions,
    new_semantic_lists,
    semantic,
    title_matcher,
    update_shared_terms,
)
from app.graph.nodes import documents_of, new_nodes, set_keywords
from app.graph.rows import DROPPED_INDEXES, chunks, insert_edges, insert_nodes, restore_edge_indexes, rewrite_lists
from app.graph.state import VECTOR_KINDS, State, cached_state, keep_state, load_state, with_batch, without
from app.llm.embeddings import TextEncoder
from app.settings import GraphSettings


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
    documents = documents_of(session, ids)
    collection_ids = {d.collection_id for d in documents}
    if len(collection_ids) != 1:
        raise ValueError("add_documents: the documents must belong to one collection")
    collection_id = collection_ids.pop()
    try:
        _add_documents(session, collection_id, ids, documents, settings, embedder)
    except BaseException:
        session.info.pop(DROPPED_INDEXES, None)  # the rollback brings them back
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
    batch = new_nodes(session, collection_id, documents, settings, embedder)
    version = lock_collection(session, collection_id)
    cached = cached_state(session, collection_id, version - 1)

    # Idempotent: a retried job first removes what an interrupted attempt left (repairing the rest of the graph).
    for document_id in session.scalars(select(Node.document_id).where(Node.document_id.in_(ids)).distinct()).all():
        cached = _remove(session, collection_id, document_id, settings, cached)

    before = cached or load_state(session, collection_id, settings)
    set_keywords(batch, settings)
    # The state before the insert plus the batch in memory: reading the new nodes back would cost as much again.
    state = with_batch(before, batch, settings)
    new_passages = {node["id"]: node for node in batch.nodes if node["kind"] == "passage"}
    new_vectors = {node["id"] for node in batch.nodes if node["kind"] in VECTOR_KINDS}
    # The new vectors' own lists (a first build's HNSW construction and 100k kNN queries: most of its CPU) are
    # computed in a thread while this one writes the nodes and the structural, keyword, entity and mention edges:
    # hnswlib and numpy release the GIL, so on two cores the two overlap. The thread only reads the state.
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="mdqa-knn") as pool:
        new_lists = pool.submit(new_semantic_lists, state, new_vectors, settings)
        insert_nodes(session, batch.nodes)
        insert_edges(session, collection_id, "contains", batch.contains)
        insert_edges(session, collection_id, "next", batch.next)
        insert_edges(session, collection_id, "continues", batch.continues)
        update_shared_terms(
            session, collection_id, "keyword", state.keywords,
            {pid: node["keywords"] for pid, node in new_passages.items()},
            adding=True, max_fanout=settings.keyword_max_fanout, max_edges=settings.keyword_max_edges_per_passage,
            index=state.keyword_index, lows=state.keyword_lows,
        )  # fmt: skip
        update_shared_terms(
            session, collection_id, "entity", state.entities,
            {pid: node["entities"] for pid, node in new_passages.items()},
            adding=True, max_fanout=settings.entity_max_fanout, max_edges=settings.entity_max_edges_per_passage,
            group_of=state.document_of, index=state.entity_index, lows=state.entity_lows,
        )  # fmt: skip
        add_mentions(session, collection_id, state, set(new_passages), set(ids), settings)
        add_semantic(session, collection_id, state, new_vectors, settings, new_lists.result())
    restore_edge_indexes(session)
    session.flush()
    keep_state(session, collection_id, version, state)


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
    state = _remove(session, collection_id, document_id, settings, cached_state(session, collection_id, version - 1))
    session.flush()
    if state is not None:
        keep_state(session, collection_id, version, state)


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


def _remove(
    session: Session, collection_id: str, document_id: str, settings: GraphSettings, state: State | None
) -> State | None:
    """Remove a document's nodes and repair the rest; the state after it (`state` updated, or read cold)."""
    restore_edge_indexes(session)
    removed = session.execute(
        select(Node.id, Node.kind, Node.keywords, Node.entities).where(Node.document_id == document_id)
    ).all()
    if not removed:
        return state
    removed_ids = [r.id for r in removed]
    removed_set = set(removed_ids)
    # Sources elsewhere whose lists pointed into this document: they get recomputed without it.
    pointed: dict[str, set[str]] = {kind: set() for kind in ("semantic", "mention", "keyword", "entity")}
    for chunk in chunks(removed_ids):
        for kind, source in session.execute(
            select(Edge.kind, Edge.source)
            .where(Edge.target.in_(chunk), Edge.kind.in_(list(pointed)))  # ids are unique across collections
            .distinct()
        ):
            pointed[kind].add(source)
    for sources in pointed.values():
        sources -= removed_set
    for chunk in chunks(removed_ids):
        session.execute(delete(Edge).where(Edge.source.in_(chunk)).execution_options(synchronize_session=False))
        session.execute(delete(Edge).where(Edge.target.in_(chunk)).execution_options(synchronize_session=False))
    session.execute(delete(Node).where(Node.document_id == document_id).execution_options(synchronize_session=False))

    state = (
        without(state, document_id, removed_set) if state is not None else load_state(session, collection_id, settings)
    )
    semantic(session, collection_id, state, pointed["semantic"], settings)
    passages = [r for r in removed if r.kind == "passage"]
    update_shared_terms(
        session, collection_id, "keyword", state.keywords, {r.id: list(r.keywords or []) for r in passages},
        adding=False, max_fanout=settings.keyword_max_fanout, max_edges=settings.keyword_max_edges_per_passage,
        index=state.keyword_index, lows=state.keyword_lows, pointing=pointed["keyword"],
    )  # fmt: skip
    update_shared_terms(
        session, collection_id, "entity", state.entities, {r.id: list(r.entities or []) for r in passages},
        adding=False, max_fanout=settings.entity_max_fanout, max_edges=settings.entity_max_edges_per_passage,
        group_of=state.document_of, index=state.entity_index, lows=state.entity_lows, pointing=pointed["entity"],
    )  # fmt: skip
    if pointed["mention"]:
        matcher = title_matcher(state, settings)
        rewrite_lists(
            session,
            collection_id,
            "mention",
            pointed["mention"],
            mentions(state, pointed["mention"], matcher, settings),
        )
    return state
