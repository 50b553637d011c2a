"""Every PDF of the shared test corpus ends `ready` or `failed` with a clear reason (embedded mode, SQLite)."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings
from tests.conftest import PDFS
from tests.integration.helpers import manifest, upload, wait_until_done


def test_all_manifest_pdfs_end_ready_or_failed_with_a_reason(sqlite_url: str, tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path / "data", database_url=sqlite_url)
    entries = manifest()
    paths = [PDFS / rel for rel in entries]
    assert len(paths) == 38
    with TestClient(create_app(settings)) as client:
        cid = client.post("/api/collections", json={"name": "corpus"}).json()["id"]
        body = upload(client, cid, paths, names=list(entries))
        assert body["rejected"] == []
        docs = wait_until_done(client, [d["id"] for d in body["documents"]], timeout=900)
    by_path = {d["path"]: d for d in docs}
    for rel, entry in entries.items():
        doc = by_path[rel]
        assert doc["status"] in ("ready", "failed"), rel
        if entry.get("password"):
            # Opening needs a password the user never gave: a clear failure, not a crash.
            assert doc["status"] == "failed" and "password required" in doc["error"], (rel, doc["error"])
        elif doc["status"] == "failed":
            assert doc["error"] and "Traceback" not in doc["error"], rel
        else:
            assert doc["page_count"] == entry["pages"], (rel, doc["page_count"], entry["pages"])
    ready = [d for d in docs if d["status"] == "ready"]
    failed = {d["path"]: d["error"] for d in docs if d["status"] == "failed"}
    # Only the three password-protected files and the blank one fail; the malformed one is repaired, scans are OCR'd.
    assert "no text found" in failed.pop("edge_cases/empty.pdf", "no text found"), failed
    assert len(ready) >= 34 and all("password required" in e for e in failed.values()), failed
    assert sum(d["table_count"] for d in ready) > 50
