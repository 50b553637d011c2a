"""Celery tasks: thin wrappers over the services."""

from __future__ import annotations

from app.services.ingestion import TRANSIENT_ERRORS, process_document
from app.services.passwords import claim, discard
from app.settings import get_settings
from worker.celery_app import celery_app


@celery_app.task(
    name="mdqa.ingest_document",
    autoretry_for=TRANSIENT_ERRORS,
    retry_backoff=True,
    retry_backoff_max=60,
    max_retries=5,
)
def ingest_document(document_id: str, password_key: str | None = None) -> str:
    settings = get_settings()
    password = claim(settings, password_key) if password_key else None
    status = process_document(settings, document_id, password=password)
    if password_key:
        discard(settings, password_key)  # kept until now so a redelivered message (worker died) still has it
    return status
