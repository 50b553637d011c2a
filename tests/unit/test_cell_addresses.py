"""Cell retrieval's addresses (app.qa.read.cells): a share is never read from a column counting things, "overall"
names the row that sums the others, a table printed in stacked blocks names its later columns by their block's head
row, and of rows named alike the one whose name says least else is read."""

from __future__ import annotations

from app.qa.read.cells import rank_cells
from app.qa.tables.model import TableData
from app.qa.tables.quantities import counts_column
from app.qa.tables.shape import shape

PLACES = TableData(
    id="t",
    rows=[["Characteristic", "At home", "Elsewhere", "Percentage at a clinic", "Number of visits"],
          ["Urban", "40.1", "2.0", "57.9", "1,204"], ["Rural", "61.5", "3.1", "35.4", "2,310"],
          ["Total", "54.3", "2.7", "43.0", "3,514"]],  # fmt: skip
    columns=["Characteristic", "At home", "Elsewhere", "Percentage at a clinic", "Number of visits"],
    header_rows=1,
)


def test_a_column_that_counts_things_holds_no_share() -> None:
    assert counts_column("Number of / births") and counts_column("N") and counts_column("No. of firms")
    assert not counts_column("Percentage / delivered") and not counts_column("Numbered items")
    hits = rank_cells(PLACES, shape(PLACES), "What percentage of visits were made by rural patients?", "number")
    assert hits and hits[0].value != "2,310"
    counted = rank_cells(PLACES, shape(PLACES), "How many visits were made by rural patients?", "number")
    assert counted and counted[0].value == "2,310"


def test_overall_names_the_total_row() -> None:
    hits = rank_cells(PLACES, shape(PLACES), "Overall, what percentage of visits were at a clinic?", "number")
    assert hits and hits[0].value == "43.0"


def test_a_table_printed_in_stacked_blocks_reads_later_rows_by_their_block_s_head_row() -> None:
    table = TableData(
        id="t",
        rows=[["Model", "Size", "Python", "Java"], ["Alpha-Base", "7B", "61.0%", "55.2%"],
              ["Alpha-Base-Mini", "1B", "40.3%", "33.9%"], ["", "Size", "Rust", "Go"],
              ["Alpha-Base", "7B", "48.8%", "52.1%"], ["Alpha-Base-Mini", "1B", "30.5%", "29.0%"]],  # fmt: skip
        columns=["Model", "Size", "Python", "Java"],
        header_rows=1,
    )
    hits = rank_cells(table, shape(table), "What Rust score did Alpha-Base reach?", "number")
    assert hits and hits[0].value == "48.8%" and hits[0].margin > 0
    python = rank_cells(table, shape(table), "What Python score did Alpha-Base-Mini reach?", "number")
    assert python and python[0].value == "40.3%"


def test_only_rows_named_by_the_same_words_are_told_apart_by_what_else_they_say() -> None:
    table = TableData(
        id="t",
        rows=[["Method", "MAE"], ["Baseline (with perspective infor mation)", "16.6"],
              ["MCNN [28] (with perspective informa tion)", "11.6"], ["[27] (with perspective information)", "12.9"]],
        columns=["Method", "MAE"],
        header_rows=1,
    )  # fmt: skip
    hits = rank_cells(table, shape(table), "What MAE is listed for MCNN with perspective information?", "number")
    assert hits and hits[0].value == "11.6"
