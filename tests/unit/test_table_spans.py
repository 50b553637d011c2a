"""A row label set beside several rows, vertically centred on them (app/ingest/table_spans.py), on a synthetic PDF
drawn with reportlab: it goes to the first row of its span, whether it sits between two lines (an even number of
rows) or on the middle one (an odd number); a section's name on a line of its own stays where it is."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas

from app.ingest.pdf import extract_pdf

# (label, rows of (feature, a, b)): groups ruled off from one another
GROUPS = [
    ("Auto-MPG", [("Weight", "9.33±3.22", "9.19±3.41"), ("Displ.", "9.33±3.22", "9.63±2.61"),
                  ("W,D", "9.33±3.22", "9.63±2.61"), ("W,D,HP", "9.33±3.22", "9.63±2.61")]),
    ("Heart", [("Trestbps", "0.85±0.04", "0.85±0.04"), ("Chol.", "0.85±0.04", "0.85±0.05"),
               ("T,C", "0.85±0.04", "0.85±0.05")]),
    ("Boston", [("Rooms", "14.37±2.4", "14.19±2.28"), ("Crime", "14.37±2.4", "14.02±2.17")]),
]  # fmt: skip
X = (150, 210, 270, 340)
PITCH = 11.0


def _table(path: Path) -> None:
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Times-Roman", 9)
    pdf.drawString(150, 720, "Table 1: Errors of the models on each data set and feature.")
    pdf.setLineWidth(0.6)
    y = 705.0
    pdf.line(145, y, 400, y)
    for x, name in zip(X, ("Dataset", "Feature", "Base", "Envelope"), strict=True):
        pdf.drawString(x, y - 10, name)
    y -= 14
    for label, rows in GROUPS:
        pdf.line(145, y, 400, y)
        first = y - 10
        for k, row in enumerate(rows):
            for x, cell in zip(X[1:], row, strict=True):
                pdf.drawString(x, first - k * PITCH, cell)
        # the label centred on its rows
        pdf.drawString(X[0], first - (len(rows) - 1) * PITCH / 2, label)
        y = first - (len(rows) - 1) * PITCH - 4
    pdf.line(145, y, 400, y)
    pdf.save()


def test_a_label_centred_on_its_rows_goes_to_the_first_of_them(tmp_path: Path) -> None:
    path = tmp_path / "spans.pdf"
    _table(path)
    tables = extract_pdf(path, max_pages=1).pages[0].tables
    assert len(tables) == 1
    want = [["Dataset", "Feature", "Base", "Envelope"]]
    for label, rows in GROUPS:
        want += [[label if k == 0 else "", *row] for k, row in enumerate(rows)]
    assert tables[0].rows == want


def test_a_sections_name_on_a_line_of_its_own_stays_there(tmp_path: Path) -> None:
    path = tmp_path / "sections.pdf"
    rows = [("Dataset", "Feature", "Base", "Envelope"), ("", "Weight", "9.33", "9.19"), ("", "Displ.", "9.33", "9.63"),
            ("Boston", "", "", ""), ("", "Rooms", "14.37", "14.19"), ("", "Crime", "14.37", "14.02")]  # fmt: skip
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Times-Roman", 9)
    pdf.setLineWidth(0.6)
    pdf.line(145, 705, 400, 705)
    y = 695.0
    for k, row in enumerate(rows):
        for x, cell in zip(X, row, strict=True):
            pdf.drawString(x, y, cell)
        y -= PITCH + (4 if k == 0 else 0)
        if k == 0:
            pdf.line(145, y + 8, 400, y + 8)
    pdf.line(145, y + 6, 400, y + 6)
    pdf.save()
    tables = extract_pdf(path, max_pages=1).pages[0].tables
    assert [t.rows for t in tables] == [[[c for c in r] for r in rows]]


def test_a_label_of_two_lines_centred_on_its_rows_is_joined_into_the_first_of_them(tmp_path: Path) -> None:
    path = tmp_path / "two-lines.pdf"
    rows = [("Weight", "9.91", "16.77"), ("Displ.", "11.78", "16.67"), ("W,D", "11.60", "16.56"),
            ("W,D,HP", "10.14", "13.34")]  # fmt: skip
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Times-Roman", 9)
    pdf.setLineWidth(0.6)
    pdf.line(145, 705, 400, 705)
    for x, name in zip(X, ("Dataset", "Feature", "Base", "Envelope"), strict=True):
        pdf.drawString(x, 695, name)
    pdf.line(145, 690, 400, 690)
    for k, row in enumerate(rows):
        for x, cell in zip(X[1:], row, strict=True):
            pdf.drawString(x, 680 - k * PITCH, cell)
    pdf.drawString(X[0], 680 - PITCH, "Auto")  # the label's two lines on the middle rows
    pdf.drawString(X[0], 680 - 2 * PITCH, "MPG")
    pdf.line(145, 680 - 3 * PITCH - 4, 400, 680 - 3 * PITCH - 4)
    pdf.save()
    tables = extract_pdf(path, max_pages=1).pages[0].tables
    want = [["Dataset", "Feature", "Base", "Envelope"]]
    want += [["Auto MPG" if k == 0 else "", *row] for k, row in enumerate(rows)]
    assert [t.rows for t in tables] == [want]


def test_a_caption_line_taken_in_above_the_table_does_not_widen_the_label_column() -> None:
    """The rules across the label column are found from the body's labels, not from a caption's last line that a
    whitespace region took in at the table's top (set farther left than any rule)."""
    from app.ingest.table_spans import lift_spanning_labels
    from app.ingest.table_words import Grid

    Cell = tuple[str, float] | None

    def row(y: float, *cells: Cell) -> tuple[list[str], list[tuple[float, float, float, float] | None]]:
        return [c[0] if c else "" for c in cells], [(c[1], y, c[1] + 30, y + 8) if c else None for c in cells]

    built = [
        row(0, ("envelopes.", 60), None, None, None),
        row(20, ("Dataset", 150), ("Feature", 210), ("Train", 270), ("Test", 330)),
        row(40, None, ("Trestbps", 210), ("188.67", 270), ("49", 330)),
        row(50, ("Heart", 150), ("Chol.", 210), ("212.67", 270), ("53", 330)),
        row(60, None, ("T,C", 210), ("235.67", 270), ("60.33", 330)),
    ]
    grid = Grid([r for r, _ in built], [b for _, b in built], (60, 0, 360, 68))
    lift_spanning_labels(grid, [(30.0, 145.0, 400.0), (69.0, 145.0, 400.0)])
    assert [r[0] for r in grid.rows[2:]] == ["Heart", "", ""]


# (setting, rows of (method, accuracy, f1)): a second and third label column, centred on their group's rows
LEVELS = [
    ("Random", [("Regular", "83.29(±0.35)", "81.33(±0.41)"), ("Contrastive", "87.73(±0.40)", "87.16(±0.41)")]),
    ("Popular", [("Regular", "81.88(±0.48)", "80.06(±0.05)"), ("Contrastive", "85.38(±0.38)", "85.06(±0.37)")]),
    ("Adversarial", [("Regular", "78.96(±0.52)", "77.57(±0.57)"), ("Contrastive", "80.88(±0.33)", "81.33(±0.34)")]),
]  # fmt: skip
LX = (110, 170, 240, 310, 390)


def test_labels_of_further_columns_centred_on_their_rows_go_to_the_first_of_them(tmp_path: Path) -> None:
    path = tmp_path / "levels.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Times-Roman", 9)
    pdf.setLineWidth(0.6)
    y = 705.0
    pdf.line(105, y, 450, y)
    for x, name in zip(LX, ("Setting", "Model", "Method", "Accuracy", "F1"), strict=True):
        pdf.drawString(x, y - 10, name)
    y -= 14
    for setting, rows in LEVELS:
        pdf.line(105, y, 450, y)
        first = y - 10
        for k, row in enumerate(rows):
            for x, cell in zip(LX[2:], row, strict=True):
                pdf.drawString(x, first - k * PITCH, cell)
        middle = first - (len(rows) - 1) * PITCH / 2  # between the two rows' lines
        pdf.drawString(LX[0], middle, setting)
        pdf.drawString(LX[1], middle, "Base-7B")
        y = first - (len(rows) - 1) * PITCH - 4
    pdf.line(105, y, 450, y)
    pdf.save()
    tables = extract_pdf(path, max_pages=1).pages[0].tables
    assert len(tables) == 1
    # A measurement with its uncertainty is a figure: the first group's rows are body, not header.
    assert tables[0].header_rows == 1
    want = [["Setting", "Model", "Method", "Accuracy", "F1"]]
    for setting, rows in LEVELS:
        want += [[setting, "Base-7B", *row] if k == 0 else ["", "", *row] for k, row in enumerate(rows)]
    assert tables[0].rows == want
