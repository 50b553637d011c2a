"""A manuscript's line numbers (app/ingest/line_numbers.py), on synthetic PDFs drawn with reportlab: small numbers
counting down the left margin are dropped from passages and tables; a table's running numbers, set in the table's
type, are kept even where the table is all the page holds."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas

from app.ingest.line_numbers import without_line_numbers
from app.ingest.pdf import extract_pdf

PROSE = ("The survey covered every district of the region in the spring and the autumn of the year, and the results "
         "were weighed by the size of each district before they were added up.").split()  # fmt: skip


def _numbered(path: Path, first: int, size: float) -> None:
    pdf = canvas.Canvas(str(path), pagesize=letter)
    y = 720.0
    for k in range(30):
        pdf.setFont("Times-Roman", size)
        pdf.drawRightString(95, y, str(first + k))
        pdf.setFont("Times-Roman", 10)
        pdf.drawString(108, y, " ".join(PROSE[(k * 3) % 20 : (k * 3) % 20 + 12]))
        y -= 12
    pdf.save()


def test_small_numbers_counting_down_the_margin_are_no_part_of_the_text(tmp_path: Path) -> None:
    path = tmp_path / "manuscript.pdf"
    _numbered(path, 117, 6)
    page = extract_pdf(path, max_pages=1).pages[0]
    assert page.tables == []
    words = " ".join(p.text for p in page.passages).split()
    assert not any(w.isdigit() for w in words)
    assert "survey" in words


def test_a_tables_running_numbers_in_its_own_type_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "numbered-rows.pdf"
    _numbered(path, 1, 10)
    page = extract_pdf(path, max_pages=1).pages[0]
    said = " ".join([p.text for p in page.passages] + [t.markdown for t in page.tables])
    assert all(str(n) in said.split() or f"| {n} |" in said for n in (1, 2, 15, 30))


@dataclass(frozen=True, slots=True)
class _Glyph:
    text: str
    x0: float
    top: float
    x1: float
    bottom: float


def _line(text: str, x: float, top: float) -> list[_Glyph]:
    return [_Glyph(ch, x + 5 * i, top, x + 5 * (i + 1), top + 8) for i, ch in enumerate(text)] + [
        _Glyph("\n", x + 5 * len(text), top, x + 5 * len(text), top + 8)
    ]


def test_a_superscript_digit_beside_a_number_is_read_as_text_not_as_a_line_number() -> None:
    """ "05⁰ 47′ N": str.isdigit holds for "⁰" but int() does not read it; such a page was refused as corrupt."""
    chars = [g for k in range(12) for g in _line(f"05⁰ 4{k}′ N, site {k}", 100, 100 + 12 * k)]
    assert without_line_numbers(chars) == chars
