"""A cell found by row and column retrieval (app.qa.read.cells) through the real path: a results table whose first
column groups the rows ("Single", "Multi") and whose second names them, so the table rules that read row labels from
the first text column find no row. A real PDF drawn with reportlab, ingested as uploads are, on SQLite and
PostgreSQL; the answer cites the table and hands on the cell with its box on the page."""

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

ROWS = [("Training", "Model", "NQ", "TriviaQA", "WQ"), ("Single", "BM25+BERT", "26.5", "47.1", "17.7"),
        ("Single", "ORQA", "33.3", "45.0", "36.4"), ("Single", "HardEM", "28.1", "50.9", "39.9"),
        ("Multi", "DPR", "41.5", "56.8", "42.4"), ("Multi", "GraphRetriever", "34.5", "56.0", "36.4")]  # fmt: skip


def _paper(path: Path) -> Path:
    pdf = canvas.Canvas(str(path), pagesize=A4)
    pdf.setFont("Helvetica", 11)
    pdf.drawString(72, 780, "We compare open-domain question answering systems end to end on three datasets and")
    pdf.drawString(72, 766, "report exact match accuracy of the answers each system extracts from retrieved text.")
    pdf.setFont("Helvetica-Bold", 11)
    pdf.drawString(72, 720, "Table 4: End-to-end QA (Exact Match) Accuracy.")
    pdf.setFont("Helvetica", 11)
    top, height, columns = 704, 18, (66, 150, 280, 350, 430, 500)
    draw_ruled_table(pdf, ROWS, top, height, columns)
    pdf.save()
    return path


@pytest.fixture
def collection(session: Session, settings: Settings, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> str:
    monkeypatch.setattr("app.services.ingestion.get_embedder", lambda device="auto", backend="auto": encoder())
    return ingest_pdfs(session, settings, "papers", [str(_paper(tmp_path / "open-qa-paper.pdf"))])


def test_a_cell_named_by_a_row_word_off_the_first_column_is_read_and_boxed(
    session: Session, settings: Settings, collection: str
) -> None:
    tools = Tools(embedder=encoder())
    r = ask(session, collection, "What exact-match score does ORQA obtain on TriviaQA?", AskOptions(), settings, tools)
    assert r.retrieval.cell is not None, r.answer
    cell = r.retrieval.cell
    assert cell["value"] == "45.0" and "TriviaQA" in cell["column"], cell
    assert cell["bbox"] is not None and len(cell["bbox"]) == 4
    x0, top, x1, bottom = cell["bbox"]
    assert 350 <= x0 < x1 <= 430 + 2, cell["bbox"]  # inside the TriviaQA column as drawn
    assert "**45.0**" in r.answer and r.citations and r.citations[0].kind == "table"
    # Another row and column of the same table: the reading follows the question, not the last answer.
    r = ask(session, collection, "What does DPR reach on WQ?", AskOptions(), settings, tools)
    assert r.retrieval.cell is not None and r.retrieval.cell["value"] == "42.4", r.answer


RETRIEVAL_ROWS = [("Retriever", "Top-20 NQ", "Top-20 TriviaQA", "Top-100 NQ"), ("BM25", "59.1", "66.9", "73.7"),
                  ("DPR", "78.4", "79.4", "85.4"), ("BM25 + DPR", "76.6", "79.8", "83.8")]  # fmt: skip


def _two_tables(path: Path) -> Path:
    """Table 2 holds both retrievers' top-20 accuracy; Table 4 names DPR (and no BM25) by other figures."""
    pdf = canvas.Canvas(str(path), pagesize=A4)
    pdf.setFont("Helvetica", 11)
    pdf.drawString(72, 780, "We compare a dense passage retriever with the sparse BM25 baseline on open-domain QA.")
    pdf.setFont("Helvetica-Bold", 11)
    pdf.drawString(72, 740, "Table 2: Top-20 and Top-100 retrieval accuracy on test sets.")
    pdf.setFont("Helvetica", 11)
    draw_ruled_table(pdf, RETRIEVAL_ROWS, 724, 18, (66, 190, 290, 400, 500))
    pdf.setFont("Helvetica-Bold", 11)
    pdf.drawString(72, 600, "Table 4: End-to-end QA (Exact Match) Accuracy.")
    pdf.setFont("Helvetica", 11)
    draw_ruled_table(pdf, ROWS, 584, 18, (66, 150, 280, 350, 430, 500))
    pdf.save()
    return path


def test_the_two_values_of_an_arithmetic_question_are_read_from_the_one_table_holding_both(
    session: Session, settings: Settings, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("app.services.ingestion.get_embedder", lambda device="auto", backend="auto": encoder())
    collection = ingest_pdfs(session, settings, "papers", [str(_two_tables(tmp_path / "retrieval-paper.pdf"))])
    tools = Tools(embedder=encoder())
    question = "By how many points does DPR beat BM25 in top-20 accuracy on NQ?"
    r = ask(session, collection, question, AskOptions(), settings, tools)
    assert r.answer.startswith("**19.3**"), r.answer  # 78.4 − 59.1, both of Table 2
    assert "78.4" in r.answer and "59.1" in r.answer
    tables = {c.node_id for c in r.citations if c.kind == "table"}
    assert len(tables) == 1, r.citations
