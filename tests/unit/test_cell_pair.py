"""Two cells read together (app.qa.read.cell_pair): the one table holding both values a comparison or an arithmetic
question sets side by side, each cell named by its own part's words."""

from __future__ import annotations

from app.qa.ask import Cell
from app.qa.paired_parts import aligned
from app.qa.read.cell_pair import choose_pair
from app.qa.tables.model import Shape, TableData
from app.qa.tables.shape import shape

RETRIEVAL = TableData(
    id="t2",
    rows=[
        ["Retriever", "Top-20 NQ", "Top-20 TriviaQA", "Top-100 NQ"],
        ["BM25", "59.1", "66.9", "73.7"],
        ["DPR", "78.4", "79.4", "85.4"],
        ["BM25 + DPR", "76.6", "79.8", "83.8"],
    ],
    caption="Table 2: Top-20 and Top-100 retrieval accuracy on test sets.",
    columns=["Retriever", "Top-20 NQ", "Top-20 TriviaQA", "Top-100 NQ"],
    header_rows=1,
)
# Another table naming DPR but not BM25: a part read alone may pick it for DPR.
END_TO_END = TableData(
    id="t4",
    rows=[["Model", "NQ", "TriviaQA"], ["ORQA", "33.3", "45.0"], ["DPR", "41.5", "56.8"]],
    caption="Table 4: End-to-end QA accuracy.",
    columns=["Model", "NQ", "TriviaQA"],
    header_rows=1,
)
YEARS = TableData(
    id="t5",
    rows=[["", "2013", "2012", "2011"], ["Real estate taxes", "19,000", "18,100", "17,000"],
          ["Personal income tax", "9,814", "8,557", "7,900"]],  # fmt: skip
    columns=["", "2013", "2012", "2011"],
    header_rows=1,
)
PARTS = ("What is the top-20 accuracy on NQ of DPR?", "What is the top-20 accuracy on NQ of BM25?")


def _offer(*tables: TableData) -> list[tuple[TableData, Shape, set[str]]]:
    return [(t, shape(t), set[str]()) for t in tables]


def test_the_one_table_holding_both_values_is_read_for_both_parts() -> None:
    choice = choose_pair(_offer(END_TO_END, RETRIEVAL), PARTS, "number", 0.5, 0.5, 0.5)
    assert choice is not None and choice.table == 1
    assert (choice.first.value, choice.second.value) == ("78.4", "59.1")


def test_each_cell_is_named_by_its_own_part_and_not_by_the_other() -> None:
    parts = ("What was the personal income tax revenue in 2012?", "What was the personal income tax revenue in 2013?")
    choice = choose_pair(_offer(YEARS), parts, "number", 0.5, 0.5, 0.5)
    assert choice is not None
    assert (choice.first.value, choice.second.value) == ("8,557", "9,814")
    # A row holding both parts' names ("BM25 + DPR") is the cell of neither part.
    choice = choose_pair(_offer(RETRIEVAL), PARTS, "number", 0.5, 0.5, 0.5)
    assert choice is not None and "BM25 + DPR" not in {RETRIEVAL.rows[choice.first.row][0],
                                                        RETRIEVAL.rows[choice.second.row][0]}  # fmt: skip


def test_no_pair_when_one_part_has_no_cell_or_the_parts_do_not_differ() -> None:
    assert choose_pair(_offer(END_TO_END), PARTS, "number", 0.5, 0.5, 0.5) is None
    same = (PARTS[0], PARTS[0])
    assert choose_pair(_offer(RETRIEVAL), same, "number", 0.0, 0.5, 0.5) is None


def test_a_pair_leaving_most_of_the_question_unexplained_is_not_read() -> None:
    parts = ("How many trucks did DPR sell in Ohio in 2012 per dealer?", "How many trucks did BM25 sell?")
    assert choose_pair(_offer(RETRIEVAL), parts, "number", 0.6, 0.5, 0.5) is None


def test_a_row_sharing_only_a_common_part_of_a_name_is_not_its_cell() -> None:
    cycles = TableData(
        id="t6",
        rows=[["Cycle", "Idle savings"], ["4234_1", "3.3%"], ["2012_2", "17.4%"], ["3011_4", "2.0%"]],
        columns=["Cycle", "Idle savings"],
        header_rows=1,
    )
    parts = ("What are the idle savings of cycle 4234_1?", "What are the idle savings of cycle 2032_2?")
    # 2032_2 is not in this table: "2012_2" shares only its "2" with it.
    assert choose_pair(_offer(cycles), parts, "number", 0.5, 0.5, 0.5) is None
    assert choose_pair(_offer(cycles), parts, "number", 0.5, 0.5, 0.0) is not None


FOLDS = TableData(
    id="t6",
    rows=[
        ["K-fold", "Embedding", "Random Forest", "XGBoost", "Ensemble"],
        ["3", "ANN", "0.7926", "0.8078", "0.8127"],
        ["5", "ANN", "0.7952", "0.8111", "0.8454"],
        ["5", "LSTM", "0.7656", "0.7786", "0.7901"],
        ["10", "ANN", "0.8008", "0.8126", "0.8293"],
    ],
    caption="Table 2: F1 score of the models.",
    columns=["K-fold", "Embedding", "Random Forest", "XGBoost", "Ensemble"],
    header_rows=1,
)


def test_a_part_naming_only_its_column_is_read_in_the_row_the_other_part_names() -> None:
    # A title row and a unit row over a two-line header, as a budget paper sets them.
    title = "Estimates FY2025-26 and FY2026-27"
    budget = TableData(
        id="t7",
        rows=[[title, "", "", ""], ["", "", "", "(Rs. in Billion)"], ["", "Budget", "*Revised", "Budget"],
              ["", "2025-26", "2025-26", "2026-27"], ["Gross Revenue", "19,278", "18,076", "20,600"],
              ["Federal Deficit", "-6,501", "-5,157", "-7,020"], ["Regional Surplus", "1,464", "1,379", "1,794"],
              ["Nominal GDP", "129,567", "126,870", "143,604"]],
        columns=[title, f"{title} / Budget / 2025-26", f"{title} / *Revised / 2025-26",
                 "(Rs. in Billion) / Budget / 2026-27"],
        header_rows=4,
    )  # fmt: skip
    opening = "In Table 3 of Ruritania's federal Budget in Brief for 2026-27, "  # said in both parts, its year too
    parts = (f"{opening}what is the regional surplus budgeted for 2026-27?",
             f"{opening}what is the revised estimate for 2025-26?")  # fmt: skip
    choice = choose_pair(_offer(budget), parts, "number", 0.5, 0.5, 0.5)
    assert choice is not None
    assert (choice.first.value, choice.second.value) == ("1,794", "1,379")


def test_two_cells_of_one_table_are_aligned_only_when_they_share_a_row_or_a_column() -> None:
    def cell(row: str, column: str) -> tuple[str, Cell]:
        return "t7", Cell(node_id="t7", row=row, column=column, value="1", bbox=None)

    assert aligned([cell("Surplus", "2026-27"), cell("Surplus", "2025-26")])
    assert aligned([cell("Surplus", "2026-27"), cell("Deficit", "2026-27")])
    assert not aligned([cell("Surplus", "2026-27"), cell("Deficit", "2025-26")])  # read apart: read again as a pair
    assert not aligned([cell("Surplus", "2026-27"), None])
