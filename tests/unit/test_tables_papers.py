"""Tables as research papers set them (issue 32), each on a synthetic PDF drawn with reportlab."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas

from app.ingest.pdf import extract_pdf


def _rows(path: Path, page: int = 1) -> list[list[list[str]]]:
    return [t.rows for t in extract_pdf(path, max_pages=10).pages[page - 1].tables]


def _inner_ruled(
    pdf: canvas.Canvas, x: float, top: float, widths: Sequence[float], rows: Sequence[Sequence[str]]
) -> None:
    """A table ruled only inside: a rule under every row, rules between the columns, no outer sides."""
    height = 14
    right = x + sum(widths)
    pdf.line(x, top, right, top)
    for k, row in enumerate(rows):
        left = x
        for w, cell in zip(widths, row, strict=True):
            pdf.drawString(left + 4, top - (k + 1) * height + 4, cell)
            left += w
        pdf.line(x, top - (k + 1) * height, right, top - (k + 1) * height)
    left = x
    for w in widths[:-1]:
        left += w
        pdf.line(left, top, left, top - len(rows) * height)


def test_two_tables_ruled_inside_only_set_side_by_side_keep_their_outer_columns(tmp_path: Path) -> None:
    path = tmp_path / "side-by-side.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Times-Roman", 9)
    pdf.drawString(60, 740, "Results of the small models and of the big models are given in the two tables below.")
    left = [("Model", "Test"), ("M11-srf", "64.78%"), ("M18-srf", "65.55%"), ("M11-lrf", "65.67%")]
    right = [("Model", "Test", "Params"), ("M3-big", "57.55%", "0.5M"), ("M5-big", "63.30%", "2.2M")]
    _inner_ruled(pdf, 60, 700, (50, 45), left)
    _inner_ruled(pdf, 175, 700, (50, 45, 45), right)
    pdf.save()
    tables = _rows(path)
    assert [list(r) for r in left] in tables
    assert [list(r) for r in right] in tables


def _rule(pdf: canvas.Canvas, x0: float, x1: float, y: float, width: float = 0.6) -> None:
    pdf.setLineWidth(width)
    pdf.line(x0, y, x1, y)


def test_significance_marks_raised_after_a_number_stay_in_its_cell(tmp_path: Path) -> None:
    path = tmp_path / "marks.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    rows = [("n", "Net worth", "Liq. assets", "Debts"), ("0", "0.398", "0.230", "-0.003"),
            ("", "(0.023)", "(0.012)", "(0.008)"), ("1", "0.879", "0.389", "-0.040"),
            ("", "(0.034)", "(0.015)", "(0.014)")]  # fmt: skip
    marks = {(1, 1): "**", (1, 2): "**", (3, 1): "**", (3, 2): "*", (3, 3): "**"}
    right = 100 + 4 * 80
    _rule(pdf, 100, right, 700)
    y = 688
    for i, row in enumerate(rows):
        for k, cell in enumerate(row):
            pdf.setFont("Times-Roman", 8)
            pdf.drawString(104 + 80 * k, y, cell)
            if (i, k) in marks:  # set smaller and raised, a little after the number
                pdf.setFont("Times-Roman", 5.5)
                pdf.drawString(104 + 80 * k + pdf.stringWidth(cell, "Times-Roman", 8) + 1.5, y + 4, marks[i, k])
        y -= 12
        if i == 0:
            _rule(pdf, 100, right, y + 8.5, 0.4)
            y -= 3
    _rule(pdf, 100, right, y + 8.5)
    pdf.save()
    (table,) = _rows(path)
    assert table == [
        ["n", "Net worth", "Liq. assets", "Debts"],
        ["0", "0.398 **", "0.230 **", "-0.003"],
        ["", "(0.023)", "(0.012)", "(0.008)"],
        ["1", "0.879 **", "0.389 *", "-0.040 **"],
        ["", "(0.034)", "(0.015)", "(0.014)"],
    ]


def _booktabs(
    pdf: canvas.Canvas, x: float, top: float, widths: Sequence[float], rows: Sequence[Sequence[str]]
) -> float:
    """Top rule, a rule under the header, bottom rule; no vertical line. Returns the bottom rule's y."""
    right = x + sum(widths)
    _rule(pdf, x, right, top, 0.8)
    y = top - 11
    for k, row in enumerate(rows):
        left = x
        for w, cell in zip(widths, row, strict=True):
            pdf.drawString(left + 3, y, cell)
            left += w
        y -= 11
        if k == 0:
            _rule(pdf, x, right, y + 8, 0.5)
            y -= 3
    _rule(pdf, x, right, y + 8, 0.8)
    return y + 8


SMALL = [
    ("Model", "Train", "Test"),
    ("M11", "98.58%", "69.38%"),
    ("M18", "99.33%", "62.48%"),
    ("M34", "10.96%", "11.45%"),
]


def _boxed(
    pdf: canvas.Canvas, x: float, top: float, widths: Sequence[float], rows: Sequence[Sequence[str]]
) -> float:
    """A table ruled all round, every cell boxed. Returns its bottom's y."""
    pdf.setLineWidth(0.5)
    xs = [x + sum(widths[:k]) for k in range(len(widths) + 1)]
    bottom = top - 12 * len(rows)
    for k in range(len(rows) + 1):
        pdf.line(xs[0], top - 12 * k, xs[-1], top - 12 * k)
    for left in xs:
        pdf.line(left, top, left, bottom)
    for i, row in enumerate(rows):
        for left, cell in zip(xs, row, strict=False):
            pdf.drawString(left + 3, top - 12 * i - 9, cell)
    return bottom


def test_each_table_keeps_its_own_caption_when_a_page_sets_them_below(tmp_path: Path) -> None:
    """Captions under side-by-side tables, and a table whose own caption is below it while the caption of the table
    above sits just over it: each table gets the caption under it."""
    path = tmp_path / "captions.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Times-Roman", 8)
    bottom = _boxed(pdf, 60, 740, (50, 45, 45), SMALL)
    pdf.drawString(60, bottom - 14, "Table 3: Test accuracies of the small models.")
    bottom = _boxed(pdf, 330, 740, (50, 45, 45), SMALL)
    pdf.drawString(330, bottom - 14, "Table 5: Test accuracy with fully connected layers.")
    bottom = _boxed(pdf, 330, bottom - 30, (50, 45, 45), SMALL)
    pdf.drawString(330, bottom - 14, "Table 6: Test accuracies without batch normalization.")
    pdf.save()
    tables = extract_pdf(path, max_pages=1).pages[0].tables
    assert sorted((round(t.bbox[0], -1), t.bbox[1] > 100, t.label) for t in tables) == [
        (60, False, "Table 3"),
        (330, False, "Table 5"),
        (330, True, "Table 6"),
    ]


def test_an_appendix_label_above_the_table_is_the_tables_label(tmp_path: Path) -> None:
    path = tmp_path / "appendix.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Times-Roman", 9)
    pdf.drawString(150, 752, "Table C.1: Comparison of the estimates")
    _booktabs(pdf, 150, 740, (60, 60, 60), SMALL)
    pdf.save()
    (table,) = extract_pdf(path, max_pages=1).pages[0].tables
    assert (table.label, table.caption) == ("Table C.1", "Table C.1: Comparison of the estimates")


def test_numbers_without_their_leading_zero_keep_the_columns_a_spanning_name_is_set_over(tmp_path: Path) -> None:
    """'.397' is a number: the rows of numbers split the columns under 'STS-B (rho)' that the name's row hides."""
    path = tmp_path / "leading-dot.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Times-Roman", 9)
    _rule(pdf, 70, 300, 700)
    for x, name in ((72, "Spar-"), (115, "STS-B (rho)"), (185, "SST-2 (acc)"), (245, "MNLI (acc)")):
        pdf.drawString(x, 690, name)
    heads = ("sity", "Shufl", "Reinit", "Shufl", "Reinit", "Shufl", "Reinit")
    xs = (72, 108, 140, 174, 206, 238, 270)
    for x, h in zip(xs, heads, strict=True):
        pdf.drawString(x, 679, h)
    _rule(pdf, 70, 300, 675, 0.4)
    body = [("0.2", ".397", "0.05", ".826", ".491", ".714", ".328"),
            ("0.5", ".312", "-.019", ".808", ".491", ".601", ".328"),
            ("0.7", ".282", ".006", ".787", ".491", ".554", ".328"),
            ("0.9", ".268", "-.036", ".720", ".491", ".403", ".328")]  # fmt: skip
    for k, row in enumerate(body):
        for x, cell in zip(xs, row, strict=True):
            pdf.drawString(x, 665 - 11 * k, cell)
    _rule(pdf, 70, 300, 665 - 11 * len(body) + 7)
    pdf.save()
    (table,) = _rows(path)
    assert [list(r) for r in body] == table[-4:]
    assert list(heads) in table


def test_a_table_numbered_as_a_figure_takes_the_figure_caption_under_it(tmp_path: Path) -> None:
    path = tmp_path / "figure-table.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Times-Roman", 9)
    pdf.drawString(60, 740, "The statistics of every benchmark are listed below; the speedups are measured over runs.")
    rows = [("Benchmark", "Loops", "Traces", "Speedup"), ("alpha-sort", "25", "29", "2.20x"),
            ("beta-hash", "5", "8", "2.86x"), ("gamma-tree", "10", "100", "1.18x"),
            ("delta-sum", "3", "8", "3.05x")]  # fmt: skip
    _inner_ruled(pdf, 80, 700, (90, 60, 60, 60), rows)
    pdf.drawString(80, 700 - 14 * len(rows) - 16, "Figure 7. Detailed recording statistics for the benchmark set.")
    pdf.drawString(60, 560, "Figure 8 shows how the traces grow with the loops; it is drawn on the next page.")
    pdf.save()
    (table,) = extract_pdf(path, max_pages=10).pages[0].tables
    assert [list(r) for r in rows] == table.rows
    assert table.caption == "Figure 7. Detailed recording statistics for the benchmark set."
    assert table.label is None  # a figure's number is no table label


def test_rows_no_rule_separates_are_read_one_per_line(tmp_path: Path) -> None:
    # Ruled around and between the columns, a rule under the header, none between the body rows: the ruling makes
    # one cell per column of the body, holding a line per row.
    path = tmp_path / "stacked.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Times-Roman", 9)
    body = [("Source articles", "28,009"), ("Basic clusters", "5,543"), ("Basic patterns", "643,767")]
    left, middle, right, top = 80, 220, 300, 700
    bottom = top - 16 - 13 * len(body) - 6
    for y in (top, top - 16, bottom):
        pdf.line(left, y, right, y)
    for x in (left, middle, right):
        pdf.line(x, top, x, bottom)
    pdf.drawString(left + 4, top - 12, "Item")
    pdf.drawString(middle + 4, top - 12, "Count")
    for i, (label, value) in enumerate(body):
        pdf.drawString(left + 4, top - 30 - 13 * i, label)
        pdf.drawString(middle + 4, top - 30 - 13 * i, value)
    pdf.save()
    (table,) = extract_pdf(path, max_pages=10).pages[0].tables
    assert table.rows == [["Item", "Count"], *[list(r) for r in body]]


def test_a_label_wrapped_beside_a_one_line_value_stays_one_row(tmp_path: Path) -> None:
    path = tmp_path / "wrapped.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Times-Roman", 9)
    left, middle, right, top = 80, 220, 300, 700
    for y in (top, top - 16, top - 48):
        pdf.line(left, y, right, y)
    for x in (left, middle, right):
        pdf.line(x, top, x, top - 48)
    pdf.drawString(left + 4, top - 12, "Item")
    pdf.drawString(middle + 4, top - 12, "Count")
    pdf.drawString(left + 4, top - 28, "Basic patterns counted")
    pdf.drawString(left + 4, top - 40, "by token")
    pdf.drawString(middle + 4, top - 28, "643,767")
    pdf.save()
    (table,) = extract_pdf(path, max_pages=10).pages[0].tables
    assert table.rows == [["Item", "Count"], ["Basic patterns counted by token", "643,767"]]
