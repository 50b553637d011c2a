"""A row named by its place among ordered row groups ("the lowest income tier") is that row, not the column's
lowest value."""

from app.qa.tables.answer import best_answer
from app.qa.tables.model import TableData
from app.qa.tables.tiers import with_ranked_row

SUBSIDIES = TableData(
    id="t",
    rows=[
        ["Monthly income per person", "Subsidy (citizens)", "Subsidy (residents)"],
        ["Income ≤ $800", "$1,322", "$1,058"],
        ["$800 < Income ≤ $1,500", "$927", "$742"],
        ["$1,500 < Income ≤ $2,800", "$385", "$306"],
        ["Income > $2,800", "$0", "$0"],
    ],
    caption="Table 12: Monthly subsidies by income",
    label="Table 12",
)


def test_the_lowest_tier_is_the_row_at_the_low_end_of_the_labels_figures() -> None:
    got = best_answer(SUBSIDIES, "What is the monthly subsidy for a resident in the lowest income tier?")
    assert got is not None and got.cell is not None
    assert (got.cell["row"], got.cell["value"]) == ("Income ≤ $800", "$1,058")
    top = best_answer(SUBSIDIES, "What subsidy does a citizen in the top income bracket get?")
    assert top is not None and top.cell is not None and top.cell["row"] == "Income > $2,800"


def test_rows_listed_high_to_low_are_placed_by_their_figures_not_their_order() -> None:
    upside_down = TableData(id="u", rows=[SUBSIDIES.rows[0], *SUBSIDIES.rows[:0:-1]], caption=SUBSIDIES.caption)
    got = best_answer(upside_down, "What is the monthly subsidy for a resident in the lowest income tier?")
    assert got is not None and got.cell is not None and got.cell["value"] == "$1,058"


def test_a_lowest_value_is_still_asked_when_no_row_group_is_placed() -> None:
    got = best_answer(SUBSIDIES, "Which income group gets the lowest subsidy for residents?")
    assert got is not None and got.kind == "aggregate"
    same = "What is the lowest subsidy for residents?"
    assert with_ranked_row(SUBSIDIES, same) == same
    named = TableData(id="n", rows=[["Tier", "Rate"], ["Low", "5"], ["Middle", "3"], ["High", "1"]])
    asked = "What is the rate of the lowest tier?"
    assert with_ranked_row(named, asked) == asked  # labels without figures: no order to read


RETENTION = TableData(
    id="r",
    rows=[
        ["Symbol", "Description", "Min.", "Typ.", "Max."],
        ["tnvmretp10k", "Data retention after up to 10 K cycles", "5", "50", "—"],
        ["tnvmretp1k", "Data retention after up to 1 K cycles", "20", "100", "—"],
        ["nnvmcycp", "Cycling endurance", "10 K", "50 K", "—"],
    ],
    caption="Table 21: Flash reliability specifications",
    label="Table 21",
)


def test_a_threshold_in_a_question_asking_a_value_picks_no_rows() -> None:
    asked = "What typical data retention does the datasheet quote for parts that have seen no more than 1 K cycles?"
    got = best_answer(RETENTION, asked)
    assert got is None or got.kind != "aggregate"
    counted = best_answer(RETENTION, "How many of the specifications have a typical value above 60?")
    assert counted is not None and counted.kind == "aggregate" and counted.short_answer == "1"


MODELS = TableData(
    id="d",
    rows=[
        ["Model", "AIME 2024 pass@1", "CodeForces rating"],
        ["GPT-4o", "9.3", "759"],
        ["OpenAI-o1-mini", "63.6", "1820"],
        ["Zebra-R1-Distill-Qwen-7B", "55.5", "1189"],
        ["Zebra-R1-Distill-Qwen-32B", "72.6", "1691"],
        ["Zebra-R1-Distill-Llama-8B", "50.4", "1205"],
    ],
    caption="Table 5: Comparison of distilled models with other models on reasoning benchmarks",
    label="Table 5",
)


def test_an_extreme_among_rows_said_by_their_labels_words_is_read_over_those_rows() -> None:
    kept = best_answer(MODELS, "Among the models distilled from Zebra-R1, which one has the highest CodeForces rating?")
    assert kept is not None and kept.cell is not None and kept.cell["row"] == "Zebra-R1-Distill-Qwen-32B"
    dropped = best_answer(MODELS, "Leaving out the Zebra-R1 models, which has the highest AIME 2024 pass@1?")
    assert dropped is not None and dropped.cell is not None and dropped.cell["row"] == "OpenAI-o1-mini"
    every = best_answer(MODELS, "Which model has the highest CodeForces rating?")
    assert every is not None and every.cell is not None and every.cell["row"] == "OpenAI-o1-mini"


def test_a_subset_said_by_the_rows_noun_that_one_label_holds_keeps_every_row() -> None:
    states = TableData(
        id="s",
        rows=[["State", "Upper bound"], ["United States", "212,607"], ["Florida", "56,477"], ["Illinois", "3,285"]],
        caption="Table 1: Migration estimates",
    )
    got = best_answer(states, "Among the ten states in the brief's main table, which has the smallest upper bound?")
    assert got is not None and got.cell is not None and got.cell["row"] == "Illinois"
