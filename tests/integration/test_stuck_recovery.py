"""Nothing stuck: after a worker SIGKILL, a Redis outage during uploads, or a PostgreSQL restart during ingestion,
every document reaches `ready` or `failed` within 2 minutes of the services being back, with no duplicated row;
and a live long job is never handed to a second worker.

Real services throughout: Celery workers (`mdqa worker` processes), Redis and PostgreSQL. The outage tests start
their own redis-server / PostgreSQL cluster on a free loopback port, so stopping them disturbs nothing else.
Timeouts are seconds here (MDQA_STALE_PROCESSING_S=5 …) instead of the deployed minute.
"""

from __future__ import annotations

import signal
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import redis
from fastapi.testclient import TestClient
from sqlalchemy import update

from app.api.faults import QUEUE_DOWN
from app.db.migrate import upgrade
from app.db.models import Document
from app.db.session import get_engine, session_scope
from app.main import create_app
from app.queue import CeleryQueue, celery_waiting_ids
from app.services.collections import create_collection
from app.services.documents import upload_files
from app.services.ingestion import process_document, requeue_silent
from app.settings import Settings
from tests.conftest import PDFS, REDIS_URL, _empty_all_tables
from tests.integration.helpers import upload
from tests.integration.stuck_support import OwnPostgres, OwnRedis, duplicate_rows, statuses, wait_done
from tests.integration.test_celery_workers import start_worker, stop

RECOVERY_S = 120  # the target: done within 2 minutes of the services being back
FAST = {"stale_processing_s": 5, "heartbeat_s": 1, "sweep_interval_s": 1, "db_retry_s": 120}
# A fresh worker's first job loads the embedding model, so even a 7-page document is caught mid-job.
MIDDLE = PDFS / "reports" / "us-018.pdf"
SMALL = [PDFS / "tables" / n for n in ("twotables_2.pdf", "health.pdf", "superscript.pdf")]


class NoQueue:
    """A queue whose submit is lost: the web process died between committing the upload and sending its job."""

    def submit(self, document_id: str, password: str | None = None) -> None:
        return None


def _scaled(tmp_path: Path, database_url: str, broker_url: str) -> Settings:
    return Settings(
        data_dir=tmp_path / "data",
        database_url=database_url,
        broker_url=broker_url,
        queue_name=f"mdqa-test-{uuid.uuid4().hex[:8]}",
        **FAST,  # type: ignore[arg-type]
    )


def _wait_status(url: str, document_id: str, wanted: str, timeout: float = 180) -> None:
    deadline = time.monotonic() + timeout
    while statuses(url, [document_id]).get(document_id, ("", 0))[0] != wanted:
        assert time.monotonic() < deadline, f"{document_id} never became {wanted}"
        time.sleep(0.05)


@pytest.fixture
def workers() -> Iterator[list[Any]]:
    started: list[Any] = []
    yield started
    for worker in started:
        stop(worker, signal.SIGKILL)


@pytest.mark.celery
def test_a_sigkilled_workers_document_is_taken_over_by_a_live_worker(
    pg_url: str, tmp_path: Path, workers: list[Any]
) -> None:
    _empty_all_tables(pg_url)
    settings = _scaled(tmp_path, pg_url, REDIS_URL)
    first = start_worker(settings, tmp_path / "first.log")
    workers.append(first)
    with TestClient(create_app(settings)) as client:
        cid = client.post("/api/collections", json={"name": "kill"}).json()["id"]
        (doc,) = upload(client, cid, [MIDDLE])["documents"]
        _wait_status(pg_url, doc["id"], "processing")
        # The second worker is up before the kill: no restart is needed, its periodic sweep finds the document.
        workers.append(start_worker(settings, tmp_path / "second.log"))
        stop(first, signal.SIGKILL)  # the whole worker, pool included, mid-job
        killed_at = time.monotonic()
        done = wait_done(pg_url, [doc["id"]], timeout=RECOVERY_S)
        recovered_in = time.monotonic() - killed_at
        page = client.get(f"/api/documents/{doc['id']}").json()
    assert done[doc["id"]] == ("ready", 2), done  # taken over once, by the next attempt
    assert recovered_in < RECOVERY_S
    assert page["page_count"] == 7 and page["passage_count"] > 0
    assert duplicate_rows(pg_url) == dict.fromkeys(duplicate_rows(pg_url), 0)


@pytest.mark.celery
def test_uploads_during_a_redis_outage_are_kept_queued_and_sent_when_it_is_back(
    pg_url: str, tmp_path: Path, workers: list[Any]
) -> None:
    _empty_all_tables(pg_url)
    broker = OwnRedis()
    broker.start()
    try:
        settings = _scaled(tmp_path, pg_url, broker.url)
        workers.append(start_worker(settings, tmp_path / "worker.log"))
        with TestClient(create_app(settings)) as client:
            cid = client.post("/api/collections", json={"name": "outage"}).json()["id"]
            broker.stop()
            for batch in (SMALL[:2], SMALL[2:]):
                files = [("files", (p.name, p.read_bytes(), "application/pdf")) for p in batch]
                response = client.post(f"/api/collections/{cid}/documents", files=files)
                # The files are stored and their documents committed `queued`; the sweeper sends their jobs.
                assert response.status_code == 503, response.text
                assert response.json() == {"detail": QUEUE_DOWN}
            ids = [d["id"] for d in client.get(f"/api/collections/{cid}").json()["documents"]]
            assert len(ids) == 3
            assert {s for s, _ in statuses(pg_url, ids).values()} == {"queued"}
            broker.start()
            back_at = time.monotonic()
            done = wait_done(pg_url, ids, timeout=RECOVERY_S)
            recovered_in = time.monotonic() - back_at
            # Uploading one again now answers with the same document: no second copy.
            again = upload(client, cid, SMALL[:1])["documents"]
        assert again[0]["duplicate"] is True and again[0]["id"] in ids
        assert {s for s, _ in done.values()} == {"ready"}, done
        assert recovered_in < RECOVERY_S
        assert duplicate_rows(pg_url) == dict.fromkeys(duplicate_rows(pg_url), 0)
    finally:
        for worker in workers:
            stop(worker, signal.SIGKILL)
        broker.stop()


@pytest.mark.celery
def test_a_postgresql_restart_during_ingestion_is_retried(tmp_path: Path, workers: list[Any]) -> None:
    database = OwnPostgres()
    try:
        database.start()
        database.create_database()
        upgrade(database.url)
        settings = _scaled(tmp_path, database.url, REDIS_URL)
        workers.append(start_worker(settings, tmp_path / "worker.log"))
        with TestClient(create_app(settings)) as client:
            cid = client.post("/api/collections", json={"name": "restart"}).json()["id"]
            ids = [d["id"] for d in upload(client, cid, [MIDDLE, SMALL[0]])["documents"]]
            _wait_status(database.url, ids[0], "processing")
            database.stop()
            time.sleep(FAST["stale_processing_s"] + 2)  # longer than the heartbeat timeout
            database.start()
            back_at = time.monotonic()
            done = wait_done(database.url, ids, timeout=RECOVERY_S)
            recovered_in = time.monotonic() - back_at
        assert {s for s, _ in done.values()} == {"ready"}, done
        assert recovered_in < RECOVERY_S
        assert duplicate_rows(database.url) == dict.fromkeys(duplicate_rows(database.url), 0)
    finally:
        for worker in workers:
            stop(worker, signal.SIGKILL)
        get_engine(database.url).dispose()
        database.remove()


def test_a_live_long_job_is_never_handed_to_a_second_worker(db_url: str, tmp_path: Path) -> None:
    """The job outlives the heartbeat timeout several times over while sweeps and a duplicate job come by."""
    settings = Settings(data_dir=tmp_path / "data", database_url=db_url, stale_processing_s=3, heartbeat_s=0.5)
    with session_scope(db_url) as session:
        cid = create_collection(session, "long").id
        (document,) = upload_files(session, settings, NoQueue(), cid, [(SMALL[0].name, SMALL[0].open("rb"))]).documents
    started = threading.Event()

    def slow_extraction(function: Callable[..., Any], args: tuple[object, ...]) -> Any:
        started.set()
        time.sleep(3 * settings.stale_processing_s)
        return function(*args)

    results: list[str] = []
    job = threading.Thread(
        target=lambda: results.append(process_document(settings, document.id, None, slow_extraction))
    )
    job.start()
    assert started.wait(60)
    requeued: list[str] = []
    duplicates: list[str] = []
    while job.is_alive():
        requeued += requeue_silent(settings, waiting=set())
        duplicates.append(process_document(settings, document.id))
        time.sleep(0.3)
    job.join()
    assert results == ["ready"]
    assert requeued == [] and set(duplicates) <= {"busy", "ready"} and "busy" in duplicates
    assert statuses(db_url, [document.id])[document.id] == ("ready", 1)


def test_the_embedded_sweeper_finishes_documents_left_without_a_job(db_url: str, tmp_path: Path) -> None:
    """A job never sent (the process died after the commit) and a job whose thread died mid-way (its heartbeat
    stopped), both found by the embedded app's periodic sweep, not only at its start."""
    settings = Settings(
        data_dir=tmp_path / "data", database_url=db_url, stale_processing_s=4, heartbeat_s=0.5, sweep_interval_s=0.5
    )
    with TestClient(create_app(settings)) as client:
        cid = client.post("/api/collections", json={"name": "swept"}).json()["id"]
        with session_scope(db_url) as session:
            never_sent, died = upload_files(
                session, settings, NoQueue(), cid, [(p.name, p.open("rb")) for p in SMALL[:2]]
            ).documents
        with session_scope(db_url) as session:
            session.execute(
                update(Document)
                .where(Document.id == died.id)
                .values(status="processing", attempts=1, heartbeat_at=datetime.now(UTC) - timedelta(minutes=5))
            )
        done = wait_done(db_url, [never_sent.id, died.id], timeout=RECOVERY_S)
    assert done == {never_sent.id: ("ready", 1), died.id: ("ready", 2)}
    assert duplicate_rows(db_url) == dict.fromkeys(duplicate_rows(db_url), 0)


@pytest.mark.celery
def test_jobs_waiting_in_redis_are_not_sent_twice(pg_url: str, tmp_path: Path) -> None:
    """The sweeper reads the broker's queue: a document whose job waits there (no worker yet) is left alone."""
    _empty_all_tables(pg_url)
    settings = _scaled(tmp_path, pg_url, REDIS_URL)
    with session_scope(pg_url) as session:
        cid = create_collection(session, "waiting").id
        waiting, lost = upload_files(
            session, settings, NoQueue(), cid, [(p.name, p.open("rb")) for p in SMALL[:2]]
        ).documents
    client = redis.Redis.from_url(REDIS_URL)
    try:
        CeleryQueue(settings).submit(waiting.id)
        assert celery_waiting_ids(settings) == {waiting.id}
        # silent_s=0: both documents count as silent however young they are; only the waiting job spares one.
        assert requeue_silent(settings, celery_waiting_ids(settings) or set(), silent_s=0) == [lost.id]
        assert client.llen(settings.queue_name) == 1
    finally:
        client.delete(settings.queue_name)
        client.close()
