"""CSRF: a state-changing request from a browser must come from this origin and carry this server's token.

- Origin (or, without it, Referer) must name the host the request was sent to; Sec-Fetch-Site must not say
  cross-site or same-site (another port of the same machine is same-site, and is refused too).
- A browser request (one that sends Origin, Referer, Sec-Fetch-* or a login cookie) must also carry the token:
  the X-CSRF-Token header (htmx, fetch and XHR add it from the page's meta tag, static/csrf.js) or, for a plain
  form post, the csrf_token field. The token is an HMAC of a random cookie (SameSite=Lax) under the server
  secret, so a page elsewhere can neither read nor forge it.
- A request with an API token (Authorization: Bearer) carries no ambient credential and needs neither.
Scripts and the CLI that send none of those headers are not browsers: nothing of a user's is forged through them.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from urllib.parse import parse_qs, urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.security.gate import SESSION_COOKIE, cookies_of

CSRF_COOKIE = "mdqa_csrf"
CSRF_HEADER = "x-csrf-token"
CSRF_FIELD = "csrf_token"
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
MAX_FORM_BYTES = 1 << 20
BROWSER_HEADERS = ("origin", "referer", "sec-fetch-site", "sec-fetch-mode")


def token_for(secret: bytes, cookie: str) -> str:
    return hmac.new(secret, cookie.encode(), hashlib.sha256).hexdigest()


def _netloc(url: str) -> str | None:
    try:
        return urlsplit(url).netloc.lower() or None
    except ValueError:
        return None


def origin_problem(headers: Headers) -> str | None:
    host = (headers.get("host") or "").lower()
    fetch_site = headers.get("sec-fetch-site")
    if fetch_site in ("cross-site", "same-site"):
        return f"cross-origin request refused (Sec-Fetch-Site: {fetch_site})"
    origin = headers.get("origin")
    if origin is not None:
        return None if _netloc(origin) == host else f"cross-origin request refused (Origin: {origin[:100]})"
    referer = headers.get("referer")
    if referer is not None and _netloc(referer) != host:
        return "cross-origin request refused (Referer of another site)"
    return None


class CsrfGuard:
    def __init__(self, app: ASGIApp, secret: bytes) -> None:
        self.app = app
        self.secret = secret

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        cookies = cookies_of(headers)
        cookie = cookies.get(CSRF_COOKIE, "")
        new_cookie = None
        if not (20 <= len(cookie) <= 100):
            cookie = new_cookie = secrets.token_urlsafe(32)
        expected = token_for(self.secret, cookie)
        state = scope.setdefault("state", {})
        state["csrf_token"] = expected

        if scope["method"] not in SAFE_METHODS and not state.get("via_bearer"):
            problem = origin_problem(headers)
            browser = SESSION_COOKIE in cookies or any(h in headers for h in BROWSER_HEADERS)
            if problem is None and browser:
                submitted = headers.get(CSRF_HEADER)
                if submitted is None and (headers.get("content-type") or "").startswith(
                    "application/x-www-form-urlencoded"
                ):
                    body, receive = await _buffered(receive)
                    if body is None:
                        problem = "form too large"
                    else:
                        try:
                            values = parse_qs(body.decode("latin-1"), max_num_fields=1000).get(CSRF_FIELD)
                        except ValueError:  # more fields than any page's form has
                            values = None
                        submitted = values[0] if values else None
                if problem is None and not (submitted and hmac.compare_digest(submitted, expected)):
                    problem = "missing or stale CSRF token: reload the page and try again"
            if problem is not None:
                await JSONResponse({"detail": problem}, 403)(scope, receive, send)
                return

        if new_cookie is None:
            await self.app(scope, receive, send)
            return
        secure = scope.get("scheme") == "https"

        async def set_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                attributes = f"{CSRF_COOKIE}={new_cookie}; Path=/; HttpOnly; SameSite=Lax"
                MutableHeaders(scope=message).append("set-cookie", attributes + ("; Secure" if secure else ""))
            await send(message)

        await self.app(scope, receive, set_cookie)


async def _buffered(receive: Receive) -> tuple[bytes | None, Receive]:
    """Read a (small) form body to find its token, and hand the same body on to the route."""
    chunks: list[bytes] = []
    size = 0
    more = True
    while more:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > MAX_FORM_BYTES:
            return None, receive
        chunks.append(chunk)
        more = message.get("more_body", False)
    body = b"".join(chunks)
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return body, replay
