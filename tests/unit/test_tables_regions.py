"""A whitespace region across both columns of a page does not replace a ruled table it holds
(app/ingest/table_regions.py), on a synthetic PDF drawn with reportlab."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas

from app.ingest.extracted import BBox
from app.ingest.table_regions import without_wider_regions
from app.ingest.table_words import Grid
from app.ingest.tables import extract_tables
from tests.unit.pdf_pages import first_page_geometry as _geometry

RESULTS = [
    ("Method", "CER", "WER"),
    ("Clean speech", "0.69", "2.81"),
    ("Reverberant", "11.97", "26.01"),
    ("Baseline", "1.74", "5.60"),
    ("With spectra", "1.77", "5.83"),
    ("With cepstra", "1.77", "5.73"),
    ("Both losses", "1.72", "5.51"),
]


def test_a_region_across_two_columns_does_not_replace_the_ruled_table_it_holds(tmp_path: Path) -> None:
    path = tmp_path / "two-columns.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Times-Roman", 8)
    for k in range(12):  # a chart's tick labels and value marks in the left column
        pdf.drawString(60, 700 - 12 * k, f"{2.4 - 0.1 * k:.1f}")
        pdf.drawString(150 + 7 * k, 690 - 9 * k, f"{400 + 10 * k}")
    # the ruled table in the right column: column rules from top to bottom, rules only above and under the header
    # and under the body, so the body's rows share one ruled row
    xs, top, pitch = (330.0, 430.0, 480.0, 530.0), 700.0, 11.0
    pdf.setLineWidth(0.5)
    bottom = top - 4 - pitch * len(RESULTS)
    for y in (top, top - pitch - 2, bottom):
        pdf.line(xs[0], y, xs[-1], y)
    for x in xs:
        pdf.line(x, top, x, bottom)
    y = top - 9
    for k, row in enumerate(RESULTS):
        for j, cell in enumerate(row):
            pdf.drawString(xs[j] + 3, y, cell)
        y -= pitch + (3 if k == 0 else 0)
    pdf.save()
    geom = _geometry(path)
    width, height = geom.frame.reading_size
    wide: BBox = (50.0, height - 710, 540.0, height - bottom + 5)
    junk = [[f"{2.4 - 0.1 * k:.1f}", f"{400 + 10 * k}", f"{k}", f"{k + 1}", f"{k + 2}"] for k in range(14)]

    def stream() -> list[tuple[list[list[str]], BBox]]:
        return [(junk, wide)]

    tables = extract_tables(geom.chars, geom.edges, geom.lines, (width, height), stream=stream)
    assert [list(r) for r in RESULTS] in [t.rows for t in tables]


PAIRS = [
    ("Pair", "Pearson r", "p-value"),
    ("Terms to BLEU", "+0.071", "0.626"),
    ("Terms to COMET", "-0.029", "0.841"),
    ("BLEU to COMET", "+0.408", "0.004"),
]


def test_a_region_taking_in_the_next_columns_words_beside_a_booktabs_table_yields_to_its_rules(
    tmp_path: Path,
) -> None:
    path = tmp_path / "beside.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Times-Roman", 9)
    xs, top = (330.0, 420.0, 480.0, 540.0), 600.0
    for k in range(4):  # the left column's prose, level with the table's rows
        pdf.drawString(72, top - 10 - 11 * k - (4 if k else 0), f"the text of the left column runs on here {k}")
    pdf.setLineWidth(0.6)
    pdf.line(xs[0], top, xs[-1], top)
    y = top - 10
    for k, row in enumerate(PAIRS):
        for j, cell in enumerate(row):
            pdf.drawString(xs[j] + 3, y, cell)
        if k == 0:
            pdf.line(xs[0], y - 4, xs[-1], y - 4)
            y -= 4
        y -= 11
    pdf.line(xs[0], y + 7, xs[-1], y + 7)
    pdf.save()
    geom = _geometry(path)
    width, height = geom.frame.reading_size
    region: BBox = (225.0, height - top - 5, 545.0, height - y)
    rows = [["in", *row] for row in PAIRS]

    def stream() -> list[tuple[list[list[str]], BBox]]:
        return [(rows, region)]

    tables = extract_tables(geom.chars, geom.edges, geom.lines, (width, height), stream=stream)
    assert [list(r) for r in PAIRS] in [t.rows for t in tables]


def _grid(rows: list[list[str]], bbox: BBox) -> Grid:
    return Grid(rows, [[None] * len(r) for r in rows], bbox)


def test_a_region_with_fewer_columns_than_the_booktabs_table_it_holds_yields_to_it() -> None:
    """A caption or a note the region took in above or below the rules closed a gap between two columns: the frame,
    read on its own, has more. (A whitespace region's columns are cut by the same words_grid as the frame's, so the
    two readings differ only by those lines; the grids are written out here.)"""
    framed = _grid(
        [["Variable", "Description", "Min"], ["Gini", "Gini coefficient", "0.11"], ["Change", "In Gini", "0.02"]],
        (72.0, 100.0, 500.0, 200.0),
    )
    region = _grid(
        [["Table 4: Summary", ""], ["Variable Description", "Min"], ["Gini Gini coefficient", "0.11"]],
        (70.0, 80.0, 502.0, 230.0),
    )
    same = _grid([["Table 4", "", ""], ["Variable", "Description", "Min"]], (70.0, 80.0, 502.0, 230.0))
    assert without_wider_regions([region, same], [], [framed]) == [same]
