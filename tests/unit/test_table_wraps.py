"""Rows whose text cells wrap onto lines set closer than rows are set apart (app.ingest.table_wraps), on synthetic
PDFs drawn with reportlab."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.pagesizes import letter
from reportlab.pdfgen import canvas

from app.ingest.pdf import extract_pdf

SPEC = [  # (name lines, description lines, value, unit): each row's cells wrap onto lines below its first
    (["Reset", "delay"], ["Time from power on", "to the ready signal"], "260", "ms"),
    (["Standby", "change"], ["Time from the standby", "command to the ready", "signal"], "11", "ms"),
    (["Sample"], ["Time from a sample request", "to the ready signal"], "505", "ms"),
    (["Sound", "alarm", "response"], ["Time from the sound level", "crossing its threshold"], "40", "ms"),
    (["Light", "alarm"], ["Time from the light level", "crossing its threshold"], "100", "ms"),
    (["Alarm", "clear"], ["Time from the clear command", "to the alarm line falling"], "10", "ms"),
    (["Warm", "up"], ["Time from power on to", "readings within limits"], "1200", "ms"),
    (["Write"], ["Time to process a", "write command"], "6", "ms"),
]


def _draw(path: Path, line_pitch: float, row_gap: float) -> None:
    pdf = canvas.Canvas(str(path), pagesize=letter)
    pdf.setFont("Helvetica", 9)
    y = 700.0
    pdf.line(60, y + 10, 450, y + 10)
    for x, head in ((60, "Parameter"), (160, "Details"), (300, "Typical"), (360, "Time"), (420, "Unit")):
        pdf.drawString(x, y, head)
    y -= line_pitch + row_gap
    for names, details, value, unit in SPEC:
        pdf.drawString(300, y, str(int(value) // 2))
        pdf.drawString(360, y, value)
        pdf.drawString(420, y, unit)
        for k in range(max(len(names), len(details))):
            if k < len(names):
                pdf.drawString(60, y - k * line_pitch, names[k])
            if k < len(details):
                pdf.drawString(160, y - k * line_pitch, details[k])
        y -= max(len(names), len(details)) * line_pitch + row_gap
        pdf.line(60, y + line_pitch - 3 + row_gap / 2, 450, y + line_pitch - 3 + row_gap / 2)
    pdf.save()


def _rows(path: Path) -> list[list[str]]:
    tables = extract_pdf(path, max_pages=1).pages[0].tables
    return [row for t in tables for row in t.rows]


def test_cells_wrapped_onto_close_lines_join_their_row(tmp_path: Path) -> None:
    path = tmp_path / "spec.pdf"
    _draw(path, line_pitch=10.5, row_gap=7)
    rows = _rows(path)
    assert ["Sample", "Time from a sample request to the ready signal", "252", "505", "ms"] in rows, rows
    assert ["Sound alarm response", "Time from the sound level crossing its threshold", "20", "40", "ms"] in rows, rows
    assert ["Standby change", "Time from the standby command to the ready signal", "5", "11", "ms"] in rows, rows


def test_rows_set_line_after_line_are_not_joined(tmp_path: Path) -> None:
    path = tmp_path / "tight.pdf"
    _draw(path, line_pitch=10.5, row_gap=0)
    rows = _rows(path)
    # With no space between rows a wrapped line cannot be told from a row: the lines stay as they are printed.
    assert not any(row[:2] == ["Sample", "Time from a sample request to the ready signal"] for row in rows), rows
