"""A row keyed by a code or a date and named by the words of a later cell (app/qa/tables/row_words.py); a table of keys
and values read in its one value column."""

from __future__ import annotations

from app.qa.tables.cell_lookup import cell_answer
from app.qa.tables.model import TableData

FINDINGS = TableData(
    id="f",
    rows=[
        ["ID", "Severity", "Title", "Category", "Status"],
        ["PVE-001", "Medium", "Proper Liquidity Limit Enforcement in PoolService", "Coding Practices", "Fixed"],
        ["PVE-002", "Low", "Duplicate Avoidance in connectCreditManager()", "Coding Practices", "Fixed"],
        ["PVE-003", "Low", "Proper MAX_INT_4 Calculation", "Numeric Errors", "Fixed"],
        ["PVE-004", "Low", "Improved Precision By Multiplication And Division Reordering", "Coding Practices", "Fixed"],
    ],
    caption="Table 2.1: Key Audit Findings",
)

PLAYERS = TableData(
    id="p",
    rows=[
        ["Date", "Game", "Peak players", "Average players"],
        ["April 2019", "Counter-Strike: Global Offensive", "753,221", "470,552"],
        ["April 2019", "Stardew Valley", "19,916", "11,071"],
        ["April 2019", "Dota 2", "836,491", "489,123"],
    ],
)


def test_a_row_keyed_by_a_code_is_named_by_its_title() -> None:
    got = cell_answer(FINDINGS, "Which category is the MAX_INT_4 finding filed under?")
    assert got is not None and got.cell is not None
    assert (got.cell["row"], got.cell["value"]) == ("PVE-003", "Numeric Errors")


def test_a_row_keyed_by_a_date_is_named_by_the_name_beside_it() -> None:
    got = cell_answer(PLAYERS, "What peak player count is listed for Stardew Valley?")
    assert got is not None and got.cell is not None
    assert got.cell["value"] == "19,916"


def test_words_in_two_rows_name_no_row() -> None:
    assert cell_answer(FINDINGS, "Which category is the proper finding filed under?") is None


def test_a_table_of_keys_and_values_is_read_in_its_one_value_column() -> None:
    basics = TableData(
        id="b",
        rows=[["Item", "Description"], ["Issuer", "Acme"], ["Audit Method", "Whitebox"], ["Platform", "Solidity"]],
        caption="Table 1.1: Basic Information of Acme",
    )
    got = cell_answer(basics, "What audit method is given in the basic information table?")
    assert got is not None and got.cell is not None
    assert (got.cell["row"], got.cell["value"]) == ("Audit Method", "Whitebox")


def test_one_word_met_by_chance_names_no_row_and_a_lone_cell_answers_nothing() -> None:
    assert cell_answer(FINDINGS, "Which category is the reentrancy finding filed under?") is None
    legend = TableData(id="m", rows=[["Control registers Data registers"], ["read / write read only"]])
    assert cell_answer(legend, "What is the typical RMS noise in ultra high resolution mode?") is None


def test_a_column_of_numbers_or_without_a_header_is_no_value_column() -> None:
    items = TableData(
        id="i",
        rows=[["Item", "No."], ["Crankshaft", "14"], ["Cylinder liner", "15"], ["Piston", "see 3"], ["Frame", "n/a"]],
    )
    assert cell_answer(items, "From what bore on are cylinder liners covered?") is None
    prose = TableData(id="p", rows=[["", ""], ["when the cache part is fixed", "the error is 0.0115 and the RE"]])
    assert cell_answer(prose, "How much memory was assigned to the cache part?") is None
