"""Comparisons: what a comparison's verdict says the winner is, and "X compared with Y" questions."""

from __future__ import annotations

import re

from app.qa.analysis.phrases import Phrases
from app.qa.decompose.choice import (
    AUXILIARY_VERBS,
    COSTS_MORE,
    HAD_MORE_THAN,
    HIGHER_IN,
    HIGHER_THAN_IN,
    MORE_THAN,
    PAID_MORE,
    WHERE_IS_MORE,
    WHICH_OF_TWO,
    YEARISH,
    _adjective,
    _as_choice,
    _conjugated,
    _which_of_two,
    own_verb,
)
from app.qa.decompose.patterns import COMPARE, COMPARE_HOW, COMPARE_IN, DIFFER, DIFFERENCE, Part


def _comparison(q: str) -> re.Match[str] | None:
    return COMPARE.match(q) or COMPARE_HOW.match(q) or DIFFERENCE.match(q) or DIFFER.match(q) or COMPARE_IN.match(q)


def comparative(question: str) -> str | None:
    """What a comparison's verdict says the winner is ("older", "more graduates", "larger"; "higher" when the question
    only says "compare"), or None when the question compares nothing."""
    q = " ".join(question.split())
    if _which_of_two(q) is not None:
        choice, _ = _as_choice(q)
        patterns = (
            WHERE_IS_MORE, HIGHER_IN, HIGHER_THAN_IN, WHICH_OF_TWO, MORE_THAN, HAD_MORE_THAN, COSTS_MORE, PAID_MORE
        )  # fmt: skip
        m = next(filter(None, (r.match(choice) for r in patterns)), None)
        assert m is not None
        said = " ".join(m.group("comp").split())  # as written: "more schools taking part in PIRLS 2011"
        comp = said.lower()
        verb = (m.group("verb") or "").lower()
        if m.re is COSTS_MORE:
            return f"{verb} more"
        if m.re is PAID_MORE:
            return f"cost {comp}"
        if m.re is HIGHER_IN or m.re is HIGHER_THAN_IN:
            return f"is {comp}"
        own = own_verb(m.group("a").strip()) if m.re is MORE_THAN and verb in ("did", "does", "do") else None
        if own is not None:
            return f"{_conjugated(own[1], past=verb == 'did')} {said}"  # "graduated more students"
        if m.re is HAD_MORE_THAN:
            return f"{'had' if verb == 'did' else 'has'} {comp} {' '.join(m.group('what').split())}"
        if m.groupdict().get("modal"):
            return f"is {' '.join(m.group('modal').split())} {said}"
        if verb not in AUXILIARY_VERBS and not _adjective(comp, verb):
            return f"{verb} {said}"  # "covered more workers", "use more energy a year"
        return f"{'is' if _adjective(comp, verb) else 'has'} {said}"
    return "is higher" if _comparison(q) is not None or _compared_with(q) is not None else None


# "How many graduates did Ohio have in 2003–04 compared with Michigan?": the question asked again of the other thing.
COMPARED_WITH = Phrases.of(["compared with", "compared to", "as against", "versus", "vs"])
# "… compared to that of Italy": what stands for the first thing's measure.
STAND_IN = Phrases.of([f"{that} {of}" for that in ("that", "those") for of in ("of", "in", "for")])
ASKING = Phrases.of(["how", "what", "which"])


CAPITALISED = re.compile(r"(?<!^)(?<![.?!]\s)\b[A-Z][\w.&'’-]*(?:\s+(?:of\s+)?[A-Z][\w.&'’-]*)*")


def _compared_with(q: str) -> list[Part] | None:
    """ "… Ohio … compared with Michigan?" → the question of Ohio, and of Michigan; a year compared with a year the
    same way. None when the question names nothing of the other thing's kind to swap."""
    said = COMPARED_WITH.find(q) if ASKING.opens(q) else None
    asked = q[: said[0]].rstrip().rstrip(",").rstrip() if said else ""
    after = q[said[1] :].removeprefix(".") if said else ""
    other = after.strip()[STAND_IN.lead(after.strip()) :].rstrip(" \t\n?.!")
    if len(asked.split()) < 2 or not after[:1].isspace() or not other or any(c in other for c in ",?"):
        return None
    if YEARISH.fullmatch(other):
        swap = list(YEARISH.finditer(asked))
    elif other[:1].isupper():
        swap = list(CAPITALISED.finditer(asked))
    else:
        return None
    if not swap:
        return None
    a = swap[-1]
    second = f"{asked[: a.start()]}{other}{asked[a.end() :]}"
    return [Part(f"{asked}?", a.group(0)), Part(f"{second}?", other)]
