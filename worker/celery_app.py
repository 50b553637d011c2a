"""The Celery application, configured from Settings (scaled mode: `mdqa worker`).

Recovery is owned by the document heartbeat and the sweeper, not by the broker: a message is acknowledged as
soon as its job starts (so a long job is never redelivered to a second worker while the first still works, as
Redis's visibility timeout would), and a worker that dies mid-job leaves a document whose heartbeat stops; the
sweeper of any live worker requeues it within ``stale_processing_s + sweep_interval_s``.
"""

from __future__ import annotations

from typing import Any

from celery import Celery
from celery.signals import worker_process_init, worker_ready, worker_shutdown

from app.db.session import get_engine
from app.services.queue import CeleryQueue
from app.services.sweeper import Sweeper
from app.settings import get_settings

# Only a message a worker took and neither started nor returned (it died in between) waits this long; its
# document is still `queued`, and the sweeper sends it again long before.
VISIBILITY_TIMEOUT_S = 6 * 3600


def make_celery() -> Celery:
    settings = get_settings()
    app = Celery("mdqa", broker=settings.broker_url or "redis://127.0.0.1:6379/0", include=["worker.tasks"])
    app.conf.update(
        task_default_queue=settings.queue_name,
        task_acks_late=False,
        # A worker takes a message only when a process is free for it: nothing sits reserved behind a long job.
        worker_disable_prefetch=True,
        worker_prefetch_multiplier=1,
        task_ignore_result=True,
        broker_connection_retry_on_startup=True,
        broker_transport_options={"visibility_timeout": VISIBILITY_TIMEOUT_S},
        worker_hijack_root_logger=False,
    )
    return app


celery_app = make_celery()
_sweeper: Sweeper | None = None


@worker_process_init.connect
def _own_connections(**_kwargs: Any) -> None:
    """In each pool process, just forked: drop the database connections copied from the main process, where the
    sweeper keeps using them (two processes on one socket garble the protocol). close=False: closing them here
    would close the main process's sessions too."""
    get_engine(get_settings().resolved_database_url).dispose(close=False)


@worker_ready.connect
def _start_sweeper(**_kwargs: Any) -> None:
    """In the worker's main process (not the pool's children), once it consumes."""
    global _sweeper
    settings = get_settings()
    queue = CeleryQueue(settings)
    _sweeper = Sweeper(settings, queue.submit, queue.waiting_ids)
    _sweeper.start()


@worker_shutdown.connect
def _stop_sweeper(**_kwargs: Any) -> None:
    if _sweeper is not None:
        _sweeper.stop()
