"""A label set with loose word spaces past the strip its column leaves is not cut into columns of its own
(app/ingest/table_spaced.py), on a synthetic booktabs table drawn with reportlab."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import letter
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas

from app.ingest.tables import extract_tables
from tests.unit.pdf_pages import first_page_geometry as _geometry

ROWS = [
    ("Variable", "Effect", "Error"),
    ("Age", "-0.028***", "0.004"),
    ("Female", "0.044***", "0.003"),
    ("Household size", "-0.004***", "0.001"),
    ("Religion: Muslim (ref: Hindu)", "-0.126***", "0.007"),
    ("Urban", "-0.003", "0.005"),
    ("Cost", "0.000", "0.002"),
]


def test_a_long_label_with_loose_word_spaces_stays_one_cell(tmp_path: Path) -> None:
    path = tmp_path / "loose.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Times-Roman", 10)
    x0, x1, top = 100.0, 400.0, 650.0
    pdf.setLineWidth(0.6)
    pdf.line(x0, top, x1, top)
    y = top - 12
    for k, (label, effect, error) in enumerate(ROWS):
        x = x0 + 4
        for word in label.split():  # words 4 pt apart: a loose word space, under half the text's height
            pdf.drawString(x, y, word)
            x += stringWidth(word, "Times-Roman", 10) + 4.2
        pdf.drawString(290, y, effect)
        pdf.drawString(360, y, error)
        if k == 0:
            pdf.line(x0, y - 4, x1, y - 4)
            y -= 4
        y -= 13
    pdf.line(x0, y + 8, x1, y + 8)
    pdf.save()
    geom = _geometry(path)
    tables = extract_tables(geom.chars, geom.edges, geom.lines, geom.frame.reading_size)
    assert [list(r) for r in ROWS] in [t.rows for t in tables]
