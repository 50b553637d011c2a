"""Celery tasks: thin wrappers over the services."""

from __future__ import annotations

from app.services.ingestion import TRANSIENT_ERRORS, process_document
from app.settings import get_settings
from worker.celery_app import celery_app


@celery_app.task(
    name="mdqa.ingest_document",
    autoretry_for=TRANSIENT_ERRORS,
    retry_backoff=True,
    retry_backoff_max=60,
    max_retries=5,
)
def ingest_document(document_id: str) -> str:
    return process_document(get_settings(), document_id)
