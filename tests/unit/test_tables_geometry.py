"""Tables and their cells read by geometry and text alone (issue 32), each on a synthetic PDF drawn with
reportlab."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pypdfium2 as pdfium
from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas

from app.ingest.page_geometry import read_page_geometry
from app.ingest.pdf import extract_pdf
from app.ingest.table_ruled import lattice_tables


def _tables(path: Path) -> list[list[list[str]]]:
    return [t.rows for t in extract_pdf(path, max_pages=2).pages[0].tables]


def _unruled(pdf: canvas.Canvas, x: float, top: float, widths: Sequence[float], rows: Sequence[Sequence[str]]) -> None:
    """A table of whitespace columns: rules above and below, the figures set flush right in their columns."""
    pitch = 11
    right = x + sum(widths)
    pdf.line(x, top + 10, right, top + 10)
    for k, row in enumerate(rows):
        y = top - k * pitch
        left = x
        for j, (w, cell) in enumerate(zip(widths, row, strict=True)):
            if cell == "—":
                # a dash set wide (a font whose dash is wider than its line is tall)
                text = pdf.beginText(left + w - 12, y)
                text.setFont("Helvetica", 9)
                text.setHorizScale(130)
                text.textOut(cell)
                pdf.drawText(text)
            elif j == 0:
                pdf.drawString(left, y, cell)
            else:
                pdf.drawRightString(left + w, y, cell)
            left += w
    pdf.line(x, top - len(rows) * pitch + 6, right, top - len(rows) * pitch + 6)


def test_a_column_of_dashes_keeps_one_dash_per_row(tmp_path: Path) -> None:
    path = tmp_path / "dashes.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Helvetica", 9)
    rows = [("Year", "Total", "First", "Second", "Third")]
    rows += [(str(1990 + i), f"{40 + i},{100 + 7 * i}", f"{20 + i},{300 + i}", f"{500 + i}", "—") for i in range(8)]
    rows += [(str(1998 + i), f"{50 + i},{200 + i}", f"{30 + i},{100 + i}", f"{600 + i}", f"{12 + i}") for i in range(3)]
    _unruled(pdf, 60, 700, (60, 70, 70, 70, 70), rows)
    pdf.save()
    assert [list(r) for r in rows] in _tables(path)


def test_a_total_set_out_left_of_the_indented_label_above_is_a_row_of_its_own(tmp_path: Path) -> None:
    path = tmp_path / "total.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Helvetica", 9)
    rows = [("Group", "Count", "Rate", "Share"), ("Region", "", "", ""), ("North", "1,210", "91.3", "11.0"),
            ("South", "6,420", "72.5", "17.5"), ("East", "40,160", "150.2", "31.5"), ("West", "2,915", "30.8", "8.1"),
            ("total", "50,705", "129.9", "68.1")]  # fmt: skip
    right = 60 + 120 + 3 * 70
    pdf.line(60, 710, right, 710)
    for k, row in enumerate(rows):
        y = 700 - k * 12
        # the items under a section label are indented; the total is set back at the margin
        indent = 6 if 2 <= k < len(rows) - 1 else 0
        pdf.drawString(60 + indent, y, row[0])
        for j, cell in enumerate(row[1:], start=1):
            pdf.drawRightString(180 + 70 * j, y, cell)
    pdf.line(60, 700 - len(rows) * 12 + 6, right, 700 - len(rows) * 12 + 6)
    pdf.save()
    (table,) = _tables(path)
    assert ["West", "2,915", "30.8", "8.1"] in table
    assert ["total", "50,705", "129.9", "68.1"] in table


def test_a_label_that_is_a_figure_does_not_wrap_onto_the_line_below(tmp_path: Path) -> None:
    path = tmp_path / "ages.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Helvetica", 9)
    rows = [("Age", "Count", "Rate", "Share"), ("Women", "", "", ""), ("18-24", "1,210", "91.3", "11.0"),
            ("25-44", "6,420", "72.5", "17.5"), ("45-64", "40,160", "150.2", "31.5"), ("65+", "2,915", "30.8", "8.1"),
            ("total", "50,705", "129.9", "68.1")]  # fmt: skip
    right = 60 + 120 + 3 * 70
    pdf.line(60, 710, right, 710)
    for k, row in enumerate(rows):
        y = 700 - k * 12
        pdf.drawString(60, y, row[0])
        for j, cell in enumerate(row[1:], start=1):
            pdf.drawRightString(180 + 70 * j, y, cell)
    pdf.line(60, 700 - len(rows) * 12 + 6, right, 700 - len(rows) * 12 + 6)
    pdf.save()
    (table,) = _tables(path)
    assert ["65+", "2,915", "30.8", "8.1"] in table
    assert ["total", "50,705", "129.9", "68.1"] in table


_PROSE = (
    "The rates shown in the table were highest in the states of the south and lowest in the west, "
    "while the counts follow the size of each population; the differences between the groups held in "
    "every year of the study and were larger among the older groups than among the younger ones, which "
    "agrees with what earlier reports found for the same period and the same sources of the data used here. "
    "Each figure is an estimate from a sample, and the intervals give the range within which the true value "
    "lies with high confidence; a small group has a wide interval and its rank among the others is uncertain."
)


def test_a_column_of_running_text_beside_a_table_is_not_its_last_column(tmp_path: Path) -> None:
    path = tmp_path / "beside.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    rows = [("Area", "Count", "Rate", "Share", "Count", "Rate")]
    rows += [(f"Area {chr(65 + i)}", f"{1000 + 37 * i:,}", f"{190 - 3.1 * i:.1f}", f"{20 - 0.7 * i:.1f}",
              f"{400 + 11 * i}", f"{50 - 1.3 * i:.1f}") for i in range(18)]  # fmt: skip
    pdf.setFont("Helvetica", 7)
    for k, row in enumerate(rows):
        y = 700 - k * 10
        pdf.drawString(40, y, row[0])
        for j, cell in enumerate(row[1:], start=1):
            pdf.drawRightString(80 + 40 * j, y, cell)
    # the page's other text column, set right beside the table at a line pitch of its own
    pdf.setFont("Helvetica", 8)
    words, line, y = (_PROSE + " " + _PROSE).split(), "", 702.0
    for w in words:
        if pdf.stringWidth(f"{line} {w}", "Helvetica", 8) > 250:
            pdf.drawString(300, y, line)
            line, y = w, y - 13
        else:
            line = f"{line} {w}".strip()
    pdf.drawString(300, y, line)
    pdf.save()
    tables = _tables(path)
    assert any([list(r) for r in rows[1:]] == t[-len(rows) + 1 :] for t in tables), tables


def test_a_ruled_body_of_one_cell_per_column_is_read_row_by_row_when_a_value_is_missing(tmp_path: Path) -> None:
    path = tmp_path / "body.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Helvetica", 9)
    head = ("Country", "Fund A", "Fund B", "Total")
    body = [("North", "2.1", "3.4", "5.5"), ("South", "0.35", "0", "0.35"), ("East", "7.6", "12.9", "20.5"),
            ("West", "1.2", "1.6", "2.8"), ("Other aid", "", "0.64", "")]  # fmt: skip
    xs = (100, 200, 280, 360, 440)
    top, pitch = 700, 12
    bottom = top - pitch * (len(body) + 2) - 8
    for y in (top, top - pitch - 4, top - pitch * (len(body) + 1) - 6, bottom):
        pdf.line(xs[0], y, xs[-1], y)  # rules over the header, under it, under the body, under the total
    for x in xs:
        pdf.line(x, top, x, bottom)
    for k, row in enumerate([head, *body, ("Total", "11.25", "18.54", "29.79")]):
        y = top - pitch * (k + 1) + 2 - (4 if k else 0) - (2 if k > len(body) else 0)
        for j, cell in enumerate(row):
            pdf.drawString(xs[j] + 4, y, cell)
    pdf.save()
    # the ruled reading itself (whitespace columns may read such a page too, and win where they do)
    doc = pdfium.PdfDocument(str(path))
    geom = read_page_geometry(doc[0])
    (grid,) = lattice_tables(geom.chars, geom.edges, geom.frame.reading_size, geom.lines)
    doc.close()
    assert grid.stacked is not None
    assert [list(r) for r in body] == grid.stacked.rows[1:-1]


def test_a_label_wrapped_onto_a_closer_line_under_it_is_one_label(tmp_path: Path) -> None:
    path = tmp_path / "wrapped.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Helvetica", 8)
    values = ("1,140", "2,705", "(5.1)")
    # (label, x, line pitch above it, values): items indented under their section labels, one label wrapped onto a
    # second line set closer than the rows are
    lines = [("Sex", 60, 14, False), ("Male", 66, 12, True), ("Female", 66, 12, True), ("Race", 60, 12, False),
             ("White", 66, 12, True), ("Black", 66, 12, True), ("Seasonal and Farm", 66, 12, True),
             ("Workers", 68, 9, False), ("Region", 60, 12, False), ("North", 66, 12, True),
             ("South", 66, 12, True)]  # fmt: skip
    right = 200 + 3 * 60
    y = 710.0
    pdf.line(60, y + 10, right, y + 10)
    pdf.drawString(60, y, "Group")
    for j, name in enumerate(("Count", "Cases", "Share"), start=1):
        pdf.drawRightString(200 + 60 * j, y, name)
    for label, x, pitch, has_values in lines:
        y -= pitch
        pdf.drawString(x, y, label)
        for j, cell in enumerate(values if has_values else (), start=1):
            pdf.drawRightString(200 + 60 * j, y, cell)
    pdf.line(60, y - 6, right, y - 6)
    pdf.save()
    (table,) = _tables(path)
    assert ["Seasonal and Farm Workers", *values] in table
    assert ["Region", "", "", ""] in table


def test_frames_around_each_line_of_a_header_cell_do_not_cut_it_into_rows(tmp_path: Path) -> None:
    path = tmp_path / "frames.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Helvetica", 9)
    pdf.setLineWidth(0.5)
    xs = (100, 250, 330, 410, 490)
    head = ("", "by road", "by rail", "by sea")
    unit = ("", "t/day", "t/day", "t/day")
    body = [("Grain", "20 million", "-", "-"), ("Timber", "300 000", "-", "-"),
            ("Cement", "40 000", "-", "-"), ("Steel", "120 000", "-", "-")]  # fmt: skip
    top, line = 700, 10
    ys = [top, top - 2 * line] + [top - 2 * line - (k + 1) * 12 for k in range(len(body))]
    for y0, y1 in zip(ys, ys[1:], strict=False):
        for x0, x1 in zip(xs, xs[1:], strict=False):
            pdf.rect(x0, y1, x1 - x0, y0 - y1)  # each cell drawn as a rectangle of its own
    for j in range(1, 4):
        # each line of the header cell in a frame of its own, set in from the cell's sides, from rule to rule
        pdf.rect(xs[j] + 5, top - line, xs[j + 1] - xs[j] - 10, line)
        pdf.rect(xs[j] + 5, top - 2 * line, xs[j + 1] - xs[j] - 10, line)
        pdf.drawString(xs[j] + 8, top - line + 2, head[j])
        pdf.drawString(xs[j] + 8, top - 2 * line + 2, unit[j])
    for k, row in enumerate(body):
        for j, cell in enumerate(row):
            pdf.drawString(xs[j] + 8, ys[k + 2] + 3, cell)
    # a box far down the page whose side happens to line up with a frame's side: it touches no frame
    pdf.rect(xs[1] + 5 - 120, 200, 120, 40)
    pdf.save()
    doc = pdfium.PdfDocument(str(path))
    geom = read_page_geometry(doc[0])
    (grid, *_) = lattice_tables(geom.chars, geom.edges, geom.frame.reading_size, geom.lines)
    doc.close()
    assert grid.rows[0] == ["", "by road t/day", "by rail t/day", "by sea t/day"]
    assert [list(r) for r in body] == grid.rows[1:]


def test_a_column_of_running_text_that_runs_on_above_a_table_is_not_its_first_column(tmp_path: Path) -> None:
    path = tmp_path / "runs-on.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Helvetica", 9)
    words, line, lines = (_PROSE + " " + _PROSE).split(), "", []
    for w in words:
        if pdf.stringWidth(f"{line} {w}", "Helvetica", 9) > 230:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}".strip()
    lines.append(line)
    for k, text in enumerate(lines):  # the page's text column, set at the same pitch as the table's rows
        pdf.drawString(60, 720 - 12 * k, text)
    rows = [("Place", "n =", "%"), ("Homes", "71", "30.2"), ("Streets", "52", "22.1"), ("Shops", "44", "18.7"),
            ("Schools", "31", "13.2"), ("Parks", "20", "8.5"), ("Elsewhere", "17", "7.2"),
            ("Total", "235", "100.0")]  # fmt: skip
    for k, row in enumerate(rows):
        y = 720 - 12 * (len(lines) - 9 + k)
        pdf.drawString(330, y, row[0])
        pdf.drawRightString(460, y, row[1])
        pdf.drawRightString(520, y, row[2])
    pdf.save()
    assert [list(r) for r in rows] in _tables(path)


def test_a_label_wrapped_onto_two_closer_lines_is_one_label(tmp_path: Path) -> None:
    path = tmp_path / "wrapped-twice.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Helvetica", 10)
    # (label lines, values): rows 26 pt apart, the lines of a label 15 pt apart, values beside its first line
    rows = [(["Records published"], ("52", "210,400", "415,020")),
            (["Tools Written", "By Volunteers and", "The Staff"], ("0", "180", "1,310")),
            (["Record downloads"], ("0", "540,300", "2,100,750")), (["Regions with portals"], ("0", "4", "17")),
            (["Towns with portals"], ("0", "9", "33"))]  # fmt: skip
    y = 700.0
    pdf.drawString(72, y, "Measure")
    for j, name in enumerate(("Launch", "Year one", "Year two"), start=1):
        pdf.drawRightString(240 + 90 * j, y, name)
    for label, values in rows:
        y -= 26 if y < 700 else 20
        for k, text in enumerate(label):
            pdf.drawString(72, y - 15 * k, text)
        for j, cell in enumerate(values, start=1):
            pdf.drawRightString(240 + 90 * j, y, cell)
        y -= 15 * (len(label) - 1)
    pdf.save()
    (table,) = _tables(path)
    assert ["Tools Written By Volunteers and The Staff", "0", "180", "1,310"] in table


def test_a_long_label_running_on_over_a_column_gap_stays_one_cell(tmp_path: Path) -> None:
    path = tmp_path / "spill.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Helvetica", 9)
    rows = [("Variable", "Mean", "Std. Dev.", "Max")]
    rows += [(f"Item {k}", f"{0.3 + k / 50:.2f}", f"{0.4 + k / 40:.2f}", "1") for k in range(1, 16)]
    rows += [("Net savings held at the close of the year (USD)", "41,300", "98,650", "3,150,000")]
    y = 700
    for row in rows:
        x = 72.0
        for word in row[0].split():  # a font's loose word space: 0.4 of the text height
            pdf.drawString(x, y, word)
            x += pdf.stringWidth(word, "Helvetica", 9) + 3.6
        for j, cell in enumerate(row[1:], start=1):
            pdf.drawRightString(300 + 70 * j, y, cell)
        y -= 12
    pdf.save()
    (table,) = _tables(path)
    assert list(rows[-1]) in table


def test_labels_worded_alike_on_every_row_are_not_cut_into_columns_at_their_word_spaces(tmp_path: Path) -> None:
    path = tmp_path / "alike.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Helvetica", 9)
    rows = [("", "Count", "Share", "Mean"), ("Households kept the land", "310", "70.1", "11800"),
            ("Households sold some of the land", "62", "14.0", "21950"),
            ("Households sold all of it", "48", "10.9", "8640"), ("Households gave it away", "22", "5.0", "2970"),
            ("All", "442", "100.0", "12480")]  # fmt: skip
    y = 700
    for row in rows:
        x = 72.0
        for word in row[0].split():  # a loose word space (0.37 of the text height), so the rows' spaces line up
            pdf.drawString(x, y, word)
            x += pdf.stringWidth(word, "Helvetica", 9) + 3.4
        for j, cell in enumerate(row[1:], start=1):
            pdf.drawRightString(220 + 70 * j, y, cell)
        y -= 12
    pdf.save()
    (table,) = _tables(path)
    assert [list(r) for r in rows[1:]] == table[1:]


def _ruled_grid_rows(
    path: Path, xs: Sequence[float], rows: Sequence[Sequence[str]], label_x: float | None = None, strokes: int = 0
) -> list[list[str]]:
    """The ruled reading of a page holding one grid (columns between `xs`, 15 pt rows), each cell's text 2 pt right
    of its rule, a row's label at `label_x` when given; `strokes` short verticals 2.5 pt apart right of the third
    rule, far below the grid (a logo)."""
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Helvetica", 9)
    top, pitch = 700, 15
    for k in range(len(rows) + 1):
        pdf.line(xs[0], top - k * pitch, xs[-1], top - k * pitch)
    for x in xs:
        pdf.line(x, top, x, top - pitch * len(rows))
    for k, row in enumerate(rows):
        for j, cell in enumerate(row):
            x = label_x if j == 0 and label_x is not None else xs[j] + 2
            pdf.drawString(x, top - (k + 1) * pitch + 4, cell)
    for k in range(1, strokes + 1):
        pdf.line(xs[2] + 2.5 * k, 60, xs[2] + 2.5 * k, 62)
    pdf.save()
    doc = pdfium.PdfDocument(str(path))
    geom = read_page_geometry(doc[0])
    (grid,) = lattice_tables(geom.chars, geom.edges, geom.frame.reading_size, geom.lines)
    doc.close()
    return grid.rows


def test_a_rule_snapped_aside_by_short_strokes_elsewhere_on_the_page_cuts_no_letter(tmp_path: Path) -> None:
    # A data sheet's truth table sets its column's words 2 pt right of the rule; a logo at the foot of the page is
    # drawn with short vertical strokes a few points apart, just right of that rule's x. The table finder snaps
    # every vertical within its tolerance of the next onto their mean, so the cell's side lands inside the first
    # letters ("icrostep Resolution", "ull Step"), though no rule is drawn through them.
    rows = [("MS1", "MS2", "Resolution"), ("L", "L", "Full Step"), ("H", "L", "Half Step")]
    got = _ruled_grid_rows(tmp_path / "truth.pdf", (100, 140, 180, 290), rows, strokes=5)
    assert [r[-1] for r in got] == ["Resolution", "Full Step", "Half Step"]


def test_row_labels_begun_left_of_a_tables_box_keep_their_first_letters(tmp_path: Path) -> None:
    # A 10-K's statement drawn as a grid whose left side stands a few points into its row labels (the grid of the
    # shaded rows starts right of the margin the labels are set at): "evenues", "ost of sales", "T tal" were read.
    rows = [("Revenues", "51,217", "46,710"), ("Cost of sales", "28,925", "25,231"), ("Total", "22,292", "21,479")]
    got = _ruled_grid_rows(tmp_path / "statement.pdf", (104, 260, 330, 400), rows, label_x=100)
    assert [r[0] for r in got] == ["Revenues", "Cost of sales", "Total"]
