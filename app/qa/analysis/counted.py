"""How many more of one thing than of another: "How many more pet rescues than wild animal rescues were there in
total?" — each thing counted as the rest of the question says (app.qa.analysis.operation reads the other shapes of
arithmetic)."""

from __future__ import annotations

from app.qa.analysis.grammar import parse
from app.qa.analysis.operation import VERB_TAGS, Arithmetic, _context, _label, lexicon
from app.qa.decompose.patterns import Part


def counted_than(question: str) -> Arithmetic | None:
    """The two things a "how many more A than B <verb …>" question counts, each asked "how many A <verb …>"; the
    things run from the comparative to "than" and from "than" to the verb; None for any other question."""
    doc = parse(" ".join(question.split()).rstrip(" ?.!"))
    tokens = list(doc)
    words = lexicon()
    how = next((t.i for t in tokens[:-4] if t.lower_ == "how" and tokens[t.i + 1].lower_ in words["quantity"]
                and tokens[t.i + 2].lower_ in words["counted"]), None)  # fmt: skip
    if how is None:
        return None
    than = next((t.i for t in tokens[how + 3 :] if t.lower_ == "than"), None)
    verb = next((t.i for t in tokens[(than or 0) + 1 :] if t.tag_ in VERB_TAGS), None)
    if than is None or verb is None or than == how + 3 or verb == than + 1:
        return None
    if any(t.tag_ in VERB_TAGS for t in tokens[how + 3 : than]):
        return None  # "how many more did A sell than B": no thing counted between
    first, other, rest = doc[how + 3 : than].text, doc[than + 1 : verb].text.strip(" ,"), doc[verb:].text
    opening = _context(doc, how) + (f"How {tokens[how + 1].text}" if how == 0 else f"how {tokens[how + 1].text}")
    return Arithmetic("difference", (Part(f"{opening} {first} {rest}?", _label(first)),
                                     Part(f"{opening} {other} {rest}?", _label(other))))  # fmt: skip


AUXILIARIES = frozenset({"do", "does", "did"})


def subject_counted_than(question: str) -> Arithmetic | None:
    """ "How many fewer GPU hours per trillion tokens does A need than B?": the measure counted before the auxiliary,
    the subject between it and its verb; each thing asked "how many <measure> does <thing> <verb>". None unless the
    other thing is a subject too ("than in 2020" is a time)."""
    doc = parse(" ".join(question.split()).rstrip(" ?.!"))
    tokens = list(doc)
    how = next((t.i for t in tokens[:-4] if t.lower_ == "how" and tokens[t.i + 1].lower_ in lexicon()["quantity"]
                and tokens[t.i + 2].lower_ in lexicon()["comparatives"]), None)  # fmt: skip
    than = next((t.i for t in tokens[how + 3 :] if t.lower_ == "than"), None) if how is not None else None
    if how is None or than is None or tokens[min(than + 1, len(tokens) - 1)].tag_ in ("IN", "TO"):
        return None
    aux = next((t.i for t in tokens[how + 3 : than] if t.lower_ in AUXILIARIES), None)
    verb = next((t.i for t in tokens[(aux or 0) + 2 : than] if t.tag_ == "VB"), None) if aux else None
    if aux is None or verb is None or aux == how + 3 or than + 1 >= len(tokens):
        return None
    measure, subject = doc[how + 3 : aux].text, doc[aux + 1 : verb].text
    # "than v2.0 in the summary table": the other thing ends at its preposition; what follows is said of both
    end = next((t.i for t in tokens[than + 2 :] if (t.tag_ in ("IN", "TO") and t.lower_ != "of") or t.text == ","),
               len(tokens))  # fmt: skip
    said, other, shared = doc[verb:than].text, doc[than + 1 : end].text, doc[end:].text.strip(" ,")
    said = f"{said} {shared}" if shared else said
    opening = _context(doc, how) + (f"How {tokens[how + 1].text}" if how == 0 else f"how {tokens[how + 1].text}")
    ask = f"{opening} {measure} {tokens[aux].text}"
    return Arithmetic("difference", (Part(f"{ask} {subject} {said}?", _label(subject)),
                                     Part(f"{ask} {other} {said}?", _label(other))))  # fmt: skip
