"""The question analysed by an LLM (app.qa.analysis.llm): its JSON validated into the rules' QuestionAnalysis, the
rules kept for document lists and for replies that are not the JSON asked for. The LLM is a stand-in here."""

from __future__ import annotations

import json

from app.qa.analysis.llm import analyse_with_llm
from app.qa.analysis.parse import analyse


def _replying(text: str, sent: list[str] | None = None):  # noqa: ANN202 - a generate function
    def generate(prompt: str) -> str:
        if sent is not None:
            sent.append(prompt)
        return text

    return generate


def test_the_llms_parts_and_operation_become_the_analysis() -> None:
    question = "How much more did Acme earn in 2023 than in 2022?"
    reply = {"shape": "arithmetic", "expected": "number", "operation": "difference", "comparison": None,
             "parts": [{"question": "What did Acme earn in 2023?", "label": "2023"},
                       {"question": "What did Acme earn in 2022?", "label": "2022"}]}  # fmt: skip
    sent: list[str] = []
    analysis, calls = analyse_with_llm(question, _replying("Sure:\n" + json.dumps(reply), sent))
    assert calls == 1 and question in sent[0]
    assert analysis.shape == "arithmetic" and analysis.arithmetic is not None
    assert analysis.arithmetic.operation == "difference"
    assert [p.question for p in analysis.parts] == ["What did Acme earn in 2023?", "What did Acme earn in 2022?"]


def test_a_comparison_of_two_things_is_two_parts_with_the_verdict() -> None:
    reply = {"shape": "parts", "expected": "number", "comparison": "is higher",
             "parts": [{"question": "What was the GAAP operating margin?", "label": "GAAP"},
                       {"question": "What was the non-GAAP operating margin?", "label": "non-GAAP"}]}  # fmt: skip
    analysis, _ = analyse_with_llm("Which margin was higher: GAAP or non-GAAP?", _replying(json.dumps(reply)))
    assert analysis.shape == "parts" and analysis.comparison == "is higher" and len(analysis.parts) == 2


def test_an_invalid_reply_falls_back_to_the_rules() -> None:
    question = "By how much did revenue grow from fiscal 2012 to fiscal 2013?"
    rules = analyse(question)
    for bad in ("I think it is arithmetic.", '{"shape": "arithmetic", "expected": "number", "parts": []}',
                '{"shape": "maybe", "expected": "number"}', '{"shape": "parts", "expected": "number", "parts": '
                '[{"question": "What was it?", "label": "x"}]}'):  # fmt: skip
        analysis, calls = analyse_with_llm(question, _replying(bad))
        assert calls == 1 and analysis == rules, bad


def test_document_lists_are_read_by_the_rules_without_a_call() -> None:
    sent: list[str] = []
    question = "Which documents mention Finland?"
    analysis, calls = analyse_with_llm(question, _replying('{"shape": "single", "expected": "entity"}', sent))
    assert calls == 0 and not sent and analysis.shape == "documents_by_word"
