"""The second part of a split question completed from the first: the time, the thing, "it", the antecedent,
"ones", the verb, the person."""

from __future__ import annotations

import re
from itertools import islice

from app.qa import nlp
from app.qa.analysis.listing import TOKEN
from app.qa.analysis.phrases import SPACED, WORD, Phrases, opening_words
from app.qa.decompose.choice import MEASURE_COMPARATIVES, WHEN_COMPARATIVES
from app.qa.decompose.patterns import ASKING_PREPOSITION, AUX, PREPOSITION, PRONOUN, words_of

# "… received that same month" after "… in November 2015": the first part's time, said again.
SAME_TIME = Phrases.of(
    [f"{during}{that} {unit}" for during in ("", "in ", "during ", "for ") for that in ("that same", "the same", "that")
     for unit in "month year day week quarter period".split()]
)  # fmt: skip


MONTHS_NAMED = "January|February|March|April|May|June|July|August|September|October|November|December"


WHEN_SAID = re.compile(
    rf"\b(?:(?:{MONTHS_NAMED})\s+(?:\d{{1,2}},\s+)?\d{{4}}|(?:FY\s?)?(?:19|20)\d\d(?:[–-]\d{{2,4}})?)\b"
)


def _same_time(part: str, first: str) -> str:
    said = WHEN_SAID.search(first)
    same = SAME_TIME.find(part)
    # "the same month a year earlier" is another time.
    if said is None or same is None or _shifted(part, same[1]):
        return part
    return f"{part[: same[0]]}in {said.group(0)}{part[same[1] :]}"


SHIFTS = frozenset("earlier before previously prior later after".split())
SHIFT_COUNTS = frozenset({"a", "one", "the"})


def _shifted(text: str, at: int) -> bool:
    """What follows `at` moves the time said ("… a year earlier", "two months later", "before")."""
    said = opening_words(text[at:], 3) + [("", "")] * 2
    if not said[0][0].isspace():
        return False
    (_, first), (gap, second), (last_gap, third) = said[:3]
    counted = first in SHIFT_COUNTS or first.isdecimal()
    digits = next((i for i, c in enumerate(first) if not c.isdecimal()), len(first))
    # a count run into the word, as a pattern's "\s*" lets it be: "3earlier"
    glued = first[digits:] in SHIFTS or any(first == f"{c}{s}" for c in SHIFT_COUNTS for s in SHIFTS)
    return first in SHIFTS or glued or (gap.isspace() and second in SHIFTS) or (
        counted and gap.isspace() and last_gap.isspace() and third in SHIFTS
    )


THING = Phrases.of(["the", "its", "their"])


PAST = frozenset({"was", "were", "did", "had"})


def _thing_asked(part: str, first: str) -> str:
    """ "the figure for the same month a year earlier" after "What was JAL's load factor … in December 2015?" → "What
    was the figure for …": a thing named alone is asked for in the first part's tense."""
    if not THING.lead(part):
        return part
    past = any(w in PAST or (len(w) > 2 and w.endswith("ed")) for w in WORD.findall(first.lower()))
    return f"What {'was' if past else 'is'} {part}"


# "... suffered from back pain and what percentage followed treatment for it?": "it" after a preposition of the
# second part is the object of the first part's last preposition.
PREPOSITIONS = frozenset(words_of(PREPOSITION))


def leading_pp(text: str) -> tuple[str, str, str] | None:
    """ "in Texas in 2003–04" → ("in", "Texas", " in 2003–04"): a phrase opening on a preposition, its object up to
    the next preposition, and what follows ("" when nothing does); None for text that opens otherwise."""
    said = list(SPACED.finditer(text))
    if len(said) < 2 or said[0].start() > 0 or said[0].group(0).lower() not in PREPOSITIONS:
        return None
    for k in range(2, len(said)):
        word = WORD.match(said[k].group(0))
        if word is not None and word.group(0).lower() in PREPOSITIONS:
            if said[k].group(0).lower() not in PREPOSITIONS or k == len(said) - 1:
                return None
            return said[0].group(0), text[said[1].start() : said[k - 1].end()], text[said[k - 1].end() :]
    return said[0].group(0), text[said[1].start() :], ""


def _resolve_it(part: str, first: str) -> str:
    """The second part's trailing "for it" → "for back pain" when the first part ends on such an object: up to four
    words after its last preposition."""
    said = list(SPACED.finditer(part.rstrip(" \t\n?.!")))
    last = [w.group(0).lower() for w in said[-2:]]
    if len(last) < 2 or last[1] not in ("it", "them") or last[0] not in PREPOSITIONS:
        return part
    words = first.rstrip(" \t\n?.!").split()
    at = max((i for i, w in enumerate(words) if w.lower() in PREPOSITIONS), default=len(words))
    thing = words[at + 1 :]
    if not 0 < len(thing) <= 4 or not all(TOKEN.fullmatch(w) for w in thing):
        return part
    return f"{part[: said[-1].start()]}{' '.join(thing)}{part[said[-1].end() :]}"


ASKING_PREPOSITIONS = frozenset(words_of(ASKING_PREPOSITION))
WH_MEASURES = ("many", "much", "long", "often", "old", "far")


def _wh_head(words: list[str]) -> int:
    """How many of `words` ask rather than name: "What is" of "What is the population of Kerala", "Which agency
    was", "How many" ("How many nurses will Ohio need": the nurses are what a later "that" points at), "Who"; 0 when
    none do. At least one word stays."""
    low = [w.lower() for w in words] + [""] * 5

    def plain(i: int) -> bool:  # a word of letters, digits and hyphens: not "company's"
        return all(c.isalnum() or c in "_-" for c in low[i])

    def aux_at(*at: int) -> int:
        """After the auxiliary at the first of `at` (past a plain word when it is the later one) that more follows."""
        return next((i + 1 for i in at if low[i] in AUXILIARIES and i + 1 < len(words) and plain(i - 1)), 0)

    if low[0] == "how" and low[1] in ("many", "much") and len(words) > 2:
        return 2
    at = 1 if low[0] in ASKING_PREPOSITIONS else 0
    for i in dict.fromkeys((at, 0)):
        if low[i] in ("what", "which", "whose") and (n := aux_at(i + 2, i + 1)):
            return n
    if low[0] in ("what", "when", "where", "who", "whom", "why", "how"):
        heads = (1 + (low[1] in WH_MEASURES), 1) if low[1] in WH_MEASURES else (1,)
        if n := next((k for h in heads if (k := aux_at(h + 1, h))), 0):
            return n
    told = 2 if low[:2] == ["tell", "me"] else 0
    if low[told] in ("which", "whose") and len(words) > told + 2 and plain(told + 1):
        return told + 2
    return told + 1 if low[told] in ("who", "what") and len(words) > told + 1 else 0


# "how big a change is that projected to be", "what was this figure in 2009": the first part's thing, pointed at.
DEMONSTRATIVE = Phrases.of(
    [f"{w} {that}" for w in (*words_of(AUX), *words_of(PREPOSITION)) for that in ("that", "this", "those", "these")]
)


# "What was the figure for the same month a year earlier?": a figure of what the first part asked about; not "the
# number of convictions", which names its own thing.
GENERIC_THING = Phrases.of(
    [f"{wh} {aux} the {same}{thing}{s}" for wh in ("what", "how many", "how much") for aux in words_of(AUX)
     for same in ("", "same ") for thing in "figure number value amount total rate share percentage one".split()
     for s in ("", "s")]
)  # fmt: skip
# What may follow such a thing: "the figure for …", "the same one that …".
AFTER_GENERIC = frozenset("for in on at from during to by a an that this".split())


def _generic_thing(part: str) -> bool:
    said = GENERIC_THING.find(part)
    if said is None or said[0] > 0:
        return False
    after = part[said[1] :]
    return not after.strip(" \t\n?.!") or (after[:1].isspace() and opening_words(after, 1)[0][1] in AFTER_GENERIC)


OWNER_PRONOUN = Phrases.of(
    [f"{aux} {it} {verb}" for aux in ("did", "does", "do") for it in ("it", "they")
     for verb in "have own hold employ count record".split()]
)  # fmt: skip


NAME_AFTER_PREPOSITION = re.compile(r"\b(?:of|in|for|at)\s+((?:the\s+)?[A-Z][\w.&'’-]*(?:\s+[A-Z][\w.&'’-]*)*)")


DETERMINERS = frozenset({"the", "a", "an", "this", "that"})


def _named_before(text: str) -> bool:
    """A determiner and its noun ("the fund"), or a capitalised word after the first ("Privium"): a thing named."""
    words = list(WORD.finditer(text))
    for i, w in enumerate(words):
        if w.group(0) in DETERMINERS and i + 1 < len(words) and text[w.end() : words[i + 1].start()].isspace():
            return True
        if w.start() > 0 and len(w.group(0)) > 1 and "A" <= w.group(0)[0] <= "Z":
            return True
    return False


def _with_antecedent(part: str, first: str) -> str:
    """A later part with a pronoun it cannot resolve alone ("When was it published?" after "Who proposed the
    directive?") asked with the first part's subject matter after it ("When was it published (proposed the
    directive)?"): retrieved alone, "it" finds nothing about the directive. Other parts unchanged."""
    owner_at = OWNER_PRONOUN.first(part)
    owner = None if owner_at is None else list(islice(WORD.finditer(part, owner_at), 2))[-1]
    named = [m.group(1) for m in NAME_AFTER_PREPOSITION.finditer(first)]
    if owner is not None and named:
        # "What was the population of Spain in 1995, and how many retail outlets did it have?": what "has" things is
        # the place the first part names, not its population.
        return f"{part[: owner.start()]}{named[-1]}{part[owner.end() :]}"
    pronoun = PRONOUN.first(part)
    # "What costs did the Privium fund book for its first period?": "its" has its noun before it; "that" after a
    # verb or a preposition never has ("how big a change is that").
    if (
        (pronoun is None or _named_before(part[:pronoun]))
        and not DEMONSTRATIVE.said(part)
        and not _generic_thing(part)
    ):
        return part
    words = first.rstrip(" ?.!").split()
    topic = " ".join(words[_wh_head(words) :])
    return f"{part.rstrip(' ?')} ({topic})?" if topic else part


COMPARATIVE = Phrases.of(["more", "less", "fewer", *MEASURE_COMPARATIVES, *WHEN_COMPARATIVES])


AUXILIARIES = frozenset(words_of(AUX))
AMOUNT_HEADS = Phrases.of(["how many", "how much", "what", "which"])


def head_noun_rest(text: str) -> tuple[str, str, str] | None:
    """ "How many international passengers did the JAL Group fly" → ("How many", "passengers", "did the JAL Group
    fly"): the amount asked, the noun before the first auxiliary, and the rest from it."""
    opened = AMOUNT_HEADS.lead(text)
    said = list(SPACED.finditer(text, opened)) if opened else []
    for k in range(1, len(said)):
        word = WORD.match(said[k].group(0))
        noun = said[k - 1].group(0)
        if not TOKEN.fullmatch(noun):
            return None
        if word is not None and word.group(0).lower() in AUXILIARIES and all(c.isalnum() or c in "_-" for c in noun):
            return text[:opened].rstrip(), noun, text[said[k].start() :]
    return None


def _fill_ones(part: str, first: str) -> str:
    """ "how many domestic ones" after "How many international passengers did the JAL Group fly in FY2014" → "how many
    domestic passengers did the JAL Group fly in FY2014"; other parts unchanged."""
    opened, f = AMOUNT_HEADS.lead(part), head_noun_rest(first.rstrip(" ?.!"))
    head, words = " ".join(part[:opened].split()), part[opened:].rstrip(" \t\n?.!").split()
    ones = opened and words and words[-1].lower() in ("one", "ones") and all(TOKEN.fullmatch(w) for w in words)
    if not ones or f is None or head.lower() != " ".join(f[0].lower().split()):
        return part
    return " ".join([head, *words[:-1], f[1], f[2]])


def _borrow_verb(first: str, second: str) -> str:
    """ "What revaluation gain" before "what costs did the fund book for its first period" → "What revaluation gain did
    the fund book for its first period"; otherwise `first` unchanged."""
    f = head_noun_rest(second.rstrip(" ?.!"))
    opened = AMOUNT_HEADS.lead(first.strip())
    words = first.strip()[opened:].split()
    # "What revaluation gain and what costs did the fund book?": the first part has no verb; it shares the second's.
    verbless = 0 < len(words) <= 3 and all(TOKEN.fullmatch(w) and w.lower() not in AUXILIARIES for w in words)
    if not opened or not verbless or f is None:
        return first
    return f"{first.strip()} {f[2]}"


MORE_WORDS = frozenset({"more", "fewer", "less"})
SCOPE_PREPOSITIONS = frozenset("on in at for to from during among by".split())


def _scope_at(low: list[str], start: int) -> int | None:
    """The first of `low` from `start` on that opens a scope ("on its Korea routes"), a word after it."""
    return next((k for k in range(start, len(low) - 1) if low[k] in SCOPE_PREPOSITIONS), None)


def _how_many_more(part: str) -> str:
    """ "Did JAL carry more passengers on its Korea routes" → "How many passengers did JAL carry on its Korea routes";
    "Were more people arrested in 2009 …" → "How many people were arrested in 2009 …": the amount compared, asked
    for; other parts unchanged."""
    text = part.rstrip(" ?.!")
    said = list(SPACED.finditer(text))
    low = [w.group(0).lower() for w in said]

    def words(i: int, j: int) -> str:
        return text[said[i].start() : said[j - 1].end()]

    if low[:1] in (["did"], ["does"], ["do"]):
        for c in range(3, len(said)):
            verb = said[c - 1].group(0)
            r = _scope_at(low, c + 2) if low[c] in MORE_WORDS else None
            if r is not None and all(ch.isalnum() or ch in "_-" for ch in verb):
                return f"How many {words(c + 1, r)} did {words(1, c - 1)} {verb} {text[said[r].start() :]}"
    if low[:1] in (["were"], ["was"], ["are"], ["is"]) and len(low) > 1 and low[1] in MORE_WORDS:
        for v in range(3, len(said) - 2):
            verb = said[v].group(0)
            # a verb in the past of three letters or more before its "-ed": "arrested", "employed"
            past = len(verb) > 4 and verb.isascii() and verb.isalpha() and low[v].endswith("ed")
            if past and _scope_at(low, v + 1) == v + 1:
                return f"How many {words(2, v)} {low[0]} {verb} {text[said[v + 1].start() :]}"
    return part


SUBJECT_PRONOUN = Phrases.of(["he", "she"])


def _resolve_person(part: str, first: str) -> str:
    """ "when did he start the Emily Howell project" after "When did David Cope create EMI" → "when did David Cope
    start …": asked alone, "he" is nobody. The first person the first part names (spaCy's entities) is taken;
    without one the part is unchanged."""
    at = SUBJECT_PRONOUN.first(part)
    if at is None:
        return part
    person = next((e.text for e in nlp.entities([first])[0] if e.label == "PERSON"), None)
    said = WORD.match(part, at)
    return f"{part[:at]}{person}{part[said.end() :]}" if person and said else part
