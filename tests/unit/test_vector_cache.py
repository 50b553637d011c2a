"""The one cache of text embeddings (app.llm.vector_cache)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from app.llm.vector_cache import VectorCache, remembered


class CountingEncoder:
    """A deterministic stand-in for the model that records what it was asked to embed."""

    dim = 4

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def encode(self, texts: list[str]) -> np.ndarray:
        self.calls.append(list(texts))
        return np.array([[len(t), t.count("a"), t.count("b"), 1.0] for t in texts], dtype=np.float32)


def test_a_text_is_embedded_once_and_answers_keep_the_callers_order() -> None:
    inner = CountingEncoder()
    cache = VectorCache(inner)
    first = cache.encode(["ab", "a", "ab"])
    second = cache(["a", "bbb"])
    assert inner.calls == [["ab", "a"], ["bbb"]]
    assert first.tolist() == [[2, 1, 1, 1], [1, 1, 0, 1], [2, 1, 1, 1]]
    assert second.tolist() == [[1, 1, 0, 1], [3, 0, 3, 1]]
    assert (cache.misses, cache.hits) == (3, 2) and len(cache) == 3
    assert cache.encode([]).shape == (0, 4)


def test_a_bounded_cache_forgets_the_least_recently_used_text() -> None:
    inner = CountingEncoder()
    cache = VectorCache(inner, max_size=2)
    cache.encode(["x", "y"])
    cache.encode(["x"])  # x is now more recent than y
    cache.encode(["z"])
    cache.encode(["x", "y"])
    assert inner.calls == [["x", "y"], ["z"], ["y"]]
    assert len(cache) == 2


def test_one_cache_per_encoder_in_the_process_and_a_cache_is_its_own() -> None:
    a, b = CountingEncoder(), CountingEncoder()
    assert remembered(a) is remembered(a) and remembered(a) is not remembered(b)
    run = VectorCache(a)
    assert remembered(run) is run


def test_saved_vectors_are_loaded_by_another_run(tmp_path: Path) -> None:
    path = tmp_path / "vectors.npz"
    cache = VectorCache(CountingEncoder())
    cache.encode(["alpha", "beta"])
    cache.save(path)
    inner = CountingEncoder()
    again = VectorCache(inner)
    assert again.load(path) == 2 and again.load(tmp_path / "missing.npz") == 0
    assert again.encode(["beta", "alpha"]).tolist() == [[4, 1, 1, 1], [5, 2, 0, 1]]
    assert inner.calls == []
