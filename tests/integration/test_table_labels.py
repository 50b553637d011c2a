"""Tables a document labels "Exhibit N" (as financial releases do) are named tables: shown when asked for by their
label, and a label the document lacks is said to be missing in the document's own word. A real PDF drawn with
reportlab, ingested through the real path, on SQLite and PostgreSQL."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas
from sqlalchemy.orm import Session

from app.qa.ask import AskOptions
from app.qa.pipeline import ask
from app.qa.tools import Tools
from app.settings import Settings
from tests.integration.helpers import draw_ruled_table, ingest_pdfs
from tests.integration.test_ask_content import encoder

ROWS = [("Quarter", "Stores opened", "Stores closed"), ("First", "12", "1"), ("Second", "15", "2"),
        ("Third", "9", "0"), ("Fourth", "21", "3")]  # fmt: skip


def _release(path: Path) -> Path:
    pdf = canvas.Canvas(str(path), pagesize=A4)
    pdf.setFont("Helvetica", 11)
    pdf.drawString(72, 780, "Northwind Retail announces results for the fiscal year. Sales rose in every region and")
    pdf.drawString(72, 766, "the company opened more stores than in any year before; the exhibit below gives them.")
    pdf.setFont("Helvetica-Bold", 11)
    pdf.drawString(72, 720, "Exhibit 5: Store Update by Quarter")
    pdf.setFont("Helvetica", 11)
    top, height, columns = 704, 18, (66, 214, 354, 460)
    draw_ruled_table(pdf, ROWS, top, height, columns)
    pdf.save()
    return path


@pytest.fixture
def collection(session: Session, settings: Settings, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    monkeypatch.setattr("app.services.ingestion.get_embedder", lambda device="auto", backend="auto": encoder())
    return ingest_pdfs(session, settings, "exhibits", [str(_release(tmp_path / "northwind-release.pdf"))])


def test_an_exhibit_is_a_named_table_and_a_missing_one_is_said_missing(
    session: Session, settings: Settings, collection: str
) -> None:
    tools = Tools(embedder=encoder())
    r = ask(session, collection, "What does Exhibit 5 show?", AskOptions(), settings, tools)
    assert r.question_type == "structural"
    assert "Exhibit 5" in r.answer and "21" in r.answer, r.answer
    assert r.citations and r.citations[0].filename == "northwind-release.pdf"
    r = ask(session, collection, "What does Exhibit 9 show?", AskOptions(), settings, tools)
    assert r.answer == "No document in this collection has an Exhibit 9.", r.answer
    assert not r.citations
