"""/metrics speaks Prometheus with real figures; /docs and /redoc load their assets from this server, not a CDN."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings
from tests.conftest import PDFS
from tests.integration.helpers import upload, wait_until_done


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def _value(text: str, name: str) -> float:
    match = re.search(rf"^{re.escape(name)} ([0-9.e+-]+)$", text, re.M)
    assert match, f"{name} missing from /metrics"
    return float(match.group(1))


def test_metrics_count_documents_requests_and_asks(client: TestClient) -> None:
    cid = client.post("/api/collections", json={"name": "m"}).json()["id"]
    ids = [d["id"] for d in upload(client, cid, [PDFS / "tables" / "twotables_2.pdf"])["documents"]]
    assert [d["status"] for d in wait_until_done(client, ids)] == ["ready"]
    assert client.post(f"/api/collections/{cid}/ask", json={"question": "What is in table 1?"}).status_code == 200
    client.get("/api/documents/does-not-exist")

    response = client.get("/metrics")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/plain")
    text = response.text
    assert _value(text, 'mdqa_documents{status="ready"}') == 1
    assert _value(text, 'mdqa_documents{status="failed"}') == 0
    assert _value(text, "mdqa_pages_ready") >= 1
    assert _value(text, "mdqa_ingest_pages_per_second") > 0
    assert _value(text, "mdqa_queue_depth") == 0
    # Routes are labelled by template, never by raw id.
    assert 'route="/api/documents/{did}",status="404"' in text
    assert "does-not-exist" not in text
    assert re.search(r'mdqa_ask_duration_seconds_count\{question_type="structural",reader="local"\} [1-9]', text)


def test_api_docs_are_served_offline(client: TestClient) -> None:
    for page in ("/docs", "/redoc"):
        html = client.get(page)
        assert html.status_code == 200
        assert "cdn.jsdelivr.net" not in html.text and "unpkg.com" not in html.text
        assets = re.findall(r'(?:src|href)="(/[^"]+\.(?:js|css))"', html.text)
        assert assets, html.text
        for asset in assets:
            assert client.get(asset).status_code == 200, asset
