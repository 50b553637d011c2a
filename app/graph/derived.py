"""The derived edges of a collection: semantic kNN lists, keyword and entity edges (shared rare terms) and mentions
of other documents' titles, recomputed for the sources a change reaches and written as the rows that differ."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np
from sqlalchemy.orm import Session

from app.graph import ann, knn, postings
from app.graph import semantic_lists as lists_of
from app.graph.mentions import TitleMatcher, mention_edges, title_pattern
from app.graph.rows import delete_edge_ids, delete_edges, insert_edges, restore_edge_indexes, rewrite_lists
from app.graph.state import State
from app.settings import GraphSettings

DISPLACED_CHUNK = 2048  # displaced semantic lists re-scored per block (2,048 × 10 stored targets × 384 float32)


def semantic(
    session: Session,
    collection_id: str,
    state: State,
    sources: Iterable[str],
    settings: GraphSettings,
    row_of: dict[str, int] | None = None,
    computed: _Found | None = None,
) -> None:
    """Recompute the lists of `sources` (the k nearest, exact below the ANN threshold) and write the rows that
    differ; each list's new length and lowest similarity. `row_of` (id → row of `state.matrix`) when the caller
    has it; `computed`: the lists of exactly these sources, found by `new_semantic_lists`."""
    row_of = row_of if row_of is not None else {node_id: i for i, node_id in enumerate(state.vector_ids)}
    sources = set(sources)
    rows = sorted(row_of[s] for s in sources if s in row_of)
    if len(rows) < len(sources):  # not a vector (never the source of a semantic edge, but then it has none)
        delete_edges(session, collection_id, "semantic", [s for s in sources if s not in row_of])
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


def _lists_of_rows(state: State, rows: list[int], settings: GraphSettings, row_of: dict[str, int]) -> _Found:
    """Reads the state only (its matrix, ids and HNSW index), so it may run beside the writes of an update."""
    if not rows:
        return _Found(rows, [], state.hnsw, row_of)
    if len(state.vector_ids) < settings.ann_threshold:
        return _Found(rows, knn.top_k(state.matrix, rows, settings.knn_k), None, row_of)
    hnsw = state.hnsw if state.hnsw is not None else ann.build(state.vector_ids, state.matrix)
    found = knn.approximate_top_k(state.matrix, state.vector_ids, rows, settings.knn_k, hnsw, row_of)
    return _Found(rows, found, hnsw, row_of)


def new_semantic_lists(state: State, new_ids: set[str], settings: GraphSettings) -> _Found:
    row_of = {node_id: i for i, node_id in enumerate(state.vector_ids)}
    return _lists_of_rows(state, sorted(row_of[s] for s in new_ids if s in row_of), settings, row_of)


def _write_semantic(
    session: Session,
    collection_id: str,
    state: State,
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
    delete_edge_ids(session, done.deletes.tolist())
    update_rows, update_targets, update_weights, update_ids = done.updates
    if len(update_ids):
        restore_edge_indexes(session)
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
    ids = insert_edges(session, collection_id, "semantic", edges, with_ids=True)
    state.semantic = lists_of.apply(state.semantic, rows, done, np.asarray(ids, dtype=np.int64))


def add_semantic(
    session: Session,
    collection_id: str,
    state: State,
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
    semantic(session, collection_id, state, new_ids, settings, row_of, new_lists)
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


def update_shared_terms(
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
        delete_edges(session, collection_id, kind, affected)
        insert_edges(session, collection_id, kind, edges)
    else:
        rewrite_lists(session, collection_id, kind, sources, edges)


def title_matcher(state: State, settings: GraphSettings) -> TitleMatcher:
    if state.matcher is None or state.matcher.min_chars != settings.mention_min_title_chars:
        state.matcher = TitleMatcher(state.titles, settings.mention_min_title_chars)
    return state.matcher


def mentions(
    state: State, sources: Iterable[str], matcher: TitleMatcher, settings: GraphSettings
) -> list[tuple[str, str, float]]:
    triples = ((s, state.document_of[s], state.texts[s]) for s in sorted(sources) if s in state.texts)
    return mention_edges(triples, matcher, state.first_nodes, settings.mention_max_documents_per_passage)


def add_mentions(
    session: Session,
    collection_id: str,
    state: State,
    new_passages: set[str],
    new_documents: set[str],
    settings: GraphSettings,
) -> None:
    matcher = title_matcher(state, settings)
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
    insert_edges(session, collection_id, "mention", mentions(state, new_passages, matcher, settings))
    if affected:
        rewrite_lists(session, collection_id, "mention", affected, mentions(state, affected, matcher, settings))
