"""The login gate: who is asking (API token, login session, or nobody) and whether they must have logged in.

The embedded default stays single-user without login only while it listens on loopback and no user exists;
otherwise every route but /healthz, the login page and static files needs a user. The actor found here is put in
the request's state for app.dependencies; routes never read credentials themselves.
"""

from __future__ import annotations

import hashlib
import ipaddress
import logging
from dataclasses import dataclass
from http.cookies import SimpleCookie
from urllib.parse import quote

from anyio import to_thread
from sqlalchemy.exc import DBAPIError
from starlette.datastructures import Headers
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from app.db.session import session_scope
from app.services import users
from app.services.access import LOCAL, Actor, actor_for
from app.settings import Settings

log = logging.getLogger(__name__)

SESSION_COOKIE = "mdqa_session"
OPEN_PATHS = ("/healthz", "/login", "/logout", "/favicon.ico")
JSON_PATHS = ("/api/", "/openapi.json", "/docs", "/redoc", "/metrics")
LOGIN_NEEDED = "authentication required: log in, or send Authorization: Bearer <token> (mdqa token create NAME)"
# The request state's key for the credential the actor was found by: "token:…" or "session:…" and a digest of the
# secret, so that limits can count per client (app.security.ratelimit) without keeping the secret itself.
CREDENTIAL = "credential"


def is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def cookies_of(headers: Headers) -> dict[str, str]:
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(headers.get("cookie", ""))
    except Exception:  # a malformed Cookie header counts as no cookies, not as a server error
        return {}
    return {name: morsel.value for name, morsel in jar.items()}


def credential_key(kind: str, secret: str) -> str:
    return f"{kind}:{hashlib.sha256(secret.encode()).hexdigest()[:32]}"


@dataclass(frozen=True)
class Identity:
    actor: Actor | None
    required: bool
    bad_token: bool = False
    credential: str | None = None


class LoginGate:
    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.settings = settings

    def auth_forced(self) -> bool:
        return self.settings.auth == "on" or not is_loopback(self.settings.host)

    def identify(self, bearer: str | None, session_token: str | None) -> Identity:
        with session_scope(self.settings.resolved_database_url) as session:
            required = self.auth_forced() or users.users_exist(session)
            if bearer is not None:
                user = users.user_for_token(session, bearer, kind="api")
                if user is None:
                    return Identity(None, required, bad_token=True)
                return Identity(actor_for(user), required, credential=credential_key("token", bearer))
            if session_token:
                user = users.user_for_token(session, session_token, kind="session")
                if user is not None:
                    return Identity(actor_for(user), required, credential=credential_key("session", session_token))
            return Identity(None if required else LOCAL, required)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        path: str = scope.get("path", "")
        open_path = path in OPEN_PATHS or path.startswith("/static/")
        authorization = headers.get("authorization")
        bearer = None
        if authorization is not None:
            scheme, _, value = authorization.partition(" ")
            bearer = value.strip() if scheme.lower() == "bearer" else ""
        session_token = cookies_of(headers).get(SESSION_COOKIE)
        try:
            identity = await to_thread.run_sync(self.identify, bearer, session_token)
        except DBAPIError as exc:
            if not open_path:
                log.warning("database unavailable while checking credentials: %s", exc.orig)
                await JSONResponse({"detail": "the database is unavailable; try again shortly"}, 503)(
                    scope, receive, send
                )
                return
            identity = Identity(None, True)
        state = scope.setdefault("state", {})
        state["actor"] = identity.actor
        state["auth_required"] = identity.required
        state["via_bearer"] = bearer is not None and identity.actor is not None
        state[CREDENTIAL] = identity.credential
        if identity.bad_token:
            response: Response = JSONResponse(
                {"detail": "invalid or revoked API token"}, 401, headers={"WWW-Authenticate": "Bearer"}
            )
        elif identity.actor is None and not open_path:
            response = self._login_needed(scope, headers, path)
        else:
            await self.app(scope, receive, send)
            return
        await response(scope, receive, send)

    @staticmethod
    def _login_needed(scope: Scope, headers: Headers, path: str) -> Response:
        if path.startswith(JSON_PATHS) or scope["method"] not in ("GET", "HEAD"):
            return JSONResponse({"detail": LOGIN_NEEDED}, 401, headers={"WWW-Authenticate": "Bearer"})
        query = scope.get("query_string", b"").decode("latin-1")
        target = "/login?next=" + quote(path + (f"?{query}" if query else ""), safe="")
        if headers.get("hx-request"):
            return Response(status_code=401, headers={"HX-Redirect": target})
        return RedirectResponse(target, status_code=303)
