from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from app.dependencies import SettingsDep
from app.services import health

router = APIRouter(tags=["health"])


class HealthChecks(BaseModel):
    database: str  # "ok" | "down"
    queue: str  # "ok" | "down"
    workers: int


class HealthOut(BaseModel):
    status: str  # "ok" | "unavailable"
    database: str  # "sqlite" | "postgresql"
    queue: str  # "inline" | "celery"
    checks: HealthChecks
    problems: list[str]


@router.get("/healthz", response_model=HealthOut, responses={503: {"model": HealthOut}})
def healthz(request: Request, settings: SettingsDep) -> JSONResponse:
    """200 when the database, the queue broker and at least one worker answer; 503 (same body) when one does not."""
    report = health.check(settings, inline_worker_alive=request.app.state.queue.alive())
    body = HealthOut(
        status="ok" if report.ok else "unavailable",
        database=report.database,
        queue=report.queue,
        checks=HealthChecks(
            database="ok" if report.database_ok else "down",
            queue="ok" if report.broker_ok else "down",
            workers=report.workers,
        ),
        problems=report.problems,
    )
    return JSONResponse(body.model_dump(), status_code=200 if report.ok else 503)
