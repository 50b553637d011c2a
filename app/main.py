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
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from app import security
from app.api import faults, metrics
from app.api.request_log import RequestLog
from app.api.routes import account, ask, collections, documents, graph, health
from app.api.schemas import error_response
from app.api.validation import FASTAPI_BODY_ERROR, readable, unreadable_body
from app.db.migrate import upgrade
from app.queue import make_queue
from app.services.errors import ServiceError
from app.services.index_warmer import IndexWarmer
from app.settings import Settings, get_settings
from app.web import auth as web_auth
from app.web import routes as web
from app.web import viewer as web_viewer

log = logging.getLogger(__name__)
ROOT = Path(__file__).resolve().parents[1]


def create_app(settings: Settings | None = None, *, migrate: bool = True, start_worker: bool = True) -> FastAPI:
    settings = settings or get_settings()
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    if migrate:
        upgrade(settings.resolved_database_url)
    security.check_startup(settings)
    job_queue = make_queue(settings)

    warmer = IndexWarmer(settings)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        if start_worker:
            job_queue.start()
        warmer.start()
        yield
        warmer.stop()
        job_queue.stop()

    # Swagger UI and ReDoc from assets a PyPI package carries: the app runs offline, so no CDN.
    app = FastAPIOffline(title="mdqa", version="0.1.0", lifespan=lifespan)
    app.state.settings = settings
    app.state.queue = job_queue

    @app.exception_handler(ServiceError)
    async def service_error(_request: Request, exc: ServiceError) -> JSONResponse:
        return error_response(exc.status_code, str(exc), exc.headers)

    @app.exception_handler(RequestValidationError)
    async def validation_error(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return error_response(422, readable(list(exc.errors())))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if exc.status_code == 404 and not request.url.path.startswith("/api"):
            return web.not_found_page(request)
        if exc.detail == FASTAPI_BODY_ERROR:
            return error_response(exc.status_code, unreadable_body(exc.__cause__))
        return error_response(exc.status_code, str(exc.detail))

    @app.exception_handler(Exception)
    async def unexpected_error(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error", exc_info=exc)
        return error_response(500, "internal error; the server log has the details")

    faults.install(app, settings)
    metrics.install(app, settings)

    for module in (health, collections, documents, graph, ask, account):
        app.include_router(module.router)
    app.include_router(web_auth.router)
    app.include_router(web.router)
    app.include_router(web_viewer.router)
    app.mount("/static", StaticFiles(directory=ROOT / "static"), name="static")
    # Security headers, allowed hosts, login gate, CSRF (app/security), outside everything but the request log.
    security.install(app, settings)
    app.add_middleware(RequestLog)  # its line and id cover every answer, the 413/408/422/403 ones too
    if settings.trusted_proxy_list:  # outermost: every layer (log, limits, audit, Secure cookies) sees one client
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=settings.trusted_proxy_list)
    return app
