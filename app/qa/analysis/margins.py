"""How far one thing stands from another: "What was A's margin over B in X?" (a margin noun, A its possessor), "How
many BLEU points does A gain over B on X?" (a gaining verb, A its subject), "How many points separate A from B?" and
"How many points ahead of B was A?": what A got less what B got, each asked as the rest of the question says (the
nouns and verbs: lexicon/operations.yaml `margins`, `gains`, `separates`, `ahead`, `behind`)."""

from __future__ import annotations

from typing import Any

from app.qa.analysis.grammar import parse
from app.qa.analysis.operation import Arithmetic, _context, _label, _stand_in, lexicon
from app.qa.analysis.reworded import aside_last
from app.qa.decompose.patterns import Part

AUXILIARIES = frozenset({"do", "does", "did", "has", "have", "had", "is", "are", "was", "were", "will", "would"})


def margin_question(question: str) -> Arithmetic | None:
    """The two lookups of a margin asked with "over"; None for any other question."""
    q = aside_last(" ".join(question.split()).rstrip(" ?.!"))
    low = f" {q.lower()} "
    if not any(f" {word} " in low for word in ("over", "from", *lexicon()["ahead"], *lexicon()["behind"])):
        return None
    doc = parse(q)
    return _margin_over(doc) or _gain_over(doc) or _separate_from(doc) or _ahead_of(doc)


def _beaten(doc: Any, over: Any) -> tuple[str, str] | None:
    """(the thing set below, what follows it: where both are read) of "over B in X"."""
    tokens = list(doc)
    beaten = next((t for t in over.children if t.dep_ == "pobj"), None)
    if beaten is None:
        return None
    end = next((t.i for t in tokens[beaten.i + 1 :] if t.tag_ in ("IN", "TO") or t.text == ","), len(tokens))
    rest = doc[end:].text.strip(" ,")
    return doc[beaten.left_edge.i : end].text, f" {rest}" if rest else ""


def _margin_over(doc: Any) -> Arithmetic | None:
    """ "What was A's margin over B in X?": the margin's noun one of the lexicon's (`margins`), read from the parse (A
    its possessor, B the object of "over")."""
    tokens = list(doc)
    margin = next((t for t in tokens if t.lower_ in lexicon()["margins"] and t.i + 1 < len(tokens)
                   and tokens[t.i + 1].lower_ == "over"), None)  # fmt: skip
    if margin is None:
        return None
    owner = next((t for t in margin.children if t.dep_ == "poss"), None)
    beaten = _beaten(doc, tokens[margin.i + 1])
    if owner is None or beaten is None:
        return None
    a, (b, where) = doc[owner.left_edge.i : owner.i + 1].text, beaten
    return Arithmetic("difference", (Part(f"What did {a} get{where}?", _label(a)),
                                     Part(f"What did {b} get{where}?", _label(b))))  # fmt: skip


def _gain_over(doc: Any) -> Arithmetic | None:
    """ "How many BLEU points does the big model gain over the base model on X?": what each gets on X, in the unit said
    after "how many" ("What BLEU points did the big model get on X?"). Read from the words' order: the small tagger
    takes "gain" for a noun."""
    words = [t.lower_ for t in doc]
    at = next((k for k in range(1, len(words) - 1) if words[k] == "over" and words[k - 1] in lexicon()["gains"]), None)
    aux = next((k for k, w in enumerate(words[: at or 0]) if w in AUXILIARIES), None)
    if at is None or aux is None or aux + 1 >= at - 1:
        return None
    how = _how_many(words, aux)
    if how is None:
        return None  # "Does A improve over B?" asks whether, not by how much
    stop, where = _to_preposition(doc, at + 2)
    unit = f" {doc[how + 2 : aux].text}" if how + 2 < aux else ""
    by = how > 0 and words[how - 1] == "by"
    return _each_got(doc, how, unit, (doc[aux + 1 : at - 1].text, doc[at + 1 : stop].text), where, by)


def _separate_from(doc: Any) -> Arithmetic | None:
    """ "How many percentage points separate the change in electricity prices from that of gasoline?": each thing
    asked alone ("that of gasoline" standing for "the change in gasoline prices" is the first thing's noun)."""
    words = [t.lower_ for t in doc]
    at = next((k for k, w in enumerate(words) if w in lexicon()["separates"]), None)
    how = _how_many(words, at or 0)
    apart = next((k for k in range(at + 2, len(words)) if words[k] == "from"), None) if at is not None else None
    if at is None or how is None or apart is None:
        return None
    a, b = doc[at + 1 : apart].text.strip(" ,"), _stand_in(doc[apart + 1 :].text.strip(" ,"), doc[at + 1 : apart].text)
    context = _context(doc, how)
    opening = f"{context}what is" if context else "What is"
    return Arithmetic("difference", (Part(f"{opening} {a}?", _label(a)), Part(f"{opening} {b}?", _label(b))))


def _ahead_of(doc: Any) -> Arithmetic | None:
    """ "How many BLEU points ahead of NLLB-200 was BanglaT5 in the dialect study?": what each got there, in the unit
    said after "how many"; "behind" sets them the other way round."""
    words = [t.lower_ for t in doc]
    placed = lexicon()["ahead"] | lexicon()["behind"]
    at = next((k for k in range(1, len(words) - 2) if words[k] in placed), None)
    how = _how_many(words, at or 0)
    if at is None or how is None:
        return None
    start = at + 2 if words[at + 1] == "of" else at + 1  # "ahead of B", "behind B"
    aux = next((k for k in range(start, len(words)) if words[k] in AUXILIARIES), None)
    if aux is None or aux == start or aux + 1 >= len(words):
        return None
    stop, where = _to_preposition(doc, aux + 2)
    b, a = doc[start:aux].text, doc[aux + 1 : stop].text
    unit = f" {doc[how + 2 : at].text}" if how + 2 < at else ""
    return _each_got(doc, how, unit, (a, b) if words[at] in lexicon()["ahead"] else (b, a), where)


def _how_many(words: list[str], before: int) -> int | None:
    """Where "how much/many" stands before the word at `before`."""
    return next((k for k in range(before) if words[k] == "how" and words[k + 1] in lexicon()["quantity"]), None)


def _to_preposition(doc: Any, start: int) -> tuple[int, str]:
    """(where the phrase opened at `start` ends: its next preposition or comma, what follows it)."""
    end = next((k for k in range(start, len(doc)) if doc[k].tag_ in ("IN", "TO") or doc[k].text == ","), len(doc))
    rest = doc[end:].text.strip(" ,")
    return end, f" {rest}" if rest else ""


def _each_got(doc: Any, how: int, unit: str, things: tuple[str, str], where: str, by: bool = False) -> Arithmetic:
    """ "What BLEU points did A get on X?" of each thing, after the question's opening words."""
    context = _context(doc, how - 1 if by else how)
    opening = f"{context}what" if context else "What"
    a, b = things
    return Arithmetic("difference", (Part(f"{opening}{unit} did {a} get{where}?", _label(a)),
                                     Part(f"{opening}{unit} did {b} get{where}?", _label(b))))  # fmt: skip
