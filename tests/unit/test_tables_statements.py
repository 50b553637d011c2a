"""Financial statements as releases set them (app/ingest/tables.py, table_text.py, table_words.py), on synthetic
PDFs drawn with reportlab: each row boxed across the page, so the rules cut no column between a label and its first
figure; column heads a day and a year; a section label between the column heads and the first row of figures."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas

from app.ingest.extracted import BBox
from app.ingest.passages import Word
from app.ingest.pdf import extract_pdf
from app.ingest.table_label_figures import labels_hold_figures
from app.ingest.table_text import header_row_count
from app.ingest.table_words import Grid, lengthen

LINES = [
    ("Revenue", "$ 28,645", "$ 27,908"),
    ("Cost of revenue", "6,108", "6,005"),
    ("Research and development", "9,381", "7,707"),
    ("Marketing and sales", "3,044", "3,312"),
    ("General and administrative", "2,885", "2,360"),
    ("Total costs and expenses", "21,418", "19,384"),
    ("Income from operations", "7,227", "8,524"),
    ("Net income", "$ 5,709", "$ 7,465"),
]


def _right(pdf: canvas.Canvas, x: float, y: float, text: str) -> None:
    if text.startswith("$ "):
        pdf.drawString(x - 60, y, "$")
        text = text[2:]
    pdf.drawRightString(x, y, text)


def test_a_statement_boxed_row_by_row_reads_each_label_apart_from_its_first_figure(tmp_path: Path) -> None:
    path = tmp_path / "boxed-rows.pdf"
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Helvetica", 9)
    pdf.drawString(400, 690, "Three Months Ended March 31,")
    pdf.drawString(420, 678, "2023")
    pdf.drawString(490, 678, "2022")
    y = 660.0
    for label, a, b in LINES:
        pdf.rect(54, y - 4, 504, 15)  # each row boxed from margin to margin
        pdf.drawString(57, y, label)
        _right(pdf, 485, y, a)
        _right(pdf, 554, y, b)
        if label in ("Revenue", "General and administrative", "Total costs and expenses", "Net income"):
            # a rule over each column of figures, as statements set above a subtotal: two collinear pieces
            rule = y + 11 if label == "Revenue" else y - 4
            pdf.line(424, rule, 489, rule)
            pdf.line(493, rule, 558, rule)
        y -= 15
    pdf.save()
    tables = extract_pdf(path, max_pages=5).pages[0].tables
    rows = [r for t in tables for r in t.rows]
    assert ["Research and development", "9,381", "7,707"] in rows
    table = next(t for t in tables if ["Research and development", "9,381", "7,707"] in t.rows)
    assert table.header_rows >= 1 and any("2023" in c for c in table.columns)


def test_a_column_head_cut_between_its_day_and_year_is_a_head_not_a_row_of_figures() -> None:
    rows = [
        ["", "March", "31, 2023", "December", "31, 2022"],
        ["Cash and cash equivalents", "$", "11,551", "$", "14,681"],
        ["Marketable securities", "", "25,888", "", "26,057"],
    ]
    assert header_row_count(rows) == 1


def _word(text: str, x: float, top: float) -> tuple[str, tuple[float, float, float, float]]:
    return text, (x, top, x + 5.0 * len(text), top + 9.0)


def test_a_section_label_under_the_column_heads_does_not_cut_the_heads_off_the_table() -> None:
    xs = (300.0, 380.0, 460.0)
    words = [_word("Statements", 80, 60), _word("of", 135, 60), _word("Operations", 150, 60)]
    for j, x in enumerate(xs):
        words += [_word("March", x, 100), _word("31,", x + 30, 100)]
        words += [_word(("2014", "2015", "2015")[j], x, 111), _word(("RMB", "RMB", "USD")[j], x, 122)]
    words += [_word("Net", 80, 136), _word("revenues", 100, 136)]
    for k, label in enumerate(("Online", "Services", "Total", "Fulfillment")):
        words += [_word(label, 90, 150 + 12 * k)] + [_word("21,781,457", x, 150 + 12 * k) for x in xs]
    region = (80.0, 149.0, 520.0, 196.0)  # where the whitespace finder saw the table: its rows of figures only
    assert lengthen(words, region)[1] == 100  # the column heads and the section label taken in, not the title


def test_a_label_ending_in_a_number_at_a_word_space_is_a_label_not_a_label_and_a_figure() -> None:
    def cell(*texts_at: tuple[str, float]) -> list[Word]:
        return [Word(t, (x, 100.0, x + 6.0 * len(t), 109.0)) for t, x in texts_at]

    spaced = [cell(("Stratified,", 60), ("20", 130)) for _ in range(4)]  # "Stratified, 20" at a word space
    apart = [cell(("Research", 60), ("development", 112), ("9,381", 460)) for _ in range(4)]
    two = [cell(("Net", 60), ("income", 82), ("10,431", 400), ("17,127", 460)) for _ in range(4)]  # two columns in it
    for words, held in ((spaced, False), (apart, True), (two, True)):
        rows = [[" ".join(w.text for w in ws), "2.83"] for ws in words]
        boxes: list[list[BBox | None]] = [[(50.0, 100.0 + 15 * k, 490.0, 112.0 + 15 * k), None] for k in range(4)]
        laid = [Word(w.text, (w.bbox[0], w.bbox[1] + 15 * k, w.bbox[2], w.bbox[3] + 15 * k))
                for k, ws in enumerate(words) for w in ws]  # fmt: skip
        assert labels_hold_figures(Grid(rows, boxes, (50.0, 100.0, 560.0, 160.0)), laid) is held
