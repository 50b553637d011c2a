"""Scanned pages, encrypted PDFs and duplicates through the API (in-process worker), and through `mdqa ingest`."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.cli import main
from app.main import create_app
from app.settings import Settings, get_settings
from tests.conftest import PDFS
from tests.integration.helpers import upload, wait_until_done

EDGE = PDFS / "edge_cases"
ENCRYPTED = [
    (EDGE / "health_protected.pdf", "userpass"),
    (EDGE / "password-example.pdf", "test"),
    (EDGE / "encrypted.pdf", "userpassword"),
]


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def new_collection(client: TestClient, name: str) -> str:
    response = client.post("/api/collections", json={"name": name})
    assert response.status_code == 201, response.text
    return response.json()["id"]


def upload_with_password(client: TestClient, cid: str, paths: list[Path], password: str) -> dict:
    files = [("files", (p.name, p.read_bytes(), "application/pdf")) for p in paths]
    response = client.post(f"/api/collections/{cid}/documents", files=files, data={"password": password})
    assert response.status_code == 202, response.text
    return response.json()


def test_scans_are_read_by_ocr_and_blank_documents_say_so(client: TestClient) -> None:
    cid = new_collection(client, "scans")
    body = upload(client, cid, [EDGE / "image.pdf", EDGE / "empty.pdf", PDFS / "tables" / "twotables_2.pdf"])
    scanned, blank, text = wait_until_done(client, [d["id"] for d in body["documents"]], timeout=600)
    assert scanned["status"] == "ready" and scanned["text_source"] == "ocr" and scanned["passage_count"] >= 5
    page = client.get(f"/api/documents/{scanned['id']}/pages/1").json()
    assert page["text_source"] == "ocr" and page["has_text_layer"] is False
    assert "Integrative Health and Sports Performance" in page["text"]
    for passage in page["passages"]:
        x0, top, x1, bottom = passage["bbox"]
        assert 0 <= x0 < x1 <= page["width"] and 0 <= top < bottom <= page["height"]
    # A document with no text at all fails with the reason, instead of a silent `ready` with 0 passages.
    assert blank["status"] == "failed" and blank["error"].startswith("no text found")
    assert blank["text_source"] == "none"
    assert text["status"] == "ready" and text["text_source"] == "pdf"
    assert client.get(f"/api/documents/{text['id']}/pages/1").json()["text_source"] == "pdf"
    # The web page marks the OCR'd document and the failed one.
    html = client.get(f"/collections/{cid}").text
    assert 'data-testid="text-source"' in html and "no text found" in html
    viewer = client.get(f"/documents/{scanned['id']}").text
    assert "text read by OCR" in viewer


def test_ocr_can_be_turned_off(settings: Settings) -> None:
    off = settings.model_copy(update={"ocr": settings.ocr.model_copy(update={"enabled": False})})
    with TestClient(create_app(off)) as client:
        cid = new_collection(client, "no ocr")
        (doc,) = upload(client, cid, [EDGE / "image.pdf"])["documents"]
        (done,) = wait_until_done(client, [doc["id"]])
        assert done["status"] == "failed" and "OCR is turned off" in done["error"]


@pytest.mark.parametrize(("path", "password"), ENCRYPTED, ids=lambda v: v.name if isinstance(v, Path) else "")
def test_encrypted_pdf_with_its_password_is_ingested(client: TestClient, path: Path, password: str) -> None:
    cid = new_collection(client, f"locked {path.name}")
    (doc,) = upload_with_password(client, cid, [path], password)["documents"]
    (done,) = wait_until_done(client, [doc["id"]])
    assert done["status"] == "ready", done
    assert done["passage_count"] + done["table_count"] > 0
    # Page images are drawn without the password (from the copy written without encryption).
    image = client.get(f"/api/documents/{done['id']}/pages/1/image?scale=0.5")
    assert image.status_code == 200 and image.content[:4] == b"\x89PNG"


def test_wrong_password_fails_and_unlock_requeues(
    sqlite_url: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    settings = Settings(data_dir=tmp_path / "data", database_url=sqlite_url)
    path, password = EDGE / "encrypted.pdf", "userpassword"
    wrong = "not-the-password-31337"
    with TestClient(create_app(settings)) as client:
        cid = new_collection(client, "locked")
        (doc,) = upload_with_password(client, cid, [path], wrong)["documents"]
        (failed,) = wait_until_done(client, [doc["id"]])
        assert failed["status"] == "failed" and failed["error"].startswith("wrong password")

        # Unlocking checks the password first: a wrong one is a clear 422 that does not echo it.
        response = client.post(f"/api/documents/{doc['id']}/unlock", json={"password": wrong + "2"})
        assert response.status_code == 422 and "wrong password" in response.json()["detail"]
        assert wrong not in response.text
        assert client.post(f"/api/documents/{doc['id']}/unlock", json={}).status_code == 422
        response = client.post(f"/api/documents/{doc['id']}/unlock", json={"password": password})
        assert response.status_code == 202 and response.json()["status"] == "queued"
        assert password not in response.text
        (ready,) = wait_until_done(client, [doc["id"]])
        assert ready["status"] == "ready" and ready["error"] is None

        # A document that is not locked cannot be unlocked; an unknown one is 404.
        assert client.post(f"/api/documents/{doc['id']}/unlock", json={"password": password}).status_code == 409
        assert client.post("/api/documents/nope/unlock", json={"password": password}).status_code == 404

        # Uploaded without a password: "password required"; re-uploading it with the password unlocks it.
        cid2 = new_collection(client, "locked again")
        (doc2,) = upload(client, cid2, [EDGE / "health_protected.pdf"])["documents"]
        (locked,) = wait_until_done(client, [doc2["id"]])
        assert locked["status"] == "failed" and locked["error"].startswith("password required")
        html = client.get(f"/collections/{cid2}").text
        assert 'data-testid="unlock-form"' in html
        (again,) = upload_with_password(client, cid2, [EDGE / "health_protected.pdf"], "userpass")["documents"]
        assert again["duplicate"] is True and again["id"] == doc2["id"]
        (unlocked,) = wait_until_done(client, [doc2["id"]])
        assert unlocked["status"] == "ready"

    # The passwords are nowhere: not in the database file, any file under the data folder, or the log.
    for secret in (password, wrong, "userpass"):
        for file in (settings.data_dir).rglob("*"):
            if file.is_file() and not file.name.endswith(".png"):
                assert secret.encode() not in file.read_bytes(), file
        assert secret not in caplog.text
    assert sqlite_url.removeprefix("sqlite:///").startswith(str(tmp_path))


def test_duplicates_are_answered_per_file(client: TestClient) -> None:
    cid = new_collection(client, "dups")
    table = PDFS / "tables" / "twotables_2.pdf"
    first = upload(client, cid, [table], names=["a/first.pdf"])["documents"][0]
    assert first["duplicate"] is False and first["uploaded_as"] == "a/first.pdf"
    body = upload(client, cid, [table, PDFS / "tables" / "health.pdf"], names=["b/again.pdf", "health.pdf"])
    again, other = body["documents"]
    assert again["duplicate"] is True and again["id"] == first["id"] and again["path"] == "a/first.pdf"
    assert again["uploaded_as"] == "b/again.pdf"
    assert other["duplicate"] is False
    # Another collection is not "this collection": the same bytes are a new document there.
    elsewhere = upload(client, new_collection(client, "other"), [table])["documents"][0]
    assert elsewhere["duplicate"] is False and elsewhere["id"] != first["id"]


def test_cli_says_duplicates_and_fails_when_everything_is_rejected(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "inbox"
    folder.mkdir()
    (folder / "twotables_2.pdf").write_bytes((PDFS / "tables" / "twotables_2.pdf").read_bytes())
    notes = tmp_path / "notes.pdf"
    notes.write_text("not a PDF at all")
    locked = tmp_path / "locked.pdf"
    locked.write_bytes((EDGE / "password-example.pdf").read_bytes())
    monkeypatch.setenv("MDQA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("MDQA_DATABASE_URL", raising=False)
    monkeypatch.delenv("MDQA_BROKER_URL", raising=False)
    get_settings.cache_clear()
    try:
        assert main(["ingest", str(folder), "--collection", "cli"]) == 0
        capsys.readouterr()
        assert main(["ingest", str(folder), "--collection", "cli"]) == 0
        out = capsys.readouterr().out
        assert "already in this collection: inbox/twotables_2.pdf" in out
        # Every file rejected: a non-zero exit with the reasons.
        assert main(["ingest", str(notes), "--collection", "cli"]) == 1
        err = capsys.readouterr().err
        assert "rejected notes.pdf: not a PDF" in err and "every file was rejected" in err
        # An encrypted file with its password from standard input.
        monkeypatch.setattr("sys.stdin", io.StringIO("test\n"))
        assert main(["ingest", str(locked), "--collection", "cli", "--password-stdin"]) == 0
        out = capsys.readouterr()
        assert "1 ready, 0 failed" in out.out and "test" not in out.err
    finally:
        get_settings.cache_clear()
