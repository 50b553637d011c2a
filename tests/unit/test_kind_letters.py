"""A letter joined to a noun of kinds ("J-type") names the row keyed by that letter under the kind's header
(app.qa.tables.words, app.qa.tables.matching.keyed_row)."""

from __future__ import annotations

from app.qa.tables.answer import best_answer
from app.qa.tables.model import TableData
from app.qa.tables.words import tokens

ROWS = [
    ["TYPE", "T- WIRE", "T+ WIRE", "SENSITIVITY (µV/°C)", "COLD-JUNCTION SENSITIVITY (µV/°C)"],
    ["K", "Alumel", "Chromel", "41.276", "40.73"],
    ["J", "Constantan", "Iron", "57.953", "52.136"],
    ["T", "Constantan", "Copper", "52.18", "41.56"],
    ["E", "Constantan", "Chromel", "76.373", "44.123"],
]
TABLE = TableData("tc", ROWS, "Table 1. Thermocouple Wire Connections and Nominal Sensitivities", None, ROWS[0], 1)


def test_a_letter_joined_to_a_noun_of_kinds_is_two_words_a_name_of_a_letter_one() -> None:
    assert tokens("a J-type thermocouple")[:2] == ["j", "type"]
    assert tokens("the p-value")[0] == "pvalu"


def test_the_row_keyed_by_the_letter_is_read() -> None:
    got = best_answer(TABLE, "What cold-junction sensitivity does the data sheet list for a J-type thermocouple?")
    assert got is not None and got.cell is not None and got.cell["value"] == "52.136"
    got = best_answer(TABLE, "What is the sensitivity of an E-type thermocouple?")
    assert got is not None and got.cell is not None and got.cell["value"] == "76.373"
