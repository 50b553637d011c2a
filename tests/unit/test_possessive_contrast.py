"""A thing set against another by its owner alone ("… than DALL-E 3's", "… beat DALL-E 3's?") is that owner's same
measure, whatever words the owner's name holds (app.qa.analysis.operation, app.qa.analysis.contrast)."""

from __future__ import annotations

from app.qa.analysis.parse import analyse


def _parts(question: str) -> list[str]:
    got = analyse(question)
    assert got.arithmetic is not None and got.arithmetic.operation == "difference"
    return [p.question for p in got.parts]


def test_an_owner_of_several_words_stands_against_the_clauses_owner() -> None:
    assert _parts("How much higher is Janus-Pro-7B's overall GenEval score than DALL-E 3's?") == [
        "What is Janus-Pro-7B's overall GenEval score?", "What is DALL-E 3's overall GenEval score?"]  # fmt: skip
    assert _parts("How much higher is GPT-4's accuracy than Llama 2's?") == [
        "What is GPT-4's accuracy?", "What is Llama 2's accuracy?"]  # fmt: skip


def test_a_beaten_owner_is_asked_the_same_measure() -> None:
    assert _parts("By how much does Janus-Pro-7B's overall GenEval score beat DALL-E 3's?") == [
        "What is Janus-Pro-7B's overall GenEval score?", "What is DALL-E 3's overall GenEval score?"]  # fmt: skip
