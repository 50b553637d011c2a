"""Encrypted PDFs in scaled mode: the password reaches a real Celery worker through Redis under a random key, never
in the task message or the database, and is gone from Redis once the job is done."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest
import redis
from fastapi.testclient import TestClient
from sqlalchemy import text

from app.db.session import session_scope
from app.main import create_app
from app.settings import Settings
from tests.conftest import PDFS, REDIS_URL
from tests.integration.helpers import wait_until_done
from tests.integration.test_celery_workers import scaled, start_worker, stop  # noqa: F401 - scaled is a fixture

pytestmark = pytest.mark.celery


def test_password_goes_to_the_worker_and_nowhere_else(scaled: Settings, tmp_path: Path) -> None:  # noqa: F811
    password = "userpassword"
    log = tmp_path / "worker.log"
    worker = None
    client_redis = redis.Redis.from_url(REDIS_URL)
    try:
        with TestClient(create_app(scaled)) as client:
            cid = client.post("/api/collections", json={"name": "locked"}).json()["id"]
            pdf = (PDFS / "edge_cases" / "encrypted.pdf").read_bytes()
            files = [("files", ("encrypted.pdf", pdf, "application/pdf"))]
            response = client.post(f"/api/collections/{cid}/documents", files=files, data={"password": password})
            assert response.status_code == 202 and password not in response.text
            (doc,) = response.json()["documents"]
            # Before a worker takes it: the queued message holds a key, not the password.
            messages = client_redis.lrange(scaled.queue_name, 0, -1)
            assert messages and all(password.encode() not in m for m in messages)
            keys = list(client_redis.scan_iter("mdqa:pdf-password:*"))
            assert keys and any(client_redis.get(k) == password.encode() for k in keys)
            assert all(0 < client_redis.ttl(k) <= scaled.password_ttl_s for k in keys)
            worker = start_worker(scaled, log)
            (done,) = wait_until_done(client, [doc["id"]], timeout=300)
            assert done["status"] == "ready", done
            image = client.get(f"/api/documents/{doc['id']}/pages/1/image?scale=0.5")
            assert image.status_code == 200
        # Done: the key is deleted; the password is in no row of the database and not in the worker's log.
        assert not any(client_redis.get(k) for k in keys)
        with session_scope(str(scaled.database_url)) as session:
            tables = [r[0] for r in session.execute(text("SELECT tablename FROM pg_tables WHERE schemaname='public'"))]
            for table in tables:
                rows = session.execute(text(f'SELECT CAST(t AS text) FROM "{table}" AS t')).scalars().all()
                assert not any(password in row for row in rows), table
        assert password not in log.read_text(errors="replace")
    finally:
        if worker is not None:
            stop(worker, signal.SIGKILL)
        client_redis.close()
