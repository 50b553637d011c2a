"""A currency symbol the extractor set in a column of its own joins the figures beside it
(app.qa.tables.currency_columns)."""

from __future__ import annotations

from app.qa.tables.cell_lookup import cell_answer
from app.qa.tables.currency_columns import currency_columns_merged
from app.qa.tables.model import TableData


def _revenue() -> TableData:
    box = [0.0, 0.0, 1.0, 1.0]
    rows = [["", "2023", "", "2022", ""],
            ["United States", "$", "10,893", "$", "10,236"],
            ["China", "5,020", "", "5,131", ""],
            ["Total", "$", "23,350", "$", "21,454"]]  # fmt: skip
    boxes = [[box, [1.0, 0, 2, 1], [2.0, 0, 3, 1], box, box] for _ in rows]
    return TableData("t", rows, columns=["", "2023", "2023", "2022", "2022"], header_rows=1, cell_boxes=boxes)


def test_a_column_of_currency_symbols_joins_the_figures_beside_it() -> None:
    table = _revenue()
    currency_columns_merged(table)
    assert table.rows[1] == ["United States", "$ 10,893", "$ 10,236"]
    assert table.rows[2] == ["China", "5,020", "5,131"]
    assert table.columns == ["", "2023", "2022"]
    assert table.cell_boxes is not None and table.cell_boxes[1][1] == [2.0, 0, 3, 1]  # the figure's own box
    assert table.cell_boxes[2][1] == [1.0, 0, 2, 1]
    got = cell_answer(table, "What was revenue in the United States in 2023?")
    assert got is not None and got.cell is not None and got.cell["value"] == "$ 10,893"


def test_columns_that_both_hold_figures_in_a_row_stay_apart() -> None:
    rows = [["", "Units", "Price"], ["Widgets", "$", "4.00"], ["Gears", "12", "3.50"]]
    table = TableData("t", [list(r) for r in rows], columns=rows[0], header_rows=1)
    currency_columns_merged(table)
    assert table.rows == rows


def test_a_column_of_per_cent_signs_joins_the_figures_before_it() -> None:
    rows = [["", "2023", "Change", ""], ["Revenues", "14,873", "6", "%"], ["Members", "80,128", "8", "%"],
            ["Note", "", "", ""]]  # fmt: skip
    table = TableData("t", [list(r) for r in rows], columns=["", "2023", "Change", ""], header_rows=1)
    currency_columns_merged(table)
    assert table.rows[1] == ["Revenues", "14,873", "6%"] and table.columns == ["", "2023", "Change"]
