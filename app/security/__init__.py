"""Web safety: allowed hosts, the login gate, CSRF, security headers and rate limits, installed in one place."""

from __future__ import annotations

from fastapi import FastAPI

from app.db.session import session_scope
from app.security.csrf import CsrfGuard
from app.security.gate import LoginGate, is_loopback
from app.security.headers import SecurityHeaders
from app.security.hosts import AllowedHosts
from app.security.ratelimit import RateLimits
from app.security.secret import load_secret
from app.services import users
from app.settings import Settings


class NoUserOnPublicAddress(RuntimeError):
    pass


def check_startup(settings: Settings) -> None:
    """Refuse to listen beyond loopback while nobody could log in (no default user, no default password)."""
    if is_loopback(settings.host):
        return
    with session_scope(settings.resolved_database_url) as session:
        if users.users_exist(session):
            return
    raise NoUserOnPublicAddress(
        f"refusing to listen on {settings.host}: it is not a loopback address and no user exists, so nobody could "
        "log in. Create an administrator first:  mdqa user create NAME --admin  (same MDQA_DATA_DIR / "
        "MDQA_DATABASE_URL), then start again."
    )


def install(app: FastAPI, settings: Settings) -> None:
    """Add the middleware; the last added runs first: headers, then host check, login gate, CSRF, the app."""
    app.state.rate_limits = RateLimits(settings.rate_limits)
    app.add_middleware(CsrfGuard, secret=load_secret(settings))
    app.add_middleware(LoginGate, settings=settings)
    if "*" not in settings.allowed_host_names:
        app.add_middleware(AllowedHosts, allowed=settings.allowed_host_names)
    app.add_middleware(SecurityHeaders)
