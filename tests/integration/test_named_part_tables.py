"""Two data sheets with alike tables, each under an all-capitals heading and a caption that is only its label
("ABSOLUTE MAXIMUM RATINGS" / "Table 3."): the part the question names says whose table is meant. Real PDFs drawn
with reportlab, ingested as uploads are."""

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


def _data_sheet(path: Path, part: str, storage: str, junction: str) -> Path:
    pdf = canvas.Canvas(str(path), pagesize=A4)
    pdf.setFont("Helvetica-Bold", 14)
    pdf.drawString(72, 790, f"{part} Precision Sensor Data Sheet")
    pdf.setFont("Helvetica", 11)
    pdf.drawString(72, 770, f"The {part} is a low-power sensor with a serial interface for industrial applications.")
    pdf.showPage()
    pdf.setFont("Helvetica-Bold", 11)
    pdf.drawString(72, 780, "ABSOLUTE MAXIMUM RATINGS")
    pdf.setFont("Helvetica", 10)
    pdf.drawString(72, 764, "TA = 25°C, unless otherwise noted.")
    pdf.setFont("Helvetica-Bold", 10)
    pdf.drawString(72, 744, "Table 3.")
    pdf.setFont("Helvetica", 10)
    rows = [("Parameter", "Rating"), ("Supply Voltage", "-0.3 V to +6 V"),
            ("Storage Temperature Range", storage), ("Maximum Junction Temperature", junction),
            ("Lead Temperature, Soldering", "300 C")]  # fmt: skip
    draw_ruled_table(pdf, rows, 730, 18, (66, 300, 480))
    pdf.setFont("Helvetica", 10)
    pdf.drawString(72, 600, "Stresses above those listed may cause permanent damage to the device.")
    pdf.save()
    return path


@pytest.fixture
def collection(session: Session, settings: Settings, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    monkeypatch.setattr("app.services.ingestion.get_embedder", lambda device="auto", backend="auto": encoder())
    files = [_data_sheet(tmp_path / "zx9000-sensor.pdf", "ZX9000", "-40 C to +125 C", "125 C"),
             _data_sheet(tmp_path / "qm42-sensor.pdf", "QM42", "-65 C to +150 C", "150 C")]  # fmt: skip
    return ingest_pdfs(session, settings, "sheets", [str(f) for f in files])


def test_a_table_asked_for_by_its_heading_is_the_named_parts(
    session: Session, settings: Settings, collection: str
) -> None:
    tools = Tools(embedder=encoder())
    for part, file, storage in (("QM42", "qm42-sensor.pdf", "+150 C"), ("ZX9000", "zx9000-sensor.pdf", "+125 C")):
        r = ask(session, collection, f"Show me the absolute maximum ratings table of the {part}.", AskOptions(),
                settings, tools)  # fmt: skip
        assert r.citations and r.citations[0].filename == file and r.citations[0].kind == "table", r.answer
        assert storage in r.answer and "ABSOLUTE MAXIMUM RATINGS" in r.answer, r.answer

