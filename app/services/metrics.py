"""Operational figures for /metrics.

Ingestion figures are read from the database at scrape time, so documents processed by any worker process on any
machine are counted; asking happens in the web process, so its counters live here in memory.
"""

from __future__ import annotations

from dataclasses import dataclass

from prometheus_client import Counter, Histogram
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.db.models import Document

STATUSES = ("queued", "processing", "ready", "failed")
RECENT_DOCUMENTS = 50

ASK_SECONDS = Histogram(
    "mdqa_ask_duration_seconds",
    "Time to answer a question, classification to composed answer",
    ["question_type", "reader"],
    buckets=(0.05, 0.1, 0.2, 0.3, 0.5, 1, 2, 5, 10, 30, 60),
)
LLM_CALLS = Counter("mdqa_llm_calls_total", "Calls made to the configured LLM server")
LLM_ERRORS = Counter("mdqa_llm_errors_total", "Answers that failed because the LLM server did not answer well")


def record_ask(question_type: str, reader: str, seconds: float, llm_calls: int) -> None:
    ASK_SECONDS.labels(question_type, reader).observe(seconds)
    LLM_CALLS.inc(llm_calls)


def record_llm_error() -> None:
    LLM_ERRORS.inc()


@dataclass(slots=True)
class IngestionFigures:
    documents_by_status: dict[str, int]
    pages_ready: int
    recent_pages_per_second: float  # pages of the last ready documents over their upload-to-ready seconds


def ingestion_figures(session: Session) -> IngestionFigures:
    counts = dict.fromkeys(STATUSES, 0)
    for status, count in session.execute(select(Document.status, func.count()).group_by(Document.status)):
        counts[status] = count
    pages_ready = session.scalar(select(func.coalesce(func.sum(Document.page_count), 0)).where(
        Document.status == "ready"
    )) or 0
    recent = session.execute(
        select(Document.page_count, Document.created_at, Document.updated_at)
        .where(Document.status == "ready")
        .order_by(Document.updated_at.desc())
        .limit(RECENT_DOCUMENTS)
    ).all()
    pages = sum(r.page_count for r in recent)
    seconds = sum(max((r.updated_at - r.created_at).total_seconds(), 0.0) for r in recent)
    return IngestionFigures(
        documents_by_status=counts,
        pages_ready=int(pages_ready),
        recent_pages_per_second=pages / seconds if seconds > 0 else 0.0,
    )
