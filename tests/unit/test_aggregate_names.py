"""An aggregate word that is part of a name asks for no mean or extreme over the table (app.qa.tables.aggregate): one
joined to another by a hyphen ("mean-pooling", "peak-to-peak"), or one the caption says with the next word in
another form ("maximum lift" of "Maximum lifting capacities")."""

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


CRANE = TableData(
    id="crane",
    rows=[
        ["Boom setting", "Conditions", "Calm", "Windy"],
        ["Short boom", "Typical", "900 kg", "600 kg"],
        ["", "Minimum", "700 kg", "500 kg"],
        ["Long boom", "Typical", "400 kg", "250 kg"],
        ["", "Minimum", "300 kg", "200 kg"],
    ],
    caption="Table 3. Maximum lifting capacities",
    columns=["Boom setting", "Conditions", "Calm", "Windy"],
    header_rows=1,
)


def test_an_extreme_word_naming_the_captions_measure_in_another_form_asks_for_no_extreme() -> None:
    # "maximum lift" is the caption's "Maximum lifting": the measure the table gives, its cell is asked for
    got = best_answer(CRANE, "What is the typical maximum lift with the long boom in windy weather?")
    assert got is not None and got.kind == "cell" and got.short_answer == "250 kg"


SHIFTED = TableData(
    id="classes",
    rows=[
        ["", "Type", "", "Level", "", "Max Power Level", "", "Sample Devices"],
        ["Class 1", "", "High", "", "100 mW", "", "Access points", ""],
        ["Class 2", "", "Medium", "", "2.5 mW", "", "Phones", ""],
    ],
    caption="Table 2-1. Device classes",
    columns=["Type", "Type", "Level", "Level", "Max Power Level", "Max Power Level", "Sample Devices",
             "Sample Devices"],
    header_rows=1,
)  # fmt: skip


def test_a_header_read_into_both_columns_it_spans_names_the_one_with_figures_once() -> None:
    from app.qa.tables.shape import shape

    columns = shape(SHIFTED).columns
    assert [c for c in columns if c] == ["Type", "Level", "Max Power Level", "Sample Devices"]
    assert columns[4] == "Max Power Level" and columns[6] == "Sample Devices"
    # "Max" in a header is the "maximum" a question says
    got = best_answer(SHIFTED, "What is the maximum power of a Class 2 device?")
    assert got is not None and got.short_answer == "2.5 mW"


def test_an_extreme_right_after_another_is_the_measures_own() -> None:
    # "the lowest maximum resistance" over a column "Ω (max)": the lowest is asked, "maximum" names the column.
    coils = TableData(
        id="coils",
        rows=[["Part", "µH", "Ω (max)"], ["Alpha 10", "10", "0.095"], ["Beta 22", "22", "0.560"],
              ["Gamma 15", "15", "0.200"]],
        caption="Table 2. Inductor specifications",
        columns=["Part", "µH", "Ω (max)"],
        header_rows=1,
    )  # fmt: skip
    got = aggregate_answer(coils, "Which part has the lowest maximum resistance, and what is it?")
    assert got is not None and "Alpha 10" in got.body and "0.095" in got.body


def test_an_extreme_said_of_one_row_named_whole_asks_that_rows_value() -> None:
    # "the maximum range on a gray target": the row is named, so its value is asked, not the column's top row.
    ranges = TableData(
        id="ranges",
        rows=[["Target", "Indoor", "Outdoor"], ["White target (88%)", "200", "80"], ["Gray target (17%)", "80", "50"]],
        caption="Table 12. Ranging capabilities",
        columns=["Target", "Indoor", "Outdoor"],
        header_rows=1,
    )  # fmt: skip
    assert aggregate_answer(ranges, "What is the maximum outdoor range on a gray (17%) target?") is None
    got = best_answer(ranges, "What is the maximum outdoor range on a gray (17%) target?")
    assert got is not None and got.short_answer == "50"
    # Naming no row, the extreme is asked.
    got = aggregate_answer(ranges, "Which target has the maximum outdoor range?")
    assert got is not None and "White target" in got.body


def test_a_total_said_before_an_extreme_is_the_operation() -> None:
    parks = TableData(
        id="parks",
        rows=[["Park", "Visitors"], ["North", "120"], ["South", "300"], ["West", "80"]],
        caption="Table 3. Visitors on each park's busiest day",
        columns=["Park", "Visitors"],
        header_rows=1,
    )  # fmt: skip
    got = aggregate_answer(parks, "Adding up each park's peak visitors, how many visitors is that?")
    assert got is not None and "500" in got.body
    # Said the other way round, the extreme is asked ("the highest total").
    got = aggregate_answer(parks, "Which park has the highest visitors in total?")
    assert got is not None and "South" in got.body
    # An adjective before the extreme names the measure: the extreme is asked.
    got = aggregate_answer(parks, "In the table of average visitors, which park had the highest visitors?")
    assert got is not None and "South" in got.body


def test_a_row_labelled_by_a_figure_is_not_named_by_a_number_in_the_question() -> None:
    runs = TableData(
        id="runs",
        rows=[["Run", "Q1000"], ["1", "241"], ["2", "543"], ["3", "399"]],
        caption="Table 83. The 1,000-yr quantile by run",
        columns=["Run", "Q1000"],
        header_rows=1,
    )  # fmt: skip
    got = aggregate_answer(runs, "Which run has the highest Q1000 for the 1,000-year flood, and what is it?")
    assert got is not None and "543" in got.body


def test_a_row_left_out_of_an_extreme_is_not_the_row_asked_of() -> None:
    # "Leaving out Hubei, what is the highest …": the row is named only to be dropped, the extreme of the rest asked.
    cases = TableData(
        id="cases",
        rows=[["Province", "Confirmed"], ["Hubei", "67707"], ["Guangdong", "1352"], ["Henan", "1272"]],
        caption="Table 1. Confirmed cases by province",
        columns=["Province", "Confirmed"],
        header_rows=1,
    )  # fmt: skip
    got = aggregate_answer(cases, "Leaving out Hubei, what is the highest confirmed case count of any province?")
    assert got is not None and "Guangdong" in got.body and "1352" in got.body
