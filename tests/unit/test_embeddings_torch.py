"""The torch backend (transformers + Rust tokenizer, token-budget batches) computes sentence-transformers' function.

Real passages from the shared corpora, several token budgets (so length sorting, chunked tokenisation and batch
cuts all move), the caller's order, the empty list and truncation at 256 word pieces.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

from app.llm.embeddings import MAX_TOKENS, Embedder, _TorchModel

CORPUS = Path("/work/shared/data/mdqa/corpus/hotpotqa_100_corpus.json")


def _passages(count: int) -> list[str]:
    assert CORPUS.exists(), f"the shared corpus is missing: {CORPUS}"
    data = json.loads(CORPUS.read_text())
    items = data.values() if isinstance(data, dict) else [d["text"] for d in data]
    texts = ["".join(t) if isinstance(t, list) else str(t) for t in items]
    rng = random.Random(7)
    picked = rng.sample(texts, count)
    # Mixed lengths on purpose: a sentence, a paragraph, two paragraphs, so batches have different widths.
    return [
        p.split(". ")[0] if i % 3 == 0 else p + (" " + picked[i - 1] if i % 3 == 2 else "")
        for i, p in enumerate(picked)
    ]


@pytest.fixture(scope="module")
def reference() -> Embedder:
    return Embedder("cpu", "sentence-transformers")


def _cosines(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return (a * b).sum(axis=1) / (np.linalg.norm(a, axis=1) * np.linalg.norm(b, axis=1))


@pytest.mark.parametrize("budget", [256, 2048])
def test_same_vectors_as_sentence_transformers(reference: Embedder, budget: int) -> None:
    texts = _passages(60)
    expected = reference.encode(texts)
    got = Embedder("cpu", "torch", token_budget=budget).encode(texts)
    assert got.shape == expected.shape and got.dtype == np.float32
    assert np.all(_cosines(got, expected) > 1 - 1e-5)
    assert np.allclose(np.linalg.norm(got, axis=1), 1, atol=1e-5)


def test_order_is_the_callers_after_length_sorting_and_chunking() -> None:
    texts = _passages(40)
    embedder = Embedder("cpu", "torch", token_budget=512)
    model = embedder._model
    assert isinstance(model, _TorchModel)
    # Chunks of 7 texts: tokenisation of the next chunk runs beside the current one's batches.
    chunked = model.encode(texts, 512, 64, chunk=7)
    one_by_one = np.vstack([embedder.encode([t]) for t in texts])
    assert np.all(_cosines(chunked, one_by_one) > 1 - 1e-5)
    # Any permutation of the input permutes the output the same way.
    perm = np.random.default_rng(3).permutation(len(texts))
    assert np.allclose(embedder.encode([texts[i] for i in perm]), chunked[perm], atol=1e-5)


def test_empty_list_and_empty_text() -> None:
    embedder = Embedder("cpu", "torch")
    assert embedder.encode([]).shape == (0, embedder.dim)
    vectors = embedder.encode(["", "Lothair II was a king of Lotharingia."])
    assert vectors.shape == (2, embedder.dim) and np.all(np.isfinite(vectors))


def test_long_passage_is_cut_at_the_models_limit(reference: Embedder) -> None:
    embedder = Embedder("cpu", "torch")
    model = embedder._model
    assert isinstance(model, _TorchModel)
    long_text = " ".join(_passages(30))
    _, _, lengths = model.tokenize([long_text])
    assert lengths[0] == MAX_TOKENS  # [CLS] + 254 pieces + [SEP]
    # Text past the cut changes nothing, and the vector is sentence-transformers' (which also cuts at 256).
    tail_changed = long_text + " an entirely different ending about volcanoes"
    a, b = embedder.encode([long_text, tail_changed])
    assert np.allclose(a, b, atol=1e-6)
    assert _cosines(a[None], reference.encode([long_text]))[0] > 1 - 1e-5


def test_bad_backend_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="MDQA_EMBEDDING_BACKEND"):
        Embedder("cpu", "tensorflow")
