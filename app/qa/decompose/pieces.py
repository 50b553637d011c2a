"""How a question's pieces are found: two wh-words, two things asked at once, "each", and the scope they share."""

from __future__ import annotations

import re
from itertools import product

from app.qa.analysis.phrases import Phrases
from app.qa.decompose.patterns import ASKING_PREPOSITION, AUX, WH_WORD, words_at, words_of

# "In eu-021.pdf, ...", "Of the students listed in the sampled classrooms, ...", "In the type test, for how long ...":
# a leading phrase that scopes every part.
SCOPE_OPENER = r"(?:in|according\s+to|for|of|among|on|at|during|within|from|after|before|under|by|since)"


SCOPE = re.compile(
    rf"^({SCOPE_OPENER}\s+[^,?]{{1,80}}),\s+"
    rf"(?=(?:{ASKING_PREPOSITION}\s+)?(?:what|when|where|who|which|how)\b|(?:were|was|did)\s+(?:more|fewer|less)\b)",
    re.I,
)


# Each part must read as a question on its own ("At the 2011 census, what was ..." is one question).
# "down to about what speed": a few particles before the wh-word.
APPROACH = "down up to about around roughly approximately".split()
OPENS_QUESTION = Phrases.of(
    "what when where who whom whose which why how tell list name give describe show".split()
    + [f"{at} {wh}" for at in words_of(ASKING_PREPOSITION) for wh in "which what whose whom how".split()]
    + words_of(AUX) + ["i need", "i want", "i would like"]
    + [f"{' '.join(said)} {wh}" for n in (1, 2, 3) for said in product(APPROACH, repeat=n)
       for wh in ("what", "which", "how")]
)  # fmt: skip


# "When and where did the accident happen?": one question asked twice.
TWO_WH_WORDS = frozenset("when where who why how".split())


# "What were the revenue and the costs of the fund?", "Give me both the docket number and the comment deadline for
# the proposal", "I need the number of notices – also the number of employees affected": two things asked for. Each
# must open on "the" (or "its"/"their"): "the terms and conditions of the contract" is one thing.
TWO_THINGS = re.compile(
    r"^(?:what\s+(?P<verb>is|are|was|were)|tell\s+me|give\s+me|show\s+me|i\s+need|i\s+want|list)\s+(?:both\s+)?"
    r"(?P<a>(?:the|its|their)\s+[^?]+?)(?P<comma>\s*,)?\s+(?:and|as\s+well\s+as|plus|[-–—]\s*(?:and\s+)?also)\s+"
    r"(?:also\s+)?(?P<b>(?:the|its|their|[A-Z][\w.&-]*['’]s)\s+[^?]+?)[\s?.!]*$",
    re.I,
)


OWN_PREPOSITIONS = frozenset("of for in on at from during by".split())


# "What did the first lot and the second lot each cost?", "A won two contracts; what were the X lot and the Y lot each
# worth?": one question asked of each of two things, after what may be said first to set them.
EACH = re.compile(
    r"^(?:(?P<context>[^;?]+?)\s*[;:,.]\s+)?(?P<head>what|how\s+(?:much|many)(?:\s+[\w-]+){0,2}?)\s+(?P<verb>is|are|was|were|did|do|does)\s+"
    r"(?P<a>(?:the|its|their)\s+[^?]+?)\s+and\s+(?P<b>(?:the|its|their)\s+[^?]+?)\s+each\s+(?P<rest>[^?]+?)[\s?.!]*$",
    re.I,
)


def _each(q: str) -> list[tuple[str, str]] | None:
    """(question, label) of each thing an "each" question asks about; None for other questions."""
    m = EACH.match(q)
    if m is None:
        return None
    verb = {"are": "is", "were": "was", "do": "does"}.get(m.group("verb").lower(), m.group("verb").lower())
    head = m.group("head")[0].upper() + m.group("head")[1:]
    context = f" ({m.group('context').strip()})" if m.group("context") else ""
    out = []
    for x in (m.group("a"), m.group("b")):
        label = f"{head} {verb} {x} {m.group('rest')}?"
        out.append((f"{label[:-1]}{context}?", label))
    return out


def _two_wh_words(q: str) -> list[str] | None:
    said = q.split(None, 3) if q[:1].strip() else []
    if len(said) < 4 or said[1].lower() != "and" or not {said[0].lower(), said[2].lower()} <= TWO_WH_WORDS:
        return None
    rest = said[3]
    while rest and (rest[-1].isspace() or rest[-1] in "?.!"):
        rest = rest[:-1]
    if not rest or "?" in rest or said[0].lower() == said[2].lower():
        return None
    return [f"{w.capitalize()} {rest}?" for w in (said[0], said[2])]


def _two_things(q: str) -> list[str] | None:
    """The two things a question asks for, each asked on its own. Unless a comma parts them, one without a phrase of
    its own takes the other's ("the revenue" and "the costs of the fund" → "the revenue of the fund"; "the
    population of Kerala" and "the literacy rate" → "the literacy rate of Kerala")."""
    m = TWO_THINGS.match(q)
    if m is None:
        return None
    a, b = m.group("a"), m.group("b")
    if not m.group("comma"):
        tail, last = words_at(b, OWN_PREPOSITIONS), words_at(a, OWN_PREPOSITIONS)
        if tail and not last:
            a = f"{a}{b[tail[0] - 1 :]}"
        elif last and not tail:
            # "the population of Kerala and the literacy rate": the rate of Kerala too.
            b = f"{b}{a[last[-1] - 1 :]}"
    verb = (m.group("verb") or "is").lower()
    verb = {"are": "is", "were": "was"}.get(verb, verb)
    return [f"What {verb} {x}?" for x in (a, b)]


# "Overall, what share ...", "In eu-021.pdf, what share ...": a part may open on a word or a scope before its question.
LEAD_INS = frozenset("overall|altogether|in total|also|and|so|then|finally|lastly|first|second".split("|"))


def without_lead_in(q: str) -> str:
    """ "Overall, how many …" → "how many …": a word that opens the question before a comma asks nothing."""
    head, comma, rest = q.partition(",")
    if comma and head[:1] and not head[0].isspace() and " ".join(head.split()).lower() in LEAD_INS:
        return rest.lstrip()
    return q


SCOPE_OPENERS = Phrases.of(words_of(SCOPE_OPENER.replace(r"\s+", " ")))
MAX_SCOPE_CHARS = 80


def _scope_alone(text: str) -> bool:
    """ "In the state-of-the-art case for 2009": a scope said on its own, no question in it, no comma."""
    opened = SCOPE_OPENERS.lead(text)
    if not opened or WH_WORD.said(text.split("\n", 1)[0]):
        return False
    spaces = opened - len(text[:opened].rstrip())
    said = text[opened:]
    # the scope may begin in the white space after its opener, and run to the end or to a last line break
    return any("," not in s and "?" not in s and (s or spaces > 1) and len(s) <= MAX_SCOPE_CHARS
               for s in {said, said.removesuffix("\n")})  # fmt: skip


def _scopes_joined(pieces: list[str]) -> list[str]:
    """ "in eu-021.pdf" split off "what share of students ..." (the comma before "what share" is a joint) joined to
    it again: a scope is not a question of its own."""
    out: list[str] = []
    for p in pieces:
        if out and _scope_alone(out[-1]):
            out[-1] = f"{out[-1]}, {p}"
        else:
            out.append(p)
    return out


def _unscoped(part: str) -> str:
    part = without_lead_in(part)
    scope = SCOPE.match(part)
    return part[scope.end() :] if scope else part
