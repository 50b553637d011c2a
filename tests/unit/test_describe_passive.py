""""What is shown in Table 1 of the report?" asks what the table shows, as "What does Table 1 show?" does; "What is
listed in Table 2 for Ohio?" asks for a value (app.qa.analysis.describe, app.qa.tables.answer)."""

from __future__ import annotations

import pytest

from app.qa.analysis.describe import asks_description
from app.qa.tables.answer import answer
from app.qa.tables.model import TableData

ENV = TableData(
    id="env",
    rows=[["System", "Centos"], ["CPU", "AMD Milan 7413"], ["GPU", "NVIDIA A100"], ["Python", "3.9"]],
    caption="Table 1. Development environments and requirements.",
    label="Table 1",
    columns=["System", "Centos"],
    header_rows=1,
)


@pytest.mark.parametrize(
    "question",
    ["What is shown in Table 1 of the segmentation report?", "What are listed in Table 3?",
     "What was presented in Exhibit 2 of the filing?",
     # a describing verb and its particle end the question as a describing verb does
     "What does Table A3 of the stimulus paper lay out?", "What does Exhibit 4 set out?"],
)  # fmt: skip
def test_a_passive_describing_verb_asks_what_the_table_shows(question: str) -> None:
    assert asks_description(question)


@pytest.mark.parametrize(
    "question",
    ["What is listed in Table 2 for Ohio?", "What is the value shown in Table 1?", "What is Python's version?",
     "What does Table 2 of the stimulus paper say the check is worth?", "What does the model carry out?"],
)  # fmt: skip
def test_a_value_asked_is_no_description(question: str) -> None:
    assert not asks_description(question)


def test_the_table_is_shown_whole() -> None:
    got = answer(ENV, "What is shown in Table 1 of the segmentation report?", "lookup")
    assert got.kind == "table" and "NVIDIA A100" in got.body
