"""The Celery application, configured from Settings (scaled mode: `mdqa worker`)."""

from __future__ import annotations

from celery import Celery

from app.settings import get_settings


def make_celery() -> Celery:
    settings = get_settings()
    app = Celery("mdqa", broker=settings.broker_url or "redis://127.0.0.1:6379/0", include=["worker.tasks"])
    app.conf.update(
        task_default_queue=settings.queue_name,
        # A job is acknowledged only when it finished; if the worker dies mid-job the broker hands it out again.
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_ignore_result=True,
        broker_connection_retry_on_startup=True,
        # Unacknowledged jobs of a vanished worker come back after this long (Redis has no connection-bound acks).
        broker_transport_options={"visibility_timeout": settings.stale_processing_s},
        worker_hijack_root_logger=False,
    )
    return app


celery_app = make_celery()
