"""Named documents, pages and tables resolved, and table cells read, through the API over real shared PDFs.

Expected values come from the manifest's ground-truth tables (ICDAR 2013), not from what today's extraction gives.
Runs on SQLite and PostgreSQL (the `settings` fixture)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from app.db.models import DocTable
from app.db.session import session_scope
from app.main import create_app
from app.qa.tablelayout import parse_number
from app.qa.tables.content import tables_named_by_caption
from app.settings import Settings
from tests.conftest import PDFS
from tests.integration.helpers import ask_api, manifest, upload, wait_until_done
from tests.integration.test_ask_content import encoder

FILES = ["reports/eu-004.pdf", "tables/us-030.pdf", "reports/eu-021.pdf", "reports/us-018.pdf"]


@pytest.fixture
def client(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    # The real embedder, memoised by text: the SQLite and PostgreSQL runs embed the same passages once.
    monkeypatch.setattr("app.services.ingestion.get_embedder", lambda device="auto", backend="auto": encoder())
    monkeypatch.setattr("app.qa.tools.get_embedder", lambda device="auto", backend="auto": encoder())
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def _truth(file: str, table_id: int) -> list[list[str]]:
    table = next(t for t in manifest()[file]["expected_tables"] if t["table_id"] == table_id)
    return [[" ".join(c.split()) for c in row] for row in table["rows"]]


def test_named_things_resolved_and_cells_read(client: TestClient, settings: Settings) -> None:
    cid = client.post("/api/collections", json={"name": "resolve"}).json()["id"]
    body = upload(client, cid, [PDFS / f for f in FILES])
    docs = wait_until_done(client, [d["id"] for d in body["documents"]])
    assert [d["status"] for d in docs] == ["ready"] * 4, docs
    eu004 = docs[0]
    assert eu004["page_count"] == manifest()["reports/eu-004.pdf"]["pages"] == 15

    # A whole table by the document's own label: its caption, then a Markdown table, cited to that table only.
    table64 = ask_api(client, cid, "What is in Table 6.4 of eu-004.pdf?")
    assert table64["answer"].startswith("**Table 6.4: Growth in demand by member state**")
    assert [(c["filename"], c["page"], c["kind"]) for c in table64["citations"]] == [("eu-004.pdf", 4, "table")]
    lines = table64["answer"].splitlines()
    assert any(line.startswith("|---") for line in lines)
    greece = next(r for r in _truth("reports/eu-004.pdf", 4) if r[0] == "Greece")
    assert any(line.startswith("| Greece |") and greece[2] in line for line in lines)

    # "table 2 on page 2": the second table of page 2, never rows of the first mixed in.
    second = ask_api(client, cid, "table 2 on page 2 of eu-004.pdf")
    assert second["answer"].startswith("**Table 6.2:") and "Table 6.1" not in second["answer"]
    assert len(second["citations"]) == 1 and second["citations"][0]["page"] == 2

    # A cell: row by its label, column by its header, value from the ground truth.
    truth61 = _truth("reports/eu-004.pdf", 1)
    header = truth61[0]
    col = next(i for i, h in enumerate(header) if h.lower().startswith("retail sales per outlet"))
    france = next(r for r in truth61 if r[0] == "France")
    cell = ask_api(client, cid, "What were the retail sales per outlet for France in Table 6.1 of eu-004.pdf?")
    assert cell["short_answer"] == france[col]
    assert cell["cell"]["row"] == "France" and cell["cell"]["value"] == france[col]
    assert "Retail sales per outlet" in cell["cell"]["column"] and set(cell["cell"]) == {
        "node_id", "row", "column", "value", "bbox"}  # fmt: skip
    assert cell["cell"]["node_id"] == cell["citations"][0]["node_id"]

    # An aggregate asked as a content question: the member state with the most inhabitants per outlet.
    inh = next(i for i, h in enumerate(header) if h.lower().startswith("inhabitants per outlet"))
    members = [r for r in truth61[1:] if r[0] and not re.match(r"(?i)eu|total", r[0])]
    top = max(members, key=lambda r: parse_number(r[inh]) or 0.0)[0]
    most = ask_api(client, cid, "Which member state had the most inhabitants per retail outlet?")
    # It leads the answer; as an aggregate over a table nobody named, it is no short answer.
    assert most["short_answer"] is None and most["answer"].startswith(f"**{top}**")
    assert most["citations"][0]["kind"] == "table" and most["citations"][0]["page"] == 2

    # Another document's own label style: "Table 2-1" of us-030.pdf.
    fuel = ask_api(client, cid, "What is in Table 2-1?")
    assert fuel["answer"].startswith("**Table 2-1. Simulated fuel savings")
    assert {c["filename"] for c in fuel["citations"]} == {"us-030.pdf"}

    # us-018.pdf's tables were extracted without captions: "Table 14" is read from the caption line of the page's
    # text, and its continuation on page 2 (other year columns) is found under the same label.
    for truth_id, year, page in [(1, "2005–06", 1), (2, "2017–18", 2)]:
        truth = _truth("reports/us-018.pdf", truth_id)
        col = truth[1].index(year)
        ohio = next(r for r in truth if r[0] == "Ohio")[col]
        got = ask_api(
            client, cid, f"How many public high school graduates did Ohio have in {year} (Table 14 of us-018.pdf)?"
        )
        assert got["short_answer"] == ohio and got["cell"]["row"] == "Ohio" and year in got["cell"]["column"]
        assert [(c["filename"], c["page"]) for c in got["citations"]] == [("us-018.pdf", page)]

    # Neither the table nor its document named: the tables whose caption names the question's words are candidates
    # wherever retrieval ranks them (a long table of numbers ranks low as a retrieval unit); the cell leads, as no
    # short answer.
    asked = "How many public high school graduates did Ohio have in 2005–06?"
    with session_scope(str(settings.database_url)) as session:
        named = [session.get(DocTable, i) for i in tables_named_by_caption(session, cid, asked)]
    assert [(t.label, t.page_number) for t in named if t is not None][:2] == [("Table 14", 1), ("Table 14", 2)]
    truth = _truth("reports/us-018.pdf", 1)
    ohio = next(r for r in truth if r[0] == "Ohio")[truth[1].index("2005–06")]
    got = ask_api(client, cid, asked)
    assert got["answer"].startswith(f"**{ohio}**") and got["short_answer"] is None
    assert (got["citations"][0]["filename"], got["citations"][0]["page"]) == ("us-018.pdf", 1)

    # Named but missing: said in one sentence naming what exists, citing nothing.
    for question, expected in [
        ("What is on page 40 of eu-004.pdf?", "eu-004.pdf has 15 pages; there is no page 40."),
        ("What is in Table 9.1 of eu-004.pdf?", "eu-004.pdf has no Table 9.1; its tables are 6.1 to 6.12."),
        ("Show the third table on page 2 of eu-004.pdf", "Page 2 of eu-004.pdf has 2 tables, not a 3rd."),
        ("What is on page 99999999999999999999 of eu-004.pdf?",
         "eu-004.pdf has 15 pages; there is no page 99999999999999999999."),
        ("What is on page 99999999999999999999?", "No document in this collection has a page 99999999999999999999"),
    ]:  # fmt: skip
        got = ask_api(client, cid, question)
        assert got["answer"].startswith(expected), (question, got["answer"])
        assert got["citations"] == [] and got["short_answer"] is None and got["cell"] is None

    # A deleted document is not in the collection: never answered from another one.
    assert client.delete(f"/api/documents/{docs[2]['id']}").status_code == 204
    for question in ("What does the table on page 3 of eu-021.pdf show?", "What does eu-021.pdf say about asthma?"):
        gone = ask_api(client, cid, question)
        assert gone["answer"].startswith("There is no ready document named eu-021.pdf in this collection."), gone
        assert gone["citations"] == []
