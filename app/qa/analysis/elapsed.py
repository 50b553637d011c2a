"""Time elapsed between two dated events: "How many days passed between the release candidate and the final release
of the audit report?" asks when each was, and the difference of the two dates in the unit said (lexicon/
operations.yaml `elapsed_units`, `elapsed_verbs`). A document named last is where both dates are read."""

from __future__ import annotations

from app.qa.analysis.arithmetic import Arithmetic, lexicon, lexicon_data
from app.qa.analysis.arithmetic import part_label as _label
from app.qa.analysis.outdo import names_document
from app.qa.decompose.patterns import Part

ELAPSED_REACH = 3  # at most this many words ("passed", "went by", "were there") between the unit and "between"


def days_in() -> dict[str, float]:
    """Each unit of time an elapsed-time question counts in, with its length in days."""
    return {str(unit): float(days) for unit, days in lexicon_data()["elapsed_units"].items()}


def elapsed_question(question: str) -> Arithmetic | None:
    """The two "when was …" lookups and the unit of the time between them; None for any other question."""
    words = " ".join(question.split()).rstrip(" ?.!").split(" ")
    low = [w.lower() for w in words]
    if len(low) < 6 or low[:2] != ["how", "many"] or low[2] not in days_in():
        return None
    at = next((k for k in range(3, min(len(low), 4 + ELAPSED_REACH)) if low[k] == "between"), None)
    if at is None or not all(w in lexicon()["elapsed_verbs"] for w in low[3:at]):
        return None
    rest = " ".join(words[at + 1 :])
    first, joined, second = rest.rpartition(" and ")
    if not joined or not first.strip() or not second.strip():
        return None
    second, tail = _document_tail(second)
    return Arithmetic("difference", (Part(f"When was {first}{tail}?", _label(first)),
                                     Part(f"When was {second}{tail}?", _label(second))), unit=low[2])  # fmt: skip


def _document_tail(phrase: str) -> tuple[str, str]:
    """ "the final release| of PeckShield's audit report": the thing, and the phrase naming the document both are
    read in ("" when the phrase names none)."""
    for joiner in (" of ", " in ", " according to "):
        thing, found, where = phrase.rpartition(joiner)
        if found and thing.strip() and names_document(where):
            return thing, f"{joiner}{where}"
    return phrase, ""
