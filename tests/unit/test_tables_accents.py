"""A text accent drawn as a glyph of its own over its letter (TeX's \\'e in an OT1 font) is read as that letter's
combining mark (app/ingest/symbols.py, placed_accents), on a synthetic booktabs table drawn with reportlab."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import letter
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas

from app.ingest.tables import extract_tables
from tests.unit.pdf_pages import first_page_geometry as _geometry

ROWS = [
    ("Method", "Dim", "ARI"),
    ("Shannon byte", "1", "0.246"),
    ("Renyi byte", "1", "0.124"),
    ("Renyi slope", "3", "0.747"),
    ("Shannon rate", "1", "0.204"),
]


def test_an_accent_drawn_over_its_letter_is_read_as_its_combining_mark(tmp_path: Path) -> None:
    path = tmp_path / "accents.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Times-Roman", 10)
    x0, x1, top = 100.0, 360.0, 650.0
    pdf.setLineWidth(0.6)
    pdf.line(x0, top, x1, top)
    y = top - 12
    for k, row in enumerate(ROWS):
        for j, cell in enumerate(row):
            pdf.drawString(x0 + 4 + 120 * j, y, cell)
        if row[0].startswith("Renyi"):
            # the acute set over the "e", after the word (as TeX's accent primitive leaves it in the text layer)
            e_left = x0 + 4 + stringWidth("R", "Times-Roman", 10)
            pdf.drawString(e_left + 0.5, y, "\u00b4")
        if k == 0:
            pdf.line(x0, y - 4, x1, y - 4)
            y -= 4
        y -= 13
    pdf.line(x0, y + 8, x1, y + 8)
    pdf.save()
    geom = _geometry(path)
    tables = extract_tables(geom.chars, geom.edges, geom.lines, geom.frame.reading_size)
    want = [[c.replace("Renyi", "Re\u0301nyi") for c in r] for r in ROWS]
    assert want in [t.rows for t in tables]
