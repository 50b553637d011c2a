"""Two things asked for together: "What do the stimulus checks and the extra unemployment benefits add up to?", "What
is the combined revenue of the retail and the wholesale segments?" — each thing asked for alone (the question with the
two things joined by "and" replaced by one of them, the words that ask for the sum left out), and their sum composed
(app.qa.compose). The joined things are read from the parse: two nouns joined by "and" (a `conj` arc with a `cc`
child); the words that ask for a sum are the lexicon's (operations.yaml `sums`)."""

from __future__ import annotations

from typing import Any

from app.qa.analysis.grammar import parse
from app.qa.analysis.operation import Arithmetic, _label, lexicon
from app.qa.decompose.patterns import Part

NOUNS = ("NOUN", "PROPN")


def _asks_sum(low: str) -> tuple[int, int] | None:
    """Where the words that ask for a sum stand in the lower-cased question ("add up to", "combined")."""
    for said in sorted(lexicon()["sums"], key=len, reverse=True):
        at = f" {low} ".find(f" {said} ")
        if at != -1:
            return at, at + len(said)
    return None


def _joined(doc: Any) -> tuple[Any, Any, Any] | None:
    """(first noun, "and", second noun) of the first pair of nouns the question joins by "and"."""
    for second in doc:
        first = second.head
        if second.dep_ != "conj" or first.pos_ not in NOUNS or second.pos_ not in NOUNS or second.i <= first.i:
            continue
        joiner = next((t for t in first.children if t.dep_ == "cc" and first.i < t.i < second.i), None)
        if joiner is not None and joiner.lower_ == "and":
            return first, joiner, second
    return None


def sum_question(question: str) -> Arithmetic | None:
    """The two lookups of a question asking for two things' sum; None for any other question."""
    text = " ".join(question.split()).rstrip(" ?.!")
    asked = _asks_sum(text.lower())
    if asked is None:
        return None
    doc = parse(text)
    joined = _joined(doc)
    if joined is None:
        return None
    first, joiner, second = joined
    start = first.left_edge.idx
    end = second.right_edge.idx + len(second.right_edge.text)
    if start < asked[1] and asked[0] < end:
        return None  # the sum's words inside the joined things: not asked of them
    things = (text[start : joiner.idx].strip(" ,"), text[second.left_edge.idx : end].strip(" ,"))
    if not all(things):
        return None

    def alone(thing: str) -> str:
        said = f"{text[:start]}{thing}{text[end:]}"
        cut = asked[0] - (end - start) + len(thing) if asked[0] >= end else asked[0]
        length = asked[1] - asked[0]
        return " ".join(f"{said[:cut]} {said[cut + length :]}".split()) + "?"

    return Arithmetic("sum", (Part(alone(things[0]), _label(things[0])), Part(alone(things[1]), _label(things[1]))))
