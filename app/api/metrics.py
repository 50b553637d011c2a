"""Prometheus metrics at /metrics: requests and latencies by route, documents by status, queue depth, ingestion
pages/s, ask latency, LLM calls and errors."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from fastapi import FastAPI
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import REGISTRY, Collector
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.db.session import session_scope
from app.services.metrics import ingestion_figures
from app.settings import Settings

REQUESTS = Counter("mdqa_http_requests_total", "HTTP requests", ["method", "route", "status"])
LATENCY = Histogram(
    "mdqa_http_request_duration_seconds",
    "HTTP request latency",
    ["method", "route"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30),
)


class RequestMetrics:
    """Counts every request under its route template (never the raw path: ids would explode the label space)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    @staticmethod
    def _route(scope: Scope) -> str:
        # The router records the matched route in the scope it was handed (ours, shared down the stack).
        route = scope.get("route")
        return str(getattr(route, "path", "unmatched"))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = time.perf_counter()
        status = 500

        async def recording_send(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, recording_send)
        finally:
            route = self._route(scope)
            REQUESTS.labels(scope["method"], route, str(status)).inc()
            LATENCY.labels(scope["method"], route).observe(time.perf_counter() - start)


class StateCollector(Collector):
    """Figures read at scrape time from the database and the queue, shared by every process."""

    def __init__(self, settings: Settings, queue_depth: Callable[[], int | None]) -> None:
        self.settings = settings
        self.queue_depth = queue_depth

    def collect(self) -> Iterable[GaugeMetricFamily]:
        with session_scope(self.settings.resolved_database_url) as session:
            figures = ingestion_figures(session)
        documents = GaugeMetricFamily("mdqa_documents", "Documents by status", labels=["status"])
        for status, count in figures.documents_by_status.items():
            documents.add_metric([status], count)
        yield documents
        yield GaugeMetricFamily("mdqa_pages_ready", "Pages of ready documents", value=figures.pages_ready)
        yield GaugeMetricFamily(
            "mdqa_ingest_pages_per_second",
            "Pages per second from upload to ready, over the most recently finished documents",
            value=figures.recent_pages_per_second,
        )
        depth = self.queue_depth()
        if depth is not None:
            yield GaugeMetricFamily("mdqa_queue_depth", "Ingestion jobs waiting in the queue", value=depth)


def install(app: FastAPI, settings: Settings) -> None:
    registry = CollectorRegistry()
    registry.register(StateCollector(settings, lambda: app.state.queue.depth()))

    @app.get("/metrics", include_in_schema=False)
    def metrics(_request: Request) -> Response:
        body = generate_latest(REGISTRY) + generate_latest(registry)
        return Response(body, media_type=CONTENT_TYPE_LATEST)

    app.add_middleware(RequestMetrics)
