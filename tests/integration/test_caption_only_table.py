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


def _manual(path: Path) -> Path:
    """A small table set as lines of text, its caption under it, the paragraph after it running on."""
    pdf = canvas.Canvas(str(path), pagesize=A4)
    pdf.setFont("Helvetica", 11)
    pdf.drawString(72, 780, "Strings may hold escaped characters, written with a backslash before a letter as follows.")
    lines = ["Escaping sequence Meaning ASCII encoding", "\\0 Null byte 0", "\\t Horizontal tabulation 9",
             "\\n Newline character 10", "\\\\ Literal backslash character 92"]  # fmt: skip
    for k, line in enumerate(lines):
        pdf.drawString(150, 740 - 16 * k, line)
    pdf.drawString(200, 650, "Table 1.3: Escaping sequences")
    pdf.drawString(72, 620, "The code section holds commands that say how the memory is filled when a program starts.")
    pdf.drawString(72, 590, "Table 4 lists the aliases of the registers")
    pdf.drawString(72, 574, "used by the assembler and by the simulator")
    pdf.save()
    return path


def test_a_table_read_as_text_is_answered_by_its_lines_beside_the_caption(
    session: Session, settings: Settings, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("app.services.ingestion.get_embedder", lambda device="auto", backend="auto": encoder())
    collection = ingest_pdfs(session, settings, "manual", [str(_manual(tmp_path / "simulator-manual.pdf"))])
    tools = Tools(embedder=encoder())
    r = ask(session, collection, "What does Table 1.3 of simulator-manual.pdf show?", AskOptions(), settings, tools)
    assert "has no Table 1.3" not in r.answer, r.answer
    assert "Horizontal tabulation" in r.answer and "Literal backslash" in r.answer, r.answer
    assert r.citations and r.citations[0].page == 1
    # Prose that opens a line on the label is no caption: a table the document lacks is still said missing.
    r = ask(session, collection, "What does Table 4 of simulator-manual.pdf show?", AskOptions(), settings, tools)
    assert not r.citations and "has no" in r.answer, r.answer
