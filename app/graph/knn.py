"""Exact k-nearest neighbours by cosine over L2-normalised rows (KGP's `semantic` edges).

Chunked matrix products keep memory linear in the number of vectors (a chunk × n block at a time, never n × n).
Rows are expected in id order, so breaking ties by the smaller row index breaks them by id: the neighbour lists are
a deterministic function of the set of vectors.

Above GraphSettings.ann_threshold vectors the builder uses `approximate_top_k` instead (see app/graph/ann.py):
the same lists, re-scored exactly, except where the HNSW index missed a true neighbour.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from app.graph import ann

# Rows per block: 256 × 50,000 float32 scores is 51 MB.
CHUNK = 256


def top_k(
    matrix: np.ndarray, rows: Sequence[int] | np.ndarray, k: int, chunk: int = CHUNK
) -> list[list[tuple[int, float]]]:
    """For each row index in `rows`, its `k` most similar other rows as (index, cosine), best first."""
    n = matrix.shape[0]
    rows = np.asarray(rows, dtype=np.int64)
    kk = min(k, n - 1)
    if kk <= 0 or not len(rows):
        return [[] for _ in range(len(rows))]
    out: list[list[tuple[int, float]]] = []
    for start in range(0, len(rows), chunk):
        block_rows = rows[start : start + chunk]
        scores = matrix[block_rows] @ matrix.T
        scores[np.arange(len(block_rows)), block_rows] = -np.inf  # never its own neighbour
        # The best kk + 1 of each row (unordered), then ordered by (score desc, index asc).
        width = min(kk + 1, n)
        picked = np.argpartition(-scores, width - 1, axis=1)[:, :width]
        picked_scores = np.take_along_axis(scores, picked, axis=1)
        order = np.lexsort((picked, -picked_scores), axis=1)
        picked = np.take_along_axis(picked, order, axis=1)
        picked_scores = np.take_along_axis(picked_scores, order, axis=1)
        for i in range(len(block_rows)):
            if width > kk and picked_scores[i, kk - 1] == picked_scores[i, kk]:
                # A tie at the boundary: argpartition chose among equal scores arbitrarily, so settle it by index
                # over every candidate with that score.
                row = scores[i]
                candidates = np.flatnonzero(row >= picked_scores[i, kk - 1])
                chosen = candidates[np.lexsort((candidates, -row[candidates]))[:kk]]
                out.append([(int(j), float(row[j])) for j in chosen])
            else:
                out.append(
                    list(zip(picked[i, :kk].tolist(), picked_scores[i, :kk].astype(float).tolist(), strict=True))
                )
    return out


def reached_by(
    vectors: np.ndarray, thresholds: np.ndarray, new_vectors: np.ndarray, eps: float = 1e-5, chunk: int = 4096
) -> np.ndarray:
    """Which rows of `vectors` have a new vector at least as similar as their current k-th neighbour.

    `thresholds` holds each row's k-th similarity (-inf where the row has fewer than k neighbours). Those rows are
    the only existing ones whose neighbour lists can change; `eps` absorbs float rounding between two products.
    """
    out = np.zeros(len(vectors), dtype=bool)
    if not len(vectors) or not len(new_vectors):
        return out
    for start in range(0, len(vectors), chunk):
        block = vectors[start : start + chunk] @ new_vectors.T
        out[start : start + chunk] = block.max(axis=1) >= thresholds[start : start + chunk] - eps
    return out


def approximate_top_k(
    matrix: np.ndarray,
    ids: Sequence[str],
    rows: Sequence[int] | np.ndarray,
    k: int,
    index: ann.VectorIndex,
    row_of: dict[str, int] | None = None,
    chunk: int = 1024,
) -> list[list[tuple[int, float]]]:
    """`top_k` with the candidates proposed by an HNSW index over the same rows (keyed by `ids`): each row's
    candidates are re-scored exactly and ordered by (score desc, index asc) like `top_k`, so weights are exact and
    only recall is approximate (a true neighbour the index missed is replaced by the next one it found)."""
    rows = np.asarray(rows, dtype=np.int64)
    kk = min(k, matrix.shape[0] - 1)
    if kk <= 0 or not len(rows):
        return [[] for _ in range(len(rows))]
    row_of = row_of if row_of is not None else {node_id: i for i, node_id in enumerate(ids)}
    out: list[list[tuple[int, float]]] = []
    unused = np.iinfo(np.int64).max
    # A block of rows at a time, re-scored together (a Python loop per row cost ~20 µs × 100k rows in a build).
    for start in range(0, len(rows), chunk):
        block = rows[start : start + chunk]
        candidates = index.search_rows(matrix[block], kk + 1 + ann.EXTRA, row_of)
        candidates[candidates == block[:, None]] = -1  # never its own neighbour
        scores = np.einsum("bd,bwd->bw", matrix[block], matrix[np.maximum(candidates, 0)])
        scores[candidates < 0] = -np.inf
        order = np.lexsort((np.where(candidates < 0, unused, candidates), -scores), axis=1)[:, :kk]
        chosen = np.take_along_axis(candidates, order, axis=1).tolist()
        chosen_scores = np.take_along_axis(scores, order, axis=1).astype(float).tolist()
        for targets, weights in zip(chosen, chosen_scores, strict=True):
            out.append([(t, w) for t, w in zip(targets, weights, strict=True) if t >= 0])
    return out
