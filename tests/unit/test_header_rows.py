"""Header rows a table's stored columns miss: a row of category numbers under the headers, a header line broken
over columns, a lone word over a block of rows (app.qa.tables.header_rows, read by app.qa.tables.shape)."""

from __future__ import annotations

from app.qa.read.cells import rank_cells
from app.qa.tables.header_rows import block_names, category_row, spread_fragments, without_mark
from app.qa.tables.model import TableData
from app.qa.tables.quantities import counts_column
from app.qa.tables.shape import shape
from app.qa.tables.words import question_tokens

BLOCKS = TableData(
    id="t",
    rows=[
        ["Percent distribution of surveyed firms and households by plans for new vehicles, according to", "", "", "",
         "", "", ""],
        ["number of vehicles owned, survey data", "", "", "", "", "", ""],
        ["", "", "Number of", "vehicles owned", "", "Total", "Total"],
        ["Plans", "0", "1", "2", "3+", "18-64", "18-74"],
        ["", "", "", "FIRMS1", "", "", ""],
        ["Buy another soon", "12.5", "30.1", "22.0", "8.4", "19.0", "na"],
        ["Buy no more", "3.2", "11.8", "40.6", "61.3", "27.9", "na"],
        ["Number", "120", "340", "410", "95", "965", "na"],
        ["", "", "", "HOUSEHOLDS2", "", "", ""],
        ["Buy another soon", "15.1", "28.4", "20.9", "6.6", "17.2", "16.0"],
        ["Buy no more", "2.7", "9.9", "35.0", "48.2", "24.1", "25.3"],
        ["Number", "88", "260", "300", "150", "798", "900"],
    ],
    caption="Table 3.1 Vehicle plans by number of vehicles owned",
    columns=["Percent distribution of surveyed firms"] * 7,
    header_rows=1,
)  # fmt: skip


def test_a_row_of_rising_category_numbers_over_decimals_heads_the_columns() -> None:
    sh = shape(BLOCKS)
    assert sh.header_rows == 4
    assert sh.columns[4] == "Number of vehicles owned / 3+"
    assert sh.columns[5] == "Total / 18-64"


def test_the_same_numbers_over_whole_figures_may_be_data() -> None:
    rows = [["Plans", "0", "1", "2", "3"], ["Buy", "5", "7", "9", "11"], ["Keep", "4", "6", "8", "10"]]
    assert category_row(rows, 0) is False  # below: whole numbers, the same kind of figure
    falling = [["Plans", "3", "2", "1", "0"], ["Buy", "5.5", "7.1", "9.2", "1.3"]]
    assert category_row(falling, 0) is False  # categories rise left to right
    assert category_row([["Plans", "0", "1", "2", "3"], ["Buy", "5.5", "7.1", "9.2", "1.3"]], 0) is True


def test_a_header_line_broken_over_columns_is_spread_over_them() -> None:
    assert spread_fragments(["", "", "Number of", "vehicles owned", "", "Total"]) == [
        "", "Number of vehicles owned", "Number of vehicles owned", "Number of vehicles owned",
        "Number of vehicles owned", "Total",
    ]  # fmt: skip
    assert spread_fragments(["", "Men", "", "Women", ""]) == ["", "Men", "", "Women", ""]  # two names, not one


def test_a_lone_word_over_a_block_of_rows_names_the_block() -> None:
    sh = shape(BLOCKS)
    assert sh.name(6) == "FIRMS / Buy no more" and sh.name(10) == "HOUSEHOLDS / Buy no more"
    data = list(range(len(BLOCKS.rows)))
    assert block_names(BLOCKS.rows, data, 0) == {4: "FIRMS", 8: "HOUSEHOLDS"}
    strays = [["Fee", "", "", ""], ["", "Date", "", ""], ["Rent", "1.0", "2.0", "3.0"], ["", "", "time)", ""],
              ["Tax", "1.5", "2.5", "3.5"]]  # fmt: skip
    assert block_names(strays, list(range(5)), 0) == {}  # pieces of wrapped cells, not blocks' names
    one = [["", "WOMEN", "", ""], ["Rent", "1.0", "2.0", "3.0"], ["Tax", "1.5", "2.5", "3.5"]]
    assert block_names(one, [0, 1, 2], 0) == {}  # one title alone: as often a stray piece of text
    assert without_mark("WOMEN1") == "WOMEN" and without_mark("A4988") == "A4988" and without_mark("MP3") == "MP3"


def test_a_count_over_categories_groups_rather_than_counts() -> None:
    assert counts_column("Number of / births")
    assert not counts_column("Number of vehicles owned / 3+")


def test_the_cell_of_a_block_and_a_category_is_read() -> None:
    sh = shape(BLOCKS)
    hits = rank_cells(BLOCKS, sh, "What percentage of households owning 3 or more vehicles plan to buy no more?", "")
    assert hits and hits[0].value == "48.2"


def test_an_ordinal_says_its_figure() -> None:
    assert "1" in question_tokens("What share of first-order births were wanted later?")
    assert "1" not in question_tokens("What share of births were wanted later?")
    assert "2" in question_tokens("How long did the second Insurance test case take?")
    assert "1" not in question_tokens("How much was spent in the first quarter of 2023?")  # a period, not a row key
    assert "1" not in question_tokens("In what year was the phrase first used?")
