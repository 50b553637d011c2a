"""Arithmetic asked of two values: "How much more revenue did A earn in 2020 than in 2019?", "How many times larger
was the budget of A than that of B?". Read from the grammar — "how" with a quantity word, a comparative (spaCy's tags
JJR/RBR) and "than" — so a new wording of the same operation needs no new code; the words come from
lexicon/operations.yaml.

The question becomes two lookups, one per compared thing: the comparative is dropped and the thing after "than"
takes the place of the phrase of the same shape before it (a prepositional phrase with the same preposition, a year
for a year, a name for a name). Composing the difference or ratio of the two read values is app.qa.compose's job.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

import yaml

from app.qa.analysis.grammar import parse
from app.qa.decompose import CAPITALISED, YEARISH, Part

Operation = Literal["difference", "ratio"]
LEXICON = Path(__file__).with_name("lexicon") / "operations.yaml"
COMPARATIVE_TAGS = ("JJR", "RBR")
# Where a prepositional phrase ends: at the next one.
_PREPOSITIONS = "in|for|of|at|on|during|among|from|to|by|with|under|over"


@dataclass(frozen=True, slots=True)
class Arithmetic:
    operation: Operation
    parts: tuple[Part, Part]


@cache
def lexicon() -> dict[str, frozenset[str]]:
    data = yaml.safe_load(LEXICON.read_text(encoding="utf-8"))
    return {key: frozenset(str(w).lower() for w in words) for key, words in data.items()}


def _contrast(clause: str, other: str, prepositional: bool) -> re.Match[str] | None:
    """The phrase of `clause` that `other` stands against: the last one of the same shape."""
    head = other.split(" ", 1)[0]
    if prepositional:  # "in 2019", "for businesses": the last phrase of that preposition
        phrase = re.compile(rf"\b{re.escape(head)}\s+[^,;]+?(?=\s+(?:{_PREPOSITIONS})\b|$)", re.I)
        return next(reversed(list(phrase.finditer(clause))), None)
    if head.islower() and " " in other:  # "the hospital in York" against "the hospital in Leeds": as many words
        length = len(other.split())
        phrase = re.compile(rf"\b{re.escape(head)}\b(?:\s+\S+){{{length - 1}}}", re.I)
        return next(reversed(list(phrase.finditer(clause))), None)
    if YEARISH.fullmatch(other):
        return next(reversed(list(YEARISH.finditer(clause))), None)
    if other[:1].isupper():
        return next(reversed(list(CAPITALISED.finditer(clause))), None)
    return None


def arithmetic_question(question: str) -> Arithmetic | None:
    """The operation and the two lookups of an arithmetic question; None for any other question."""
    q = " ".join(question.split()).rstrip(" ?.!")
    if not re.search(r"\bhow\b", q, re.I) or not re.search(r"\bthan\b", q, re.I):
        return None
    words = lexicon()
    doc = parse(q)
    tokens = list(doc)
    how = next((t.i for t in tokens if t.lower_ == "how"), None)
    if how is None or how + 1 >= len(tokens) or tokens[how + 1].lower_ not in words["quantity"]:
        return None
    i = how + 2
    ratio = i < len(tokens) and tokens[i].lower_ in words["times"]
    i += int(ratio)
    if i >= len(tokens) or tokens[i].tag_ not in COMPARATIVE_TAGS:
        return None
    comparative = tokens[i]
    adjective = None
    if comparative.lower_ in ("more", "less") and i + 1 < len(tokens) and tokens[i + 1].tag_ in ("JJ", "RB"):
        comparative = adjective = tokens[i + 1]  # "how much more expensive was ...": asked as "how expensive was"
    than = next((t for t in tokens[comparative.i + 1 :] if t.lower_ == "than"), None)
    if than is None:
        return None
    clause = doc[comparative.i + 1 : than.i].text.strip(" ,")
    after = than.i + 1
    if after + 1 < len(tokens) and tokens[after].lower_ in words["stand_ins"]:
        after += 1  # "than that of Lyon" → "of Lyon"
    other = doc[after:].text.strip(" ,")
    # "… than in private schools in 2003": a trailing year belongs to both things compared.
    shared = re.search(rf"\s+(?:{_PREPOSITIONS})\s+[^,]*?{YEARISH.pattern}$", other)
    both = ""
    if shared is not None and shared.start() > 0 and not YEARISH.search(clause):
        other, both = other[: shared.start()], shared.group(0)
    a = _contrast(clause, other, after < len(tokens) and tokens[after].tag_ == "IN")
    if a is None or not other:
        return None
    # "how much more revenue did …" keeps "how much revenue"; "how much higher was the rate …" becomes "what was …".
    modifies_noun = adjective is None and comparative.dep_ == "amod" and comparative.head.i > comparative.i
    opening = f"How {tokens[how + 1].text}" if modifies_noun else f"How {adjective.text}" if adjective else "What"
    asked_a = f"{opening} {clause}{both}?"
    asked_b = f"{opening} {clause[: a.start()]}{other}{clause[a.end() :]}{both}?"
    parts = (Part(asked_a, _label(a.group(0))), Part(asked_b, _label(other)))
    return Arithmetic("ratio" if ratio else "difference", parts)


def _label(phrase: str) -> str:
    """What a part is headed with: the phrase without its preposition ("in 2019" → "2019")."""
    phrase = re.sub(rf"^(?:{_PREPOSITIONS})\s+", "", phrase)
    return phrase[:1].upper() + phrase[1:]
