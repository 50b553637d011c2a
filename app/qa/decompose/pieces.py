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
EACH_VERBS = frozenset("is are was were did do does".split())
OWNERS = frozenset({"the", "its", "their"})
CONTEXT_ENDS = ";:,."


def _each_of_two(q: str) -> tuple[str, str, str, str, str] | None:
    """(head, verb, first thing, second thing, rest) of "what did the first lot and the second lot each cost"; None
    for other questions."""
    words = q.rstrip(" \t\n?.!").split()
    low = [w.lower() for w in words]
    if any("?" in w for w in words):
        return None
    # "what", "how many", "how many new": what is asked, then the verb
    heads = [1] if low[:1] == ["what"] else [2, 3, 4] if low[:2] in (["how", "much"], ["how", "many"]) else []
    for h in heads:
        if h + 1 >= len(words) or low[h] not in EACH_VERBS or low[h + 1] not in OWNERS:
            continue
        if not all(c.isalnum() or c in "_-" for w in words[2:h] for c in w):
            continue
        for j in (j for j in range(h + 3, len(words) - 1) if low[j] == "and" and low[j + 1] in OWNERS):
            k = next((k for k in range(j + 3, len(words) - 1) if low[k] == "each"), None)
            if k is not None:
                things = " ".join(words[h + 1 : j]), " ".join(words[j + 1 : k])
                return " ".join(words[:h]), words[h], *things, " ".join(words[k + 1 :])
    return None


def _each(q: str) -> list[tuple[str, str]] | None:
    """(question, label) of each thing an "each" question asks about; None for other questions. What is said first
    ("Acme won two road contracts in 2015; what were …") is asked with each part."""
    starts = [i + 1 for i, c in enumerate(q) if c in CONTEXT_ENDS and q[i + 1 : i + 2].isspace()]
    for at in [*starts, 0]:
        context = q[: at - 1].strip() if at else ""
        found = _each_of_two(q[at:].strip()) if not at or (context and not any(c in ";?" for c in context)) else None
        if found is None:
            continue
        head, verb, a, b, rest = found
        verb = {"are": "is", "were": "was", "do": "does"}.get(verb.lower(), verb.lower())
        head = head[0].upper() + head[1:]
        said = f" ({context})" if context else ""
        return [(f"{head} {verb} {x} {rest}{said}?", f"{head} {verb} {x} {rest}?") for x in (a, b)]
    return None


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
