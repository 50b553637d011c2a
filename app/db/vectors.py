"""Node vectors: their storage format and top-k cosine search over a collection's matrix.

One code path on every database: float32 vectors stored with their node, searched over a per-collection matrix
held by app.qa.index (cached per graph_version, which every graph change bumps, so a worker's change invalidates
the cache of every other process too). Exact NumPy search below RetrievalSettings.ann_threshold vectors; above
it, candidates from an HNSW index (app.graph.ann) re-scored exactly. pgvector would replace this class for
collections beyond one process's memory (docs/scaling.md).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from sqlalchemy import select
from sqlalchemy.orm import Session

from app.db.models import Collection
from app.graph.ann import EXTRA, VectorIndex


def pack(vector: np.ndarray) -> bytes:
    return np.asarray(vector, dtype=np.float32).tobytes()


def unpack(blob: bytes) -> np.ndarray:
    return np.frombuffer(blob, dtype=np.float32)


def graph_version(session: Session, collection_id: str) -> int:
    version = session.scalar(select(Collection.graph_version).where(Collection.id == collection_id))
    return int(version or 0)


@dataclass(frozen=True, slots=True)
class CollectionVectors:
    ids: list[str]
    matrix: np.ndarray  # (n, dim), rows L2-normalised
    index_of: dict[str, int]
    hnsw: VectorIndex | None = None  # approximate candidates; may hold ids of other versions (skipped)

    def top_k(self, query: np.ndarray, k: int, exclude: set[str] | None = None) -> list[tuple[str, float]]:
        if not self.ids or k <= 0:
            return []
        query = np.asarray(query, dtype=np.float32)
        wanted = min(len(self.ids), k + (len(exclude) if exclude else 0))
        if self.hnsw is not None:
            found = self.hnsw.search(query, wanted + EXTRA)[0]
            top = np.asarray(sorted({self.index_of[c] for c in found if c in self.index_of}), dtype=np.int64)
            scores = np.full(len(self.ids), -np.inf, dtype=np.float32)
            if len(top):
                scores[top] = self.matrix[top] @ query
        else:
            scores = self.matrix @ query
            top = np.argpartition(-scores, wanted - 1)[:wanted] if wanted < len(self.ids) else np.arange(len(self.ids))
        # Ties broken by id so results are deterministic.
        ranked = sorted(top, key=lambda i: (-float(scores[i]), self.ids[i]))
        out = [(self.ids[i], float(scores[i])) for i in ranked if not exclude or self.ids[i] not in exclude]
        return out[:k]
