"""A question asking which version or release: answered by the version's number, read whole ("4.1.1")."""

from __future__ import annotations

import pytest

from app.qa.answer_types import expected_type
from app.qa.spans import rule_spans


@pytest.mark.parametrize(
    "question",
    ["Which Python version was the toolbox written in?", "What firmware release does the board ship with?"],
)
def test_a_wh_phrase_headed_by_a_version_noun_asks_a_number(question: str) -> None:
    assert expected_type(question) == "number"


def test_a_version_noun_qualifying_another_noun_asks_no_number() -> None:
    assert expected_type("Which release notes mention the driver?") == "entity"


def test_a_dotted_version_is_one_number() -> None:
    spans = rule_spans("number", "Which R version produced the report?", "It was produced with R version 4.1.1 today.")
    assert [s.text for s in spans] == ["4.1.1"]
