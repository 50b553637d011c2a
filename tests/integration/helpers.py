"""Small helpers shared by the integration tests."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from contextlib import ExitStack
from functools import lru_cache
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy.orm import Session

from app.db.models import Collection
from app.settings import Settings
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


def ask_api(client: TestClient, cid: str, question: str) -> dict[str, Any]:
    """The built-in reader's answer through the HTTP API."""
    response = client.post(f"/api/collections/{cid}/ask", json={"question": question, "options": {"llm": "local"}})
    assert response.status_code == 200, (question, response.text)
    return response.json()


class ListQueue:
    """A job queue that only records what was sent, so a test runs each job itself."""

    def __init__(self) -> None:
        self.ids: list[str] = []

    def submit(self, document_id: str) -> None:
        self.ids.append(document_id)


def ingest_pdfs(session: Session, settings: Settings, name: str, files: list[str]) -> str:
    """A new collection `name` holding `files` (paths under shared/data/pdfs), uploaded and processed through the
    real services, every document ready; its id. The caller chooses the embedder (monkeypatch)."""
    from app.services.documents import upload_files
    from app.services.ingestion import process_document

    collection = Collection(name=name)
    session.add(collection)
    session.commit()
    queue = ListQueue()
    with ExitStack() as stack:
        named = [(f.rsplit("/", 1)[-1], stack.enter_context((PDFS / f).open("rb"))) for f in files]
        upload_files(session, settings, queue, collection.id, named)
        session.commit()  # the jobs are sent once the upload is committed
    assert [process_document(settings, d) for d in queue.ids] == ["ready"] * len(files)
    session.expire_all()
    return collection.id


def draw_ruled_table(
    pdf: Any, rows: Sequence[Sequence[str]], top: float, height: float, columns: Sequence[float]
) -> None:
    """A fully ruled grid on a reportlab canvas: `rows` from `top` down, each `height` high, between the x positions
    `columns` (one more than the cells of a row)."""
    for k, row in enumerate(rows):
        for x, cell in zip(columns, row, strict=False):
            pdf.drawString(x + 6, top - (k + 1) * height + 5, cell)
    bottom = top - len(rows) * height
    for k in range(len(rows) + 1):
        pdf.line(columns[0], top - k * height, columns[-1], top - k * height)
    for x in columns:
        pdf.line(x, top, x, bottom)
