"""The Celery application of `mdqa worker` (scaled mode), built from Settings by `create_celery`.

Nothing is configured at import: `create_celery(settings)` makes the app, registers the task by its name
(`CeleryQueue.TASK`, the name the web process sends) and connects the sweeper to this worker's start and stop.
`celery -A worker.celery_app ...` (the compose health check) finds `app`, built from the environment on first use.

Recovery is owned by the document heartbeat and the sweeper, not by the broker: a message is acknowledged as
soon as its job starts (so a long job is never redelivered to a second worker while the first still works, as
Redis's visibility timeout would), and a worker that dies mid-job leaves a document whose heartbeat stops; the
sweeper of any live worker requeues it within ``stale_processing_s + sweep_interval_s``.
"""

from __future__ import annotations

import os
import threading
from typing import Any

from celery import Celery
from celery.signals import worker_process_init, worker_ready, worker_shutdown

from app.child_processes import watch_parent
from app.db.session import get_engine
from app.queue import CeleryQueue
from app.services.sweeper import Sweeper
from app.settings import Settings, get_settings
from worker.tasks import register_tasks

# Only a message a worker took and neither started nor returned (it died in between) waits this long; its
# document is still `queued`, and the sweeper sends it again long before.
VISIBILITY_TIMEOUT_S = 6 * 3600
DEFAULT_BROKER = "redis://127.0.0.1:6379/0"


def create_celery(settings: Settings) -> Celery:
    """A Celery app for these settings, its ingestion task registered and its sweeper tied to the worker."""
    app = Celery("mdqa", broker=settings.broker_url or DEFAULT_BROKER, set_as_current=False)
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
    register_tasks(app, settings)
    _connect_signals(app, settings)
    return app


def _connect_signals(app: Celery, settings: Settings) -> None:
    sweeper: list[Sweeper] = []

    def own_connections(**_kwargs: Any) -> None:
        """In each pool process, just forked: drop the database connections copied from the main process, where
        the sweeper keeps using them (two processes on one socket garble the protocol). close=False: closing them
        here would close the main process's sessions too."""
        get_engine(settings.resolved_database_url).dispose(close=False)
        # A `kill -9` of the worker's main process must not leave its pool behind (app.child_processes).
        watch_parent(os.getppid(), str(settings.data_dir))

    def start_sweeper(sender: Any = None, **_kwargs: Any) -> None:
        """In the worker's main process (not the pool's children), once it consumes."""
        if getattr(sender, "app", app) is not app:
            return
        queue = CeleryQueue(settings)
        sweeper.append(Sweeper(settings, queue.submit, queue.waiting_ids))
        sweeper[-1].start()

    def stop_sweeper(sender: Any = None, **_kwargs: Any) -> None:
        if getattr(sender, "app", app) is app:
            while sweeper:
                sweeper.pop().stop()

    # weak=False: the handlers are closures that nothing else holds; one uid per app, so each app connects once.
    uid = f"mdqa-{id(app)}"
    worker_process_init.connect(own_connections, weak=False, dispatch_uid=f"{uid}-init")
    worker_ready.connect(start_sweeper, weak=False, dispatch_uid=f"{uid}-ready")
    worker_shutdown.connect(stop_sweeper, weak=False, dispatch_uid=f"{uid}-shutdown")


_app: Celery | None = None
_app_lock = threading.Lock()


def __getattr__(name: str) -> Celery:
    """`worker.celery_app.app` for the celery command line, built from the environment's settings when asked."""
    global _app
    if name != "app":
        raise AttributeError(name)
    with _app_lock:
        if _app is None:
            _app = create_celery(get_settings())
        return _app
