"""Faults and hostile input answered with a clear status instead of a 500.

- The database or the queue broker unreachable: 503 with what is down (clients may retry).
- Text that is not text (a NUL, an unpaired surrogate, ...) anywhere in the path, the query or a JSON/form body,
  or a body that cannot be read: 422 on every database, before any route (app.api.request_text).
- A body over MDQA_MAX_UPLOAD_MB: 413, declared (Content-Length) or not (chunked).
- A body not received in full within MDQA_BODY_TIMEOUT_S: 408, so a stalled client holds no connection for long.
"""

from __future__ import annotations

import asyncio
import logging

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from kombu.exceptions import OperationalError as BrokerError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from sqlalchemy.exc import DBAPIError
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.api.request_text import RequestText
from app.settings import Settings

log = logging.getLogger(__name__)

DATABASE_DOWN = "the database is unavailable; try again shortly"
QUEUE_DOWN = "the job queue (broker) is unavailable; try again shortly"
BODY_TIMEOUT = "the request body did not arrive in full within {seconds:g} s (MDQA_BODY_TIMEOUT_S)"
TOO_LARGE = "upload larger than {mb} MB (MDQA_MAX_UPLOAD_MB)"


def _is_disconnect(exc: DBAPIError) -> bool:
    if exc.connection_invalidated:
        return True
    name = type(exc.orig).__name__ if exc.orig is not None else ""
    # psycopg's OperationalError covers "connection refused/closed"; SQLite's covers "unable to open database".
    return name in {"OperationalError", "InterfaceError"}


def install(app: FastAPI, settings: Settings) -> None:
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

    # Added last = outermost: sizes are counted on the wire, the deadline covers the text check's reading too.
    app.add_middleware(RequestText)
    app.add_middleware(BodyDeadline, seconds=settings.body_timeout_s)
    app.add_middleware(UploadLimit, max_bytes=settings.max_upload_mb * (1 << 20))


class UploadLimit:
    """413 for a body over the limit, before it fills the disk.

    An undeclared (chunked) body is counted as it arrives. The route's body parser must not see the overflow as an
    error of its own (FastAPI answers any exception while parsing a form with 400 "error parsing the body"), so
    the 413 is sent from here and the app is told the client went away; its own answer to that is dropped."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("POST", "PUT", "PATCH"):
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            await self._refuse(send)
            return
        received = 0
        started = refused = False

        async def counting_receive() -> Message:
            nonlocal received, refused
            if refused:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    refused = True
                    if not started:
                        await self._refuse(send)
                    return {"type": "http.disconnect"}
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if refused:
                return
            started = started or message["type"] == "http.response.start"
            await send(message)

        await self.app(scope, counting_receive, tracking_send)

    async def _refuse(self, send: Send) -> None:
        await _answer(send, 413, TOO_LARGE.format(mb=self.max_bytes // (1 << 20)))


class BodyDeadline:
    """408 when the request body is not complete within `seconds` of the request's start.

    The clock stops once the body is in: a streamed answer that listens for the client going away is not cut."""

    # A handler that reads its body late (it waited for the database) still gets a body that had long arrived.
    MIN_WAIT_S = 1.0

    def __init__(self, app: ASGIApp, seconds: float) -> None:
        self.app = app
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.seconds
        complete = timed_out = started = False

        async def timed_receive() -> Message:
            nonlocal complete, timed_out
            if complete:
                return await receive()
            if timed_out:
                return {"type": "http.disconnect"}
            try:
                message = await asyncio.wait_for(receive(), max(deadline - loop.time(), self.MIN_WAIT_S))
            except TimeoutError:
                timed_out = True
                log.warning("request body not complete after %g s: %s %s", self.seconds, scope["method"], scope["path"])
                if not started:
                    await _answer(send, 408, BODY_TIMEOUT.format(seconds=self.seconds), close=True)
                return {"type": "http.disconnect"}
            complete = message["type"] != "http.request" or not message.get("more_body", False)
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if timed_out:
                return  # the app's answer to the disconnect it was told of
            started = started or message["type"] == "http.response.start"
            await send(message)

        await self.app(scope, timed_receive, tracking_send)


async def _answer(send: Send, status: int, detail: str, close: bool = False) -> None:
    # close: the client stalled mid-body, so the connection cannot carry another request.
    headers = {"connection": "close"} if close else None
    await JSONResponse({"detail": detail}, status_code=status, headers=headers)({"type": "http"}, _no_body, send)


async def _no_body() -> Message:
    return {"type": "http.disconnect"}
