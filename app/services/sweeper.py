"""The sweeper: every ``sweep_interval_s``, documents that nobody works on or waits for are submitted again.

It runs in every Celery worker (started when the worker is ready, worker/celery_app.py) and in the embedded
app's queue (InlineQueue.start), so a document is never stuck because a job was never sent (broker down during
the upload), was lost with a worker (SIGKILL), or gave up during a long database outage. Which documents qualify,
and the marking that lets only one of several sweepers requeue each, is in
app.services.ingestion.requeue_silent; what waits in the broker is asked of the queue (app.queue); here is only
the timer.
"""

from __future__ import annotations

from collections.abc import Callable

from app.services.ingestion import requeue_silent
from app.services.periodic import Periodic
from app.settings import Settings


class Sweeper(Periodic):
    """A daemon thread calling ``sweep()`` every ``sweep_interval_s`` until ``stop()``.

    ``submit`` sends a job for a document id; ``waiting`` returns the ids that already have a job waiting
    in the queue (None when the queue cannot be read: then nothing is swept this round, it could not be
    submitted to anyway)."""

    name = "mdqa-sweeper"

    def __init__(
        self,
        settings: Settings,
        submit: Callable[[str], None],
        waiting: Callable[[], set[str] | None],
    ) -> None:
        super().__init__(settings.sweep_interval_s)
        self.settings = settings
        self._submit = submit
        self._waiting = waiting

    def round(self) -> None:
        self.sweep()

    def sweep(self) -> list[str]:
        """One round; returns the ids submitted again."""
        waiting = self._waiting()
        if waiting is None:
            return []
        requeued = requeue_silent(self.settings, waiting)
        for document_id in requeued:
            # A failure here leaves the document `queued` and marked just now: the next sweep after the
            # timeout tries again.
            self._submit(document_id)
        return requeued
