"""The approximate (HNSW) path: recall against exact search, exact weights, removals honoured."""

from __future__ import annotations

import os

import numpy as np

from app.db.vectors import CollectionVectors
from app.graph import ann, knn


def unit_vectors(n: int, dim: int, seed: int = 0) -> np.ndarray:
    matrix = np.random.default_rng(seed).standard_normal((n, dim)).astype(np.float32)
    return matrix / np.linalg.norm(matrix, axis=1, keepdims=True)


def test_approximate_top_k_recalls_the_exact_lists_with_exact_weights() -> None:
    # 3,000 random vectors in 32 dimensions: random, yet with neighbourhoods (in 384 dimensions random vectors
    # have none, and no index finds them; benchmarks/ann_compare.py measures that case).
    matrix = unit_vectors(3000, 32)
    ids = [f"n{i:05d}" for i in range(len(matrix))]
    rows = list(range(0, 3000, 3))
    exact = knn.top_k(matrix, rows, 10)
    approximate = knn.approximate_top_k(matrix, ids, rows, 10, ann.build(ids, matrix))
    hits = sum(len({j for j, _ in a} & {j for j, _ in e}) for a, e in zip(approximate, exact, strict=True))
    assert hits / (10 * len(rows)) >= 0.98
    for row, found in zip(rows, approximate, strict=True):
        assert len(found) == 10 and row not in {j for j, _ in found}
        scores = [score for _, score in found]
        assert scores == sorted(scores, reverse=True)
        assert all(abs(score - float(matrix[row] @ matrix[j])) < 1e-6 for j, score in found)


def test_removed_ids_are_never_returned_and_can_come_back() -> None:
    matrix = unit_vectors(500, 16, seed=1)
    ids = [f"n{i:04d}" for i in range(len(matrix))]
    index = ann.build(ids, matrix)
    removed = set(ids[:250])
    index.remove(removed)
    assert len(index) == 250 and index.ids() == set(ids[250:])
    found = index.search(matrix[:50], 20)
    assert all(len(row) == 20 and not removed & set(row) for row in found)
    index.add(ids[:10], matrix[:10])  # removed ids come back (into the deleted slots)
    assert ids[0] in index.search(matrix[0], 1)[0]
    index.add(ids[:10], matrix[:10])  # already there: no duplicates
    assert len(index) == 260


def test_dense_search_through_the_index_matches_exact_search() -> None:
    matrix = unit_vectors(4000, 24, seed=2)
    ids = [f"n{i:05d}" for i in range(len(matrix))]
    index_of = {node_id: i for i, node_id in enumerate(ids)}
    exact = CollectionVectors(ids=ids, matrix=matrix, index_of=index_of)
    approximate = CollectionVectors(ids=ids, matrix=matrix, index_of=index_of, hnsw=ann.build(ids, matrix))
    queries = unit_vectors(200, 24, seed=3)
    hits = 0
    for query in queries:
        truth = exact.top_k(query, 10)
        found = approximate.top_k(query, 10, exclude={truth[0][0]})
        assert truth[0][0] not in {node_id for node_id, _ in found} and len(found) == 10
        hits += len({node_id for node_id, _ in truth[1:]} & {node_id for node_id, _ in found})
    assert hits / (9 * len(queries)) >= 0.98


def test_ids_removed_added_back_and_removed_again_stay_addressable() -> None:
    # hnswlib reuses a deleted slot for a new label and forgets the label that slot had: re-adding removed ids
    # under their old labels made a later removal of one of them fail ("Label not found") or lose it.
    matrix = unit_vectors(400, 16, seed=4)
    ids = [f"n{i:04d}" for i in range(len(matrix))]
    index = ann.build(ids, matrix)
    batch = ids[100:150]
    for _ in range(3):
        index.remove(batch)
        assert not set(batch) & {node_id for row in index.search(matrix[100:150], 30) for node_id in row}
        index.add(batch, matrix[100:150])
        assert len(index) == 400 and index.ids() == set(ids)
        found = index.search(matrix[100:150], 1)  # each finds itself, but for HNSW's rare miss
        assert sum(row[0] == node_id for row, node_id in zip(found, batch, strict=True)) >= 48


def test_search_rows_gives_the_rows_of_search_ids_and_minus_one_for_unknown_ids() -> None:
    matrix = unit_vectors(600, 16, seed=5)
    ids = [f"n{i:04d}" for i in range(len(matrix))]
    index = ann.build(ids, matrix)
    row_of = {node_id: 1000 + i for i, node_id in enumerate(ids) if i % 2}  # another matrix's rows, half the ids
    found = index.search(matrix[:40], 12)
    rows = index.search_rows(matrix[:40], 12, row_of)
    assert rows.shape == (40, 12)
    assert [row.tolist() for row in rows] == [[row_of.get(node_id, -1) for node_id in row] for row in found]
    assert (rows == -1).any() and (rows >= 1000).any()


def test_the_index_inserts_and_queries_on_every_core() -> None:
    # hnswlib's set_num_threads(-1) runs on one thread; the index must ask for the cores by number.
    index = ann.VectorIndex(8)
    assert index._index.num_threads == ann.THREADS == len(os.sched_getaffinity(0)) >= 1
