"""A column of labels that only lines of their own fill (app/ingest/table_columns.py, table_spans.py): labels centred
beside groups of rows, between two of their lines, are a column of their own, not part of the first column of the
rows of figures, though a justified caption line taken in with the table runs over the gap before it (words set from
a page's geometry); on a synthetic PDF drawn with reportlab, each goes to the first row of its group when the groups
are set apart by space instead of rules."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas

from app.ingest.pdf import extract_pdf
from app.ingest.table_words import words_grid

GROUPS = [
    ("Auto-MPG", [("Weight", "7.11", "6.41"), ("Displ.", "48.62", "52.99"), ("W,D", "50.85", "54.70"),
                  ("W,D,HP", "50.96", "54.75")]),
    ("Boston Housing", [("Rooms", "7.59", "7.92"), ("Crime", "16.75", "16.50")]),
    ("Adult", [("Cap. Gain", "1.57", "1.39"), ("Hours", "18.93", "19.58")]),
]  # fmt: skip
X = (150, 235, 300, 350)
PITCH = 11.0


def _word(text: str, x: float, y: float) -> tuple[str, tuple[float, float, float, float]]:
    return text, (x, y, x + 4.5 * len(text), y + 7)


def test_labels_on_lines_of_their_own_are_a_column_though_a_caption_line_runs_over_its_gap() -> None:
    # a caption line of two phrases (a sentence ends, the next starts a wide space after), the second over the gap
    words = [("(NNb) is not.", (108.0, 0.0, 140.0, 7.0)), ("The table presents the share", (146.0, 0.0, 262.0, 7.0))]
    words += [_word(t, x, 20) for t, x in zip(("Dataset", "Feature", "Train", "Test"), X, strict=True)]
    y = 31.0
    for label, rows in GROUPS:
        for k, row in enumerate(rows):
            words += [_word(t, x, y + k * PITCH) for t, x in zip(row, X[1:], strict=True)]
        words.append(_word(label, X[0], y + (len(rows) - 1) * PITCH / 2))
        y += len(rows) * PITCH + 4
    grid = words_grid(words)
    assert grid is not None
    weight = next(r for r in grid.rows if "Weight" in r)
    label = next(r for r in grid.rows if "Auto-MPG" in r)
    assert "Weight" in weight and label.index("Auto-MPG") < weight.index("Weight")


def test_labels_centred_beside_groups_set_apart_by_space_go_to_the_first_row_of_each(tmp_path: Path) -> None:
    path = tmp_path / "labels.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Times-Roman", 9)
    for x, name in zip(X, ("Dataset", "Feature", "Train", "Test"), strict=True):
        pdf.drawString(x, 700, name)
    y = 686.0
    for label, rows in GROUPS:
        for k, row in enumerate(rows):
            for x, cell in zip(X[1:], row, strict=True):
                pdf.drawString(x, y - k * PITCH, cell)
        pdf.drawString(X[0], y - (len(rows) - 1) * PITCH / 2, label)  # centred between two lines
        y -= len(rows) * PITCH + 4
    pdf.save()
    tables = extract_pdf(path, max_pages=1).pages[0].tables
    want = [["Dataset", "Feature", "Train", "Test"]]
    for label, rows in GROUPS:
        want += [[label if k == 0 else "", *row] for k, row in enumerate(rows)]
    assert [t.rows for t in tables] == [want]
