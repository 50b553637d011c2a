"""Where ingestion jobs go: a background thread inside the app (embedded default) or Celery (scaled mode).

The same job function (app.services.ingestion.process_document) runs in both; only the adapter differs.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from typing import Protocol

from app.settings import Settings

log = logging.getLogger(__name__)


class JobQueue(Protocol):
    # password: for an encrypted PDF; it lives only in memory (inline) or briefly in the broker (Celery),
    # never in the database (app.services.passwords).
    def submit(self, document_id: str, password: str | None = None) -> None: ...


class InlineQueue:
    """One worker thread in the web process: no extra service, jobs survive restarts via the database."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._jobs: queue.Queue[tuple[str, str | None] | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._idle = threading.Event()
        self._idle.set()

    def start(self, recover: bool = True) -> None:
        if self._thread is not None:
            return
        self._thread = threading.Thread(target=self._run, name="mdqa-ingest", daemon=True)
        self._thread.start()
        if recover:
            from app.services.ingestion import unfinished_document_ids

            # The process was (re)started: whatever was queued or half-done has no other worker.
            for document_id in unfinished_document_ids(self.settings, stale_only=False):
                self.submit(document_id)

    def stop(self) -> None:
        if self._thread is not None:
            self._jobs.put(None)
            self._thread.join(timeout=30)
            self._thread = None

    def submit(self, document_id: str, password: str | None = None) -> None:
        self._idle.clear()
        self._jobs.put((document_id, password))

    def wait_idle(self, timeout: float = 300) -> bool:
        """For the CLI and tests: block until every submitted job is done."""
        return self._idle.wait(timeout)

    def _run(self) -> None:
        from app.services.ingestion import process_document

        while True:
            job = self._jobs.get()
            if job is None:
                return
            document_id, password = job
            for attempt in range(3):
                try:
                    process_document(self.settings, document_id, password=password)
                    break
                except Exception:  # transient (database busy): retry with backoff, then give up on this run
                    log.exception("ingest job %s failed (attempt %d)", document_id, attempt + 1)
                    time.sleep(2**attempt)
            if self._jobs.empty():
                self._idle.set()


class CeleryQueue:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    def submit(self, document_id: str, password: str | None = None) -> None:
        from app.services.passwords import stash
        from worker.tasks import ingest_document

        # The message carries only a random key; the password waits under it in Redis with a short expiry.
        key = stash(self.settings, password) if password else None
        ingest_document.apply_async(args=[document_id, key], queue=self.settings.queue_name)


def make_queue(settings: Settings) -> InlineQueue | CeleryQueue:
    return CeleryQueue(settings) if settings.queue_mode == "celery" else InlineQueue(settings)
