"""A table stored without a header row, its first row a name and whole numbers (sequence lengths over the columns), is
read with that row as its header when the question names one of those numbers (app.qa.tables.figure_headers)."""

from __future__ import annotations

from app.qa.tables.cell_lookup import cell_answer
from app.qa.tables.figure_headers import headed_by_named_figure
from app.qa.tables.model import TableData

ROWS = [["Attention Method", "128", "256", "512", "1024", "4096"],
        ["PyTorch Attention", "36", "104", "336", "1184", "17024"],
        ["Linformer", "25", "52", "114", "287", "1652"],
        ["FlashAttention", "22", "44", "104", "209", "836"]]  # fmt: skip
TABLE = TableData(id="m", rows=ROWS, caption="Table 21: Memory usage (MB) by sequence length", columns=None,
                  header_rows=0)  # fmt: skip


def test_the_named_number_heads_its_column() -> None:
    got = cell_answer(TABLE, "How many MB does FlashAttention use at sequence length 4096?")
    assert got is not None and got.cell is not None and got.cell["value"] == "836"


def test_the_first_row_stays_data_unless_one_of_its_numbers_is_named() -> None:
    assert headed_by_named_figure(TABLE, 0, "How much memory does FlashAttention use?") is TABLE
    assert headed_by_named_figure(TABLE, 0, "Is 128 or 256 the shorter length?") is TABLE  # two named
    assert headed_by_named_figure(TABLE, 1, "… at sequence length 4096?") is TABLE  # it has a header already
    rows = [["Total", "10", "20"], ["Men", "4", "9"]]
    numbered = TableData(id="n", rows=[["2019", "10", "20"], *rows])
    assert headed_by_named_figure(numbered, 0, "What was it in 20?") is numbered  # no name heads the row
    headed = headed_by_named_figure(TABLE, 0, "How many MB at sequence length 4096?")
    assert headed.header_rows == 1 and headed.columns == ROWS[0]
