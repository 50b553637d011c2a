"""Rows told apart by a yes/no column the question names (app.qa.tables.flags), a count said in words
(app.qa.tables.words), a row keyed by a value under a header of several words whose label is asked
(app.qa.tables.matching.keyed_row, app.qa.tables.cell_lookup)."""

from __future__ import annotations

from app.qa.tables.cell_lookup import cell_answer
from app.qa.tables.model import TableData
from app.qa.tables.words import tokens

RESULTS = TableData(
    id="r",
    rows=[
        ["Gain for balancing tones", "Single bit", "Command", "Time,", "Track 1", "Track 2"],
        ["", "fix-up", "Line", "seconds", "Frames", "Frames"],
        ["", "", "Options", "", "Decoded", "Decoded"],
        ["Automatic", "no", "-P E -F 0", "63", "993", "988"],
        ["9 different, remove duplicates", "no", "-P E+ -F 0", "69", "1011", "1004"],
        ["Automatic", "yes", "-P E -F 1", "63", "1012", "1001"],
        ["9 different, remove duplicates", "yes", "-P E+ -F 1", "73", "1021", "1022"],
    ],
    columns=["Gain for balancing tones", "Single bit / fix-up", "Command / Line / Options", "Time, / seconds",
             "Track 1 / Frames / Decoded", "Track 2 / Frames / Decoded"],  # fmt: skip
    header_rows=3,
)


def _value(table: TableData, question: str) -> str | None:
    got = cell_answer(table, question)
    return got.cell["value"] if got is not None and got.cell is not None else None


def test_naming_a_yes_no_column_states_its_yes_and_negating_it_its_no() -> None:
    asked = "How many Track 2 frames were decoded with 9 different gains, remove duplicates, {} single bit fix-up?"
    assert _value(RESULTS, asked.format("and")) == "1022"
    assert _value(RESULTS, asked.format("and without")) == "1004"
    assert _value(RESULTS, "How many Track 1 frames were decoded with automatic gain and single bit fix-up?") == "1012"
    # The column's words said twice ("the heat-sink test"): the negation before either saying counts.
    heads = ["Driver subdivision", "Stepper motor", "Heat sink", "Driver current", "Temperature after 60 minutes"]
    sinks = TableData(id="h", rows=[heads, ["256", "42", "YES", "1.5A", "40.8"], ["256", "42", "NO", "1.5A", "42.2"]],
                      columns=heads, header_rows=1)  # fmt: skip
    asked = "In the heat-sink test with a 42 motor at 1.5A, what was the temperature after 60 minutes {} the heat sink?"
    assert _value(sinks, asked.format("without")) == "42.2"
    assert _value(sinks, asked.format("with")) == "40.8"


def test_a_count_said_in_words_is_its_figure() -> None:
    assert tokens("using nine gains") == tokens("using 9 gains")
    assert "1" not in tokens("which one of the tables")  # "one" is mostly a pronoun
    assert "2" not in tokens("two-stroke engines") and "5" not in tokens("the five firm concentration ratio")


SENTENCES = TableData(
    id="s",
    rows=[
        ["Sentence", "Origin", "Config file option Name", "Comment"],
        ["$GPWPL", "APRS", "N", ""],
        ["$PGRMW", "APRS", "G", "*"],
        ["$PMGNWPL", "APRS", "M", ""],
        ["!AIVDM", "AIS", "A", ""],
    ],
    columns=["Sentence", "Origin", "Config file option Name", "Comment"],
    header_rows=1,
)


def test_a_row_keyed_by_a_value_under_a_header_of_several_words_answers_its_label_when_asked() -> None:
    got = cell_answer(SENTENCES, "Which NMEA sentence does the guide tie to the waypoint option letter M?")
    assert got is not None and got.short_answer == "$PMGNWPL"
    assert "Config file option Name: M" in got.body  # the row named by its key, not by the label answered
    comment = cell_answer(SENTENCES, "What comment does the config option G have?")
    assert comment is not None and comment.short_answer == "*"


def test_a_year_heading_a_column_keys_no_row_by_the_figure_said_after_it() -> None:
    table = TableData(
        id="y",
        rows=[["Operating expenses", "2022", "2023"], ["Interest income", "19", "3"],
              ["Interest expense", "(411)", "(640)"]],
        columns=["Operating expenses", "2022", "2023"],
        header_rows=1,
    )  # fmt: skip
    assert _value(table, "What was the interest expense in 2023 3 months ended June 30?") == "(640)"


def test_a_row_keyed_under_a_two_line_header_whose_last_line_names_nothing() -> None:
    tags = TableData(
        id="t",
        rows=[["Tag", "Correlation Tag Value", "Data Bytes"], ["Number", "", ""],
              ["0x01", "0xB74DB7DF8A532F3E", "239"], ["0x05", "0x6E260B1AC5835FAE", "223"]],
        columns=["Tag / Number", "Correlation Tag Value", "Data Bytes"],
        header_rows=2,
    )  # fmt: skip
    got = cell_answer(tags, "What 64-bit correlation tag value belongs to tag number 0x05?")
    assert got is not None and got.short_answer == "0x6E260B1AC5835FAE"
