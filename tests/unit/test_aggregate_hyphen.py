"""An aggregate word joined to another by a hyphen ("mean-pooling", "peak-to-peak") names a row or a measure; it asks
for no mean or extreme over the table (app.qa.tables.aggregate)."""

from __future__ import annotations

from app.qa.tables.aggregate import aggregate_answer, row_spread_answer
from app.qa.tables.answer import best_answer
from app.qa.tables.model import TableData

RETRIEVAL = TableData(
    id="msvd",
    rows=[
        ["Method", "R@1", "R@5", "MdR"],
        ["Frozen encoder", "33.7", "64.7", "3.0"],
        ["Mean-pooling variant", "46.2", "76.1", "2.0"],
        ["Sequential LSTM variant", "46.8", "76.1", "2.0"],
    ],
    caption="Table 2: Text-to-video retrieval on MSVD",
    columns=["Method", "R@1", "R@5", "MdR"],
    header_rows=1,
)


def test_a_hyphened_aggregate_word_asks_for_no_mean() -> None:
    question = "What R@1 did the mean-pooling variant reach on MSVD?"
    assert aggregate_answer(RETRIEVAL, question) is None
    assert row_spread_answer(RETRIEVAL, question) is None
    got = best_answer(RETRIEVAL, question)
    assert got is not None and got.short_answer == "46.2"


def test_the_word_alone_still_asks_for_the_mean() -> None:
    got = aggregate_answer(RETRIEVAL, "What is the mean R@1 over the methods on MSVD?")
    assert got is not None and got.kind == "aggregate" and "42.233" in got.body


def test_a_row_named_with_a_hyphened_summary_word_is_a_member() -> None:
    from app.qa.tables.matching import summary_label

    assert not summary_label("Mean-pooling variant") and not summary_label("All-in cost")
    assert summary_label("Mean") and summary_label("Sub-total") and summary_label("Region / Grand-total")
