"""A figure and its unit set without a space ("11Mbps") and a word and its year squeezed together
("September2023") are read as the two words a question says (app.qa.tables.words.tokens)."""

from __future__ import annotations

from app.qa.tables.cell_lookup import cell_answer
from app.qa.tables.model import TableData
from app.qa.tables.words import tokens


def test_a_figure_glued_to_its_unit_is_two_words() -> None:
    assert tokens("11b,11Mbps") == tokens("11b, 11 Mbps") == ["11b", "11", "mbps"]
    assert tokens("September2023") == tokens("September 2023")
    # A figure's own letters, a single letter ("0V", "7B") and a name's figures stay one word.
    assert tokens("1st 1990s 0V 7B RAK413") == ["1st", "1990s", "0v", "7b", "rak413"]


def test_a_fiscal_year_is_one_word_however_it_is_written() -> None:
    # "FY25" of a question is the "FY 2025" and the "FY2025" of a header; the long forms keep their year.
    assert tokens("FY 2025") == tokens("FY2025") == ["fy25", "2025"]
    assert tokens("Q4 FY25") == ["q4", "fy25"]
    assert "fy25" in tokens("Growth in FY 2025 (%)")


def test_the_row_of_the_rate_asked_is_read_not_one_sharing_its_digits() -> None:
    rows = [["Parameter", "Test conditions", "Typical Value", "Unit"],
            ["Receiver sensitivity", "11b,1Mbps", "-97", "dBm"], ["", "11b,2Mbps", "-92", "dBm"],
            ["", "11b,11Mbps", "-88", "dBm"]]  # fmt: skip
    table = TableData(id="r", rows=rows, caption="Table 4-4: Receiver specifications", columns=rows[0], header_rows=1)
    got = cell_answer(table, "What receiver sensitivity is given for 802.11b at 11 Mbps?")
    assert got is not None and got.cell is not None and got.cell["value"] == "-88"


def test_a_factor_level_printed_against_its_variable_name_is_its_own_words() -> None:
    assert tokens("beach_nameCherry Beach") == ["beach", "name", *tokens("Cherry Beach")]
    assert tokens("sexMale") == ["sex", "male"]
    assert tokens("McDonald iPhone") == ["mcdonald", *tokens("iphone")]  # a short run before a capital stays
    assert tokens("HeavyCache FlashAttention") == [*tokens("heavycache"), *tokens("flashattention")]  # camel-case names
    rows = [["term", "estimate", "std.error"], ["(Intercept)", "2606.45", "115.39"],
            ["beach_nameCherry Beach", "3.17", "0.79"], ["beach_nameSunnyside Beach", "8.43", "0.78"]]  # fmt: skip
    table = TableData(id="b", rows=rows, caption="Table 1: Regression results", columns=rows[0], header_rows=1)
    got = cell_answer(table, "In Table 1, what is the estimate for Cherry Beach?")
    assert got is not None and got.cell is not None and got.cell["value"] == "3.17"
