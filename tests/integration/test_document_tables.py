"""A content question answered by a table neither retrieved nor on the pages of the first retrieved units: a report
whose prose pages come first and whose statement, without a caption, stands on a later page. The tables of the
leading retrieved document are read too (AnswerSettings.tables.content_table_documents). A real PDF drawn with
reportlab, ingested as uploads are, on SQLite and PostgreSQL."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas
from sqlalchemy import select
from sqlalchemy.orm import Session

from app.db.models import Node
from app.qa.ask import AskOptions, EvidenceNode, Retrieval
from app.qa.pipeline import ask
from app.qa.tables.content import content_table_answer
from app.qa.tools import Tools
from app.settings import Settings
from tests.integration.helpers import draw_ruled_table, ingest_pdfs
from tests.integration.test_ask_content import encoder

STATEMENT = [("", "Quarter 2023", "Quarter 2022"), ("Operating revenues", "5,290", "5,118"),
             ("Operating expenses", "4,784", "4,673"), ("Interest income", "143", "19"),
             ("Interest expense", "640", "411"), ("Net income", "410", "360")]  # fmt: skip
PROSE = [
    "The utility reported second quarter results and discussed its interest costs and its financing plans.",
    "Management expects interest expense to remain elevated as the company funds wildfire mitigation work.",
    "Customer bills, rate cases and the regulatory calendar are described in the sections that follow.",
    "Capital spending on the grid continued, with undergrounding of distribution lines ahead of plan.",
    "The company reaffirmed its earnings guidance range for the year and its dividend policy.",
    "Forward-looking statements in this release are subject to risks described in its filings.",
]


def _prose_pages(pdf: canvas.Canvas, texts: list[str]) -> None:
    """A page of twelve lines for each text."""
    for text in texts:
        pdf.setFont("Helvetica", 11)
        for k in range(12):
            pdf.drawString(72, 780 - 18 * k, f"{text[: 60 + k]}")
        pdf.showPage()


def _release(path: Path) -> Path:
    pdf = canvas.Canvas(str(path), pagesize=A4)
    _prose_pages(pdf, PROSE)  # six pages of prose, then the statement with no caption
    pdf.setFont("Helvetica", 11)
    draw_ruled_table(pdf, STATEMENT, 700, 18, (66, 250, 360, 470))
    pdf.save()
    return path


def _prose_retrieval(session: Session, collection: str) -> Retrieval:
    """Evidence as a retriever that missed the table gives it: the document's first prose passage only."""
    node = session.scalars(
        select(Node).where(Node.collection_id == collection, Node.kind == "passage", Node.page == 1)
    ).first()
    assert node is not None
    first = EvidenceNode(node.id, "passage", node.document_id, 1, node.label, node.text, hop=0, score=1.0)
    return Retrieval(question_type="content", nodes=[first])


def test_the_leading_documents_tables_are_read_for_a_value_no_retrieved_unit_holds(
    session: Session, settings: Settings, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("app.services.ingestion.get_embedder", lambda device="auto", backend="auto": encoder())
    collection = ingest_pdfs(session, settings, "release", [str(_release(tmp_path / "utility-q2-release.pdf"))])
    question = "What was the interest expense in the 2023 quarter?"
    tables = settings.answer.tables.model_copy(update={"caption_tables": 0})
    off = settings.answer.model_copy(update={"tables": tables.model_copy(update={"content_table_documents": 0})})
    missed = _prose_retrieval(session, collection)
    content_table_answer(session, missed, question, collection_id=collection, limits=off)
    assert missed.cell is None, missed.table_answers  # neither retrieved nor on a retrieved unit's page
    on = settings.answer.model_copy(update={"tables": tables})
    found = _prose_retrieval(session, collection)
    content_table_answer(session, found, question, collection_id=collection, limits=on)
    assert found.cell is not None, found.table_answers
    assert found.cell["value"] == "640" and "2023" in found.cell["column"], found.cell
    assert found.nodes[0].kind == "table" and found.nodes[0].page == 7, found.nodes[0]


def test_asked_end_to_end_the_statement_answers_with_its_cell(
    session: Session, settings: Settings, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("app.services.ingestion.get_embedder", lambda device="auto", backend="auto": encoder())
    collection = ingest_pdfs(session, settings, "release", [str(_release(tmp_path / "utility-q2-release.pdf"))])
    r = ask(session, collection, "What was the interest expense in the 2023 quarter?", AskOptions(), settings,
            Tools(embedder=encoder()))  # fmt: skip
    assert r.retrieval.cell is not None and r.retrieval.cell["value"] == "640", r.answer


TOPICS = [("Topic", "Enquiries"), ("Air passengers rights", "1,726"), ("Customs and taxation", "512"),
          ("Free movement of persons", "388")]  # fmt: skip
COUNTRIES = [("Country", "Enquiries"), ("Italy", "92"), ("Spain", "81"), ("Portugal", "47")]  # fmt: skip


def test_the_table_holding_the_name_asked_about_answers_before_one_that_does_not(
    session: Session, settings: Settings, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("app.services.ingestion.get_embedder", lambda device="auto", backend="auto": encoder())
    path = tmp_path / "helpdesk-report.pdf"
    pdf = canvas.Canvas(str(path), pagesize=A4)
    pdf.setFont("Helvetica", 11)
    pdf.drawString(72, 780, "Enquiries received by the helpdesk, by topic and by country of the enquirer.")
    draw_ruled_table(pdf, TOPICS, 740, 18, (66, 300, 400))
    pdf.showPage()  # the page a table stands on counts as holding what it says: the two are apart
    pdf.setFont("Helvetica", 11)
    pdf.drawString(72, 780, "Enquiries by country of the enquirer.")
    draw_ruled_table(pdf, COUNTRIES, 740, 18, (66, 300, 400))
    pdf.save()
    collection = ingest_pdfs(session, settings, "helpdesk", [str(path)])
    r = ask(session, collection, "How many air passengers rights enquiries came from Italy (helpdesk-report.pdf)?",
            AskOptions(), settings, Tools(embedder=encoder()))  # fmt: skip
    assert r.retrieval.cell is not None and r.retrieval.cell["value"] == "92", r.answer


LIMITS = [("Parameter", "Min", "Max", "Unit"), ("Storage temperature", "-55", "150", "C"),
          ("Supply voltage", "1.71", "3.6", "V"), ("Clock frequency", "0.1", "400", "kHz")]  # fmt: skip


def _limits_sheet(path: Path) -> Path:
    pdf = canvas.Canvas(str(path), pagesize=A4)
    pdf.setFont("Helvetica", 11)
    pdf.drawString(72, 760, "Table 1. Absolute limits of the sensor")
    draw_ruled_table(pdf, LIMITS, 740, 18, (66, 250, 330, 410, 470))
    pdf.save()
    return path


def test_a_data_sheets_limits_are_read_by_their_row_and_a_range_by_its_width(
    session: Session, settings: Settings, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("app.services.ingestion.get_embedder", lambda device="auto", backend="auto": encoder())
    collection = ingest_pdfs(session, settings, "limits", [str(_limits_sheet(tmp_path / "sensor-limits.pdf"))])
    tools = Tools(embedder=encoder())
    # "maximum" names the Max column of the row asked, not the highest value of that column (400).
    r = ask(session, collection, "What is the maximum supply voltage of the sensor?", AskOptions(), settings, tools)
    assert r.retrieval.cell is not None and r.retrieval.cell["value"] == "3.6", r.answer
    # A range's width is its Max less its Min, with the working; "Celsius" is a unit, not a missing name.
    r = ask(session, collection, "How wide, in degrees Celsius, is the storage temperature range of the sensor?",
            AskOptions(), settings, tools)  # fmt: skip
    assert "**205**" in r.answer and "150 − Min -55 = 205" in r.answer, r.answer


RATES = [("", "Quarter 2023", "Quarter 2022"), ("Interest rate on deposits", "4.1", "2.0")]  # fmt: skip


def test_a_sure_cell_of_the_leading_document_beats_a_guess_in_a_nearer_table(
    session: Session, settings: Settings, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("app.services.ingestion.get_embedder", lambda device="auto", backend="auto": encoder())
    path = tmp_path / "utility-q2-release.pdf"
    pdf = canvas.Canvas(str(path), pagesize=A4)
    pdf.setFont("Helvetica", 11)
    for k in range(8):
        pdf.drawString(72, 780 - 18 * k, f"{PROSE[0][: 60 + k]}")
    draw_ruled_table(pdf, RATES, 600, 18, (66, 250, 360, 470))  # a table on the retrieved passage's page
    pdf.showPage()
    _prose_pages(pdf, PROSE[1:])
    pdf.setFont("Helvetica", 11)
    draw_ruled_table(pdf, STATEMENT, 700, 18, (66, 250, 360, 470))
    pdf.save()
    collection = ingest_pdfs(session, settings, "release", [str(path)])
    found = _prose_retrieval(session, collection)
    content_table_answer(session, found, "What was the interest expense in the 2023 quarter?",
                         collection_id=collection, limits=settings.answer)  # fmt: skip
    assert found.cell is not None, found.table_answers
    assert found.cell["value"] == "640", found.cell


def test_the_likeliest_cell_of_the_leading_documents_tables_answers_when_no_rule_is_sure(
    session: Session, settings: Settings, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # "revenues" names one row in part ("Operating revenues"): no rule reads it surely, and no nearer table holds a
    # likely cell, so the leading document's tables are searched cell by cell.
    monkeypatch.setattr("app.services.ingestion.get_embedder", lambda device="auto", backend="auto": encoder())
    collection = ingest_pdfs(session, settings, "release", [str(_release(tmp_path / "utility-q2-release.pdf"))])
    tables = settings.answer.tables.model_copy(update={"caption_tables": 0})
    limits = settings.answer.model_copy(update={"tables": tables})
    found = _prose_retrieval(session, collection)
    content_table_answer(session, found, "What revenues came in over the 2023 quarter?", collection_id=collection,
                         limits=limits)  # fmt: skip
    assert found.cell is not None, found.table_answers
    assert found.cell["value"] == "5,290" and "2023" in found.cell["column"], found.cell
    assert found.table_answers[0].short_answer is None  # a guess about which cell: it leads the text only
