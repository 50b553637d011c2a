"""create_app(): the FastAPI application with its API routers, HTML pages, static files and job queue."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.api import faults, metrics
from app.api.routes import ask, collections, documents, graph, health
from app.api.schemas import error_response
from app.db.migrate import upgrade
from app.services.errors import ServiceError
from app.services.queue import make_queue
from app.settings import Settings, get_settings
from app.web import routes as web

log = logging.getLogger(__name__)
ROOT = Path(__file__).resolve().parents[1]


class UploadLimit:
    """Refuse request bodies over MDQA_MAX_UPLOAD_MB with 413 before they fill the disk."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("POST", "PUT", "PATCH"):
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            await self._refuse(send)
            return
        received = 0
        started = False

        async def counting_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    raise _BodyTooLarge
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counting_receive, tracking_send)
        except _BodyTooLarge:
            if not started:
                await self._refuse(send)

    async def _refuse(self, send: Send) -> None:
        limit_mb = self.max_bytes // (1 << 20)
        response = JSONResponse(
            {"detail": f"upload larger than {limit_mb} MB (MDQA_MAX_UPLOAD_MB)"}, status_code=413
        )
        await response({"type": "http"}, _empty_receive, send)


class _BodyTooLarge(Exception):
    pass


async def _empty_receive() -> Message:
    return {"type": "http.disconnect"}


def _readable(errors: list[dict]) -> str:
    parts = []
    for error in errors:
        where = ".".join(str(p) for p in error.get("loc", ()) if p not in ("body", "query", "path"))
        parts.append(f"{where}: {error.get('msg')}" if where else str(error.get("msg")))
    return "; ".join(parts) or "invalid request"


def create_app(settings: Settings | None = None, *, migrate: bool = True, start_worker: bool = True) -> FastAPI:
    settings = settings or get_settings()
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    if migrate:
        upgrade(settings.resolved_database_url)
    job_queue = make_queue(settings)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if start_worker:
            job_queue.start()
        yield
        job_queue.stop()

    # Swagger UI and ReDoc from assets a PyPI package carries: the app runs offline, so no CDN.
    app = FastAPIOffline(title="mdqa", version="0.1.0", lifespan=lifespan)
    app.state.settings = settings
    app.state.queue = job_queue

    @app.exception_handler(ServiceError)
    async def service_error(_request: Request, exc: ServiceError) -> JSONResponse:
        return error_response(exc.status_code, str(exc))

    @app.exception_handler(RequestValidationError)
    async def validation_error(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return error_response(422, _readable(list(exc.errors())))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if exc.status_code == 404 and not request.url.path.startswith("/api"):
            return web.not_found_page(request)
        return error_response(exc.status_code, str(exc.detail))

    @app.exception_handler(Exception)
    async def unexpected_error(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error", exc_info=exc)
        return error_response(500, "internal error; the server log has the details")

    faults.install(app)
    metrics.install(app, settings)

    for module in (health, collections, documents, graph, ask):
        app.include_router(module.router)
    app.include_router(web.router)
    app.mount("/static", StaticFiles(directory=ROOT / "static"), name="static")
    app.add_middleware(UploadLimit, max_bytes=settings.max_upload_mb * (1 << 20))
    return app
