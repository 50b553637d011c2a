"""Data-sheet specification tables: a title and its test conditions above the real header, a symbol run into each
parameter's name, and rows that fill one of the Min/Typ/Max columns."""

from __future__ import annotations

from app.qa.tables.cell_lookup import cell_answer
from app.qa.tables.matching import without_symbol
from app.qa.tables.model import TableData
from app.qa.tables.shape import shape

# As a data sheet's "ELECTRICAL CHARACTERISTICS" block is extracted: a title row, two lines of conditions, then the
# header row, the symbol column run into the parameter column; ingestion took the title for the header.
CHARACTERISTICS = TableData(
    id="ec",
    rows=[
        ["ELECTRICAL CHARACTERISTICS", "", "", "", ""],
        ["(VCC = 2.3V to 5.5V, VCC > VBAT, TA = TMIN to TMAX, unless otherwise noted.)", "", "", "", ""],
        ["TA = +25°C, unless otherwise noted.) (Notes 1, 2)", "", "", "", ""],
        ["PARAMETER SYMBOL CONDITIONS", "MIN", "TYP", "MAX", "UNITS"],
        ["Active Supply Current ICCA", "", "", "200", "µA"],
        ["Standby Supply Current ICCS", "", "", "110", "µA"],
        ["Power-Fail Voltage VPF", "2.45", "2.575", "2.70", "V"],
        ["Low Power Sleep Mode", "", "0.5", "", "mA"],
    ],
    columns=["ELECTRICAL CHARACTERISTICS", "", "", "", ""],
    header_rows=1,
)


def test_a_title_and_its_conditions_stand_above_the_header() -> None:
    sh = shape(CHARACTERISTICS)
    assert sh.header_rows == 4
    assert sh.columns == ["PARAMETER SYMBOL CONDITIONS", "MIN", "TYP", "MAX", "UNITS"]


def test_a_lone_first_cell_over_a_header_without_a_first_cell_stays_a_header() -> None:
    table = TableData(id="t", rows=[["Characteristic", "", "", ""], ["", "Male", "Female", "Total"],
                                    ["Employed", "10", "12", "22"]])  # fmt: skip
    assert shape(table).header_rows != 3 and "Characteristic" in " ".join(shape(table).columns)


def test_the_symbol_after_a_parameter_is_not_needed_to_name_its_row() -> None:
    got = cell_answer(CHARACTERISTICS, "What is the typical power-fail voltage of the clock?")
    assert got is not None and got.cell is not None and got.cell["value"] == "2.575"
    assert got.exact_row  # "VPF" unsaid: the row is still named whole


def test_symbols_are_recognised_by_their_form_or_by_the_header() -> None:
    assert without_symbol("Output Frequency fOUT") == "Output Frequency"  # subscripted: a symbol anywhere
    assert without_symbol("Power-Fail Voltage VPF") == "Power-Fail Voltage VPF"  # capitals alone: maybe a name
    assert without_symbol("Power-Fail Voltage VPF", symbols=True) == "Power-Fail Voltage"
    assert without_symbol("Net sales USA") == "Net sales USA"
    assert without_symbol("Total GDP", symbols=True) == "Total GDP"  # one word left would name nothing
    assert without_symbol("Net sales FY2023", symbols=True) == "Net sales FY2023"  # a period, not a symbol


def test_a_row_with_one_figure_under_min_typ_max_is_read_without_a_column_named() -> None:
    got = cell_answer(CHARACTERISTICS, "How much current does the part draw in low power sleep mode?")
    assert got is not None and got.cell is not None
    assert got.cell["value"] == "0.5" and got.cell["column"] == "TYP"


def test_one_figure_of_a_row_outside_a_data_sheets_limits_names_no_column() -> None:
    boards = TableData(id="b", rows=[["Board", "Flash size, MB", "PSRAM, MB", "Price"],
                                     ["ESP32-POE", "4", "", ""], ["ESP32-POE-ISO", "4", "8", "25"]])  # fmt: skip
    assert cell_answer(boards, "How long will a battery run the ESP32-POE board?") is None


def test_rows_of_values_under_a_titled_header_are_data_not_more_header() -> None:
    table = TableData(id="g", rows=[
        ["6 Electrical Characteristics", "", "", "", "", ""], ["6.1 Gyroscope Specifications", "", "", "", "", ""],
        ["PARAMETER", "CONDITIONS", "MIN", "TYP", "MAX", "UNITS"], ["GYROSCOPE SENSITIVITY", "", "", "", "", ""],
        ["Full-Scale Range", "FS_SEL=0", "", "±250", "", "º/s"], ["", "FS_SEL=1", "", "±500", "", "º/s"],
        ["Sensitivity Scale Factor", "FS_SEL=0", "", "131", "", "LSB/(º/s)"],
        ["", "FS_SEL=1", "", "65.5", "", "LSB/(º/s)"], ["Scale Factor Tolerance", "25°C", "-3", "", "+3", "%"],
    ], columns=["6 Electrical Characteristics", "", "", "", "", ""], header_rows=1)  # fmt: skip
    sh = shape(table)
    assert sh.header_rows == 3 and sh.columns[3] == "TYP"
    got = cell_answer(table, "What typical sensitivity scale factor does the gyroscope give at FS_SEL=1?")
    assert got is not None and got.cell is not None and got.cell["value"] == "65.5"
