"""A ruled table's rule is not drawn off its place by short strokes elsewhere on the page that share its x (a logo or
a glyph-like drawing of 3-point strokes): they take no part in finding ruled tables (app.ingest.table_ruled), on a
synthetic PDF drawn with reportlab."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas

from app.ingest.pdf import extract_pdf

XS = (100.0, 160.0, 300.0, 420.0)
ROWS = (["Mode", "Microstep Resolution", "Excitation"], ["A", "Full Step", "2 Phase"], ["B", "Half Step", "1-2 Phase"],
        ["C", "Quarter Step", "W1-2 Phase"])  # fmt: skip


def _draw(path: Path, strokes: bool) -> None:
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Helvetica", 10)
    top = 700.0
    for k, row in enumerate(ROWS):
        y = top - 18 * k
        for x, text in zip(XS, row, strict=False):
            pdf.drawString(x + (2 if x == XS[1] else 4), y - 13, text)  # the text set close to its left rule
    for k in range(len(ROWS) + 1):
        pdf.line(XS[0], top - 18 * k, XS[-1], top - 18 * k)
    for x in XS:
        pdf.line(x, top, x, top - 18 * len(ROWS))
    if strokes:  # a small drawing at the foot of the page: 3-point strokes a point and a half apart, from x = 160
        for k in range(12):
            x = XS[1] + 1.5 * k
            pdf.line(x, 100, x + 3, 100)
            pdf.line(x, 100, x, 103)
    pdf.save()


def test_short_strokes_sharing_a_rule_s_x_leave_its_cells_whole(tmp_path: Path) -> None:
    for strokes in (False, True):
        path = tmp_path / f"table-{strokes}.pdf"
        _draw(path, strokes)
        rows = [row for t in extract_pdf(path, max_pages=1).pages[0].tables for row in t.rows]
        assert ["A", "Full Step", "2 Phase"] in rows, (strokes, rows)
