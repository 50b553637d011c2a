"""Tables the detectors must find at all (issue 32), each on a synthetic PDF drawn with reportlab."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas

from app.ingest.pdf import extract_pdf


def _tables(path: Path) -> list[list[list[str]]]:
    return [t.rows for t in extract_pdf(path, max_pages=2).pages[0].tables]


def _booktabs(path: Path, rows: Sequence[Sequence[str]], *, column_rules: bool = False) -> None:
    """A small table of words ruled by a top rule, a rule under its header and a bottom rule only, between
    paragraphs of prose; ``column_rules``: short vertical rules between the columns, stopping short of the rules."""
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Helvetica", 9)
    for k in range(4):
        pdf.drawString(60, 740 - 12 * k, "Some running text of a paragraph set above the table on the page here.")
    x, widths, pitch, top = 60, (70, 80, 80, 80), 12, 680
    right = x + sum(widths)
    rules = [top + 10, top - pitch + 8, top - len(rows) * pitch + 8]
    for y in rules:
        pdf.line(x, y, right, y)
    for k, row in enumerate(rows):
        left = x
        for w, cell in zip(widths, row, strict=True):
            pdf.drawString(left + 2, top - k * pitch, cell)
            left += w
    if column_rules:
        for c in (x + widths[0] - 2,):
            pdf.line(c, rules[0] - 2, c, rules[-1] + 2)
    for k in range(4):
        y = rules[-1] - 24 - 12 * k
        pdf.drawString(60, y, "More running text of a paragraph set below the table on the same page.")
    pdf.save()


ROWS = [
    ("", "North", "South", "East"),
    ("Soil", "clay", "sand", "loam"),
    ("Crop", "wheat", "maize", "barley"),
    ("Water", "river", "well", "rain"),
]


def test_a_table_of_words_ruled_by_horizontal_rules_only_is_found(tmp_path: Path) -> None:
    path = tmp_path / "booktabs.pdf"
    _booktabs(path, ROWS)
    assert [list(r) for r in ROWS] in _tables(path)


def test_column_rules_that_stop_short_of_the_horizontal_rules_do_not_hide_the_table(tmp_path: Path) -> None:
    path = tmp_path / "booktabs_columns.pdf"
    _booktabs(path, ROWS, column_rules=True)
    assert [list(r) for r in ROWS] in _tables(path)


def test_a_table_typed_in_a_monospaced_font_with_its_columns_a_few_spaces_apart_is_found(tmp_path: Path) -> None:
    """Each line one string, its columns padded with spaces: a whitespace finder that reads text lines sees one
    column; the words cut into columns whose rows are mostly figures are a table."""
    path = tmp_path / "typed.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Courier", 9)
    pdf.drawString(60, 716, "Share      " + "".join(f"{g:>8}" for g in ("A", "B", "C", "D", "E")))
    rows = []
    for k in range(12):
        share = f"0.{10 + 7 * k}"
        values = [str(40 + 13 * k + 7 * j) for j in range(5)]
        rows.append([share, *values])
        pdf.drawString(60, 700 - 12 * k, f"{share:<11}" + "".join(f"{v:>8}" for v in values))
    pdf.save()
    assert any(all(r in t for r in rows) for t in _tables(path))
