"""split_question: a question that is really several, split into its parts."""

from __future__ import annotations

from app.qa.analysis.described import descriptions
from app.qa.analysis.phrases import WORD, Phrases
from app.qa.decompose.antecedents import (
    _borrow_verb,
    _fill_ones,
    _how_many_more,
    _resolve_it,
    _resolve_person,
    _same_time,
    _thing_asked,
    _with_antecedent,
)
from app.qa.decompose.choice import _which_of_two
from app.qa.decompose.compare import _compared_with, _comparison
from app.qa.decompose.joiners import (
    _borrow_preposition,
    _fill_ellipsis,
    _repeated_joiner,
    _same_preposition_twice,
    _share_head,
)
from app.qa.decompose.patterns import (
    COMPARE,
    COMPARE_IN,
    DIFFER,
    JOINT,
    OWN,
    PRONOUN,
    RELATIVE,
    Part,
    and_who,
    capitalised_owner,
)
from app.qa.decompose.pieces import (
    OPENS_QUESTION,
    SCOPE,
    _each,
    _scopes_joined,
    _two_things,
    _two_wh_words,
    _unscoped,
    without_lead_in,
)
from app.qa.resolve import FILE_NAME
from app.settings import get_settings


def split_question(question: str) -> list[Part] | None:
    """The sub-questions of a two-part question or a comparison, or None when it is one question."""
    q = " ".join(question.split())
    two = _which_of_two(q) or _compared_with(q)
    if two is not None:
        return two
    m = _comparison(q)
    if m and OWN.lead(m.group("b")):
        # "Compare Florida's gun checks in November 2015 with its number of graduates in 2007–08": two things of one
        # owner, each asked for whole.
        a = q[m.start("attr") if m.groupdict().get("attr") else m.start("a") : m.end("a")].strip(" ,")
        owner = capitalised_owner(a)
        b = f"{owner}'s {m.group('b')[OWN.lead(m.group('b')) :]}" if owner else m.group("b")
        return [Part(f"What is {x}?", x[0].upper() + x[1:]) for x in (a, b)]
    if m:
        attr = (m.group("attr") or "").strip() if "attr" in m.groupdict() else ""
        a, b = m.group("a").strip(" ,"), m.group("b").strip(" ,")
        repeated = _repeated_joiner(q, m) if m.re is COMPARE and attr else None
        a, b = repeated or _share_head(*_borrow_preposition(a, b))
        if attr and m.re in (DIFFER, COMPARE_IN):
            # "the share of discount stores" differing between places or years: the share in each.
            return [Part(f"What is {attr} in {x}?", f"{attr[0].upper()}{attr[1:]} in {x}") for x in (a, b)]
        if attr:
            return [Part(f"What is the {attr} of {x}?", f"{attr[0].upper()}{attr[1:]} of {x}") for x in (a, b)]
        return [Part(f"What is {x}?", x[0].upper() + x[1:]) for x in (a, b)]
    # "..., from the arrests by race table.": a source named at the end is every part's.
    source = _trailing_source(q)
    if source is not None:
        q = q[: source[0]] + "?"
    each = _each(q)
    if each is not None:
        return [Part(_with_source(asked, source), label) for asked, label in each]
    both = _two_wh_words(q) or _two_things(q)
    if both is not None:
        alone = [both[0], *(_with_antecedent(x, both[0]) for x in both[1:])]
        return [Part(_with_source(x, source), label) for x, label in zip(alone, both, strict=True)]
    # "In eu-021.pdf, what ... and what ...": the leading scope belongs to every part.
    q = without_lead_in(q)
    scope = SCOPE.match(q)
    rest = q[scope.end() :] if scope else q
    pieces = _scopes_joined([p.strip(" ,;") for p in JOINT.split(rest) if p.strip(" ,;")])
    if len(pieces) < 2:
        same = _same_preposition_twice(rest)
        if same is not None:
            pieces = same
        else:
            pieces = [p.strip(" ,;") for p in and_who(rest)]
            if len(pieces) != 2 or RELATIVE.said(pieces[0].split(None, 1)[-1]) or PRONOUN.said(pieces[1]):
                return None
    pieces = [pieces[0]] + [_thing_asked(p, pieces[0]) for p in pieces[1:]]
    first = _borrow_verb(pieces[0], pieces[1])
    pieces = [first] + [
        _fill_ones(_fill_ellipsis(_resolve_it(_resolve_person(p, first), first), first), first) for p in pieces[1:]
    ]
    pieces = [_how_many_more(p) for p in pieces]
    min_words = get_settings().answer.content.min_part_words
    if any(len(p.split()) < min_words or not OPENS_QUESTION.opens(_unscoped(p)) for p in pieces):
        return None
    # "What share of students had back pain in eu-021.pdf, and what share followed treatment?": a file the first part
    # names is the scope of a later part that names none.
    named = FILE_NAME.search(pieces[0]) if scope is None else None
    parts = []
    for i, p in enumerate(pieces):
        p = _asked(p[0].upper() + p[1:].rstrip(" .!"))
        if not p.endswith("?"):
            p += "?"
        asked = _with_antecedent(_same_time(p, pieces[0]), pieces[0]) if i else p
        bare = asked
        if scope:
            asked = f"{scope.group(1)}, {asked[0].lower()}{asked[1:]}"
        elif named and not FILE_NAME.search(asked):
            asked = f"In {named.group(0)}, {asked[0].lower()}{asked[1:]}"
        given = _document_given(asked[: len(asked) - len(bare)]) if i > 0 and asked != bare else None
        unscoped = _with_source(bare, source) if given else None
        parts.append(Part(_with_source(asked, source), p, unscoped, given))
    return parts


def _document_given(scope: str) -> str | None:
    """The document a scope one part gives another names: its file name, or its description ("the student health
    survey"); None when the scope names none (a table, a year)."""
    named = FILE_NAME.search(scope)
    if named is not None:
        return named.group(0)
    described = descriptions(scope)
    return scope[described[0].start : described[-1].end] if described else None


# "I need the share of …", "Give me both the total …": a request for a thing, asked as a question.
REQUEST = Phrases.of(
    [f"i {want}{know}" for want in ("need", "want", "would like") for know in ("", " to know")]
    + ["give me", "tell me", "show me"]
)
BOTH = Phrases.of(["both"])
THING = Phrases.of(["the", "its", "their"])


def _asked(request: str) -> str:
    """ "I need the share of …" → "What is the share of …"; other text unchanged."""
    opened = REQUEST.lead(request)
    if opened:
        opened += BOTH.lead(request[opened:])
    return f"What is {request[opened:]}" if opened and THING.lead(request[opened:]) else request


SOURCE_OPENERS = Phrases.of(["from", "in", "according to"])
SOURCE_NOUNS = frozenset("table report document file pdf survey study".split())


def trailing_aside(q: str) -> tuple[int, str] | None:
    """(where its comma stands, the aside) of "…, according to Table 2 of the survey?": the words after the last
    comma when a source opener leads them ("from", "in", "according to"); None without one."""
    at = q.rfind(",")
    src = q[at + 1 :].strip().rstrip(" \t\n?.!") if at >= 0 else ""
    return (at, src) if src and SOURCE_OPENERS.lead(src) else None


def _trailing_source(q: str) -> tuple[int, str] | None:
    """(where its comma stands, the source) of "…, from the arrests by race table.": a source named at the end,
    a few words that end on what holds the figures; None without one."""
    aside = trailing_aside(q)
    if aside is None:
        return None
    at, src = aside
    opened, last = SOURCE_OPENERS.lead(src), next(reversed(list(WORD.finditer(src))), None)
    if last is None or last.end() < len(src) or last.group(0).lower() not in SOURCE_NOUNS or "?" in src:
        return None
    said = len(src[opened : last.start()])
    return (at, src) if 3 <= said <= 60 + len("the ") else None


def _with_source(question: str, source: tuple[int, str] | None) -> str:
    if source is None or source[1].lower() in question.lower():
        return question
    return f"{question.rstrip(' ?')} {source[1]}?"
