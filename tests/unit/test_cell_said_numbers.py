"""A cell's value is said by the question only as a whole number, not digit by digit: "pass@1" does not say 89.1
(app.qa.read.cells.rank_cells)."""

from __future__ import annotations

from app.qa.read.cells import rank_cells
from app.qa.tables.model import TableData
from app.qa.tables.shape import shape

MODELS = TableData(
    id="models",
    rows=[
        ["Model", "Bench-A pass@1", "Bench-B pass@1", "Rating"],
        ["Tiny-Distill-Llama-8B", "50.4", "89.1", "1205"],
        ["Tiny-Distill-Llama-70B", "70.0", "94.5", "1633"],
        ["Tiny-Distill-Qwen-7B", "55.5", "92.8", "1189"],
    ],
    caption="Table 5: Distilled models",
    columns=["Model", "Bench-A pass@1", "Bench-B pass@1", "Rating"],
    header_rows=1,
)


def test_a_value_sharing_a_digit_with_the_question_still_answers() -> None:
    question = "What Bench-B pass@1 score does the distilled Llama 8B model get?"
    hits = rank_cells(MODELS, shape(MODELS), question, "number")
    assert hits and (hits[0].value, hits[0].row) == ("89.1", 1)


def test_a_number_the_question_says_whole_is_no_answer() -> None:
    hits = rank_cells(MODELS, shape(MODELS), "Which rating does the model with a Bench-B pass@1 of 89.1 get?", "number")
    assert all(h.value != "89.1" for h in hits)
