"""A question's extreme word names a data sheet's limit column (app.qa.tables.bound_columns): "the highest input
operating voltage" is the Max cell of that row, "the lowest" its Min cell, not a column's extreme over the rows."""

from __future__ import annotations

from app.qa.tables.answer import best_answer
from app.qa.tables.model import TableData

ROWS = [["Parameters", "Sym", "Min", "Typ", "Max", "Units"],
        ["Input Operating Voltage", "VIN", "2.7", "—", "13.2", "V"],
        ["Input Quiescent Current", "Iq", "—", "2.0", "5", "µA"],
        ["Dropout Voltage", "VDROPOUT", "—", "330", "650", "mV"]]  # fmt: skip
DC = TableData(id="dc", rows=ROWS, caption="DC characteristics", columns=ROWS[0], header_rows=1)


def _value(question: str) -> str | None:
    got = best_answer(DC, question)
    return got.cell["value"] if got is not None and got.cell is not None else None


def test_an_extreme_word_names_the_limit_column_of_the_named_row() -> None:
    assert _value("What is the highest input operating voltage of the regulator?") == "13.2"
    assert _value("What is the lowest input operating voltage it accepts?") == "2.7"
    assert _value("What is the minimum input operating voltage?") == "2.7"
    assert _value("What is the maximum quiescent current?") == "5"


def test_without_limit_columns_an_extreme_word_is_a_columns_extreme() -> None:
    rows = [["Region", "Sales"], ["North", "12"], ["South", "30"], ["East", "7"]]
    table = TableData(id="s", rows=rows, caption="Sales by region", columns=rows[0], header_rows=1)
    got = best_answer(table, "Which region has the highest sales?")
    assert got is not None and "South" in got.body


def test_a_figure_read_from_a_row_with_a_unit_column_is_said_with_its_unit() -> None:
    got = best_answer(DC, "What is the maximum dropout voltage?")
    assert got is not None and got.body.startswith("**650 mV**") and got.short_answer == "650 mV"
    assert got.cell is not None and got.cell["value"] == "650"  # the cell itself as printed


def test_the_upper_or_lower_end_of_a_range_names_a_limit_column() -> None:
    assert _value("What is the upper end of the input operating voltage range?") == "13.2"
    assert _value("What is the lower limit of the input operating voltage?") == "2.7"


def test_a_row_of_limit_heads_under_lines_of_conditions_heads_the_table() -> None:
    # The extractor took the lines above the heads into the table and read its columns from the first of them.
    above = [["ESD protection on all pins (HBM;MM)", "", "4 kV;", "400V", "", ""],
             ["DC CHARACTERISTICS", "", "", "", "", ""],
             ["Electrical Specifications: Unless otherwise specified, all limits are established for VIN = VOUT(MAX) +"
              " VDROPOUT(MAX), Note 1,", "", "", "", "", ""],
             ["ILOAD = 100 µA, COUT = 1 µF (X7R), CIN = 1 µF (X7R), TA = +25°C.", "", "", "", "", ""],
             ["Boldface type applies for junction temperatures, TJ of -40°C to +125°C. (Note 7)", "", "", "", "", ""]]
    rows = above + ROWS
    table = TableData(id="dc2", rows=rows, caption=None, columns=rows[0], header_rows=1)
    got = best_answer(table, "What is the highest input operating voltage of the regulator?")
    assert got is not None and got.cell is not None and got.cell["value"] == "13.2"


def test_a_rows_one_figure_is_read_and_a_notes_number_is_none() -> None:
    rows = [["Parameter", "Conditions", "Min", "Typ", "Max", "Units", "Notes"],
            ["Supply Voltage", "", "2.4", "", "3.45", "V", "1"],
            ["Full-Scale Range", "FS_SEL=0", "", "±250", "", "º/s", "3"],
            ["", "FS_SEL=2", "", "±1000", "", "º/s", "3"],
            ["Sensitivity Scale Factor", "FS_SEL=0", "", "131", "", "LSB/(º/s)", "3"],
            ["", "FS_SEL=2", "", "32.8", "", "LSB/(º/s)", "3"]]  # fmt: skip
    gyro = TableData(id="g", rows=rows, caption="Gyroscope specifications", columns=rows[0], header_rows=1)
    got = best_answer(gyro, "What is the gyroscope's sensitivity scale factor at FS_SEL=2?")
    assert got is not None and got.cell is not None and got.cell["value"] == "32.8"


def test_limit_heads_on_the_stored_headers_last_line_keep_the_header() -> None:
    rows = [["Symbol", "Parameter", "Value", "", "", ""], ["", "", "Min", "Typ", "Max", "Unit"],
            ["fc(SPC)", "SPI clock frequency", "", "", "10", "MHz"],
            ["tsu(CS)", "CS setup time", "6", "", "", "ns"]]  # fmt: skip
    columns = ["Symbol", "Parameter", "Value / Min", "Value / Typ", "Value / Max", "Unit"]
    spi = TableData(id="spi", rows=rows, caption="SPI slave timing values", columns=columns, header_rows=2)
    got = best_answer(spi, "What is the maximum SPI clock frequency?")
    assert got is not None and got.cell is not None and got.cell["value"] == "10"
    assert got.cell["column"] == "Value / Max"
