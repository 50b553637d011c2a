"""Cell retrieval (app.qa.read.cells): rows and columns scored apart, words weighted by their rarity in the table."""

from __future__ import annotations

from app.qa.read.cells import choose_cell, rank_cells
from app.qa.tables.model import TableData
from app.qa.tables.shape import shape

RESULTS = TableData(
    id="t1",
    rows=[
        ["Training", "Model", "NQ", "TriviaQA", "WQ"],
        ["Single", "BM25+BERT", "26.5", "47.1", "17.7"],
        ["Single", "ORQA", "33.3", "45.0", "36.4"],
        ["Single", "HardEM", "28.1", "50.9", "-"],
        ["Multi", "DPR", "41.5", "56.8", "42.4"],
    ],
    caption="Table 4: End-to-end QA (Exact Match) Accuracy.",
    columns=["Training", "Model", "NQ", "TriviaQA", "WQ"],
    header_rows=1,
)


def _best(table: TableData, question: str, expected: str = "number") -> str | None:
    hits = rank_cells(table, shape(table), question, expected)
    return hits[0].value if hits else None


def test_a_row_is_named_by_any_of_its_words_not_only_the_first_column() -> None:
    # The first column ("Single"/"Multi") groups the rows; the model's name in the second column names the row.
    assert _best(RESULTS, "What exact-match score does ORQA obtain on TriviaQA?") == "45.0"
    assert _best(RESULTS, "What does DPR reach on WQ?") == "42.4"


def test_a_word_every_row_holds_names_no_row() -> None:
    hits = rank_cells(RESULTS, shape(RESULTS), "What is the single-model score on NQ?", "number")
    # "single" is held by three rows: none of them leads, so the best cell has no margin over another value.
    assert hits and hits[0].margin == 0.0
    offered = [(RESULTS, shape(RESULTS), set[str]())]
    assert choose_cell(offered, "What is the Single score on NQ?", "number", 0.0, 0.5) is None


def test_a_cell_of_words_answers_only_a_question_asking_for_a_name() -> None:
    staff = TableData(
        id="t2",
        rows=[["Project", "Contractor", "Amount"], ["Road A", "Acme Works", "1,200"],
              ["Bridge B", "Beta Build", "900"]],  # fmt: skip
        columns=["Project", "Contractor", "Amount"],
        header_rows=1,
    )
    assert _best(staff, "Which contractor built bridge B?", "person") == "Beta Build"
    assert _best(staff, "What contractor name is given for bridge B?", "entity") != "Beta Build"
    assert _best(staff, "How much was the amount for bridge B?", "number") == "900"


def test_a_value_the_question_already_says_is_no_answer() -> None:
    notices = TableData(
        id="t3",
        rows=[["Company", "City", "Layoff/Closure"], ["Brake Parts Inc.", "Chowchilla", "Layoff Permanent"]],
        columns=["Company", "City", "Layoff/Closure"],
        header_rows=1,
    )
    # "layoff" names the column of "Layoff Permanent", but a question does not say its own answer.
    assert _best(notices, "In which town did Brake Parts Inc. file a layoff notice?", "place") != "Layoff Permanent"


def test_a_quoted_phrase_is_named_whole() -> None:
    debts = TableData(
        id="t4",
        rows=[["States", "Market Loans", "NSSF"], ["All States", "436.02", "25.57"]],
        columns=["States", "Market Loans", "NSSF"],
        header_rows=1,
    )
    assert _best(debts, "How much is under 'Market Loan Suspense' for all states?") is None
    assert _best(debts, "How much are the market loans of all states?") == "436.02"


def test_the_caption_tells_two_tables_with_the_same_row_and_column_apart() -> None:
    retrieval = TableData(
        id="t5",
        rows=[["Retriever", "NQ", "TriviaQA"], ["BM25", "59.1", "66.9"], ["DPR", "78.4", "79.4"]],
        caption="Table 2: Top-20 retrieval accuracy on test sets.",
        columns=["Retriever", "NQ", "TriviaQA"],
        header_rows=1,
    )
    question = "What top-20 retrieval accuracy does DPR reach on NQ?"
    offered = [(RESULTS, shape(RESULTS), {"end", "qa", "exact", "match", "accuraci"}),
               (retrieval, shape(retrieval), {"top", "20", "retriev", "accuraci", "test", "set"})]  # fmt: skip
    choice = choose_cell(offered, question, "number", 0.0, 0.5)
    assert choice is not None and choice.table == 1 and choice.hit.value == "78.4"
    # Without the caption's words the longer table's rarer row word wins: the caption is what told them apart.
    plain = choose_cell([(t, sh, set()) for t, sh, _ in offered], question, "number", 0.0, 0.5)
    assert plain is not None and plain.table == 0
