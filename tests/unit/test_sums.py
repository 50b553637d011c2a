"""Two things asked for together ("what do A and B add up to", "the combined revenue of A and B") are two lookups
whose values are added (app.qa.analysis.sums, app.qa.compose.arithmetic_line)."""

from __future__ import annotations

import pytest

from app.qa.analysis.parse import analyse
from app.qa.analysis.sums import sum_question
from app.qa.compose import arithmetic_line


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        ("In billions of dollars, what do the stimulus checks and the extended unemployment benefits add up to in "
         "the model?",
         ("In billions of dollars, what do the stimulus checks in the model?",
          "In billions of dollars, what do the extended unemployment benefits in the model?")),
        ("What is the combined revenue of Apple and Microsoft in 2020?",
         ("What is the revenue of Apple in 2020?", "What is the revenue of Microsoft in 2020?")),
        ("How many votes did Smith and Jones get in total?",
         ("How many votes did Smith get?", "How many votes did Jones get?")),
        ("What did the company spend altogether on its Delaware and Florida annual reports in 2023?",
         ("What did the company spend on its Delaware annual reports in 2023?",
          "What did the company spend on its Florida annual reports in 2023?")),
    ],
)  # fmt: skip
def test_each_thing_is_asked_alone(question: str, parts: tuple[str, str]) -> None:
    found = sum_question(question)
    assert found is not None and found.operation == "sum"
    assert tuple(p.question for p in found.parts) == parts
    assert analyse(question).arithmetic == found


@pytest.mark.parametrize(
    "question",
    ["What is the revenue of Apple and Microsoft?",  # no sum asked: each is answered
     "How many combined arms units are there?",  # nothing joined
     "What combined score did the model get?",
     "How many detectors were run in total?"],  # a column's total, no two things
)  # fmt: skip
def test_no_sum_without_two_joined_things_and_a_word_asking_for_it(question: str) -> None:
    assert sum_question(question) is None


def test_the_sum_is_said_with_its_working_in_the_order_asked() -> None:
    line = arithmetic_line("sum", ["Checks", "Benefits"], ["$267 billion", "$137 billion"], ["[1]", "[2]"])
    assert line == "**$404 billion**: Checks ($267 billion) [1] + Benefits ($137 billion) [2] = $404 billion."
    assert arithmetic_line("sum", ["A", "B"], ["12%", "$5"], ["[1]", "[2]"]) is None  # not of one kind
