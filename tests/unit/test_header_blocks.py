"""A title centred over a block of columns that repeats names every column of its block
(app.qa.tables.header_blocks)."""

from __future__ import annotations

from app.qa.tables.cell_lookup import cell_answer
from app.qa.tables.header_blocks import titles_over_blocks
from app.qa.tables.model import TableData

HEADS = [["", "", "Dev set", "", "", "Test set", ""], ["System", "Size", "BLEU", "chrF", "TER", "BLEU", "chrF", "TER"]]


def test_each_title_names_every_column_of_its_block() -> None:
    columns = ["System", "Size", "BLEU", "Dev set / chrF", "TER", "BLEU", "Test set / chrF", "TER"]
    got = titles_over_blocks(columns, HEADS)
    assert got[2:5] == ["Dev set / BLEU", "Dev set / chrF", "Dev set / TER"]
    assert got[5:] == ["Test set / BLEU", "Test set / chrF", "Test set / TER"]
    # One title over two blocks, or none repeated below, names nothing more.
    assert titles_over_blocks(columns, [["", "", "Scores", "", "", "", "", ""], HEADS[1]]) == columns
    assert titles_over_blocks(["A", "B"], [["T", ""], ["A", "B"]]) == ["A", "B"]


def test_a_cell_under_the_second_block_is_read_by_its_title() -> None:
    rows = [*HEADS, ["Ours", "4k", "24.6", "55.7", "62.4", "22.9", "56.6", "62.6"],
            ["Baseline", "4k", "21.0", "50.1", "66.0", "20.4", "49.8", "67.1"]]  # fmt: skip
    columns = ["System", "Size", "BLEU", "Dev set / chrF", "TER", "BLEU", "Test set / chrF", "TER"]
    table = TableData("t", rows, columns=columns, header_rows=2)
    got = cell_answer(table, "What BLEU did our system reach on the test set?")
    assert got is not None and got.cell is not None and got.cell["value"] == "22.9"
