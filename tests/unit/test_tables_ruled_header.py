"""A ruled table whose rule under the header is missing: the header's line and the first rows share one ruled row,
and are read as rows of their own (app/ingest/table_ruled_header.py), on a synthetic PDF drawn with reportlab."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas

from app.ingest.tables import extract_tables
from tests.unit.pdf_pages import first_page_geometry as _geometry

ROWS = [
    ("Processing methods", "CER(%)", "WER(%)"),
    ("Clean (unprocessed)", "0.69", "2.81"),
    ("Reverb (unprocessed)", "11.97", "26.01"),
    ("Baseline", "1.74", "5.60"),
    ("With spectra", "1.77", "5.83"),
    ("With cepstra", "1.77", "5.73"),
]


def test_a_header_sharing_a_ruled_row_with_the_first_rows_is_a_row_of_its_own(tmp_path: Path) -> None:
    path = tmp_path / "no-header-rule.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Times-Roman", 9)
    xs, top, pitch = (100.0, 220.0, 280.0, 340.0), 650.0, 11.0
    pdf.setLineWidth(0.5)
    y = top - 9
    rules = [top]
    for k, row in enumerate(ROWS):
        for j, cell in enumerate(row):
            pdf.drawString(xs[j] + 3, y, cell)
        y -= pitch
        if k == 2:  # a rule under the third line only: none under the header
            rules.append(y + 7)
    rules.append(y + 7)
    for r in rules:
        pdf.line(xs[0], r, xs[-1], r)
    for x in xs:
        pdf.line(x, top, x, rules[-1])
    pdf.save()
    geom = _geometry(path)
    tables = extract_tables(geom.chars, geom.edges, geom.lines, geom.frame.reading_size)
    assert [list(r) for r in ROWS] in [t.rows for t in tables]
