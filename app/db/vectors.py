"""Top-k cosine search over a collection's node vectors.

One code path on every database: float32 vectors stored with their node, searched with NumPy over a
per-collection matrix cached in memory. The cache is keyed on the collection's `graph_version`, which every
graph change bumps, so a worker's change invalidates the cache of every other process too.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import numpy as np
from sqlalchemy import select
from sqlalchemy.orm import Session

from app.db.models import Collection, Node


def pack(vector: np.ndarray) -> bytes:
    return np.asarray(vector, dtype=np.float32).tobytes()


def unpack(blob: bytes) -> np.ndarray:
    return np.frombuffer(blob, dtype=np.float32)


@dataclass(frozen=True, slots=True)
class CollectionVectors:
    ids: list[str]
    matrix: np.ndarray  # (n, dim), rows L2-normalised
    index_of: dict[str, int]

    def top_k(self, query: np.ndarray, k: int, exclude: set[str] | None = None) -> list[tuple[str, float]]:
        if not self.ids or k <= 0:
            return []
        scores = self.matrix @ np.asarray(query, dtype=np.float32)
        wanted = min(len(self.ids), k + (len(exclude) if exclude else 0))
        top = np.argpartition(-scores, wanted - 1)[:wanted] if wanted < len(self.ids) else np.arange(len(self.ids))
        # Ties broken by id so results are deterministic.
        ranked = sorted(top, key=lambda i: (-float(scores[i]), self.ids[i]))
        out = [(self.ids[i], float(scores[i])) for i in ranked if not exclude or self.ids[i] not in exclude]
        return out[:k]


_cache: dict[tuple[str, str], tuple[int, CollectionVectors]] = {}
_lock = threading.Lock()


def graph_version(session: Session, collection_id: str) -> int:
    version = session.scalar(select(Collection.graph_version).where(Collection.id == collection_id))
    return int(version or 0)


def collection_vectors(session: Session, collection_id: str, kind: str = "passage") -> CollectionVectors:
    version = graph_version(session, collection_id)
    key = (collection_id, kind)
    with _lock:
        cached = _cache.get(key)
        if cached and cached[0] == version:
            return cached[1]
    rows = session.execute(
        select(Node.id, Node.vector)
        .where(Node.collection_id == collection_id, Node.kind == kind, Node.vector.is_not(None))
        .order_by(Node.id)
    ).all()
    ids = [r[0] for r in rows]
    matrix = np.vstack([unpack(r[1]) for r in rows]) if rows else np.zeros((0, 0), dtype=np.float32)
    vectors = CollectionVectors(ids=ids, matrix=matrix, index_of={node_id: i for i, node_id in enumerate(ids)})
    with _lock:
        _cache[key] = (version, vectors)
    return vectors


def top_k(
    session: Session, collection_id: str, query: np.ndarray, k: int, kind: str = "passage"
) -> list[tuple[str, float]]:
    return collection_vectors(session, collection_id, kind).top_k(query, k)


def invalidate(collection_id: str) -> None:
    with _lock:
        for key in [key for key in _cache if key[0] == collection_id]:
            del _cache[key]
