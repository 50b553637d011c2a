"""Whitespace tables and their cells by geometry and text alone (issue 32), each on a synthetic PDF drawn with
reportlab."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas

from app.ingest.pdf import extract_pdf


def _tables(path: Path) -> list[list[list[str]]]:
    return [t.rows for t in extract_pdf(path, max_pages=2).pages[0].tables]


def _unruled(pdf: canvas.Canvas, x: float, top: float, widths: Sequence[float], rows: Sequence[Sequence[str]]) -> None:
    """A table of whitespace columns: rules above and below, the figures set flush right in their columns."""
    pitch = 11
    right = x + sum(widths)
    pdf.line(x, top + 10, right, top + 10)
    for k, row in enumerate(rows):
        y = top - k * pitch
        left = x
        for j, (w, cell) in enumerate(zip(widths, row, strict=True)):
            if cell == "—":
                # a dash set wide (a font whose dash is wider than its line is tall)
                text = pdf.beginText(left + w - 12, y)
                text.setFont("Helvetica", 9)
                text.setHorizScale(130)
                text.textOut(cell)
                pdf.drawText(text)
            elif j == 0:
                pdf.drawString(left, y, cell)
            else:
                pdf.drawRightString(left + w, y, cell)
            left += w
    pdf.line(x, top - len(rows) * pitch + 6, right, top - len(rows) * pitch + 6)


def test_a_column_of_dashes_keeps_one_dash_per_row(tmp_path: Path) -> None:
    path = tmp_path / "dashes.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Helvetica", 9)
    rows = [("Year", "Total", "First", "Second", "Third")]
    rows += [(str(1990 + i), f"{40 + i},{100 + 7 * i}", f"{20 + i},{300 + i}", f"{500 + i}", "—") for i in range(8)]
    rows += [(str(1998 + i), f"{50 + i},{200 + i}", f"{30 + i},{100 + i}", f"{600 + i}", f"{12 + i}") for i in range(3)]
    _unruled(pdf, 60, 700, (60, 70, 70, 70, 70), rows)
    pdf.save()
    assert [list(r) for r in rows] in _tables(path)
