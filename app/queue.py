"""The job queue: where ingestion jobs go, a background thread inside the app (embedded default) or Celery
(scaled mode). Infrastructure, not a use case: services hand it document ids through the `JobQueue` interface
(submit, start, stop); the domain (app.ingest, app.graph, app.qa, app.llm) never imports it.

The same job function (app.services.ingestion.ingest) runs in both; only the adapter differs. Both are swept
(app.services.sweeper): documents whose job was never sent or whose worker died are submitted again.
"""

from __future__ import annotations

import base64
import json
import logging
import multiprocessing
import os
import queue
import threading
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Any, Protocol

from app.child_processes import record_resource_tracker, watch_parent
from app.settings import Settings

if TYPE_CHECKING:
    from app.services.sweeper import Sweeper

log = logging.getLogger(__name__)

# Two documents in flight: one being embedded while the next one is extracted. More would only queue on the
# embedder (one model per process, used by one thread at a time).
INLINE_WORKERS = 2
# How long /healthz waits for the broker (scaled mode).
HEALTH_CHECK_TIMEOUT_S = 2.0


class JobQueue(Protocol):
    # Jobs run in this process: it must stay up (and the CLI wait) until they are done.
    runs_here: bool

    # recover: hand out again the documents a previous run left queued or half-done.
    def start(self, recover: bool = True) -> None: ...

    def stop(self) -> None: ...

    # password: for an encrypted PDF; it lives only in memory (inline) or briefly in the broker (Celery),
    # never in the database (app.services.passwords).
    def submit(self, document_id: str, password: str | None = None) -> None: ...

    def alive(self) -> bool: ...

    def depth(self) -> int | None: ...


class InlineQueue:
    """Worker threads in the web process: no extra service, jobs survive restarts via the database.

    A pipeline, so that an upload of several documents is bound by the embedding model alone: `workers` threads
    each run the whole job for one document (claim, extract, store, embed, graph), and extraction, the part that is
    pure Python, runs in a child process (`extract_processes`), so while one thread embeds (torch, which releases
    the GIL) another document is being extracted without taking the GIL from it. The embedder serialises its own
    use and the graph update holds the collection's lock, so several documents are in flight with exactly the rows
    and graph of one-at-a-time processing (tests/integration/test_ingest_pipeline.py).
    """

    runs_here = True

    def __init__(self, settings: Settings, workers: int = INLINE_WORKERS, extract_processes: int = 1) -> None:
        self.settings = settings
        self.workers = max(1, workers)
        self.extract_processes = extract_processes
        self._jobs: queue.Queue[tuple[str, str | None] | None] = queue.Queue()
        self._threads: list[threading.Thread] = []
        self._pool: ProcessPoolExecutor | None = None
        self._count_lock = threading.Lock()
        self._pending: Counter[str] = Counter()  # submitted and not finished, by document id (for the sweeper)
        self._sweeper: Sweeper | None = None
        self._running = 0
        self.peak_running = 0  # most jobs seen running at once (for tests and benchmarks)

    def start(self, recover: bool = True) -> None:
        if self._threads:
            return
        if self.extract_processes > 0:
            self._pool = self._new_pool()
        # Load the model now, beside the upload and the first extraction, instead of in front of the first embedding.
        threading.Thread(target=self._load_model, name="mdqa-model-load", daemon=True).start()
        for i in range(self.workers):
            thread = threading.Thread(target=self._run, name=f"mdqa-ingest-{i}", daemon=True)
            thread.start()
            self._threads.append(thread)
        if recover:
            from app.services.ingestion import requeue_silent
            from app.services.sweeper import Sweeper

            # The process was (re)started: whatever was queued or half-done has no other worker.
            for document_id in requeue_silent(self.settings, waiting=set(), silent_s=0):
                self.submit(document_id)
            self._sweeper = Sweeper(self.settings, self.submit, self.waiting_ids)
            self._sweeper.start()

    def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.stop()
            self._sweeper = None
        for _ in self._threads:
            self._jobs.put(None)
        for thread in self._threads:
            thread.join(timeout=30)
        self._threads = []
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def _load_model(self) -> None:
        from app.llm.embeddings import get_embedder

        try:
            get_embedder(self.settings.device, self.settings.embedding_backend)
        except Exception:  # the first job will meet the same error and fail its document with the reason
            log.exception("could not load the embedding model")

    def alive(self) -> bool:
        """Every worker thread is running (for /healthz)."""
        return bool(self._threads) and all(t.is_alive() for t in self._threads)

    def depth(self) -> int | None:
        return self._jobs.qsize()

    def waiting_ids(self) -> set[str]:
        with self._count_lock:
            return set(self._pending)

    def submit(self, document_id: str, password: str | None = None) -> None:
        with self._count_lock:
            self._pending[document_id] += 1
        self._jobs.put((document_id, password))

    def _extract(self, function: Callable[..., Any], args: tuple[object, ...]) -> Any:
        pool = self._pool
        if pool is None:
            return function(*args)
        from app.services.extraction import extract_document, extract_document_portable

        remote = extract_document_portable if function is extract_document else function
        try:
            future = pool.submit(remote, *args)
        except (BrokenProcessPool, RuntimeError):  # the child died (killed, out of memory): extract here instead
            log.warning("extraction process unavailable; extracting in the worker thread")
            return function(*args)
        try:
            return future.result()
        except BrokenProcessPool:
            log.warning("extraction process died; extracting in the worker thread")
            self._restart_pool(pool)
            return function(*args)

    def _restart_pool(self, broken: ProcessPoolExecutor) -> None:
        with self._count_lock:
            if self._pool is broken:
                broken.shutdown(wait=False, cancel_futures=True)
                self._pool = self._new_pool()

    def _new_pool(self) -> ProcessPoolExecutor:
        # spawn, not fork: this process has torch's and the web server's threads, which a fork copies broken.
        # Each worker ends itself when this process is gone, killed or not (app.child_processes).
        pool = ProcessPoolExecutor(
            self.extract_processes,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=watch_parent,
            initargs=(os.getpid(), str(self.settings.data_dir)),
        )
        record_resource_tracker(self.settings.data_dir)
        return pool

    def _run(self) -> None:
        from app.services.ingestion import ingest

        while True:
            job = self._jobs.get()
            if job is None:
                return
            document_id, password = job
            with self._count_lock:
                self._running += 1
                self.peak_running = max(self.peak_running, self._running)
            try:
                ingest(self.settings, document_id, password=password, extractor=self._extract)
            except Exception:  # the database stayed down past db_retry_s: the sweeper hands it out again later
                log.exception("ingest job %s gave up", document_id)
            finally:
                with self._count_lock:
                    self._running -= 1
                    self._pending[document_id] -= 1
                    if self._pending[document_id] <= 0:
                        del self._pending[document_id]


class CeleryQueue:
    """Sends jobs by task name over the broker of *these* settings; the web process never imports the worker."""

    TASK = "mdqa.ingest_document"
    runs_here = False

    def __init__(self, settings: Settings) -> None:
        from celery import Celery

        self.settings = settings
        self._client = Celery("mdqa-client", broker=settings.broker_url)
        # Fail within seconds when the broker is down, so the upload can answer 503 instead of hanging.
        self._client.conf.broker_connection_timeout = 3.0

    def start(self, recover: bool = True) -> None:
        """Nothing to start here: `mdqa worker` processes run the jobs (and recover the stale ones)."""

    def stop(self) -> None:
        self._client.close()

    def alive(self) -> bool:
        return True  # workers are other processes: /healthz asks them over the broker

    def waiting_ids(self) -> set[str] | None:
        return celery_waiting_ids(self.settings)

    def depth(self) -> int | None:
        """Messages waiting in the Redis list of our queue; None when the broker cannot be asked."""
        try:
            with self._client.connection_for_read() as connection:
                return int(connection.default_channel.client.llen(self.settings.queue_name))
        except Exception:
            return None

    def submit(self, document_id: str, password: str | None = None) -> None:
        from app.services.passwords import stash

        # The message carries only a random key; the password waits under it in Redis with a short expiry.
        key = stash(self.settings, password) if password else None
        self._client.send_task(
            self.TASK,
            args=[document_id, key],
            queue=self.settings.queue_name,
            retry=True,
            retry_policy={"max_retries": 2, "interval_start": 0.2, "interval_step": 0.5},
        )


def make_queue(settings: Settings) -> JobQueue:
    if settings.queue_mode == "celery":
        return CeleryQueue(settings)
    return InlineQueue(settings, extract_processes=1 if settings.extract_in_child_process else 0)


def celery_status(settings: Settings) -> tuple[bool, int, str | None]:
    """(broker reachable, workers that answered a ping, the problem or None), within seconds (for /healthz)."""
    from celery import Celery

    # A bare client on the same broker: the health check must not import or configure the worker's app.
    client = Celery("mdqa-health", broker=settings.broker_url)
    client.conf.broker_connection_timeout = HEALTH_CHECK_TIMEOUT_S
    client.conf.broker_connection_retry = False
    client.conf.broker_connection_max_retries = 0
    try:
        with client.connection_for_write() as connection:
            connection.ensure_connection(max_retries=0, timeout=HEALTH_CHECK_TIMEOUT_S)
            replies = client.control.ping(timeout=1.0, connection=connection) or []
        return True, len(replies), None if replies else "no worker answered"
    except Exception as exc:
        return False, 0, f"queue broker unreachable: {type(exc).__name__}"
    finally:
        client.close()


def celery_waiting_ids(settings: Settings) -> set[str] | None:
    """Document ids of the ingestion jobs waiting in the Redis list of our Celery queue (None: unreachable)."""
    import redis

    client = redis.Redis.from_url(
        settings.broker_url or "redis://127.0.0.1:6379/0", socket_timeout=5, socket_connect_timeout=3
    )
    try:
        raw = client.lrange(settings.queue_name, 0, -1)
    except redis.RedisError as exc:
        log.warning("cannot read the job queue: %s", exc)
        return None
    finally:
        client.close()
    return set(_document_ids(raw))  # type: ignore[arg-type]


def _document_ids(messages: Iterable[bytes]) -> Iterable[str]:
    """The first argument of each ingestion task message (kombu's Redis transport, Celery's message protocol 2:
    a JSON envelope whose body is base64 JSON ``[args, kwargs, embed]``)."""
    for message in messages:
        try:
            envelope = json.loads(message)
            if envelope.get("headers", {}).get("task") != CeleryQueue.TASK:
                continue
            body = envelope["body"]
            if envelope.get("properties", {}).get("body_encoding") == "base64":
                body = base64.b64decode(body)
            args = json.loads(body)[0]
            if args and isinstance(args[0], str):
                yield args[0]
        except (ValueError, KeyError, IndexError, TypeError):  # not one of ours, or another protocol: skip
            continue
