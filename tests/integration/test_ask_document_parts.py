"""A document named by a distinctive part of its title, through the ask API over real shared PDFs.

eu-013.pdf's title is "5.2. Continuing vocational education and training", issue-982-example.pdf's "Art in Machine
Learning" (app.ingest.pdf's title function; see tests/unit/test_ingest_pdf.py); the two NICS files share
"background checks" in their file names. Runs on SQLite and PostgreSQL (the `settings` fixture)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings
from tests.conftest import PDFS
from tests.integration.helpers import ask_api, upload, wait_until_done
from tests.integration.test_ask_content import encoder

FILES = [
    "reports/eu-013.pdf",
    "reports/issue-982-example.pdf",
    "tables/nics-background-checks-2015-11.pdf",
    "tables/nics-background-checks-2015-11-rotated.pdf",
]


@pytest.fixture
def client(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setattr("app.services.ingestion.get_embedder", lambda device="auto", backend="auto": encoder())
    monkeypatch.setattr("app.qa.tools.get_embedder", lambda device="auto", backend="auto": encoder())
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def _cited(answer: dict[str, Any]) -> set[tuple[str, int]]:
    return {(c["filename"], c["page"]) for c in answer["citations"]}


def test_document_named_by_a_part_of_its_title(client: TestClient) -> None:
    cid = client.post("/api/collections", json={"name": "parts"}).json()["id"]
    body = upload(client, cid, [PDFS / f for f in FILES])
    docs = wait_until_done(client, [d["id"] for d in body["documents"]])
    assert [d["status"] for d in docs] == ["ready"] * len(FILES), docs
    titles = {d["filename"]: d["title"] for d in docs}
    assert "vocational education" in titles["eu-013.pdf"].lower()
    assert "machine learning" in titles["issue-982-example.pdf"].lower()

    # Without a name, page 2 is every document's page 2; named by a part of the title, only that document's.
    unnamed = ask_api(client, cid, "What is on page 2?")
    assert len({f for f, _ in _cited(unnamed)}) > 1
    named = ask_api(client, cid, "What is on page 2 of the machine learning paper?")
    assert named["citations"] and _cited(named) == {("issue-982-example.pdf", 2)}
    summary = ask_api(client, cid, "Summarise page 5 of the vocational education report")
    assert summary["citations"] and _cited(summary) == {("eu-013.pdf", 5)}

    # A part two documents share picks neither: one sentence names both, and nothing is cited.
    both = ask_api(client, cid, "What is on page 1 of the background checks report?")
    assert both["citations"] == []
    assert "nics-background-checks-2015-11.pdf" in both["answer"]
    assert "nics-background-checks-2015-11-rotated.pdf" in both["answer"]

    # A part past the document's pages is that document's missing page, not another document's page.
    past = ask_api(client, cid, "What is on page 10 of the machine learning paper?")
    assert past["citations"] == [] and "8 pages" in past["answer"] and "issue-982-example.pdf" in past["answer"]
