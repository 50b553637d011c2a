"""Tables as research papers set them (issue 32), each on a synthetic PDF drawn with reportlab."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
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


def _prose(pdf: canvas.Canvas, x: float, y: float, lines: int) -> float:
    text = "The method is compared with the baselines on three tasks of the benchmark, as the table shows."
    for k in range(lines):
        pdf.drawString(x, y - 12 * k, text[: 60 - (k % 3)])
    return y - 12 * lines


BOOKTABS = [
    ("", "STS-B", "SST-2", "MNLI"),
    ("Train", "7k", "67k", "393k"),
    ("Dev", "1.5k", "872", "20k"),
    ("Input", "SentPair", "SingleSent", "SentPair"),
    ("Metric", "Spearman's rho", "Accuracy", "Accuracy"),
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


def test_a_table_framed_by_horizontal_rules_only_is_found_and_an_algorithm_box_is_not(tmp_path: Path) -> None:
    path = tmp_path / "booktabs.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Times-Roman", 9)
    # left column: prose, then an algorithm set between rules of one width
    y = _prose(pdf, 60, 740, 8)
    _rule(pdf, 60, 290, y - 4, 0.8)
    pdf.drawString(62, y - 15, "Algorithm 1 Adapt by Pruning Algorithm")
    _rule(pdf, 60, 290, y - 19, 0.5)
    for k, step in enumerate(["Inputs: a trained model, training data and a target sparsity s",
                              "for i = 1, ..., T do", "    Obtain the scores following Eq. (7) and the mask",
                              "    break if the ratio of negative values is larger than s", "end for",
                              "Output: the binary mask computed from the last scores"]):  # fmt: skip
        pdf.drawString(64, y - 31 - 12 * k, step)
    _rule(pdf, 60, 290, y - 31 - 12 * 6, 0.8)
    # right column: prose, the table, its caption below
    y = _prose(pdf, 320, 740, 6)
    bottom = _booktabs(pdf, 320, y - 6, (50, 62, 62, 50), BOOKTABS)
    pdf.drawString(330, bottom - 16, "Table 2: GLUE datasets used in the experiments.")
    _prose(pdf, 320, bottom - 40, 6)
    pdf.save()
    (table,) = extract_pdf(path, max_pages=1).pages[0].tables
    assert table.rows == [list(r) for r in BOOKTABS]
    assert table.label == "Table 2"


def test_a_total_row_under_the_last_rule_stays_with_the_table(tmp_path: Path) -> None:
    path = tmp_path / "total.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Helvetica", 9)
    pdf.drawString(80, 720, "Table 1: Households' reaction to financial losses")
    rows = [("Reaction", "Freq.", "Percent"), ("I kept the assets", "344", "75.2"),
            ("I sold some of the assets", "53", "11.6"), ("I sold all of them", "61", "13.2")]  # fmt: skip
    bottom = _booktabs(pdf, 80, 710, (160, 60, 60), rows)
    pdf.drawString(83, bottom - 11, "Total")
    pdf.drawString(243, bottom - 11, "458")
    pdf.drawString(303, bottom - 11, "100.0")
    pdf.drawString(83, bottom - 24, "Source: the survey of 2009, weighted.")
    pdf.save()
    (table,) = _rows(path)
    assert table == [list(r) for r in rows] + [["Total", "458", "100.0"]]


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


def test_a_sideways_booktabs_table_reads_upright_with_its_wrapped_cells_whole(tmp_path: Path) -> None:
    """A table printed sideways on a portrait page (LaTeX sidewaystable): read in its own orientation; a cell whose
    text wraps over several lines in its narrow column is one cell; a header line stays a row of its own."""
    path = tmp_path / "sideways.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.translate(306, 396)
    pdf.rotate(90)  # text runs bottom to top
    pdf.setFont("Times-Roman", 9)
    x, widths = -270, (110, 80, 230)
    right = x + sum(widths)
    pdf.drawString(x, 110, "Table F.2: Income variables definitions")
    rows: list[tuple[str, ...]] = [
        ("Variable", "Register name", "Definition"),
        ("Labor income", "ERHVERVSINDK", "Labor market income, including bonuses, compensations and"),
        ("", "", "income from self-employment"),
        ("Salary", "LOENMV", "Part of ERHVERVSINDK, only salary (excludes bonuses"),
        ("", "", "and other compensations)"),
        ("Spouse", "EFALLE | CIVST", "Indicator for married status. Includes civil unions"),
    ]
    _rule(pdf, x, right, 100)
    y = 89
    for k, row in enumerate(rows):
        left = x
        for w, cell in zip(widths, row, strict=True):
            pdf.drawString(left + 3, y, cell)
            left += w
        y -= 11
        if k == 0:
            _rule(pdf, x, right, y + 8, 0.4)
            y -= 3
    _rule(pdf, x, right, y + 8)
    pdf.save()
    (table,) = extract_pdf(path, max_pages=1).pages[0].tables
    labor = "Labor market income, including bonuses, compensations and income from self-employment"
    assert table.rows == [
        ["Variable", "Register name", "Definition"],
        ["Labor income", "ERHVERVSINDK", labor],
        ["Salary", "LOENMV", "Part of ERHVERVSINDK, only salary (excludes bonuses and other compensations)"],
        ["Spouse", "EFALLE | CIVST", "Indicator for married status. Includes civil unions"],
    ]


SMALL = [
    ("Model", "Train", "Test"),
    ("M11", "98.58%", "69.38%"),
    ("M18", "99.33%", "62.48%"),
    ("M34", "10.96%", "11.45%"),
]


def test_each_table_keeps_its_own_caption_when_a_page_sets_them_below(tmp_path: Path) -> None:
    """Captions under side-by-side tables, and a table whose own caption is below it while the caption of the table
    above sits just over it: each table gets the caption under it."""
    path = tmp_path / "captions.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Times-Roman", 8)
    bottom = _booktabs(pdf, 60, 740, (50, 45, 45), SMALL)
    pdf.drawString(60, bottom - 14, "Table 3: Test accuracies of the small models.")
    bottom = _booktabs(pdf, 330, 740, (50, 45, 45), SMALL)
    pdf.drawString(330, bottom - 14, "Table 5: Test accuracy with fully connected layers.")
    bottom = _booktabs(pdf, 330, bottom - 40, (50, 45, 45), SMALL)
    pdf.drawString(330, bottom - 14, "Table 6: Test accuracies without batch normalization.")
    pdf.save()
    tables = extract_pdf(path, max_pages=1).pages[0].tables
    assert sorted((round(t.bbox[0]), round(t.bbox[1]), t.label) for t in tables) == [
        (60, 52, "Table 3"),
        (330, 52, "Table 5"),
        (330, 142, "Table 6"),
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


WHITESPACE = [("Method", "Accuracy", "Latency"), ("Baseline", "71.2", "35 ms"), ("Distilled", "69.8", "12 ms"),
              ("Pruned (ours)", "72.4", "14 ms"), ("Quantized", "70.1", "9 ms")]  # fmt: skip
PROSE = [
    "We compare the models on the held-out split of the corpus and report the accuracy",
    "of each model together with the time it takes to answer one query on a single core",
    "of the evaluation machine; every figure is the mean of five runs with fresh seeds.",
]


@pytest.mark.parametrize("caption_above", [True, False])
@pytest.mark.parametrize("header_rule", [False, True])
def test_a_whitespace_table_by_its_caption_in_a_two_column_page(
    tmp_path: Path, caption_above: bool, header_rule: bool
) -> None:
    """No rules (or one under the header), the caption above or below, prose beside it in the other column: the
    table is the rows set as cells next to the caption, in the caption's column, and the page's two columns of
    prose are no table."""
    path = tmp_path / "whitespace.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Times-Roman", 9)
    for k in range(40):
        pdf.drawString(320, 740 - 12 * k, PROSE[k % 3][:58])
    for k in range(12):
        pdf.drawString(60, 740 - 12 * k, PROSE[k % 3][:58])
    caption = "Table 4: Accuracy and latency of the compressed models."
    y = 740 - 12 * 12 - 10
    if caption_above:
        pdf.drawString(60, y, caption)
        y -= 18
    for i, row in enumerate(WHITESPACE):
        for x, cell in zip((62, 160, 230), row, strict=True):
            pdf.drawString(x, y, cell)
        if i == 0 and header_rule:
            _rule(pdf, 60, 280, y - 3, 0.4)
        y -= 12
    if not caption_above:
        pdf.drawString(60, y - 6, caption)
        y -= 18
    for k in range(8):
        pdf.drawString(60, y - 12 - 12 * k, PROSE[k % 3][:58])
    pdf.save()
    (table,) = extract_pdf(path, max_pages=1).pages[0].tables
    assert (table.label, table.rows) == ("Table 4", [list(r) for r in WHITESPACE])


def test_a_booktabs_table_on_a_landscape_page_set_by_rotate_reads_upright(tmp_path: Path) -> None:
    path = tmp_path / "landscape.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setPageRotation(90)  # /Rotate 90: shown landscape, the content drawn turned to read upright
    pdf.translate(612, 0)
    pdf.rotate(90)
    pdf.setFont("Times-Roman", 9)
    pdf.drawString(100, 500, "Table 7: Datasets, printed on a landscape page.")
    _booktabs(pdf, 100, 490, (60, 70, 70, 60), BOOKTABS)
    pdf.save()
    (table,) = extract_pdf(path, max_pages=1).pages[0].tables
    assert (table.label, table.rows) == ("Table 7", [list(r) for r in BOOKTABS])
