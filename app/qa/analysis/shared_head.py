"""A difference of two things said as two modifiers of one noun: "how far apart are the median and starting wages",
"the difference between the urban and rural proficiency rates in Peru". Read from the parse: a modifier of the
noun (amod, nmod, compound) with a second one joined by "and" (a `conj` arc); each part says its own modifier with
the words both share ("the median wages", "the starting wages") and what follows the noun."""

from __future__ import annotations

from typing import Any

from app.qa.analysis.grammar import parse
from app.qa.analysis.operation import Arithmetic, _context, _label, lexicon
from app.qa.decompose.patterns import Part

MODIFIERS = ("amod", "nmod", "compound")
OPENERS = ("what", "how", "by")  # where the question proper opens after a context ("For aerospace engineers, …")


def _asks_difference(words: list[str]) -> bool:
    """A difference noun before "between" ("the gap between …"), or two things asked apart ("how far apart are …",
    "how much do … differ")."""
    named = next((k for k, w in enumerate(words) if w in lexicon()["differences"]), None)
    return (named is not None and "between" in words[named + 1 :]) or bool(set(words) & lexicon()["apart"])


def _coordinated_modifiers(doc: Any) -> tuple[Any, Any, Any] | None:
    """(first modifier, second modifier, the noun they share) of "the median and starting wages"."""
    for y in doc:
        x = y.head
        noun = x.head
        if y.dep_ != "conj" or x.dep_ not in MODIFIERS or noun.pos_ != "NOUN" or not x.i < y.i < noun.i:
            continue
        if any(t.dep_ == "cc" and t.lower_ == "and" and x.i < t.i < y.i for t in x.children):
            return x, y, noun
    return None


def shared_head_question(question: str) -> Arithmetic | None:
    """The two lookups of a difference asked of two modifiers of one noun; None for any other question."""
    doc = parse(" ".join(question.split()).rstrip(" ?.!"))
    words = [t.lower_ for t in doc]
    found = _coordinated_modifiers(doc) if _asks_difference(words) else None
    if found is None:
        return None
    x, y, noun = found
    start = min((t.i for t in noun.children if t.dep_ in ("det", "poss") and t.i < x.i), default=x.left_edge.i)
    shared = doc[y.right_edge.i + 1 : noun.i + 1].text
    before = doc[start : x.left_edge.i].text
    first = " ".join(filter(None, (before, doc[x.left_edge.i : x.i + 1].text, shared)))
    second = " ".join(filter(None, (before, doc[y.left_edge.i : y.right_edge.i + 1].text, shared)))
    after = [t for t in doc[noun.i + 1 :] if t.lower_ not in lexicon()["apart"]]  # "… differ in sleep mode"
    tail = " ".join(t.text for t in after).strip(" ,")
    context = _context(doc, next((k for k, w in enumerate(words) if w in OPENERS), 0))
    ask = f"{context}what is" if context else "What is"
    a, b = (Part(f"{ask} {said}{' ' + tail if tail else ''}?", _label(said)) for said in (first, second))
    return Arithmetic("difference", (a, b))
