"""A table named in a document the question describes ("Table 5 of the Transformer paper"), where the description
fits two documents alike: the table is looked for in those two only, never in a third document that happens to have
a Table 5, and its absence from both is said. Real PDFs drawn with reportlab, ingested through the real path, on
SQLite and PostgreSQL."""

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

ROWS = [("Model", "Score", "Steps"), ("Small", "27.3", "100"), ("Large", "28.4", "300"), ("Huge", "29.1", "900")]


def _document(path: Path, title: str, lines: list[str], caption: str) -> Path:
    pdf = canvas.Canvas(str(path), pagesize=A4)
    pdf.setFont("Helvetica-Bold", 14)
    pdf.drawString(72, 790, title)
    pdf.setFont("Helvetica", 11)
    for k, line in enumerate(lines):
        pdf.drawString(72, 760 - 14 * k, line)
    pdf.setFont("Helvetica-Bold", 11)
    pdf.drawString(72, 640, caption)
    pdf.setFont("Helvetica", 11)
    draw_ruled_table(pdf, ROWS, 624, 18, (66, 214, 354, 460))
    pdf.save()
    return path


@pytest.fixture
def collection(session: Session, settings: Settings, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    monkeypatch.setattr("app.services.ingestion.get_embedder", lambda device="auto", backend="auto": encoder())
    files = [
        _document(tmp_path / "attention-paper.pdf", "Attention for Sequence Transduction",
                  ["We propose the Transformer, a network architecture based on attention alone.",
                   "The Transformer reaches a new state of the art in translation quality."], "Table 1: Results"),
        _document(tmp_path / "fast-attention-paper.pdf", "Fast Exact Attention on GPUs",
                  ["We make the Transformer faster with an IO-aware exact attention algorithm.",
                   "Transformer training runs faster on long sequences with it."], "Table 2: Speed"),
        _document(tmp_path / "sensor-datasheet.pdf", "Humidity Sensor Data Sheet",
                  ["A digital humidity and temperature sensor for consumer devices.",
                   "It runs from a 3.3 V supply."], "Table 5: Electrical characteristics"),
    ]  # fmt: skip
    return ingest_pdfs(session, settings, "described", [str(f) for f in files])


def test_a_table_of_a_document_described_alike_with_another_is_looked_for_in_those_two(
    session: Session, settings: Settings, collection: str
) -> None:
    tools = Tools(embedder=encoder())
    r = ask(session, collection, "What does Table 5 of the Transformer paper show?", AskOptions(), settings, tools)
    assert "sensor-datasheet.pdf" not in {c.filename for c in r.citations}, r.answer
    assert "attention-paper.pdf" in r.answer and "fast-attention-paper.pdf" in r.answer, r.answer
    assert "have no Table 5" in r.answer and "Electrical" not in r.answer, r.answer
