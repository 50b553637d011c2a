"""A table split over a page break, end to end: stored link, API fields, `continues` edge, viewer links."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings
from tests.conftest import PDFS
from tests.integration.helpers import upload, wait_until_done

REPORT = PDFS / "reports" / "us-018.pdf"  # Table 14 runs from page 1 onto page 2 ("Projected—Continued")


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def test_continuation_is_linked_in_api_graph_and_viewer(client: TestClient) -> None:
    cid = client.post("/api/collections", json={"name": "tables"}).json()["id"]
    body = upload(client, cid, [REPORT])
    (doc,) = wait_until_done(client, [d["id"] for d in body["documents"]])
    assert doc["status"] == "ready", doc

    tables = client.get(f"/api/documents/{doc['id']}/tables").json()
    first = next(t for t in tables if t["page"] == 1)
    second = next(t for t in tables if t["page"] == 2)
    assert first["label"] == "Table 14" and first["continues"] is None
    assert second["continues"] == first["id"] and second["label"] == "Table 14"
    assert all(t["continues"] is None for t in tables if t["page"] > 3 and t["label"] != "Table 14")
    for t in tables:
        assert t["columns"] is None or len(t["columns"]) == len(t["rows"][0])
        assert t["cell_boxes"] is not None and [len(r) for r in t["cell_boxes"]] == [len(r) for r in t["rows"]]
    assert first["columns"][0] == "Region and state"
    # stacked header cells between the table's rules: each column named by its spanner and its year
    assert first["columns"][1] == "Actual / 2003–04" and first["columns"][-1] == "Projected / 2012–13"
    assert [c for c in second["rows"][0] if c] == ["Region and state", "Projected—Continued"]
    sixteen = next(t for t in tables if t["label"] == "Table 16")
    assert sixteen["caption"].endswith("[In thousands]")  # the unit headnote, not a header row
    assert sixteen["columns"][3] == "Number of teachers / Control / Private"

    stats = client.get(f"/api/collections/{cid}/graph/stats").json()
    assert stats["edges"]["continues"] >= 1

    html = client.get(f"/documents/{doc['id']}?page=2").text
    assert 'data-testid="table-continues"' in html and "continues Table 1 on page 1" in html
    assert 'data-testid="table-continued"' in html and "continued on page 2" in html
