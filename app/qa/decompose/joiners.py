"""The second part completed from the first when the joiner is left out: an ellipsis, a repeated joiner or
preposition, a shared head noun."""

from __future__ import annotations

import re

from app.qa.analysis.phrases import WORD, Phrases
from app.qa.decompose.antecedents import COMPARATIVE, leading_pp
from app.qa.decompose.patterns import AUX, PREPOSITION, SAME_PREPOSITION_TWICE, WH_WORD, words_of
from app.qa.decompose.pieces import OPENS_QUESTION, _unscoped

# "Which of NACO's radio programmes was aimed at rural women, and which one at urban migrants?": the second part
# says only what differs; the rest is the first part's.
WHICH_ONE = Phrases.of(["which one", "what one"])


BARE_PREPOSITIONS = frozenset([*words_of(PREPOSITION), "to", "by"])


def _bare_phrase(text: str, prepositions: frozenset[str] = BARE_PREPOSITIONS) -> tuple[str, str] | None:
    """ "..., and in the Ethiopian crash?": (the preposition, the rest) of a bare phrase in place of the first part's
    last one; None for text that opens otherwise."""
    said = text.split(None, 1)
    if text[:1].isspace() or len(said) < 2 or said[0].lower() not in prepositions:
        return None
    rest = said[1].rstrip(" \t\n?.!")
    return (said[0], rest) if rest and "?" not in rest else None


# "how much by 2011", "what about in December", "what for Q3 2024": no verb of its own ("how many of the people
# arrested were Black" has).
AMOUNT_ELLIPSIS = Phrases.of(["how many", "how much", "what about", "what", "which"])
AUXILIARIES = frozenset(words_of(AUX))


def _amount_ellipsis(part: str) -> tuple[str, str] | None:
    opened = AMOUNT_ELLIPSIS.lead(part)
    bare = _bare_phrase(part[opened:], BARE_PREPOSITIONS | {"until"}) if opened else None
    words = bare[1].split() if bare else []
    return bare if 0 < len(words) <= 6 and not any(w.lower() in AUXILIARIES for w in words) else None


def _fill_ellipsis(part: str, first: str) -> str:
    """ "which one at urban migrants" after "Which of NACO's radio programmes was aimed at rural women" → "Which of
    NACO's radio programmes was aimed at urban migrants"; "in the Ethiopian crash" after "How many people died in
    the Lion Air crash" → "How many people died in the Ethiopian crash"; other parts unchanged."""
    one = WHICH_ONE.lead(part)
    m = _bare_phrase(part[one:]) if one else None
    if not m and not OPENS_QUESTION.opens(_unscoped(part)):
        m = _bare_phrase(part)
    if not m:
        amount = _amount_ellipsis(part)
        # "and how much by 2011?" after "How much energy was a server projected to use in 2007": the first part's
        # last phrase, whatever its preposition, is the one replaced.
        cut = list(re.finditer(rf"\s(?:{PREPOSITION}|to|by|until)\s", first, re.I)) if amount else []
        if not cut or amount is None:
            return part
        return f"{first[: cut[-1].start()]} {amount[0]} {amount[1].strip()}"
    cut = list(re.finditer(rf"\s{m[0]}\s", first, re.I))
    if not cut:
        return part
    return f"{first[: cut[-1].start()]} {m[0]} {m[1].strip()}"


def _repeated_joiner(q: str, m: re.Match[str]) -> tuple[str, str] | None:
    """ "Compare the arrests of white people and of black people for burglary in 2009": the second thing repeats the
    word joining the compared attribute to the first ("of"), and what follows it ("for burglary in 2009") is both's."""
    a, b = m.group("a").strip(" ,"), m.group("b").strip(" ,")
    joiner = q[m.end("attr") : m.start("a")].strip().lower()
    pp = leading_pp(b)
    if pp is None or pp[0].lower() != joiner:
        return None
    scope = pp[2].strip()
    if scope and scope.lower() not in a.lower():
        a = f"{a} {scope}"
    return a, f"{pp[1]} {scope}".strip()


def _borrow_preposition(a: str, b: str) -> tuple[str, str]:
    """ "the number of graduates in California" compared with "Texas in 2003–04": the second takes the first's last
    preposition ("in Texas in 2003–04") when it has none of its own and the first ends on a short phrase."""
    if leading_pp(b):
        return a, b
    m = re.search(rf"\s({PREPOSITION})\s+(?:(?!{PREPOSITION}\b)[\w'’.-]+\s*){{1,4}}$", a, re.I)
    return (a, f"{m.group(1)} {b}") if m else (a, b)


def _same_preposition_twice(q: str) -> list[str] | None:
    """ "How many graduates were there in California and in Texas in 2003–04?" → the question asked of each, the
    trailing scope given to both; None for other questions."""
    m = SAME_PREPOSITION_TWICE.match(q)
    if m is None or WH_WORD.said(m.group("b")) or not OPENS_QUESTION.opens(q):
        return None
    # "Is the engine tested at sea or at the factory?" is one question (a choice); "Did JAL carry more passengers on
    # its Korea routes or on its China routes?" is two amounts compared.
    if m.group("joint").lower() == "or" and not COMPARATIVE.said(q):
        return None
    a, prep = m.group("a"), m.group("prep")
    head = a[: [x.start() for x in re.finditer(rf"\s{prep}\s", a, re.I)][-1]]
    tail = leading_pp(m.group("b"))
    if tail is None:
        return None
    _, obj, scope = tail
    scope = scope.strip()
    if scope.lower().startswith("of "):
        # "in Q4 of fiscal 2021": an "of" phrase completes the noun before it; it is no scope of both things.
        obj, scope = f"{obj} {scope}", ""
    first = f"{a} {scope}" if scope and scope.lower() not in a.lower() else a
    said = WORD.findall(obj)
    if said and said[-1].lower() in ("one", "ones") and obj.endswith(said[-1]):
        # "on domestic routes or on international ones": the second thing is said with the first's noun.
        noun = a.split()[-1]
        obj = obj[: -len(said[-1])] + (noun if obj.lower().endswith("ones") else noun.rstrip("s"))
    return [first, f"{head} {prep} {obj}{' ' + scope if scope else ''}"]


def _share_head(a: str, b: str) -> tuple[str, str]:
    """Compared "graduates in California" and "in Texas in 2003–04": the second borrows the first's head
    ("graduates in Texas ...") and the first borrows the second's trailing scope ("... in California in 2003–04")."""
    pp = leading_pp(b)
    if not pp:
        return a, b
    preposition, _, scope = pp
    cut = re.search(rf"\s{preposition}\s", a, re.I)
    if cut is None:
        return a, b
    head = a[: cut.start()]
    scope = scope.strip()
    if scope and scope.lower() not in a.lower():
        a = f"{a} {scope}"
    return a, f"{head} {b}"
