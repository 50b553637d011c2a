"""The question analysed by an LLM through a JSON schema, validated into the same QuestionAnalysis the rules build
(app.qa.analysis.parse). The rules stay the fallback: for a reply that is not valid, and for the document lists
(a table label, a word, a meaning), which the rules read exactly."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from app.llm.prompts import ANALYSE
from app.qa.analysis.model import QuestionAnalysis
from app.qa.analysis.operation import Arithmetic
from app.qa.analysis.parse import analyse
from app.qa.decompose.patterns import Part

LISTS = ("labelled_tables", "documents_by_word", "documents_by_meaning")


class _Part(BaseModel):
    question: str = Field(min_length=3, max_length=600)
    label: str = Field(min_length=1, max_length=160)


class _Reply(BaseModel):
    model_config = ConfigDict(extra="ignore")
    shape: Literal["single", "parts", "arithmetic"]
    expected: Literal["yesno", "choice", "date", "number", "person", "place", "entity"]
    operation: Literal["difference", "ratio"] | None = None
    parts: list[_Part] = Field(default_factory=list, max_length=4)
    comparison: Literal["is higher", "is lower", "came first", "came later"] | None = None


def analyse_with_llm(question: str, generate: Callable[[str], str]) -> tuple[QuestionAnalysis, int]:
    """(the analysis, LLM calls made). The rules' analysis when they find a document list or the reply is not the
    JSON asked for (a shape of parts with fewer than two parts, arithmetic without its operation and two values)."""
    rules = analyse(question)
    if rules.shape in LISTS:
        return rules, 0
    reply = _parsed(generate(ANALYSE.format(question=question)))
    if reply is None:
        return rules, 1
    parts = tuple(Part(p.question.strip(), p.label.strip()) for p in reply.parts)
    if reply.shape == "single":
        return QuestionAnalysis(question, "single", reply.expected), 1
    if reply.shape == "arithmetic" and reply.operation is not None and len(parts) == 2:
        arithmetic = Arithmetic(reply.operation, (parts[0], parts[1]))
        return QuestionAnalysis(question, "arithmetic", reply.expected, arithmetic=arithmetic, parts=parts,
                                comparison=reply.comparison), 1  # fmt: skip
    if reply.shape == "parts" and len(parts) >= 2:
        return QuestionAnalysis(question, "parts", reply.expected, parts=parts, comparison=reply.comparison), 1
    return rules, 1


def _parsed(reply: str) -> _Reply | None:
    start, end = reply.find("{"), reply.rfind("}")
    if start < 0 or end <= start:
        return None
    try:
        return _Reply.model_validate(json.loads(reply[start : end + 1]))
    except (json.JSONDecodeError, ValidationError):
        return None
