from __future__ import annotations

import numpy as np

from app.graph import knn


def _unit_rows(n: int, d: int, seed: int = 0) -> np.ndarray:
    matrix = np.random.default_rng(seed).standard_normal((n, d)).astype(np.float32)
    return matrix / np.linalg.norm(matrix, axis=1, keepdims=True)


def test_top_k_matches_brute_force_and_excludes_self() -> None:
    matrix = _unit_rows(300, 16)
    result = knn.top_k(matrix, range(300), 5, chunk=64)
    scores = matrix @ matrix.T
    for i, neighbours in enumerate(result):
        expected = sorted((j for j in range(300) if j != i), key=lambda j: (-scores[i, j], j))[:5]
        assert [j for j, _ in neighbours] == expected
        assert all(abs(s - scores[i, j]) < 1e-5 for j, s in neighbours)


def test_ties_are_broken_by_index_and_small_sets_give_all_others() -> None:
    matrix = np.array([[1, 0], [1, 0], [1, 0], [0, 1]], dtype=np.float32)
    assert [j for j, _ in knn.top_k(matrix, [0], 1)[0]] == [1]
    assert [j for j, _ in knn.top_k(matrix, [3], 10)[0]] == [0, 1, 2]
    assert knn.top_k(matrix[:1], [0], 3) == [[]]


def test_reached_by_flags_rows_whose_kth_neighbour_is_beaten() -> None:
    vectors = np.array([[1, 0], [0, 1]], dtype=np.float32)
    thresholds = np.array([0.9, -np.inf], dtype=np.float32)
    new = np.array([[0.6, 0.8]], dtype=np.float32)
    assert knn.reached_by(vectors, thresholds, new).tolist() == [False, True]
    assert knn.reached_by(vectors, np.array([0.5, 0.99], dtype=np.float32), new).tolist() == [True, False]
