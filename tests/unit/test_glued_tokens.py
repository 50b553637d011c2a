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
    assert tokens("1st 1990s 0V 7B FY2015 RAK413") == ["1st", "1990s", "0v", "7b", "fy2015", "rak413"]


def test_the_row_of_the_rate_asked_is_read_not_one_sharing_its_digits() -> None:
    rows = [["Parameter", "Test conditions", "Typical Value", "Unit"],
            ["Receiver sensitivity", "11b,1Mbps", "-97", "dBm"], ["", "11b,2Mbps", "-92", "dBm"],
            ["", "11b,11Mbps", "-88", "dBm"]]  # fmt: skip
    table = TableData(id="r", rows=rows, caption="Table 4-4: Receiver specifications", columns=rows[0], header_rows=1)
    got = cell_answer(table, "What receiver sensitivity is given for 802.11b at 11 Mbps?")
    assert got is not None and got.cell is not None and got.cell["value"] == "-88"
