"""An approximate nearest-neighbour index (HNSW, hnswlib) over unit vectors, addressed by node id.

Used above a collection size (GraphSettings.ann_threshold, RetrievalSettings.ann_threshold) where exact search
stops paying: exact kNN for every vector is quadratic (50k passages took 63 s), while an HNSW graph is built in
O(n log n) and answers a query in well under a millisecond. hnswlib was chosen over faiss-cpu and usearch by
benchmarks/ann_compare.py (docs/benchmarks.md, "100k passages (issue 14)").

The index only proposes candidates: callers re-score them exactly against their own matrix and break ties by id,
so weights are exact and the lists are deterministic for a given set of candidates. What is approximate is
whether a true neighbour is among the candidates (recall@10 against exact search, measured ≥ 0.98 with these
parameters), and, because HNSW's graph depends on insertion order, which one is missed.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterable, Mapping, Sequence

import hnswlib
import numpy as np

# HNSW parameters, measured in benchmarks/ann_compare.py: M links per node, EF_CONSTRUCTION the build-time beam,
# EF_SEARCH the query-time beam (raised to the number of candidates wanted when that is larger).
M = 16
EF_CONSTRUCTION = 100
EF_SEARCH = 64
# Extra candidates asked for beyond k, re-scored exactly: cheap, and they lift recall.
EXTRA = 10
# hnswlib's threads for a batch of inserts or queries: every core this process may run on. Not -1: hnswlib's
# set_num_threads(-1) does not mean "all cores", it made every build and kNN pass run on one thread (measured:
# 10k random vectors took the same wall time with -1 as with 1, and 0.8x with 2, on a half-busy 2-core machine).
THREADS = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


class VectorIndex:
    """HNSW (inner product) over L2-normalised float32 vectors; ids are node ids. Thread-safe."""

    def __init__(self, dim: int, capacity: int = 1024) -> None:
        self.dim = dim
        self._index = hnswlib.Index(space="ip", dim=dim)
        self._index.init_index(
            max_elements=max(capacity, 16), M=M, ef_construction=EF_CONSTRUCTION, random_seed=0,
            allow_replace_deleted=True,
        )  # fmt: skip
        self._index.set_num_threads(THREADS)
        self._label_of: dict[str, int] = {}
        self._id_of: dict[int, str] = {}
        # Every add takes a new label, never a removed id's: with `replace_deleted` hnswlib puts the new label into
        # some deleted slot and drops the label that slot had from its lookup, so a reused label could be dropped
        # while live (its next removal failed with "Label not found"). The deleted slots' memory is reused anyway.
        self._next = 0
        self._deleted = 0
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._label_of)

    def __contains__(self, node_id: object) -> bool:
        return node_id in self._label_of

    def ids(self) -> set[str]:
        with self._lock:
            return set(self._label_of)

    def add(self, ids: Sequence[str], vectors: np.ndarray) -> None:
        vectors = np.ascontiguousarray(vectors, dtype=np.float32)
        with self._lock:
            fresh = [(i, node_id) for i, node_id in enumerate(ids) if node_id not in self._label_of]
            if not fresh:
                return
            needed = len(self._label_of) + self._deleted + len(fresh) - min(self._deleted, len(fresh))
            if needed > self._index.get_max_elements():
                self._index.resize_index(max(needed, 2 * self._index.get_max_elements()))
            labels = []
            for _, node_id in fresh:
                label = self._take_label()
                self._label_of[node_id] = label
                self._id_of[label] = node_id
                labels.append(label)
            self._index.add_items(
                vectors[[i for i, _ in fresh]], np.asarray(labels, dtype=np.int64), replace_deleted=True
            )
            self._deleted -= min(self._deleted, len(fresh))

    def _take_label(self) -> int:
        label = self._next
        self._next += 1
        return label

    def remove(self, ids: Iterable[str]) -> None:
        with self._lock:
            for node_id in ids:
                label = self._label_of.pop(node_id, None)
                if label is None:
                    continue
                del self._id_of[label]
                self._index.mark_deleted(label)
                self._deleted += 1

    def search(self, queries: np.ndarray, k: int) -> list[list[str]]:
        """Up to `k` candidate ids per query row (approximately the nearest), unordered."""
        with self._lock:
            labels = self._labels(queries, k)
            return [[self._id_of[int(label)] for label in row] for row in labels]

    def search_rows(self, queries: np.ndarray, k: int, row_of: Mapping[str, int]) -> np.ndarray:
        """`search` as rows of the caller's matrix (`row_of`: id → row): a (queries, up to k) int64 array, -1 for
        an id that `row_of` lacks. Each distinct id is looked up once (a build asks ~20 candidates of every row)."""
        with self._lock:
            labels = self._labels(queries, k)
            distinct, inverse = np.unique(labels, return_inverse=True)
            rows = np.fromiter(
                (row_of.get(self._id_of[int(label)], -1) for label in distinct), dtype=np.int64, count=len(distinct)
            )
        return rows[inverse].reshape(labels.shape)

    def _labels(self, queries: np.ndarray, k: int) -> np.ndarray:
        queries = np.ascontiguousarray(np.atleast_2d(queries), dtype=np.float32)
        kk = min(k, len(self._label_of))
        if kk <= 0 or not len(queries):
            return np.zeros((len(queries), 0), dtype=np.int64)
        self._index.set_ef(max(EF_SEARCH, kk))
        labels, _ = self._index.knn_query(queries, k=kk)
        return np.asarray(labels, dtype=np.int64)


def build(ids: Sequence[str], matrix: np.ndarray) -> VectorIndex:
    index = VectorIndex(matrix.shape[1], capacity=len(ids) + 1024)
    index.add(ids, matrix)
    return index
