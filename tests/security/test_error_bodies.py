"""One JSON error body everywhere, saying what was wrong: refused hosts, unreadable bodies, a multipart part that is
not a file; a page asked for by someone not allowed gets a page; a requeued document starts its progress again."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from app.db.models import Collection, Document
from app.db.session import session_scope
from app.services.ingestion import requeue_silent
from app.settings import Settings
from tests.security.conftest import login, make_user

JSON = {"content-type": "application/json"}


def _error(response: Any, status: int) -> str:
    assert response.status_code == status, (response.status_code, response.text[:300])
    assert response.headers["content-type"].startswith("application/json"), response.headers
    detail = response.json()["detail"]
    assert isinstance(detail, str) and "error parsing the body" not in detail
    return detail


def test_unreadable_bodies_say_what_was_wrong(app_client: Callable[..., Any]) -> None:
    with app_client() as client:
        cases = [
            (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
            (b'{"name": ' + b"7" * 5000 + b"}", "5000 digits"),
            (b'{"name": "caf\xe9"}', "not valid UTF-8 (at byte 13: E9)"),
            (b'{"name": "x"', "not valid JSON"),
        ]
        for body, expected in cases:
            detail = _error(client.post("/api/collections", content=body, headers=JSON), 422)
            assert expected in detail, (body[:30], detail)
        assert client.get("/api/collections").json() == []


def test_a_multipart_part_without_file_name_is_named_as_such(app_client: Callable[..., Any]) -> None:
    with app_client() as client:
        cid = client.post("/api/collections", json={"name": "uploads"}).json()["id"]
        response = client.post(f"/api/collections/{cid}/documents", files=[("files", ("", b"%PDF-1.4"))])
        detail = _error(response, 422)
        assert "empty file name" in detail and "UploadFile" not in detail and "class" not in detail, detail


def test_a_spoofed_host_gets_the_json_error_body(app_client: Callable[..., Any]) -> None:
    with app_client(allowed_hosts="") as client:
        for path in ("/api/collections", "/", "/login"):
            detail = _error(client.get(path, headers={"Host": "attacker.example"}), 400)
            assert "'attacker.example'" in detail and "MDQA_ALLOWED_HOSTS" in detail, detail
        assert client.get("/api/collections", headers={"Host": "[::1]:8000"}).status_code == 200
        assert client.get("/api/collections", headers={"Host": "localhost:8000"}).status_code == 200


def test_the_audit_page_refuses_a_non_admin_with_a_page(app_client: Callable[..., Any], settings: Settings) -> None:
    make_user(settings, "root", admin=True)
    make_user(settings, "alice")
    with app_client() as client:
        assert login(client, "alice").status_code == 303
        page = client.get("/admin/audit")
        assert page.status_code == 403
        assert page.headers["content-type"].startswith("text/html"), page.headers
        assert "Only an administrator may see the audit trail." in page.text and "<html" in page.text
        # The API's refusal stays the JSON body.
        assert client.get("/api/audit").json() == {"detail": "only an administrator may do this"}


def test_a_requeued_document_starts_its_progress_again(settings: Settings) -> None:
    with session_scope(settings.resolved_database_url) as session:
        collection = Collection(name="restart")
        session.add(collection)
        session.flush()
        # A run killed at 90 %: still `processing`, its heartbeat long silent.
        document = Document(
            collection_id=collection.id, filename="a.pdf", path="a.pdf", sha256="0" * 64, size_bytes=1,
            status="processing", progress=0.9, heartbeat_at=datetime(2020, 1, 1, tzinfo=UTC),
        )  # fmt: skip
        session.add(document)
        session.flush()
        document_id = document.id
    assert requeue_silent(settings, waiting=set(), silent_s=0) == [document_id]
    with session_scope(settings.resolved_database_url) as session:
        requeued = session.get(Document, document_id)
        assert requeued is not None and (requeued.status, requeued.progress) == ("queued", 0.0)
