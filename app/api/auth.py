"""Request dependencies for who is acting (set by app.security.gate) and the per-user rate limits."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from fastapi import Depends, Request

from app.security.ratelimit import RateLimits
from app.services.access import Actor
from app.services.errors import Forbidden, Unauthorized


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


AskLimit = Depends(rate_limited("ask"))
UploadLimit = Depends(rate_limited("upload"))
