"""A mean or a total over the periods a question names, of the one row it names ("the average R&D expense over 2019,
2020 and 2021"), read across that row (app.qa.tables.aggregate.row_spread_answer)."""

from __future__ import annotations

from app.qa.tables.aggregate import aggregate_answer
from app.qa.tables.answer import best_answer
from app.qa.tables.model import TableData

COSTS = TableData(
    id="costs",
    rows=[
        ["(Dollars in millions)", "2021", "2020", "2019", "Change %"],
        ["Research and development", "2,593", "1,491", "1,343", "74"],
        ["Selling and administrative", "4,517", "3,145", "2,646", "44"],
    ],
    caption="Operating expenses",
    columns=["(Dollars in millions)", "Year Ended / 2021", "Year Ended / 2020", "Year Ended / 2019", "Change %"],
    header_rows=1,
)


def test_the_mean_of_a_named_row_over_the_named_years() -> None:
    got = best_answer(COSTS, "What was the average annual research and development expense over 2019, 2020 and 2021?")
    assert got is not None and got.kind == "aggregate"
    assert got.short_answer == "1,809"
    total = best_answer(COSTS, "What was the total selling and administrative expense in 2020 and 2021?")
    assert total is not None and total.short_answer == "7,662"


def test_one_period_named_is_a_cell() -> None:
    got = best_answer(COSTS, "What was the research and development expense in 2020?")
    assert got is not None and got.kind == "cell" and got.short_answer == "1,491"


def test_a_mean_over_one_row_is_that_rows_cell() -> None:
    one = TableData(
        id="one",
        rows=[["", "Model A", "Model B", "Model C"], ["MAE", "0.6027", "0.6830", "0.6729"]],
        caption="Table 2: MAE comparison",
        columns=["", "Model A", "Model B", "Model C"],
        header_rows=1,
    )
    assert aggregate_answer(one, "What mean absolute error does Model C reach?") is None
    got = best_answer(one, "What mean absolute error does Model C reach?")
    assert got is not None and got.cell is not None and got.cell["value"] == "0.6729"
