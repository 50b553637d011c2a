"""Celery tasks: thin wrappers over the services, registered on an app by `worker.celery_app.create_celery`."""

from __future__ import annotations

from celery import Celery

from app.queue import CeleryQueue
from app.services.ingestion import ingest
from app.services.passwords import claim, discard
from app.settings import Settings


def ingest_document(settings: Settings, document_id: str, password_key: str | None = None) -> str:
    password = claim(settings, password_key) if password_key else None
    status = ingest(settings, document_id, password=password)
    if password_key and status != "busy":
        discard(settings, password_key)
    return status


def register_tasks(app: Celery, settings: Settings) -> None:
    """The ingestion task under the name the web process sends (CeleryQueue.TASK), bound to these settings."""

    # No Celery autoretry: `ingest` retries database outages itself (a Celery retry would need the broker, and its
    # countdown message would sit reserved in this worker); what outlasts that is left to the sweeper.
    @app.task(name=CeleryQueue.TASK)
    def ingest_task(document_id: str, password_key: str | None = None) -> str:
        return ingest_document(settings, document_id, password_key)
