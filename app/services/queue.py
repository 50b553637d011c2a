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

    def alive(self) -> bool: ...

    def depth(self) -> int | None: ...


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

    def alive(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def depth(self) -> int | None:
        return self._jobs.qsize()

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
    """Sends jobs by task name over the broker of *these* settings; the web process never imports the worker."""

    TASK = "mdqa.ingest_document"

    def __init__(self, settings: Settings) -> None:
        from celery import Celery

        self.settings = settings
        self._client = Celery("mdqa-client", broker=settings.broker_url)
        # Fail within seconds when the broker is down, so the upload can answer 503 instead of hanging.
        self._client.conf.broker_connection_timeout = 3.0

    def alive(self) -> bool:
        return True  # workers are other processes: /healthz asks them over the broker

    def depth(self) -> int | None:
        """Messages waiting in the Redis list of our queue; None when the broker cannot be asked."""
        try:
            with self._client.connection_for_read() as connection:
                return int(connection.default_channel.client.llen(self.settings.queue_name))
        except Exception:
            return None

    def submit(self, document_id: str, password: str | None = None) -> None:
        from app.services.passwords import stash

        # The message carries only a random key; the password waits under it in Redis with a short expiry.
        key = stash(self.settings, password) if password else None
        self._client.send_task(
            self.TASK,
            args=[document_id, key],
            queue=self.settings.queue_name,
            retry=True,
            retry_policy={"max_retries": 2, "interval_start": 0.2, "interval_step": 0.5},
        )


def make_queue(settings: Settings) -> InlineQueue | CeleryQueue:
    return CeleryQueue(settings) if settings.queue_mode == "celery" else InlineQueue(settings)
