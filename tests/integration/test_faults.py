"""Faults and hostile input get a clear status, never a 500: database or broker unreachable, NUL bytes."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.api.faults import DATABASE_DOWN, QUEUE_DOWN
from app.main import create_app
from app.settings import Settings
from tests.conftest import PDFS


def _closed_port() -> int:
    """A loopback port nothing listens on (bound, read, released)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def test_healthz_reports_each_dependency(client: TestClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok" and body["queue"] == "inline"
    assert body["checks"] == {"database": "ok", "queue": "ok", "workers": 1}
    assert body["problems"] == []


def test_database_unreachable_is_503(tmp_path: Path) -> None:
    settings = Settings(
        data_dir=tmp_path, database_url=f"postgresql+psycopg://postgres@127.0.0.1:{_closed_port()}/nowhere"
    )
    with TestClient(create_app(settings, migrate=False, start_worker=False)) as client:
        health = client.get("/healthz")
        assert health.status_code == 503
        assert health.json()["checks"]["database"] == "down"
        for method, path, body in (
            ("GET", "/api/collections", None),
            ("POST", "/api/collections", {"name": "x"}),
            ("GET", "/api/documents/abc", None),
        ):
            response = client.request(method, path, json=body)
            assert response.status_code == 503, (path, response.text)
            assert response.json() == {"detail": DATABASE_DOWN}


def test_broker_unreachable_is_503(tmp_path: Path) -> None:
    settings = Settings(
        data_dir=tmp_path,
        database_url=f"sqlite:///{tmp_path / 'mdqa.db'}",
        broker_url=f"redis://127.0.0.1:{_closed_port()}/0",
    )
    with TestClient(create_app(settings)) as client:
        health = client.get("/healthz")
        assert health.status_code == 503
        assert health.json()["checks"] == {"database": "ok", "queue": "down", "workers": 0}
        cid = client.post("/api/collections", json={"name": "c"}).json()["id"]
        pdf = PDFS / "tables" / "twotables_2.pdf"
        with pdf.open("rb") as handle:
            response = client.post(
                f"/api/collections/{cid}/documents", files=[("files", (pdf.name, handle, "application/pdf"))]
            )
        assert response.status_code == 503, response.text
        assert response.json() == {"detail": QUEUE_DOWN}
        # The upload was committed before the job was sent: the document waits, queued, for the sweeper.
        documents = client.get(f"/api/collections/{cid}").json()["documents"]
        assert [(d["filename"], d["status"]) for d in documents] == [(pdf.name, "queued")]


def test_nul_bytes_are_refused_on_every_database(client: TestClient) -> None:
    cid = client.post("/api/collections", json={"name": "plain"}).json()["id"]
    refused = [
        client.get("/api/documents/ab%00cd"),
        client.get(f"/api/collections/{cid}%00"),
        client.get("/api/collections", params={"q": "a\x00b"}),
        client.post("/api/collections", json={"name": "bad\x00name"}),
        client.post(f"/api/collections/{cid}/ask", json={"question": "what is\x00 this?"}),
        client.post("/api/collections", content=b'{"name": "x\\u0000y"}', headers={"content-type": "application/json"}),
    ]
    for response in refused:
        assert response.status_code == 422, response.text
        assert "a NUL character (U+0000)" in response.json()["detail"], response.text
    # Text that merely talks about %00 in a JSON body is fine.
    assert client.post("/api/collections", json={"name": "about %00 escapes"}).status_code == 201
    names = [c["name"] for c in client.get("/api/collections").json()]
    assert names == ["plain", "about %00 escapes"] or sorted(names) == sorted(["plain", "about %00 escapes"])
