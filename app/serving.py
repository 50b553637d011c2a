"""The HTTP server of `mdqa serve`: uvicorn with a deadline for request headers and the app's logging.

uvicorn waits forever for the headers of a request (a client that opens connections and trickles bytes holds them
open); its protocol is subclassed here to close such a connection after MDQA_HEADER_TIMEOUT_S. Bodies that never
finish are the app's business (app.api.faults.BodyDeadline, 408), so any ASGI server gets that one.
"""

from __future__ import annotations

import asyncio
from typing import Any

import uvicorn
from fastapi import FastAPI
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from app.settings import Settings

_REQUEST_TIMEOUT = b"HTTP/1.1 408 Request Timeout\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"


class HeaderDeadlineProtocol(HttpToolsProtocol):
    header_timeout_s = 30.0  # replaced per server by server_config()

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_deadline: asyncio.TimerHandle | None = None

    def _arm(self) -> None:
        self._disarm()
        self._header_deadline = self.loop.call_later(self.header_timeout_s, self._headers_late)

    def _disarm(self) -> None:
        if self._header_deadline is not None:
            self._header_deadline.cancel()
            self._header_deadline = None

    def _headers_late(self) -> None:
        self._header_deadline = None
        if not self.transport.is_closing():
            self.transport.write(_REQUEST_TIMEOUT)
            self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()  # a connection that sends nothing at all

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()  # the first byte of each request on a kept-alive connection

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)


def server_config(app: FastAPI, settings: Settings, host: str, port: int) -> uvicorn.Config:
    protocol = type("Protocol", (HeaderDeadlineProtocol,), {"header_timeout_s": settings.header_timeout_s})
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        http=protocol,
        log_config=None,  # app.logging_setup configured the root logger; uvicorn's loggers propagate to it
        access_log=False,  # app.api.request_log writes the one line per request
        # uvicorn would believe X-Forwarded-For from loopback (FORWARDED_ALLOW_IPS); the app does it, and only
        # from MDQA_TRUSTED_PROXIES, so that a test client or another ASGI server gets the same answer.
        proxy_headers=False,
        timeout_keep_alive=5,
    )
