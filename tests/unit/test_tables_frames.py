"""Tables whose horizontal rules frame them (app/ingest/table_frames.py), each on a synthetic PDF drawn with
reportlab: a taller whitespace region yields to the rules, a figure's edges are not a table's cell sides, and two
rules under a caption frame a table of text."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.lib.pagesizes import landscape, letter
from reportlab.pdfgen import canvas

from app.ingest.pdf import extract_pdf
from app.ingest.table_booktabs import booktabs_tables
from app.ingest.tables import extract_tables
from tests.unit.pdf_pages import first_page_geometry as _geometry

RESULTS = [
    ("Sparsity", "Shuffled", "Reset", "Kept"),
    ("0.2", ".397", "0.05", ".826"),
    ("0.5", ".312", "-.019", ".808"),
    ("0.7", ".282", ".006", ".787"),
    ("0.9", ".268", "-.036", ".720"),
]


def _booktabs(pdf: canvas.Canvas, x: float, top: float, width: float, rows: Sequence[Sequence[str]]) -> float:
    """Top rule, a rule under the header, bottom rule; no vertical line. Returns the bottom rule's y."""
    pdf.setLineWidth(0.6)
    pdf.line(x, top, x + width, top)
    step = width / len(rows[0])
    y = top - 11
    for k, row in enumerate(rows):
        for j, cell in enumerate(row):
            pdf.drawString(x + 3 + j * step, y, cell)
        y -= 11
        if k == 0:
            pdf.line(x, y + 8, x + width, y + 8)
            y -= 3
    pdf.line(x, y + 8, x + width, y + 8)
    return y + 8


def _chart(pdf: canvas.Canvas, x: float, top: float, bottom: float) -> None:
    """A line chart: tick labels down two axes, a legend, bars drawn as tall vertical strokes with a base line."""
    pdf.setFont("Times-Roman", 8)
    y, tick = top, 0.30
    while y > bottom + 10:
        pdf.drawString(x, y, f"{tick:.2f}")
        pdf.drawString(x + 110, y, f"{tick - 0.05:.2f}")
        y -= 22
        tick -= 0.05
    for k, name in enumerate(("IMP", "MP", "Ours")):
        pdf.drawString(x + 180, top - 30 - 10 * k, name)
    pdf.setLineWidth(0.4)
    pdf.line(x + 20, bottom, x + 100, bottom)
    for k in range(4):
        pdf.line(x + 30 + 15 * k, bottom, x + 30 + 15 * k, top)


def test_a_whitespace_region_taking_in_a_chart_above_a_booktabs_table_yields_to_the_tables_rules(
    tmp_path: Path,
) -> None:
    path = tmp_path / "chart-and-table.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    _chart(pdf, 72, 720, 560)
    pdf.setFont("Times-Roman", 9)
    y = 540
    for text in (
        "Figure 3: The distribution of the surviving connections over",
        "different components and layers is different in the sub-networks",
        "obtained through our approach. Results are from five runs.",
    ):
        pdf.drawString(72, y, text)
        y -= 11
    pdf.setFont("Times-Roman", 8)
    bottom = _booktabs(pdf, 72, 480, 220, RESULTS)
    pdf.setFont("Times-Roman", 9)
    pdf.drawString(72, bottom - 14, "Table 3: Supermasks are sensitive to shuffling and to weights reset.")
    pdf.save()
    geom = _geometry(path)
    width, height = geom.frame.reading_size
    tall = (60.0, 60.0, 300.0, height - bottom + 20)  # a whitespace finder's region: chart, caption and table
    stream_rows = [["0.30", "0.25"], ["0.25", "0.20"], ["Sparsity Shuffled", "Reset Kept"], ["0.2 .397", "0.05 .826"]]
    called = []

    def stream() -> list[tuple[list[list[str]], tuple[float, float, float, float]]]:
        called.append(True)
        return [(stream_rows, tall)]

    tables = extract_tables(geom.chars, geom.edges, geom.lines, (width, height), stream=stream)
    assert called
    assert [list(r) for r in RESULTS] in [t.rows for t in tables]


def test_a_whitespace_region_taking_in_a_charts_labels_beside_a_booktabs_table_yields_to_the_tables_rules(
    tmp_path: Path,
) -> None:
    path = tmp_path / "table-and-chart.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Times-Roman", 8)
    bottom = _booktabs(pdf, 72, 700, 200, RESULTS)
    for k, tick in enumerate(("0.2", "0.0", "-0.2", "0.4", "0.1")):  # a chart's axis beside the table
        pdf.drawString(330, 700 - 14 * k, tick)
    pdf.saveState()
    pdf.translate(315, bottom + 4)
    pdf.rotate(90)
    pdf.drawString(0, 0, "Amplitude")  # its axis label, set upwards
    pdf.restoreState()
    pdf.save()
    geom = _geometry(path)
    width, height = geom.frame.reading_size
    wide = (60.0, height - 705, 345.0, height - bottom + 5)

    def stream() -> list[tuple[list[list[str]], tuple[float, float, float, float]]]:
        return [([["Sparsity Shuffled", "Reset Kept", "0.2"], ["0.2 .397", "0.05 .826", "0.0"]], wide)]

    tables = extract_tables(geom.chars, geom.edges, geom.lines, (width, height), stream=stream)
    assert [list(r) for r in RESULTS] in [t.rows for t in tables]

def test_a_figures_strokes_running_through_a_booktabs_frame_are_not_its_cell_sides(tmp_path: Path) -> None:
    path = tmp_path / "strokes.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Times-Roman", 8)
    bottom = _booktabs(pdf, 72, 600, 220, RESULTS)
    # a figure's strokes from far above the table to far below it, meeting the figure's own rules there
    pdf.setLineWidth(0.4)
    for x in (120.0, 180.0):
        pdf.line(x, 700, x, bottom - 100)
    pdf.line(100, 700, 200, 700)
    pdf.line(100, bottom - 100, 200, bottom - 100)
    pdf.save()
    geom = _geometry(path)
    assert [list(r) for r in RESULTS] in [g.rows for g in booktabs_tables(geom.edges, geom.lines, [])]


def test_a_band_of_a_ruled_table_under_rules_of_its_right_columns_only_is_not_a_table_of_its_own(
    tmp_path: Path,
) -> None:
    path = tmp_path / "band.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Times-Roman", 8)
    pdf.setLineWidth(0.5)
    xs, top, pitch = (72.0, 200.0, 300.0, 400.0), 700.0, 15.0
    for k in range(10):  # a rule under each row; under rows 3, 5 and 7 only across the right columns
        y = top - pitch * k
        pdf.line(xs[1] if k in (3, 5, 7) else xs[0], y, xs[-1], y)
    for x in xs:  # each column's sides run from the table's top rule to its bottom rule
        pdf.line(x, top, x, top - 9 * pitch)
    for k in range(9):
        y = top - pitch * k - 11
        if k % 2 == 0 or k < 3:
            pdf.drawString(xs[0] + 3, y, f"Engine part {k}")
        pdf.drawString(xs[1] + 3, y, f"alarm {k}")
        pdf.drawString(xs[2] + 3, y, "local" if k % 2 else "X")
    pdf.save()
    geom = _geometry(path)
    assert booktabs_tables(geom.edges, geom.lines, []) == []

DEFINITIONS = [
    ("Housing equity", "hequity", "The value of real estate owned by the person minus the", "debts secured on it"),
    ("Liquid assets", "liq_assets", "The sum of all cash and savings accounts held by a person", ""),
    ("Debts", "debts", "The sum of all debts not secured on a bond granted by", "banks in the country"),
    ("Net worth", "networth", "Housing equity and liquid assets, minus debts", ""),
]


def test_a_table_of_text_between_a_top_and_a_bottom_rule_under_its_caption_is_found_with_wrapped_cells_joined(
    tmp_path: Path,
) -> None:
    path = tmp_path / "definitions.pdf"
    pdf = canvas.Canvas(str(path), pagesize=landscape(letter))
    pdf.setFont("Times-Roman", 10)
    pdf.drawString(100, 520, "The variables are defined from the registers as follows.")
    pdf.drawString(300, 480, "Table F.1: Wealth variables definitions")
    pdf.setLineWidth(0.6)
    pdf.line(120, 474, 670, 474)
    y = 460
    for name, short, first, rest in DEFINITIONS:
        pdf.drawString(125, y, name)
        pdf.drawString(250, y, short)
        pdf.drawString(400, y, first)
        y -= 12
        if rest:
            pdf.drawString(400, y, rest)
            y -= 12
    pdf.line(120, y + 6, 670, y + 6)
    pdf.drawString(100, y - 30, "These definitions follow the registers' own documentation of each variable.")
    pdf.save()
    tables = [t.rows for t in extract_pdf(path, max_pages=2).pages[0].tables]
    expected = [[name, short, f"{first} {rest}".strip()] for name, short, first, rest in DEFINITIONS]
    assert expected in tables


def test_a_column_name_wrapped_onto_the_headers_second_line_is_one_name(tmp_path: Path) -> None:
    path = tmp_path / "header-wrap.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Times-Roman", 9)
    pdf.drawString(130, 640, "Table G.8: Extended results, household outcomes")
    xs = (135, 190, 260, 340, 420)
    pdf.setLineWidth(0.6)
    pdf.line(130, 630, 480, 630)
    for x, name in zip(xs, ("n", "Married", "# children", "Spouse net worth", "Household net"), strict=True):
        pdf.drawString(x, 620, name)
    pdf.drawString(xs[-1], 610, "worth")
    pdf.line(130, 605, 480, 605)
    y = 592
    for k in range(5):
        for x, cell in zip(xs, (str(k - 2), f"0.0{k}5", f"0.00{k}", f"-0.0{k}3", f"-0.{k}36"), strict=True):
            pdf.drawString(x, y, cell)
        y -= 12
    pdf.line(130, y + 8, 480, y + 8)
    pdf.save()
    (table,) = [t.rows for t in extract_pdf(path, max_pages=2).pages[0].tables]
    assert table[0] == ["n", "Married", "# children", "Spouse net worth", "Household net worth"]
    assert table[1] == ["-2", "0.005", "0.000", "-0.003", "-0.036"]


def test_the_check_marks_of_the_ams_symbol_font_are_read_as_check_marks_not_as_x(tmp_path: Path) -> None:
    path = tmp_path / "checks.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    rows = [("Method", "Fast", "Small", "Reused"), ("Pruning", "X", "X", ""), ("Distillation", "X", "", "X"),
            ("Ours", "X", "X", "X")]  # fmt: skip
    pdf.setLineWidth(0.6)
    pdf.line(100, 712, 380, 712)
    y = 700
    for k, row in enumerate(rows):
        for j, cell in enumerate(row):
            # the marks in a font renamed below to the AMS symbol font, which draws its check mark at "X"
            pdf.setFont("Times-Roman" if k == 0 or j == 0 else "Helvetica", 9)
            pdf.drawString(104 + 70 * j, y, cell)
        y -= 12
        if k == 0:
            pdf.line(100, y + 8, 380, y + 8)
            y -= 3
    pdf.line(100, y + 8, 380, y + 8)
    pdf.save()
    data = path.read_bytes()
    assert data.count(b"/BaseFont /Helvetica") == 1
    path.write_bytes(data.replace(b"/BaseFont /Helvetica", b"/BaseFont /MSAM10   "))  # same length: offsets hold
    (table,) = [t.rows for t in extract_pdf(path, max_pages=2).pages[0].tables]
    assert table == [[c.replace("X", "\u2713") for c in row] for row in rows]
