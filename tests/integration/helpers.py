"""Small helpers shared by the integration tests."""

from __future__ import annotations

import json
import time
from functools import lru_cache
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tests.conftest import PDFS


@lru_cache
def manifest() -> dict[str, dict[str, Any]]:
    """Manifest entries by path relative to shared/data/pdfs (e.g. 'reports/us-018.pdf')."""
    data = json.loads((PDFS / "manifest.json").read_text())
    return {entry["file"].split("data/pdfs/", 1)[1]: entry for entry in data["files"]}


def upload(client: TestClient, cid: str, paths: list[Path], names: list[str] | None = None) -> dict[str, Any]:
    files = [
        ("files", (name, path.read_bytes(), "application/pdf"))
        for path, name in zip(paths, names or [p.name for p in paths], strict=True)
    ]
    response = client.post(f"/api/collections/{cid}/documents", files=files)
    assert response.status_code == 202, response.text
    return response.json()


def wait_until_done(client: TestClient, document_ids: list[str], timeout: float = 300) -> list[dict[str, Any]]:
    deadline = time.monotonic() + timeout
    while True:
        docs = [client.get(f"/api/documents/{d}").json() for d in document_ids]
        if all(d["status"] in ("ready", "failed") for d in docs):
            return docs
        if time.monotonic() > deadline:
            raise AssertionError(f"documents still not done: {[(d['filename'], d['status']) for d in docs]}")
        time.sleep(0.2)
