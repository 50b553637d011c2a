"""Request dependencies shared by the JSON API and the HTML pages, as Annotated aliases.

The session and settings of a request (SessionDep, SettingsDep), who is acting (ActorDep, set by
app.security.gate) and the per-user rate limits. Neither app.api nor app.web owns them, so neither imports the other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.orm import Session

from app.db.session import session_scope
from app.security.ratelimit import RateLimits, client_key
from app.services.access import Actor
from app.services.errors import Forbidden, Unauthorized
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


def current_actor(request: Request) -> Actor:
    actor = request.scope.get("state", {}).get("actor")
    if not isinstance(actor, Actor):  # fail closed: without the gate's verdict nobody is anybody
        raise Unauthorized("authentication required")
    return actor


ActorDep = Annotated[Actor, Depends(current_actor)]


def require_admin(actor: ActorDep) -> Actor:
    if not actor.is_admin:
        raise Forbidden("only an administrator may do this")
    return actor


AdminDep = Annotated[Actor, Depends(require_admin)]


def rate_limited(kind: str) -> Callable[[Request, Actor], None]:
    def check(request: Request, actor: ActorDep) -> None:
        limits: RateLimits = request.app.state.rate_limits
        limits.hit(kind, actor.user_id or "local")

    return check


def limit_asks(request: Request, actor: ActorDep) -> None:
    """Questions count per client (a token, a login session, a browser, an address), not per user: one script must
    not use up the questions of the person's browser. Loopback single-user mode has a limit of its own."""
    limits: RateLimits = request.app.state.rate_limits
    single_user = not request.scope.get("state", {}).get("auth_required", True)
    limits.hit("ask_single_user" if single_user else "ask", client_key(request.scope))


AskLimit = Depends(limit_asks)
UploadLimit = Depends(rate_limited("upload"))
