"""A data sheet's table set without rules between rows: its header ends at the row of limit heads, and a parameter's
name wrapped onto a line of its own is joined to the row it continues (app/qa/tables/wrapped_rows.py)."""

from __future__ import annotations

from app.qa.tables.cell_lookup import cell_answer
from app.qa.tables.model import TableData
from app.qa.tables.shape import shape
from app.qa.tables.wrapped_rows import unwrapped

# As extracted from the ST L293D data sheet (page 3), every line a row.
TITLE = "ELECTRICAL CHARACTERISTICS (for each channel, VS = 24 V, VSS = 5 V, Tamb = 25 °C, unless"
ROWS = [
    [
        "ELECTRICAL CHARACTERISTICS (for each channel, VS = 24 V, VSS = 5 V, Tamb = 25 °C, unless",
        "",
        "",
        "",
        "",
        "",
        "",
    ],
    ["otherwise specified)", "", "", "", "", "", ""],
    ["Symbol", "Parameter", "Test Conditions", "Min.", "Typ.", "Max.", "Unit"],
    ["VS", "Supply Voltage (pin 10)", "", "VSS", "", "36", "V"],
    ["VSS", "Logic Supply Voltage (pin 20)", "", "4.5", "", "36", "V"],
    ["IS", "Total Quiescent Supply Current", "Vi = L ; IO = 0 ; Ven = H", "", "2", "6", "mA"],
    ["", "(pin 10)", "Vi = H ; IO = 0 ; Ven = H", "", "16", "24", "mA"],
    ["", "", "Ven = L", "", "", "4", "mA"],
    ["ISS", "Total Quiescent Logic Supply", "Vi = L ; IO = 0 ; Ven = H", "", "44", "60", "mA"],
    ["", "Current (pin 20)", "Vi = H ; IO = 0 ; Ven = H", "", "16", "22", "mA"],
    ["", "", "Ven = L", "", "16", "24", "mA"],
    ["VIL", "Input Low Voltage (pin 2, 9, 12,", "", "– 0.3", "", "1.5", "V"],
    ["", "19)", "", "", "", "", ""],
    ["VIH", "Input High Voltage (pin 2, 9,", "VSS ≤ 7 V", "2.3", "", "VSS", "V"],
    ["", "12, 19)", "VSS > 7 V", "2.3", "", "7", "V"],
    ["IIL", "Low Voltage Input Current (pin", "VIL = 1.5 V", "", "", "– 10", "µA"],
    ["", "2, 9, 12, 19)", "", "", "", "", ""],
    ["IIH", "High Voltage Input Current (pin", "2.3 V ≤ VIH ≤ VSS – 0.6 V", "", "30", "100", "µA"],
    ["", "2, 9, 12, 19)", "", "", "", "", ""],
    ["Ven L", "Enable Low Voltage", "", "– 0.3", "", "1.5", "V"],
    ["", "(pin 1, 11)", "", "", "", "", ""],
    ["Ven H", "Enable High Voltage", "VSS ≤ 7 V", "2.3", "", "VSS", "V"],
    ["", "(pin 1, 11)", "VSS > 7 V", "2.3", "", "7", "V"],
    ["Ien L", "Low Voltage Enable Current", "Ven L = 1.5 V", "", "– 30", "– 100", "µA"],
    ["", "(pin 1, 11)", "", "", "", "", ""],
    ["Ien H", "High Voltage Enable Current", "2.3 V ≤ Ven H ≤ VSS – 0.6 V", "", "", "± 10", "µA"],
    ["", "(pin 1, 11)", "", "", "", "", ""],
    ["VCE(sat)H", "Source Output Saturation", "IO = – 0.6 A", "", "1.4", "1.8", "V"],
    ["", "Voltage (pins 3, 8, 13, 18)", "", "", "", "", ""],
    ["VCE(sat)L", "Sink Output Saturation Voltage", "IO = + 0.6 A", "", "1.2", "1.8", "V"],
    ["", "(pins 3, 8, 13, 18)", "", "", "", "", ""],
    ["VF tr tf", "Clamp Diode Forward Voltage", "IO = 600nA", "", "1.3", "", "V"],
    ["", "Rise Time (*)", "0.1 to 0.9 VO", "", "250", "", "ns"],
    ["", "Fall Time (*)", "0.9 to 0.1 VO", "", "250", "", "ns"],
    ["ton toff", "Turn-on Delay (*)", "0.5 Vi to 0.5 VO", "", "750", "", "ns"],
    ["", "Turn-off Delay (*)", "0.5 Vi to 0.5 VO", "", "200", "", "ns"],
]


def test_a_wrapped_line_joins_the_row_above_and_leaves_its_own_row_empty() -> None:
    rows = unwrapped(ROWS)
    assert len(rows) == len(ROWS)  # every row keeps its index (its cell boxes)
    assert rows[11][1] == "Input Low Voltage (pin 2, 9, 12, 19)"
    assert rows[12] == [""] * 7
    assert rows[27][1] == "Source Output Saturation Voltage (pins 3, 8, 13, 18)"
    assert rows[29][1] == "Sink Output Saturation Voltage (pins 3, 8, 13, 18)"
    assert rows[6] == ROWS[6]  # figures of its own: a second condition of the row above, not a wrapped line


def test_a_line_under_a_figure_or_opening_an_item_is_no_wrapped_line() -> None:
    codes = [["Sex", "2", "1.", "Male"], ["", "", "2.", "Female"]]
    assert unwrapped(codes) == codes  # "2." opens an item of its own
    figures = [["Revenue", "Total", "100"], ["", "", "(restated)"]]
    assert unwrapped(figures) == figures  # under a figure, not under words
    heading = [["Revenue", "Total", "100"], ["Operating costs", "", ""]]
    assert unwrapped(heading) == heading  # a label of its own heads a section


def test_the_header_ends_at_the_row_of_limit_heads_when_figures_follow() -> None:
    table = TableData(id="l", rows=unwrapped(ROWS), columns=[TITLE] * 7, header_rows=1)
    sh = shape(table)
    assert sh.header_rows == 3
    assert sh.columns == ["Symbol", "Parameter", "Test Conditions", "Min.", "Typ.", "Max.", "Unit"]


def test_a_wrapped_parameter_is_read_by_its_whole_name() -> None:
    table = TableData(id="l", rows=unwrapped(ROWS), columns=[TITLE] * 7, header_rows=1)
    got = cell_answer(table, "What is the typical source output saturation voltage?")
    assert got is not None and got.cell is not None
    assert got.cell["value"] == "1.4"
    assert got.cell["row"] == "VCE(sat)H / Source Output Saturation Voltage (pins 3, 8, 13, 18)"


def test_a_label_on_two_lines_centred_on_its_figures_labels_them() -> None:
    rows = [
        ["Issue category", "Number of detectors", "Status"],
        ["Arithmetic", "2", "Passed"],
        ["Old Solidity Versions", "", ""],
        ["", "10", "Passed"],
        ["Bugs", "", ""],
        ["Code Quality", "15", "2 issues found"],
    ]
    got = unwrapped(rows)
    assert got[3] == ["Old Solidity Versions Bugs", "10", "Passed"]
    assert got[2] == got[4] == ["", "", ""]
    assert got[5] == rows[5]


def test_a_line_opening_a_list_or_under_column_numbers_is_no_wrapped_line() -> None:
    listed = [["No", "Item"], ["11", "Material specifications of main parts"], ["", "Schematic layout of:"]]
    assert unwrapped(listed) == listed  # "… of:" opens the list of the rows below
    numbers = [["State", "Total", "WMA"], ["1", "2=", "3"], ["", "(3 to 6)+14", ""]]
    assert unwrapped(numbers) == numbers  # a row of column numbers continues nothing
