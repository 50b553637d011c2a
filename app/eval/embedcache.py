"""An embedder that remembers: the same text always gets the same vector, computed once per run.

The per-question and the pooled setting hold the same paragraphs, so with one cache the second setting embeds
(almost) nothing. It has the `TextEncoder` shape the graph builder takes (`dim`, `encode`).
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import numpy as np

from app.llm.embeddings import TextEncoder


class CachingEmbedder:
    def __init__(self, inner: TextEncoder) -> None:
        self.inner = inner
        self.dim = inner.dim
        self.batch_size: int | None = getattr(inner, "batch_size", None)
        self._vectors: dict[str, np.ndarray] = {}
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def __getattr__(self, name: str) -> Any:  # backend, device, ...: whatever else the inner embedder has
        return getattr(self.inner, name)

    def encode(self, texts: list[str], batch_size: int | None = None) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        with self._lock:
            missing = list(dict.fromkeys(t for t in texts if t not in self._vectors))
        if missing:
            vectors = self.inner.encode(missing, batch_size=batch_size)
            with self._lock:
                for text, vector in zip(missing, vectors, strict=True):
                    self._vectors[text] = np.asarray(vector, dtype=np.float32)
        with self._lock:
            self.misses += len(missing)
            self.hits += len(texts) - len(missing)
            return np.vstack([self._vectors[t] for t in texts])

    def __len__(self) -> int:
        return len(self._vectors)

    def load(self, path: Path) -> int:
        """Add the vectors saved by `save` (same model assumed: the file name should say which)."""
        if not path.exists():
            return 0
        with np.load(path, allow_pickle=False) as data:
            texts, matrix = data["texts"].tolist(), data["vectors"]
        with self._lock:
            for text, vector in zip(texts, matrix, strict=True):
                self._vectors.setdefault(str(text), vector.astype(np.float32))
        return len(texts)

    def save(self, path: Path) -> None:
        with self._lock:
            texts = list(self._vectors)
            matrix = np.vstack([self._vectors[t] for t in texts]) if texts else np.zeros((0, self.dim), np.float32)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp.npz")
        np.savez(tmp, texts=np.array(texts, dtype=str), vectors=matrix)
        tmp.replace(path)
