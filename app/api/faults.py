"""Faults and hostile input answered with a clear status instead of a 500.

- The database or the queue broker unreachable: 503 with what is down (clients may retry).
- A NUL byte anywhere in the path, the query or a JSON/form body: 422 on every database (PostgreSQL cannot store
  one in text; SQLite would, and the same request must get the same answer everywhere).
"""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from kombu.exceptions import OperationalError as BrokerError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from sqlalchemy.exc import DBAPIError
from starlette.types import ASGIApp, Message, Receive, Scope, Send

log = logging.getLogger(__name__)

DATABASE_DOWN = "the database is unavailable; try again shortly"
QUEUE_DOWN = "the job queue (broker) is unavailable; try again shortly"
NUL_REFUSED = "the request contains a NUL byte, which no name, question or id may hold"
# Bodies that are inspected for NUL; file uploads (multipart) are binary and are checked per field elsewhere.
_TEXT_BODIES = (b"application/json", b"application/x-www-form-urlencoded")


def _is_disconnect(exc: DBAPIError) -> bool:
    if exc.connection_invalidated:
        return True
    name = type(exc.orig).__name__ if exc.orig is not None else ""
    # psycopg's OperationalError covers "connection refused/closed"; SQLite's covers "unable to open database".
    return name in {"OperationalError", "InterfaceError"}


def install(app: FastAPI) -> None:
    @app.exception_handler(DBAPIError)
    async def database_error(_request: Request, exc: DBAPIError) -> JSONResponse:
        if _is_disconnect(exc):
            log.warning("database unavailable: %s", exc.orig)
            return JSONResponse({"detail": DATABASE_DOWN}, status_code=503)
        log.exception("database error", exc_info=exc)
        return JSONResponse({"detail": "internal error; the server log has the details"}, status_code=500)

    async def broker_error(_request: Request, exc: Exception) -> JSONResponse:
        log.warning("queue broker unavailable: %s", exc)
        return JSONResponse({"detail": QUEUE_DOWN}, status_code=503)

    for kind in (BrokerError, RedisConnectionError, RedisTimeoutError):
        app.add_exception_handler(kind, broker_error)

    app.add_middleware(RefuseNul)


class RefuseNul:
    """422 for a NUL byte in the path, query string or a textual body, before any route sees it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        raw_path = scope.get("raw_path") or scope["path"].encode("utf-8", "surrogateescape")
        query = scope.get("query_string", b"")
        if _has_nul(raw_path) or _has_nul(query) or "\x00" in scope["path"]:
            await _refuse(send)
            return
        content_type = dict(scope.get("headers") or []).get(b"content-type", b"")
        if not content_type.startswith(_TEXT_BODIES):
            await self.app(scope, receive, send)
            return
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            body += message.get("body", b"")
            if not message.get("more_body", False):
                break
        # JSON escapes a NUL as \u0000; a urlencoded form as %00.
        encoded_nul = b"%00" if content_type.startswith(b"application/x-www-form-urlencoded") else b"\\u0000"
        if b"\x00" in body or encoded_nul in body:
            await _refuse(send)
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": bytes(body), "more_body": False}

        await self.app(scope, replay, send)


def _has_nul(data: bytes) -> bool:
    return b"\x00" in data or b"%00" in data


async def _refuse(send: Send) -> None:
    response = JSONResponse({"detail": NUL_REFUSED}, status_code=422)

    async def no_body() -> Message:
        return {"type": "http.disconnect"}

    await response({"type": "http"}, no_body, send)
