"""Booktabs tables that share an extent (app/ingest/table_booktabs.py), on a synthetic PDF drawn with reportlab: two
set at one x, one above the other with prose between, are two tables, not one frame over both and the prose."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas

from app.ingest.pdf import extract_pdf

LEFT = [("Dataset", "Feature", "Base", "Ours"), ("Auto", "Weight", "9.33", "9.04"), ("Auto", "Displ.", "9.33", "9.08"),
        ("Boston", "Rooms", "14.37", "12.24"), ("Boston", "Crime", "14.37", "11.66")]  # fmt: skip
RIGHT = [("Dataset", "Feature", "Base", "Ours"), ("Heart", "Trestbps", "0.85", "0.86"),
         ("Heart", "Chol.", "0.85", "0.85"), ("Adult", "Hours", "0.84", "0.84")]  # fmt: skip
PROSE = "We compare the test quality of the model learned with the counterexamples with the original model here."


def _booktabs(pdf: canvas.Canvas, x: float, top: float, rows: Sequence[Sequence[str]], step: float = 40) -> float:
    """Top rule, header, header rule, a rule before the last row, bottom rule. Returns the bottom rule's y."""
    right = x + step * len(rows[0])
    pdf.setLineWidth(0.5)
    pdf.line(x, top, right, top)
    y = top - 10
    for k, row in enumerate(rows):
        if k == len(rows) - 1:
            pdf.line(x, y + 8, right, y + 8)
            y -= 2
        for j, cell in enumerate(row):
            pdf.drawString(x + 2 + j * step, y, cell)
        y -= 10
        if k == 0:
            pdf.line(x, y + 8, right, y + 8)
            y -= 2
    pdf.line(x, y + 7, right, y + 7)
    return y + 7


def test_two_booktabs_tables_at_one_x_with_prose_between_are_two_tables(tmp_path: Path) -> None:
    path = tmp_path / "stacked.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Times-Roman", 8)
    bottom = _booktabs(pdf, 200, 700, LEFT)
    pdf.setFont("Times-Roman", 10)
    for k in range(6):
        pdf.drawString(72, bottom - 20 - 12 * k, PROSE)
    pdf.setFont("Times-Roman", 8)
    _booktabs(pdf, 200, bottom - 100, RIGHT)
    pdf.save()
    tables = extract_pdf(path, max_pages=1).pages[0].tables
    assert [t.rows for t in tables] == [[list(r) for r in LEFT], [list(r) for r in RIGHT]]
