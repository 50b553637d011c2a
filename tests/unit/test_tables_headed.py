"""Tables set under a top rule and a header rule with no rule at their foot (app/ingest/table_headed.py), each on a
synthetic PDF drawn with reportlab: the body runs down to the first line that is not a row of the table, and blocks
of one list set side by side under one caption all take its label."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas

from app.ingest.pdf import extract_pdf

PROSE = "The rows above are the mean of ten runs; every method was given the same budget of samples and steps."


def _headed(pdf: canvas.Canvas, x: float, top: float, widths: Sequence[float], rows: Sequence[Sequence[str]]) -> float:
    """A top rule, the header, a rule under it, the body rows; no bottom rule. Returns the y under the last row."""
    right = x + sum(widths)
    pdf.setLineWidth(0.5)
    pdf.line(x, top, right, top)
    y = top - 9
    for k, row in enumerate(rows):
        left = x
        for w, cell in zip(widths, row, strict=True):
            pdf.drawString(left + 2, y, cell)
            left += w
        if k == 0:
            pdf.line(x, y - 3, right, y - 3)
            y -= 4
        y -= 10
    return y


def test_a_table_with_no_rule_at_its_foot_ends_where_its_rows_end(tmp_path: Path) -> None:
    path = tmp_path / "headed.pdf"
    rows = [("Method", "Accuracy", "Steps"), ("Baseline", "71.2", "400"), ("Pruned", "74.8", "380"),
            ("Distilled", "75.1", "350"), ("Ours", "77.9", "300")]  # fmt: skip
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Times-Roman", 9)
    pdf.drawString(72, 720, PROSE)
    under = _headed(pdf, 200, 700, (70, 60, 50), rows)
    for k in range(4):
        pdf.drawString(72, under - 14 - 11 * k, PROSE)
    pdf.save()
    tables = extract_pdf(path, max_pages=1).pages[0].tables
    assert [t.rows for t in tables] == [[list(r) for r in rows]]


def test_blocks_of_one_list_set_side_by_side_under_one_caption_are_each_a_table_with_its_label(
    tmp_path: Path,
) -> None:
    path = tmp_path / "blocks.pdf"
    names = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "kilo",
             "lima", "mike", "november", "oscar", "papa", "quebec", "romeo"]  # fmt: skip
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Times-Bold", 10)
    pdf.drawString(230, 730, "Table A.2: The names in alphabetical order.")
    pdf.setFont("Times-Roman", 8)
    blocks = []
    for b in range(3):
        rows = [("", "name")] + [(str(6 * b + k + 1), names[6 * b + k]) for k in range(6)]
        _headed(pdf, 60 + 180 * b, 715, (20, 70), rows)
        blocks.append([[c for c in r] for r in rows])
    pdf.save()
    tables = extract_pdf(path, max_pages=1).pages[0].tables
    assert [t.rows for t in tables] == blocks
    assert [t.label for t in tables] == ["Table A.2"] * 3


def test_a_table_whose_rules_run_over_its_figures_only_keeps_its_row_labels(tmp_path: Path) -> None:
    path = tmp_path / "labels-left.pdf"
    labels = ["Active Buyers", "Current quarter vs prior year", "Gross Volume", "Current quarter vs prior year"]
    values = [("132", "133", "134"), ("(4) %", "(7) %", "(9) %"), ("8,702", "9,010", "8,894"),
              ("(3) %", "(3) %", "(9) %")]  # fmt: skip
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Helvetica", 8)
    pdf.drawCentredString(330, 740, "Unaudited Supplemental Operating Data")
    pdf.drawCentredString(400, 728, "Three Months Ended")
    pdf.setLineWidth(0.5)
    pdf.line(250, 724, 560, 724)  # the rules run over the figures' columns only
    for x, name in zip((280, 380, 480), ("June 30, 2023", "March 31, 2023", "December 31, 2022"), strict=True):
        pdf.drawString(x, 714, name)
    pdf.line(250, 710, 560, 710)
    y = 700.0
    for label, row in zip(labels, values, strict=True):
        pdf.drawString(60, y, label)
        for x, cell in zip((290, 390, 490), row, strict=True):
            pdf.drawString(x, y, cell)
        y -= 11
    pdf.save()
    rows = [r for t in extract_pdf(path, max_pages=1).pages[0].tables for r in t.rows]
    for label, row in zip(labels, values, strict=True):
        assert [label, *row] in rows
