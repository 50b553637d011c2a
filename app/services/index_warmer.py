"""The index warmer: rebuilds, in the background, the retrieval index of a collection that changed.

A web process keeps one retrieval index per collection it has been asked about (app.qa.index). When a document is
added or removed, by this process's embedded worker or by a Celery worker elsewhere, the collection's
graph_version moves and the next question would rebuild the index itself (tens of seconds at 100k passages).
This thread notices the new version and, once it has stayed unchanged for ``retrieval.warm_after_s`` and no
document of the collection waits to be ingested (a folder being ingested bumps it once per document: rebuilding
after each would only compete with the ingestion for CPU), builds the index for it. A question that arrives
during that build waits for it rather than starting its own (app.qa.index.get_index).
"""

from __future__ import annotations

import logging
import time

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.db.models import Document
from app.db.session import session_scope
from app.db.vectors import graph_version
from app.qa.index import cached_versions
from app.qa.warm import warm
from app.services.periodic import Periodic
from app.settings import Settings

log = logging.getLogger(__name__)
# Documents of these statuses will bump the version again: a rebuild now would be thrown away at the next one.
PENDING = ("queued", "processing")


class IndexWarmer(Periodic):
    """A daemon thread polling the versions of the collections whose indexes this process holds."""

    name = "mdqa-index-warmer"

    def __init__(self, settings: Settings) -> None:
        self.quiet_s = settings.retrieval.warm_after_s
        super().__init__(min(max(self.quiet_s / 2, 0.5), 5.0))
        self.settings = settings
        self._seen: dict[str, tuple[int, float]] = {}  # collection → (newest version seen, when first seen)

    def start(self) -> None:
        if self.quiet_s > 0:
            super().start()

    def round(self) -> None:
        self.step()

    def step(self, now: float | None = None) -> list[str]:
        """One round; returns the collections whose index was rebuilt."""
        now = time.monotonic() if now is None else now
        held = cached_versions()
        for gone in set(self._seen) - set(held):
            del self._seen[gone]
        warmed = []
        with session_scope(self.settings.resolved_database_url) as session:
            for collection_id, cached in held.items():
                version = graph_version(session, collection_id)
                if version <= cached:
                    self._seen.pop(collection_id, None)
                    continue
                seen = self._seen.get(collection_id)
                if seen is None or seen[0] != version:
                    self._seen[collection_id] = (version, now)
                    seen = self._seen[collection_id]
                if now - seen[1] < self.quiet_s or _ingesting(session, collection_id):
                    continue
                started = time.perf_counter()
                warm(session, collection_id, self.settings.retrieval.ann_threshold)
                log.info(
                    "index of collection %s warmed for graph version %d in %.1f s",
                    collection_id, version, time.perf_counter() - started,
                )  # fmt: skip
                warmed.append(collection_id)
        return warmed


def _ingesting(session: Session, collection_id: str) -> bool:
    pending = select(Document.id).where(Document.collection_id == collection_id, Document.status.in_(PENDING))
    return session.scalar(pending.limit(1)) is not None
