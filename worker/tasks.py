"""Celery tasks: thin wrappers over the services."""

from __future__ import annotations

from app.services.ingestion import ingest
from app.services.passwords import claim, discard
from app.settings import get_settings
from worker.celery_app import celery_app


# No Celery autoretry: `ingest` retries database outages itself (a Celery retry would need the broker, and its
# countdown message would sit reserved in this worker); what outlasts that is left to the sweeper.
@celery_app.task(name="mdqa.ingest_document")
def ingest_document(document_id: str, password_key: str | None = None) -> str:
    settings = get_settings()
    password = claim(settings, password_key) if password_key else None
    status = ingest(settings, document_id, password=password)
    if password_key and status != "busy":
        discard(settings, password_key)
    return status
