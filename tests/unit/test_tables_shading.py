"""Tables whose alternate rows sit on filled bands (app/ingest/table_shading.py), each on a synthetic PDF drawn
with reportlab: the bands' sides are not rules, a run of bands closes a frame its rules leave open, and a grid whose
cells are drawn as separate boxes keeps its sides."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas

from app.ingest.table_booktabs import booktabs_tables
from app.ingest.table_shading import shading_bands, unshaded_edges
from app.ingest.tables import extract_tables
from tests.unit.pdf_pages import first_page_geometry as _geometry

ROWS = [
    ("Age (years)", "-0.028***"),
    ("", "(0.004)"),
    ("Household size", "-0.004***"),
    ("", "(0.001)"),
    ("Female", "0.044***"),
    ("", "(0.003)"),
    ("Urban", "-0.003"),
    ("", "(0.005)"),
    ("Enrollment cost", "0.000"),
    ("", "(0.002)"),
]


def _zebra(path: Path, *, bottom_rule: bool) -> None:
    """A regression table: top rule, a header, a rule under it, its coefficient rows on grey bands (each band drawn
    as two filled boxes, one per cell), standard errors unshaded between them; a bottom rule or none (the table
    goes on over the page)."""
    pdf = canvas.Canvas(str(path), pagesize=letter)
    x0, x1, mid, top, pitch = 150.0, 460.0, 370.0, 600.0, 12.0
    pdf.setFont("Times-Roman", 10)
    pdf.drawString(220, top + 20, "Table 3: Average marginal effects for enrollment")
    pdf.setLineWidth(0.6)
    pdf.line(x0, top, x1, top)
    pdf.drawString(mid + 10, top - 12, "Enrolled")
    pdf.line(x0, top - 18, x1, top - 18)
    y = top - 21
    for k, (label, value) in enumerate(ROWS):
        if k % 2 == 0:
            pdf.setFillGray(0.9)
            pdf.rect(x0, y - pitch, mid - x0, pitch, stroke=0, fill=1)
            pdf.rect(mid, y - pitch, x1 - mid, pitch, stroke=0, fill=1)
            pdf.setFillGray(0.0)
        if label:
            pdf.drawString(x0 + 5, y - 9, label)
        pdf.drawString(mid + 20, y - 9, value)
        y -= pitch
    if bottom_rule:
        pdf.line(x0, y - 3, x1, y - 3)
    pdf.drawString(72, y - 60, "The text of the page goes on under the table, in lines as wide as the page's text.")
    pdf.save()


def _tables(path: Path) -> list[list[list[str]]]:
    geom = _geometry(path)
    return [t.rows for t in extract_tables(geom.chars, geom.edges, geom.lines, geom.frame.reading_size)]


def _held(rows: list[list[str]]) -> set[tuple[str, ...]]:
    return {tuple(c for c in r if c) for r in rows}


def test_a_booktabs_table_on_zebra_bands_is_found_with_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "zebra.pdf"
    _zebra(path, bottom_rule=True)
    tables = _tables(path)
    assert any({tuple(c for c in r if c) for r in ROWS} <= _held(rows) for rows in tables)


def test_a_zebra_table_cut_by_the_page_foot_is_closed_by_its_last_band(tmp_path: Path) -> None:
    path = tmp_path / "zebra-open.pdf"
    _zebra(path, bottom_rule=False)
    tables = _tables(path)
    want = {tuple(c for c in r if c) for r in ROWS[:-1]}  # the last, unshaded row lies under the last band
    assert any(want <= _held(rows) for rows in tables)


def test_a_grid_whose_cells_are_drawn_as_separate_boxes_keeps_its_sides(tmp_path: Path) -> None:
    path = tmp_path / "boxed-cells.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setLineWidth(0.5)
    for k in range(6):
        for j in range(3):
            pdf.rect(100 + 90 * j, 600 - 20 * k, 86, 16, stroke=1, fill=0)  # 4 pt apart, row and column
            pdf.drawString(104 + 90 * j, 605 - 20 * k, f"{k * 3 + j}.5")
    pdf.save()
    geom = _geometry(path)
    assert shading_bands(geom.edges) == []
    assert len(unshaded_edges(geom.edges)) == len(geom.edges)


SUMMARY = [
    ("Variable", "Description", "Min", "Max"),
    ("Distance", "Average linguistic distance of|mother tongue from Hindi", "0.00", "5.00"),
    ("Consumption", "Average household monthly|consumption expenditures", "330.09", "2923.14"),
    ("Gini", "Gini coefficient of consumption", "0.06", "0.56"),
    ("Urban share", "Percentage of people in an|urban area", "0.00", "100.00"),
    ("Female head", "Percentage of households with a|female head", "50.44", "100.00"),
    ("Household size", "Average household size", "3.15", "6.44"),
]


def _summary(path: Path, *, grid: bool) -> None:
    """A summary table set at line pitch, its descriptions wrapped onto a second line, every other row on a grey
    band; with ``grid``, column rules from top to bottom (shaded cells of a ruled table)."""
    pdf = canvas.Canvas(str(path), pagesize=letter)
    xs, top, pitch = (80.0, 170.0, 340.0, 400.0, 470.0), 650.0, 11.0
    pdf.setFont("Times-Roman", 9)
    pdf.setLineWidth(0.6)
    pdf.line(xs[0], top, xs[-1], top)
    for j, name in enumerate(SUMMARY[0]):
        pdf.drawString(xs[j] + 3, top - 9, name)
    pdf.line(xs[0], top - 13, xs[-1], top - 13)
    y = top - 15
    for k, row in enumerate(SUMMARY[1:]):
        lines = max(len(c.split("|")) for c in row)
        if k % 2 == 0:
            pdf.setFillGray(0.9)
            pdf.rect(xs[0], y - pitch * lines, xs[-1] - xs[0], pitch * lines, stroke=0, fill=1)
            pdf.setFillGray(0.0)
        for j, cell in enumerate(row):
            for n, part in enumerate(cell.split("|")):
                pdf.drawString(xs[j] + 3, y - 9 - pitch * n, part)
        y -= pitch * lines
    pdf.line(xs[0], y - 2, xs[-1], y - 2)
    if grid:
        for x in xs:
            pdf.line(x, top, x, y - 2)
    pdf.save()


def test_a_shaded_tables_wrapped_descriptions_are_joined_into_their_rows(tmp_path: Path) -> None:
    path = tmp_path / "summary.pdf"
    _summary(path, grid=False)
    want = {tuple(c.replace("|", " ") for c in r) for r in SUMMARY}
    assert any(want <= _held(rows) for rows in _tables(path))


def test_the_shaded_cells_of_a_ruled_grid_are_not_bands(tmp_path: Path) -> None:
    path = tmp_path / "shaded-grid.pdf"
    _summary(path, grid=True)
    assert shading_bands(_geometry(path).edges) == []


def test_two_shaded_rows_in_a_row_do_not_close_the_frame_between_them(tmp_path: Path) -> None:
    """Bands over rows 1, 3, 4 and 6: the band of row 4 sets right under that of row 3, and starts a second run; the
    first run is not closed by a rule of its own there, which would leave no text between two rules."""
    path = tmp_path / "two-in-a-row.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    x0, x1, top, pitch = 100.0, 400.0, 650.0, 12.0
    pdf.setFont("Times-Roman", 10)
    pdf.setLineWidth(0.6)
    pdf.line(x0, top, x1, top)
    pdf.drawString(x0 + 4, top - 10, "Variable")
    pdf.drawString(300, top - 10, "Mean")
    pdf.line(x0, top - 14, x1, top - 14)
    y = top - 17
    for k in range(7):
        if k in (0, 2, 3, 5):
            pdf.setFillGray(0.9)
            pdf.rect(x0, y - pitch + 1, x1 - x0, pitch - 2, stroke=0, fill=1)  # 2 pt between bands 2 and 3
            pdf.setFillGray(0.0)
        pdf.drawString(x0 + 4, y - 9, f"Variable {k}")
        pdf.drawString(300, y - 9, f"{k}.25")
        y -= pitch
    pdf.line(x0, y - 2, x1, y - 2)
    pdf.save()
    geom = _geometry(path)
    bands = shading_bands(geom.edges)
    assert len(bands) == 4
    grids = booktabs_tables(unshaded_edges(geom.edges, bands), geom.lines, [])
    want = {("Variable", "Mean"), *((f"Variable {k}", f"{k}.25") for k in range(7))}
    assert any(want <= _held(g.rows) for g in grids)


STATS = [
    ("Baseline", "1151.93", "1416.81", "1318.11", "60.92"),
    ("EE1", "1164.58", "1386.37", "1291.62", "51.70"),
    ("EE2", "1089.45", "1369.67", "1255.11", "62.44"),
    ("EE3", "1130.56", "1429.11", "1313.29", "72.78"),
    ("EE4", "1084.92", "1321.92", "1239.13", "63.67"),
    ("Global", "1067.08", "1429.11", "1271.80", "72.77"),
]


def test_bands_drawn_one_narrow_box_per_cell_are_bands(tmp_path: Path) -> None:
    """LaTeX's \\rowcolor fills each cell on its own: every piece of a band is narrower than a band, the row of them
    is not; read as boxes of a grid, the unshaded rows between them were lost or glued to the shaded ones."""
    path = tmp_path / "rowcolor.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    x0, widths, top, pitch = 150.0, (52.0, 35.0, 35.0, 35.0, 28.0), 600.0, 8.0
    edges = [x0 + sum(widths[:k]) for k in range(len(widths) + 1)]
    pdf.setFont("Times-Roman", 7)
    pdf.drawString(x0, top + 14, "TABLE III: Descriptive statistics of the energy consumption")
    pdf.setLineWidth(0.5)
    pdf.line(edges[0], top, edges[-1], top)
    for k, name in enumerate(("Tactic", "Min.", "Max.", "Mean", "SD")):
        pdf.drawString(edges[k] + 2, top - 7, name)
    pdf.line(edges[0], top - 10, edges[-1], top - 10)
    y = top - 10
    for k, row in enumerate(STATS):
        if k % 2 == 1:
            pdf.setFillGray(0.85)
            for a, b in zip(edges, edges[1:], strict=False):
                pdf.rect(a, y - pitch, b - a, pitch, stroke=1, fill=1)
            pdf.setFillGray(0.0)
        for c, text in enumerate(row):
            pdf.drawString(edges[c] + 2, y - 6.5, text)
        y -= pitch
    pdf.line(edges[0], y, edges[-1], y)
    pdf.drawString(72, y - 60, "The text of the page goes on under the table, in lines as wide as the page's text.")
    pdf.save()
    geom = _geometry(path)
    assert len(shading_bands(geom.edges)) == 3
    assert any(set(STATS) <= _held(rows) for rows in _tables(path))
