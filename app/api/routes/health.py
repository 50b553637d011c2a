from __future__ import annotations

from fastapi import APIRouter
from sqlalchemy import text

from app.api.deps import SessionDep, SettingsDep

router = APIRouter(tags=["health"])


@router.get("/healthz")
def healthz(session: SessionDep, settings: SettingsDep) -> dict[str, str]:
    session.execute(text("SELECT 1"))
    database = "postgresql" if session.get_bind().dialect.name == "postgresql" else "sqlite"
    return {"status": "ok", "database": database, "queue": settings.queue_mode}
