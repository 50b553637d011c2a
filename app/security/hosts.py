"""The allowed-hosts check (DNS rebinding guard): a request whose Host is not one of ours gets the JSON error body.

Starlette's TrustedHostMiddleware answers a plain-text "Invalid host header"; every other refusal of this app is
ErrorOut (`{"detail": ...}`), so this is the same check with the same answer as the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

NOT_OURS = "the Host header {host!r} is not a name this server answers to (MDQA_ALLOWED_HOSTS lists them)"


def host_name(header: str) -> str | None:
    """The name in a Host header, without port or IPv6 brackets, lower-case; None when there is none."""
    try:
        return urlsplit(f"//{header.strip()}").hostname or None
    except ValueError:  # e.g. an unclosed "[" of an IPv6 address
        return None


class AllowedHosts:
    def __init__(self, app: ASGIApp, allowed: Sequence[str]) -> None:
        self.app = app
        # "[::1]" and "::1" name the same host: compared without brackets, as host_name gives it.
        self.names = {name.lower().strip("[]") for name in allowed if not name.startswith("*.")}
        self.suffixes = tuple(name.lower()[1:] for name in allowed if name.startswith("*."))

    def allows(self, header: str) -> bool:
        name = host_name(header)
        return name is not None and (name in self.names or name.endswith(self.suffixes))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        header = Headers(scope=scope).get("host", "")
        if self.allows(header):
            await self.app(scope, receive, send)
            return
        detail = NOT_OURS.format(host=header[:100])
        await JSONResponse({"detail": detail}, status_code=400)(scope, receive, send)
