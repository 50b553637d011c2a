"""Upload, extraction and the read API end to end, on SQLite and PostgreSQL, with the in-process worker."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings
from tests.conftest import PDFS
from tests.integration.helpers import manifest, upload, wait_until_done

REPORT = PDFS / "reports" / "us-018.pdf"
TABLES = PDFS / "tables" / "twotables_2.pdf"


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def new_collection(client: TestClient, name: str = "reports") -> str:
    response = client.post("/api/collections", json={"name": name})
    assert response.status_code == 201, response.text
    body = response.json()
    assert body["document_count"] == 0
    return body["id"]


def test_upload_extract_and_read_back(client: TestClient) -> None:
    cid = new_collection(client)
    body = upload(client, cid, [REPORT, TABLES], names=["folder/sub/us-018.pdf", "folder/twotables_2.pdf"])
    assert body["rejected"] == []
    assert [d["path"] for d in body["documents"]] == ["folder/sub/us-018.pdf", "folder/twotables_2.pdf"]
    docs = wait_until_done(client, [d["id"] for d in body["documents"]])
    assert [d["status"] for d in docs] == ["ready", "ready"], docs
    report, tables = docs
    assert report["page_count"] == manifest()["reports/us-018.pdf"]["pages"]
    assert report["progress"] == 1.0 and report["passage_count"] > 10
    assert tables["table_count"] >= 2

    page = client.get(f"/api/documents/{report['id']}/pages/1").json()
    assert page["number"] == 1 and page["width"] > 0 and page["passages"]
    for passage in page["passages"]:
        x0, top, x1, bottom = passage["bbox"]
        assert 0 <= x0 <= x1 <= page["width"] + 1 and 0 <= top <= bottom <= page["height"] + 1

    image = client.get(f"/api/documents/{report['id']}/pages/1/image?scale=1")
    assert image.status_code == 200 and image.headers["content-type"] == "image/png"
    assert image.content[:8] == b"\x89PNG\r\n\x1a\n"

    table_list = client.get(f"/api/documents/{tables['id']}/tables").json()
    assert len(table_list) >= 2
    assert all(t["markdown"].startswith("|") and t["rows"] for t in table_list)
    assert client.get(f"/api/documents/{report['id']}/file").content == REPORT.read_bytes()

    detail = client.get(f"/api/collections/{cid}").json()
    assert detail["document_count"] == 2 and len(detail["documents"]) == 2


def test_same_bytes_return_the_existing_document(client: TestClient) -> None:
    cid = new_collection(client)
    first = upload(client, cid, [TABLES])["documents"][0]
    second = upload(client, cid, [TABLES], names=["again.pdf"])["documents"][0]
    assert first["id"] == second["id"]
    assert len(client.get(f"/api/collections/{cid}").json()["documents"]) == 1


def test_bad_files_are_refused_one_by_one(client: TestClient, tmp_path: Path) -> None:
    cid = new_collection(client)
    text_file = tmp_path / "notes.pdf"
    text_file.write_text("just some text, not a PDF")
    empty = tmp_path / "empty.pdf"
    empty.write_bytes(b"")
    body = upload(client, cid, [text_file, TABLES, empty], names=["notes.pdf", "ok.pdf", "empty.pdf"])
    assert {r["filename"] for r in body["rejected"]} == {"notes.pdf", "empty.pdf"}
    assert "not a PDF" in next(r["detail"] for r in body["rejected"] if r["filename"] == "notes.pdf")
    assert [d["filename"] for d in body["documents"]] == ["ok.pdf"]


@pytest.mark.parametrize(
    ("raw", "expected_path"),
    [
        ("../../etc/passwd.pdf", "etc/passwd.pdf"),
        ("/absolute/root.pdf", "absolute/root.pdf"),
        ("C:\\Windows\\evil.pdf", "Windows/evil.pdf"),
        ("nul\x00byte.pdf", "nulbyte.pdf"),
    ],
)
def test_path_tricks_are_only_labels(client: TestClient, settings: Settings, raw: str, expected_path: str) -> None:
    cid = new_collection(client, name=f"tricks {expected_path}")
    # A hand-made multipart body: HTTP clients would escape these bytes, a hostile one need not.
    boundary = "mdqa-boundary"
    payload = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="{raw}"\r\n'
        "Content-Type: application/pdf\r\n\r\n"
    ).encode() + TABLES.read_bytes() + f"\r\n--{boundary}--\r\n".encode()
    response = client.post(
        f"/api/collections/{cid}/documents",
        content=payload,
        headers={"content-type": f"multipart/form-data; boundary={boundary}"},
    )
    assert response.status_code == 202, response.text
    document = response.json()["documents"][0]
    # The multipart parser may already cut a Windows path to its base name; either way it is only a label.
    assert document["path"] in (expected_path, expected_path.rsplit("/", 1)[-1])
    assert "\\" not in document["path"] and ".." not in document["path"].split("/")
    # The file lives under the content-addressed store, whatever the user called it.
    stored = list((settings.data_dir / "files").rglob("*.pdf"))
    assert [p.name for p in stored] == [f"{document['sha256']}.pdf"]
    assert not (settings.data_dir.parent / "etc").exists()


def test_failures_have_clear_reasons_and_harm_nothing(client: TestClient, tmp_path: Path) -> None:
    cid = new_collection(client)
    (good,) = wait_until_done(client, [upload(client, cid, [TABLES])["documents"][0]["id"]])
    truncated = tmp_path / "truncated.pdf"
    truncated.write_bytes(REPORT.read_bytes()[:3000])
    bad = upload(
        client,
        cid,
        [PDFS / "edge_cases" / "encrypted.pdf", truncated, PDFS / "edge_cases" / "image.pdf"],
    )["documents"]
    encrypted, broken, scanned = wait_until_done(client, [d["id"] for d in bad])
    assert encrypted["status"] == "failed" and "password required" in encrypted["error"]
    assert broken["status"] == "failed" and broken["error"]
    assert scanned["status"] == "ready" and scanned["page_count"] == 1 and scanned["text_source"] == "ocr"
    page = client.get(f"/api/documents/{scanned['id']}/pages/1").json()
    assert page["has_text_layer"] is False and page["text_source"] == "ocr" and page["passages"]
    # The good document is untouched.
    again = client.get(f"/api/documents/{good['id']}").json()
    assert again["status"] == "ready" and again["passage_count"] == good["passage_count"] > 0


def test_too_many_pages(settings: Settings) -> None:
    limited = settings.model_copy(update={"max_pages": 5})
    with TestClient(create_app(limited)) as client:
        cid = new_collection(client)
        doc = upload(client, cid, [REPORT])["documents"][0]
        (done,) = wait_until_done(client, [doc["id"]])
        assert done["status"] == "failed" and "too many pages" in done["error"]


def test_upload_over_the_limit_is_413(settings: Settings) -> None:
    limited = settings.model_copy(update={"max_upload_mb": 1})
    with TestClient(create_app(limited)) as client:
        cid = new_collection(client)
        big = ("files", ("big.pdf", b"%PDF-1.4\n" + b"0" * (2 << 20), "application/pdf"))
        response = client.post(f"/api/collections/{cid}/documents", files=[big])
        assert response.status_code == 413
        assert "MDQA_MAX_UPLOAD_MB" in response.json()["detail"]
        assert client.get(f"/api/collections/{cid}").json()["documents"] == []


def test_delete_document_and_collection(client: TestClient, settings: Settings) -> None:
    cid = new_collection(client)
    other = new_collection(client, name="other")
    doc = upload(client, cid, [TABLES])["documents"][0]
    shared = upload(client, other, [TABLES])["documents"][0]
    wait_until_done(client, [doc["id"], shared["id"]])
    assert client.delete(f"/api/documents/{doc['id']}").status_code == 204
    assert client.get(f"/api/documents/{doc['id']}").status_code == 404
    # The same bytes are still used by the other collection: the file stays.
    assert client.get(f"/api/documents/{shared['id']}/file").status_code == 200
    assert client.delete(f"/api/collections/{other}").status_code == 204
    assert client.get(f"/api/documents/{shared['id']}").status_code == 404
    assert list((settings.data_dir / "files").rglob("*.pdf")) == []
    assert client.get(f"/api/collections/{cid}").json()["documents"] == []


def test_malformed_requests_get_readable_4xx(client: TestClient) -> None:
    assert client.post("/api/collections", json={}).status_code == 422
    assert (
        client.post("/api/collections", content=b"{not json", headers={"content-type": "application/json"}).status_code
        == 422
    )
    assert client.post("/api/collections", json={"name": "   "}).status_code == 422
    cid = new_collection(client, name="dup")
    assert client.post("/api/collections", json={"name": "dup"}).status_code == 409
    missing = client.post(f"/api/collections/{cid}/documents")
    assert missing.status_code == 422 and isinstance(missing.json()["detail"], str)
    assert client.get("/api/documents/nope").json() == {"detail": "document not found"}
    assert client.get("/api/collections/nope").status_code == 404
    health = client.get("/healthz").json()
    assert health["status"] == "ok" and health["queue"] == "inline"
