"""Request dependencies as Annotated aliases (SessionDep, SettingsDep)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.orm import Session

from app.db.session import session_scope
from app.settings import Settings


def get_app_settings(request: Request) -> Settings:
    return request.app.state.settings


SettingsDep = Annotated[Settings, Depends(get_app_settings)]


def get_session(settings: SettingsDep) -> Iterator[Session]:
    with session_scope(settings.resolved_database_url) as session:
        yield session


# Scope "function": the session commits before the response is sent, so a client that reads right after a
# write sees it, and a failed commit is the request's error, not a lost write after a 200.
SessionDep = Annotated[Session, Depends(get_session, scope="function")]
