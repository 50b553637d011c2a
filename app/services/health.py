"""What the service depends on, checked live: the database, the queue broker and the workers that consume it."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import text

from app.db.session import get_engine
from app.queue import celery_status
from app.settings import Settings


@dataclass(slots=True)
class Health:
    database: str  # "sqlite" | "postgresql"
    queue: str  # "inline" | "celery"
    database_ok: bool
    broker_ok: bool
    workers: int
    problems: list[str]

    @property
    def ok(self) -> bool:
        return not self.problems


def _database_ok(settings: Settings) -> tuple[bool, str | None]:
    try:
        with get_engine(settings.resolved_database_url).connect() as connection:
            connection.execute(text("SELECT 1"))
        return True, None
    except Exception as exc:  # any failure to reach it is "down"; the reason goes to the report
        return False, f"database unreachable: {type(exc).__name__}"


def check(settings: Settings, inline_worker_alive: bool) -> Health:
    database_ok, database_problem = _database_ok(settings)
    problems = [database_problem] if database_problem else []
    if settings.queue_mode == "celery":
        broker_ok, workers, queue_problem = celery_status(settings)
        if queue_problem:
            problems.append(queue_problem)
    else:
        broker_ok, workers = True, int(inline_worker_alive)
        if not inline_worker_alive:
            problems.append("the in-process ingestion worker is not running")
    dialect = "postgresql" if settings.resolved_database_url.startswith("postgresql") else "sqlite"
    return Health(dialect, settings.queue_mode, database_ok, broker_ok, workers, problems)
