"""The audit trail: who uploaded, deleted, asked, logged in and managed users and tokens, and when."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.db.models import AuditEvent
from app.db.session import session_scope
from app.services.access import Actor

MAX_TEXT = 2000


def record(
    session: Session,
    actor: Actor | None,
    action: str,
    *,
    collection_id: str | None = None,
    target: str = "",
    detail: str = "",
    user_name: str | None = None,
) -> None:
    """Add an event to the caller's transaction: it is kept exactly when the action it describes is."""
    session.add(
        AuditEvent(
            user_id=actor.user_id if actor else None,
            user_name=(user_name or (actor.name if actor else "anonymous"))[:64],
            action=action,
            collection_id=collection_id,
            target=target[:MAX_TEXT],
            detail=detail[:MAX_TEXT],
        )
    )


def record_apart(
    url: str, actor: Actor | None, action: str, *, collection_id: str | None = None, target: str = ""
) -> None:
    """Write an event in a unit of work of its own: it is kept whatever becomes of the request's (a question is
    audited even when answering it then fails)."""
    with session_scope(url) as session:
        record(session, actor, action, collection_id=collection_id, target=target)


def list_events(
    session: Session, *, limit: int = 100, user: str | None = None, action: str | None = None
) -> list[dict[str, Any]]:
    query = select(AuditEvent).order_by(AuditEvent.at.desc(), AuditEvent.id.desc()).limit(max(1, min(limit, 10_000)))
    if user:
        query = query.where(AuditEvent.user_name == user)
    if action:
        query = query.where(AuditEvent.action == action)
    return [_event(e) for e in session.scalars(query)]


def _event(e: AuditEvent) -> dict[str, Any]:
    at: datetime = e.at
    return {
        "id": e.id,
        "at": at.isoformat(),
        "user": e.user_name,
        "action": e.action,
        "collection_id": e.collection_id,
        "target": e.target,
        "detail": e.detail,
    }
