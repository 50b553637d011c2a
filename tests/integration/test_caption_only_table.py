"""A table the PDF holds as its caption only (a grid of plots under "Table 3: …", no text cells) is answered by its
caption, cited, and said to be unreadable as cells; a label the document lacks is still said missing. A real PDF
drawn with reportlab, ingested through the real path, on SQLite and PostgreSQL."""

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
from tests.integration.helpers import ingest_pdfs
from tests.integration.test_ask_content import encoder


def _report(path: Path) -> Path:
    pdf = canvas.Canvas(str(path), pagesize=A4)
    pdf.setFont("Helvetica", 11)
    pdf.drawString(72, 780, "We simulated the pendulum for a range of mass ratios and plotted each trajectory below.")
    for k in range(3):  # three small plots: curves, no text
        x = 90 + k * 150
        pdf.rect(x, 560, 120, 120)
        pdf.bezier(x, 560, x + 40, 680, x + 80, 560, x + 120, 680)
    pdf.drawString(72, 530, "Table 3: Chaotic trajectories for mass ratios between two and three.")
    pdf.showPage()
    pdf.setFont("Helvetica", 11)
    pdf.drawString(72, 780, "The trajectories settle once the mass ratio passes three, as the plots above show.")
    pdf.save()
    return path


@pytest.fixture
def collection(session: Session, settings: Settings, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    monkeypatch.setattr("app.services.ingestion.get_embedder", lambda device="auto", backend="auto": encoder())
    return ingest_pdfs(session, settings, "captions", [str(_report(tmp_path / "pendulum-report.pdf"))])


def test_a_table_held_as_its_caption_only_is_answered_by_its_caption(
    session: Session, settings: Settings, collection: str
) -> None:
    tools = Tools(embedder=encoder())
    r = ask(session, collection, "What does Table 3 of pendulum-report.pdf show?", AskOptions(), settings, tools)
    assert "Chaotic trajectories" in r.answer and "caption only" in r.answer, r.answer
    assert r.citations and r.citations[0].filename == "pendulum-report.pdf" and r.citations[0].page == 1
    r = ask(session, collection, "What does Table 9 of pendulum-report.pdf show?", AskOptions(), settings, tools)
    assert "Chaotic" not in r.answer and not r.citations, r.answer
