"""A table of blocks: a header row repeated inside it under a title of its own starts a block, a section of rows."""

from __future__ import annotations

from app.qa.tables.cell_lookup import cell_answer
from app.qa.tables.model import TableData
from app.qa.tables.shape import shape

BLOCKS = TableData(
    id="b",
    rows=[
        ["Cash Flow Statement", "FY2015", "FY2016", "FY2017"],
        ["(€'000)", "Actual", "Actual", "Actual"],
        ["Net cash from operating activities", "655", "674", "1,234"],
        ["Net cash from investing activities", "(523)", "(2,342)", "(2,397)"],
        ["Key Accounting Ratios", "FY2015", "FY2016", "FY2017"],
        ["Operating profit margin", "10%", "12%", "9%"],
        ["Interest cover (times)", "1.75", "1.78", "1.19"],
    ],
    columns=["Cash Flow Statement / (€'000)", "FY2015 / Actual", "FY2016 / Actual", "FY2017 / Actual"],
    header_rows=2,
)


def test_a_repeated_header_under_its_own_title_heads_a_block() -> None:
    sh = shape(BLOCKS)
    assert sh.names[4] == ""  # the repeated header is no row of data
    assert sh.names[6] == "Key Accounting Ratios / Interest cover (times)"
    assert sh.names[2] == "Net cash from operating activities"


def test_a_question_naming_the_block_reads_its_row_not_the_repeated_header() -> None:
    got = cell_answer(BLOCKS, "What interest cover ratio was recorded for FY2017 in the key accounting ratios?")
    assert got is not None and got.cell is not None and got.cell["value"] == "1.19"


def test_a_header_repeated_whole_heads_nothing() -> None:
    rows = [r[:] for r in BLOCKS.rows]
    rows[4] = ["Cash Flow Statement", "FY2015", "FY2016", "FY2017"]  # the first header row again, its title too
    sh = shape(TableData(id="r", rows=rows, columns=BLOCKS.columns, header_rows=2))
    assert sh.names[4] == "" and sh.names[6] == "Interest cover (times)"


def test_a_header_word_hyphenated_over_two_lines_is_one_word() -> None:
    table = TableData(id="h", rows=[
        ["", "Attacker", "Con-", "Preci-"], ["", "Popu-", "firmed", "sion"], ["Data", "lation", "(×103)", "(%)"],
        ["CEF", "2,098", "1,633", "84.8"], ["HDF", "2,098", "1,278", "77.7"],
    ])  # fmt: skip
    sh = shape(table)
    assert sh.columns[1:] == ["Attacker / Population", "Confirmed / (×103)", "Precision / (%)"]
    got = cell_answer(table, "How many confirmed records did HDF give?")
    assert got is not None and got.cell is not None and got.cell["value"] == "1,278"


def test_a_table_left_with_fewer_rows_than_its_header_rows_is_shaped_without_failing() -> None:
    # An aggregate question once failed on such a table (nd22-a01): the answer must go on without it.
    cut = TableData(id="cut", rows=[], caption="Table 9", columns=[], header_rows=1)
    assert shape(cut).names == {}
