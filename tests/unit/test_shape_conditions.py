"""A data sheet's rows told apart by its columns of words between the symbol and the figures: a parameter said once
and filled down, a test condition on every row (app.qa.tables.shape)."""

from __future__ import annotations

from app.qa.tables.answer import best_answer
from app.qa.tables.model import TableData
from app.qa.tables.shape import shape

SPEC = TableData(
    id="spec",
    rows=[
        ["Symbol", "Parameter", "Test conditions", "Min.", "Typ.", "Max.", "Unit"],
        ["VT(ON)", "Turn-on threshold", "", "6.6", "7.4", "", "V"],
        ["VT(OFF)", "Turn-off threshold", "", "5.6", "6", "6.4", "V"],
        ["IS", "Supply current", "All outputs off", "", "5", "10", "mA"],
        ["TJ(OFF)", "Shutdown temperature", "", "", "165", "", "C"],
        ["R(ON)", "Upper switch resistance", "Tj = 25 °C", "", "0.34", "0.4", ""],
        ["", "", "Tj = 125 °C", "", "0.53", "0.59", ""],
        ["", "Lower switch resistance", "Tj = 25 °C", "", "0.28", "0.34", ""],
        ["", "", "Tj = 125 °C", "", "0.47", "0.53", ""],
    ],
    caption="Table 5. Electrical characteristics",
    columns=["Symbol", "Parameter", "Test conditions", "Min.", "Typ.", "Max.", "Unit"],
    header_rows=1,
)


def test_each_row_is_named_by_its_parameter_filled_down_and_its_own_condition() -> None:
    names = shape(SPEC).names
    assert names[6] == "R(ON) / Upper switch resistance / Tj = 125 °C"
    assert names[7] == "R(ON) / Lower switch resistance / Tj = 25 °C"
    got = best_answer(SPEC, "What is the typical resistance of the upper switch at Tj = 125 °C?")
    assert got is not None and "**0.53**" in got.body
    got = best_answer(SPEC, "What is the typical resistance of the lower switch at Tj = 125 °C?")
    assert got is not None and "**0.47**" in got.body


def test_rows_a_condition_does_not_name_apart_stay_unnamed() -> None:
    rows = [list(r) for r in SPEC.rows]
    rows[6][2] = "Tj = 25 °C"  # two rows of one parameter under one condition: nothing tells them apart
    names = shape(TableData("spec", rows, SPEC.caption, None, SPEC.columns, 1)).names
    assert not names.get(6)


def test_a_bound_said_with_its_row_reads_that_rows_bound_column() -> None:
    # "maximum" names the Max. column here: the upper switch's own Max cell, not the highest value in the table.
    got = best_answer(SPEC, "What is the maximum resistance of the upper switch at Tj = 125 °C?")
    assert got is not None and "**0.59**" in got.body
    got = best_answer(SPEC, "What is the maximum resistance of the lower switch at Tj = 25 °C?")
    assert got is not None and "**0.34**" in got.body


def test_a_ranges_width_is_the_rows_max_less_its_min_with_the_working() -> None:
    got = best_answer(SPEC, "How wide is the turn-off threshold range, in volts?")
    assert got is not None and got.short_answer == "0.8"
    assert "6.4 − Min. 5.6 = 0.8" in got.body
    # A row with no lower limit has no width: no answer is made up from one limit.
    got = best_answer(SPEC, "How wide is the supply current range with all outputs off?")
    assert got is None or " − " not in got.body


def test_a_width_is_asked_only_of_a_range() -> None:
    from app.qa.analysis.range_width import range_width_asked

    assert range_width_asked("What is the spread between the maximum and minimum output voltage?")
    assert range_width_asked("How wide is the recommended supply voltage window?")
    assert not range_width_asked("How wide is the data bus?")
    assert not range_width_asked("What is the supply voltage range?")


def test_no_extreme_is_taken_down_a_limit_column_of_rows_in_different_units() -> None:
    from app.qa.tables.aggregate import aggregate_answer

    # SPEC's rows measure volts, milliamps, degrees and ohms: "the highest maximum" of them answers nothing.
    with_units = TableData("spec-u", SPEC.rows, SPEC.caption, None, SPEC.columns, 1)
    assert aggregate_answer(with_units, "What is the highest maximum value?") is None
    same = TableData("same", [r[:6] + ["V"] if k else r for k, r in enumerate(SPEC.rows)], SPEC.caption, None,
                     SPEC.columns, 1)  # fmt: skip
    assert aggregate_answer(same, "What is the highest maximum value?") is not None


def test_placeholder_columns_key_nothing_and_an_aside_adds_no_words_to_a_condition() -> None:
    # "-" under Min on every row is no key, and "(2MHz)" qualifies "Internal osc. ON": each row is still named by
    # its parameter filled down and its own condition.
    rows = [
        ["Symbol", "Description", "Conditions", "Min", "Typ", "Max", "Unit"],
        ["Supply", "", "", "", "", "", ""],
        ["VDDM", "Main supply voltage", "-", "1.425", "-", "3.6", "V"],
        ["VCC", "I/O banks supply voltage", "-", "1.2", "-", "3.6", "V"],
        ["IDDM", "Main supply current (part A)", "Internal osc. OFF", "-", "1", "5", "µA"],
        ["", "", "Internal osc. ON (2MHz)", "-", "175", "235", ""],
        ["", "Main supply current (part B)", "Internal osc. OFF", "-", "1", "5", "µA"],
        ["", "", "Internal osc. ON (2MHz)", "-", "365", "460", ""],
        ["ICC", "I/O banks supply current", "", "-", "1", "2", "µA"],
        ["I/Os set as Input", "", "", "", "", "", ""],
        ["VIH", "High level input voltage", "-", "0.7", "-", "5.5", "V"],
        ["VIL", "Low level input voltage", "-", "-0.4", "-", "0.3", "V"],
        ["ILEAK", "Input leakage current", "No pull-up", "-1", "-", "1", "µA"],
        ["CI", "Input capacitance", "-", "-", "-", "10", "pF"],
        ["VOH", "High level output voltage", "-", "VCC – 0.3", "-", "VCC", "V"],
        ["VOL", "Low level output voltage", "-", "-0.4", "-", "0.3", "V"],
    ]
    table = TableData("sheet", rows, "Table 6 - Electrical Specifications", None, rows[0], 1)
    names = shape(table).names
    assert names[7] == "Supply / IDDM / Main supply current (part B) / Internal osc. ON (2MHz)"
    assert names[5] == "Supply / IDDM / Main supply current (part A) / Internal osc. ON (2MHz)"
    question = "What typical main supply current does part B draw with its internal oscillator ON (2MHz)?"
    got = best_answer(table, question)
    assert got is not None and "**365**" in got.body


def test_a_long_condition_names_its_row_when_every_row_measures_a_figure_of_its_own() -> None:
    # A data sheet's halt-mode current: one parameter over two rows, each told apart by a condition of seven words.
    rows = [
        ["Symbol Parameter", "Conditions", "Typ", "Max Unit"],
        ["IDD(H) Supply current in halt mode", "Flash in operating mode, HSI clock after wakeup", "62", "90 µA"],
        ["", "Flash in powerdown mode, HSI clock after wakeup", "6.5", "25"],
    ]
    table = TableData("halt", rows, "Table 25: Total current consumption in halt mode", None, rows[0], 1)
    assert shape(table).names[2].endswith("/ Flash in powerdown mode, HSI clock after wakeup")
    got = best_answer(table, "What is the typical supply current in halt mode with the Flash in power-down mode?")
    assert got is not None and "**6.5**" in got.body
    # A line wrapped from the row above measures nothing of its own: it names no row.
    wrapped = [rows[0], rows[1], ["", "and the clock stopped after the last wakeup event", "", ""]]
    names = shape(TableData("wrap", wrapped, "Table 25", None, rows[0], 1)).names
    assert not names.get(2, "").endswith("event")
