"""A quantity asked for by name (app.qa.tables.quantities): a cell that says neither the quantity nor one of its
units cannot answer it ("5" under "Pin#" is no capacitance); the row's one cell that says such a unit can."""

from __future__ import annotations

from app.qa.tables.cell_lookup import cell_answer
from app.qa.tables.model import TableData
from app.qa.tables.quantities import asked_quantities, asks_time, holds_other_quantity, says_unit_of

ASKED = "What capacitance should be connected to the C1 pin?"


def test_a_cell_without_the_quantity_or_its_unit_answers_no_quantity() -> None:
    assert asked_quantities(ASKED) == {"capacit"}
    assert holds_other_quantity(ASKED, "5", "", "C1", "Pin#")
    assert not holds_other_quantity(ASKED, "220 nF", "", "C1", "Function")
    assert not holds_other_quantity("What is the supply voltage?", "3.3", "", "Supply voltage", "Typ")
    assert not holds_other_quantity("What clock frequency is allowed?", "10", "MHz", "fc(SPC)", "Max")
    assert not holds_other_quantity("What were current assets in 2023?", "207,586", "", "Total current assets", "2023")


def test_the_rows_cell_saying_the_quantitys_unit_is_read() -> None:
    rows = [["Pin#", "Name", "Function"], ["1", "SCL SPC", "I2C serial clock (SCL) SPI serial port clock (SPC)"],
            ["2", "NC", "Internally not connected. Can be tied to Vdd, Vdd_IO or GND."],
            ["5", "C1", "Capacitor connection (C1 = 220 nF)"], ["6", "GND", "Connected to GND"],
            ["7", "INT/DRDY", "Interrupt/data-ready signal"], ["9", "Vdd", "Power supply"]]  # fmt: skip
    pins = TableData(id="p", rows=rows, caption="Table 2. Pin description", columns=rows[0], header_rows=1)
    got = cell_answer(pins, ASKED)
    assert got is not None and got.cell is not None and "220 nF" in got.cell["value"]


def test_how_long_asks_a_duration_or_a_length() -> None:
    asked = "Typically, how long does the driver take to come out of shutdown mode?"
    assert holds_other_quantity(asked, "0", "", "Shutdown Mode", "Register data")
    assert holds_other_quantity(asked, "0°C to +70°C", "", "DS1307+", "Temp range")
    assert not holds_other_quantity(asked, "250µs", "", "Wake-up time", "Typ")
    assert not holds_other_quantity(asked, "250", "ms", "Start-up", "Max")
    assert not holds_other_quantity("How long is the cable?", "1.5", "m", "Cable", "Length")
    # a row named by the word itself is read, as for any quantity
    assert not holds_other_quantity("How long is the long-term debt due?", "5,000", "", "Long-term debt", "2023")


def test_a_figure_said_in_a_unit_of_the_quantity_asked() -> None:
    asked = asked_quantities(ASKED)
    assert says_unit_of(asked, "Connect 220 nF between C1 and GND") and says_unit_of(asked, "C1 = 0.1uF")
    assert not says_unit_of(asked, "Connect C1 close to pins 5 and 6") and not says_unit_of(set(), "220 nF")
    assert asks_time("For how long does the modem retry?") and not asks_time(ASKED)
