"""The one cache of text embeddings: a vector remembered by its text, per encoder.

Every place that wants an embedding it may have computed before goes through here: the built-in reader's sentence
vectors, the question's vector shared by the retrievers and the reader, and `mdqa eval`'s vectors reused across
settings and runs (saved to disk). The invalidation rule is the same everywhere: a vector depends only on its text
and the encoder (the model), so a change to a collection invalidates nothing; a bounded cache forgets the least
recently used texts. The model itself is loaded once per process by app.llm.embeddings.get_embedder.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from pathlib import Path
from typing import Any

import numpy as np

from app.llm.embeddings import TextEncoder

# Vectors kept per encoder in a process (~1.5 kB each at 384 dims): the sentences of the passages that questions
# keep reaching, and recent questions.
PROCESS_CACHE_SIZE = 20_000


class VectorCache:
    """An encoder that remembers (thread-safe), with the `TextEncoder` shape the graph builder and the retrievers
    take (`dim`, `encode`); called as a function it is the `encode` the readers take.

    `max_size` None keeps every vector (a bounded run such as `mdqa eval`); otherwise the least recently used
    texts beyond it are forgotten."""

    def __init__(self, inner: TextEncoder, max_size: int | None = None) -> None:
        self.inner = inner
        self.dim = inner.dim
        self.max_size = max_size
        self.batch_size: int | None = getattr(inner, "batch_size", None)
        self._vectors: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def __getattr__(self, name: str) -> Any:  # backend, device, ...: whatever else the inner encoder has
        return getattr(self.inner, name)

    def __call__(self, texts: list[str]) -> np.ndarray:
        return self.encode(texts)

    def encode(self, texts: list[str], batch_size: int | None = None) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        found: dict[str, np.ndarray] = {}
        with self._lock:
            for text in texts:
                vector = self._vectors.get(text)
                if vector is not None:
                    self._vectors.move_to_end(text)
                    found[text] = vector
        missing = [t for t in dict.fromkeys(texts) if t not in found]
        if missing:
            computed = self.inner.encode(missing) if batch_size is None else self.inner.encode(missing, batch_size)
            vectors = np.asarray(computed, dtype=np.float32)
            with self._lock:
                for text, vector in zip(missing, vectors, strict=True):
                    found[text] = vector
                    self._vectors[text] = vector
                self._forget_oldest()
        with self._lock:
            self.misses += len(missing)
            self.hits += len(texts) - len(missing)
        return np.vstack([found[t] for t in texts])

    def _forget_oldest(self) -> None:
        if self.max_size is not None:
            while len(self._vectors) > self.max_size:
                self._vectors.popitem(last=False)

    def __len__(self) -> int:
        return len(self._vectors)

    def clear(self) -> None:
        """Forget every vector (benchmarks that time cold embeddings)."""
        with self._lock:
            self._vectors.clear()

    def load(self, path: Path) -> int:
        """Add the vectors saved by `save` (same model assumed: the file name should say which)."""
        if not path.exists():
            return 0
        with np.load(path, allow_pickle=False) as data:
            texts, matrix = data["texts"].tolist(), data["vectors"]
        with self._lock:
            for text, vector in zip(texts, matrix, strict=True):
                self._vectors.setdefault(str(text), vector.astype(np.float32))
            self._forget_oldest()
        return len(texts)

    def save(self, path: Path) -> None:
        with self._lock:
            texts = list(self._vectors)
            matrix = np.vstack([self._vectors[t] for t in texts]) if texts else np.zeros((0, self.dim), np.float32)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp.npz")
        np.savez(tmp, texts=np.array(texts, dtype=str), vectors=matrix)
        tmp.replace(path)


_caches: dict[int, tuple[TextEncoder, VectorCache]] = {}
_caches_lock = threading.Lock()


def remembered(encoder: TextEncoder) -> VectorCache:
    """The process's cache of `encoder` (the encoder itself when it is one already, as in `mdqa eval`)."""
    if isinstance(encoder, VectorCache):
        return encoder
    with _caches_lock:
        entry = _caches.get(id(encoder))
        # The encoder is kept in the entry, so its id cannot be reused by another object while the entry lives.
        if entry is None or entry[0] is not encoder:
            entry = (encoder, VectorCache(encoder, PROCESS_CACHE_SIZE))
            _caches[id(encoder)] = entry
        return entry[1]
