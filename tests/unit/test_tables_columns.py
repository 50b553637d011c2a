"""Whitespace tables set in one column of a two-column paper page, each on a synthetic PDF drawn with reportlab: the
table is read from its caption's column, under a caption of several lines, and the two columns of prose are no
table."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas

from app.ingest.pdf import extract_pdf

PROSE = (
    "the method keeps a small sample of the data at each step and accepts the proposal when the test says so",
    "which needs far fewer points than the full test while the error of each decision stays below its bound",
    "we ran every method ten times with the same seeds and report the mean and one standard deviation here",
)
LEFT, RIGHT, WIDTH = 60.0, 320.0, 230.0
ROWS = [
    ("Method", "Sizes", "Time"),
    ("Minibatch", "182.3 ± 11.4", "0.52"),
    ("Austere", "13540.5 ± 1521.4", "3.10"),
    ("Sublhd", "65758.9 ± 3222.6", "9.87"),
    ("Full", "100000.0 ± 0.0", "14.02"),
]


def _prose(pdf: canvas.Canvas, x: float, top: float, bottom: float, start: int = 0) -> None:
    """Justified-looking lines of running text, one every 12 pt, down a column."""
    y, k = top, start
    while y > bottom:
        words = PROSE[k % len(PROSE)].split()
        pdf.drawString(x, y, " ".join(words[: 12 + k % 3]))
        y -= 12
        k += 1


def _column_table(pdf: canvas.Canvas, top: float, caption: Sequence[str]) -> float:
    """A caption of several lines, then a table with a rule over and under its header, no rule below; in the left
    column. Returns the y under the table."""
    y = top
    for line in caption:
        pdf.drawString(LEFT, y, line)
        y -= 12
    y -= 14
    pdf.setLineWidth(0.6)
    pdf.line(LEFT + 20, y + 10, LEFT + 200, y + 10)
    for k, row in enumerate(ROWS):
        for x, cell in zip((LEFT + 22, LEFT + 90, LEFT + 170), row, strict=True):
            pdf.drawString(x, y, cell)
        y -= 12
        if k == 0:
            pdf.line(LEFT + 20, y + 9, LEFT + 200, y + 9)
            y -= 4
    return y


def _page(path: Path, caption: Sequence[str]) -> None:
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Times-Roman", 9)
    _prose(pdf, LEFT, 740, 560)
    under = _column_table(pdf, 540, caption)
    _prose(pdf, LEFT, under - 16, 80, start=1)
    _prose(pdf, RIGHT, 740, 80, start=2)
    pdf.save()


CAPTION = (
    "Table 1: Average minibatch sizes (± one standard",
    "deviation) and time on the Gaussian mixture model.",
    "The averages are taken over 10 independent trials",
    "(3000 samples each).",
)


def test_a_table_in_one_column_under_a_caption_of_several_lines_is_read_from_that_column(tmp_path: Path) -> None:
    path = tmp_path / "column-table.pdf"
    _page(path, CAPTION)
    tables = extract_pdf(path, max_pages=1).pages[0].tables
    assert [[list(r) for r in ROWS]] == [t.rows for t in tables]
    assert tables[0].caption is not None and tables[0].caption.startswith("Table 1: Average minibatch sizes")
