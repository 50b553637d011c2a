"""One log line per request, and a request id that every line the request causes carries (and the client sees)."""

from __future__ import annotations

import logging
import re
import time
import uuid

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.logging_setup import request_id_var

log = logging.getLogger("mdqa.request")

# A client's (or a proxy's) X-Request-ID is kept when it is a plain token; anything else is replaced.
_CLIENT_ID = re.compile(rb"[A-Za-z0-9._:-]{1,64}")


class RequestLog:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        given = dict(scope.get("headers") or []).get(b"x-request-id", b"")
        request_id = given.decode() if _CLIENT_ID.fullmatch(given) else uuid.uuid4().hex[:16]
        token = request_id_var.set(request_id)
        start = time.perf_counter()
        status = 500  # what the client gets if the app fails before it answers

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                message["headers"] = [*message.get("headers", []), (b"x-request-id", request_id.encode())]
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            route = scope.get("route")
            log.info(
                "%s %s %d %.1f ms",
                scope["method"],
                scope["path"],
                status,
                (time.perf_counter() - start) * 1000,
                extra={
                    "method": scope["method"],
                    "path": scope["path"],
                    "route": getattr(route, "path", None),
                    "status": status,
                    "duration_ms": round((time.perf_counter() - start) * 1000, 1),
                    "client": (scope.get("client") or ("", 0))[0],
                },
            )
            request_id_var.reset(token)
