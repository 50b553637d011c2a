"""Arithmetic asked with a verb of outdoing ("did A's X beat B", "does A's X exceed its Y") whose beaten thing is said
short: the owner's same measure, or the owner's own thing named bare."""

from __future__ import annotations

from app.qa.analysis.arithmetic import Arithmetic, lexicon
from app.qa.analysis.arithmetic import part_label as _label
from app.qa.analysis.listing import lexicon as document_words
from app.qa.analysis.phrases import measure_said, possessive
from app.qa.decompose.patterns import Part
from app.qa.decompose.split import trailing_aside


def owners_other(context: str, owned: tuple[str, str], subject: str, after: str) -> Arithmetic | None:
    """ "did Acme's reported EPS beat the estimate, according to the quarterly review": a thing of the subject's
    owner said as a bare noun (Acme's estimate); a source said last is where both are read."""
    aside = trailing_aside(after)
    thing, source = (after[: aside[0]], f" {aside[1]}") if aside else (after, "")
    if thing[:4].lower() != "the " or possessive(thing) is not None or not thing[4:].strip():
        return None
    other = f"{owned[0]}'s {thing[4:].strip()}"
    return Arithmetic("difference", (Part(f"{context}What is {subject}{source}?", _label(owned[1])),
                                     Part(f"{context}What is {other}{source}?", _label(thing[4:]))))  # fmt: skip


MAX_COUNTED_WORDS = 3  # "females", "daily users": a thing counted is named in a few words


def counted_apart(context: str, subject: str, after: str, quantity: str) -> Arithmetic | None:
    """ "by how many did females outnumber males nationally": two things counted alike, each asked how many; the
    words after the second ("nationally") are said of both."""
    words = after.rstrip(" ?.!").split()
    if not words or not words[0].isalpha() or possessive(subject) is not None:
        return None
    if not 0 < len(subject.split()) <= MAX_COUNTED_WORDS or len(words) > MAX_COUNTED_WORDS:
        return None
    thing, tail = words[0], "".join(f" {w}" for w in words[1:])
    return Arithmetic("difference", (Part(f"{context}How {quantity} {subject}{tail}?", _label(subject)),
                                     Part(f"{context}How {quantity} {thing}{tail}?", _label(thing))))  # fmt: skip


def names_document(phrase: str) -> bool:
    """ "the earnings call analyzer report", "the ADXL345 data sheet": a phrase closed by a kind of document."""
    words = [w.lower() for w in phrase.split()]
    kinds = document_words()
    return bool(words) and (words[-1] in kinds["kind_nouns"] or " ".join(words[-2:]) in kinds["kind_compounds"])


def document_tail(phrase: str) -> int | None:
    """Where a last phrase naming a document starts in `phrase` ("male respondents| in the Jordan brief's gender
    breakdown"): a word of it, its possessive aside, is a kind of document. None without one, or when the phrase is
    all there is."""
    cut = max(phrase.rfind(" in "), phrase.rfind(" according to "))
    kinds = document_words()["kind_nouns"]
    named = any(w.lower().removesuffix("'s").removesuffix("’s") in kinds for w in phrase[cut:].split()[1:])
    return cut if cut > 0 and named else None


def measure_of(subject: str) -> tuple[str, str] | None:
    """ "the maximum source output saturation voltage of the L293D" → ("the L293D", " maximum source output saturation
    voltage"): a measure whose owner is said after "of", split as `possessive` splits "the L293D's maximum …"; None
    when the subject does not open on "the" or holds no "of"."""
    head, of, owner = subject.partition(" of ")
    if not of or not owner.strip() or head[:4].lower() != "the " or not head[4:].strip():
        return None
    return owner.strip(), f" {head[4:].strip()}"


def its_own(context: str, subject: str, owned: tuple[str, str], after: str) -> Arithmetic:
    """ "did the GRU's accuracy on A exceed its accuracy on B in the sentiment report": the owner's same measure on
    another thing. The last phrase of the object ("in the sentiment report") may name where both are read: each
    part is asked with it. `owned`: the subject's owner and measure, as `possessive` or `measure_of` split them."""
    cut = max(after.rfind(" in "), after.rfind(" according to "))
    tail = after[cut:] if cut > after.find(" ", after.find(" ") + 1) else ""
    measure = measure_said(owned[1], after[: len(after) - len(tail)].split(None, 1)[1], lexicon()["measure_stand_ins"])
    other = f"{owned[0]}'s {measure}{tail}"
    second = _label(other[: len(other) - len(tail)])
    return Arithmetic("difference", (Part(f"{context}What is {subject}{tail}?", _label(subject)),
                                     Part(f"{context}What is {other}?", second)))  # fmt: skip
