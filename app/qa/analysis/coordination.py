"""Two named things coordinated inside one question ("Who is quoted as chief executive in the Kroger and the
McDonald's releases?", "Name the CEO quoted in PG&E's release and the CEO quoted in Amcor's results."): read from
the parse, two nouns joined by "and" (a `conj` arc with a `cc` child), each holding a proper name. Each part is the
question with the coordination replaced by one conjunct; a conjunct that is only a name ("the Kroger") takes the
head words the other one says after its owner ("quarterly releases")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.qa.analysis.grammar import parse
from app.qa.decompose.patterns import Part
from app.qa.profiles import words_of

NOUNS = ("NOUN", "PROPN")
NOMINAL_ROLES = ("nsubj", "nsubjpass", "dobj", "pobj", "attr")
# Prepositions that take both conjuncts as one thing: "a train ride between Washington and New York".
JOINT = ("between", "among", "amongst")
# "both A and B", "A and B together", "A and B jointly": one thing true of both, asked once.
JOINT_WORDS = ("both", "together", "jointly")


def _names(tokens: list[Any]) -> bool:
    return any(t.pos_ == "PROPN" for t in tokens)


def proper_names(phrase: str) -> frozenset[str]:
    """The lower-cased words of the proper names in `phrase` ("the McDonald's quarterly releases" → {"mcdonald"}),
    split as app.qa.profiles splits a document's words; a capitalised noun counts (the tagger calls a rare surname
    a common noun)."""
    return frozenset(w for t in parse(phrase) if t.pos_ == "PROPN" or (t.pos_ == "NOUN" and t.text[:1].isupper())
                     for w in words_of(t.text))  # fmt: skip


def coordinated_parts(question: str) -> tuple[Part, Part] | None:
    doc = parse(" ".join(question.split()))
    if any(t.lower_ in JOINT_WORDS for t in doc):
        return None  # "Who performed in both A and B?": one answer that holds for both
    for y in doc:
        x = y.head
        if y.dep_ != "conj":
            continue
        joiner = next((t for t in x.children if t.dep_ == "cc" and x.i < t.i < y.i), None)
        if x.pos_ in ("VERB", "AUX"):
            # "Name the CEO quoted in A and the CEO quoted in B": the parser hangs the second object on the verb.
            x = next((t for t in x.children if t.dep_ in ("dobj", "obj") and t.i < y.i and t.pos_ in NOUNS), x)
        if y.i <= x.i or x.pos_ not in NOUNS or y.pos_ not in NOUNS or x.head.lower_ in JOINT:
            continue
        if joiner is None or joiner.lower_ != "and":
            continue
        first = [t for t in doc[x.left_edge.i : joiner.i] if not t.is_punct or t.text in "-&"]
        second = list(doc[y.left_edge.i : y.right_edge.i + 1])
        if not first or not _names(first) or not _names(second):
            continue
        first_text = doc[first[0].i : first[-1].i + 1].text
        owner = next((t for t in y.children if t.dep_ == "poss"), None)
        if x.pos_ == "PROPN" and y.pos_ == "NOUN" and owner is not None and x.i == first[-1].i:
            # "the Kroger and the McDonald's quarterly releases": the first is "the Kroger quarterly releases".
            head = doc[owner.right_edge.i + 1 : y.i + 1].text
            first_text = f"{first_text} {head}".replace(" 's ", " ").strip()
        second_text = doc[second[0].i : second[-1].i + 1].text
        before = doc[: x.left_edge.i].text_with_ws
        after = doc[y.right_edge.i + 1 :].text
        a = f"{before}{first_text} {after}".replace(" ?", "?").replace(" .", ".").strip()
        b = f"{before}{second_text} {after}".replace(" ?", "?").replace(" .", ".").strip()
        return Part(a, first_text[:1].upper() + first_text[1:]), Part(b, second_text[:1].upper() + second_text[1:])
    return None


def names_documents_apart(parts: Sequence[Part], documents: Sequence[tuple[str, frozenset[str]]]) -> bool:
    """Each part's proper names are all words of some documents (`documents`: id and the words of its file name,
    title and first page), and no two parts' names are held by the same documents."""
    names = [proper_names(part.label) for part in parts]
    holders = [frozenset(d for d, words in documents if said and said <= words) for said in names]
    return all(holders) and len(set(holders)) == len(holders)


COMPARATIVE_TAGS = ("JJR", "RBR")
# comparison_direction's codes (app.qa.answer_types) for more and less: what the verdict says of the winner.
VERDICTS = {2: "is higher", -2: "is lower"}


def alternative_parts(question: str) -> tuple[tuple[Part, Part], str | None] | None:
    """Two alternatives compared ("Did Walnut Creek spend more on public protection or on public service?", "Does
    the MS430 react faster to a sound interrupt or to a light interrupt?"): a comparative (JJR/RBR) and two phrases
    of one kind (two prepositional phrases, two nouns) joined by "or". Each part is the question without the
    comparative, asked of one alternative; with the verdict a more/less comparison says of the winner."""
    from app.qa.answer_types import comparison_direction

    doc = parse(" ".join(question.split()))
    comparative = next((t for t in doc if t.tag_ in COMPARATIVE_TAGS), None)
    if comparative is None:
        return None
    for x, joiner, y in _disjunctions(doc):
        if not _same_kind(x, y):
            continue
        x = _parallel_preposition(doc, x, y, joiner)
        end = y.right_edge.i + 1
        if comparative.i == end - 1 and comparative.i > y.i:
            end -= 1  # "about the pitch axis larger?": the parser hung the comparative on the second alternative
        start = _first_alternative_start(doc, x)
        if not (x.pos_ == "ADP" or _nominal(x)) or start <= comparative.i < end:
            continue
        first = doc[start : joiner.i].text.strip(" ,")
        second = doc[y.left_edge.i : end].text
        asked = _as_amount(doc, start)
        before = "".join(asked.get(t.i, t.text) + t.whitespace_ for t in doc[:start] if t.i != comparative.i)
        before = " ".join(before.split())
        after = " ".join("".join(t.text + t.whitespace_ for t in doc[end:] if t.i != comparative.i).split())
        parts = tuple(
            Part(f"{before} {said} {after}".replace(" ?", "?").strip(), _label(said, x.pos_))
            for said in (first, second)
        )
        return (parts[0], parts[1]), VERDICTS.get(comparison_direction(question))
    return None


def _disjunctions(doc: Any) -> list[tuple[Any, Any, Any]]:
    """(first, "or", second) of each disjunction: a `conj` arc with its "or", or a preposition repeated right after
    an "or" hung on the first ("about the roll axis or about the yaw axis larger": the parser may hang the second
    "about" on the comparative)."""
    found = []
    for y in doc:
        x = y.head
        joiner = next((t for t in x.children if t.dep_ == "cc" and x.i < t.i < y.i), None)
        if y.dep_ == "conj" and joiner is not None and joiner.lower_ == "or":
            found.append((x, joiner, y))
    for joiner in doc[:-1]:
        x, y = joiner.head, doc[joiner.i + 1]
        parallel = x.pos_ == "ADP" and y.pos_ == "ADP" and y.lower_ == x.lower_ and y.right_edge.i > y.i
        if joiner.lower_ == "or" and parallel and y.dep_ != "conj":
            found.append((x, joiner, y))
    return found


def _first_alternative_start(doc: Any, x: Any) -> int:
    """Where the first alternative begins: its subtree's left edge, but not before a colon or comma ahead of it
    (in "which took longer to fit: the attention model or the Transformer?" the parser roots the sentence at the
    first alternative, whose subtree is then the whole question)."""
    marks = [t.i for t in doc[x.left_edge.i : x.i] if t.text in (":", ",", ";")]
    return marks[-1] + 1 if marks else x.left_edge.i


def _same_kind(x: Any, y: Any) -> bool:
    """Two alternatives of one kind: two prepositions, or two nominals (a common and a proper noun: "the univariate
    attention model or the univariate Transformer"; codes the tagger calls numbers or adjectives, "Yelp-2 or
    Bike-2", in a noun's place)."""
    return x.pos_ == y.pos_ == "ADP" or (_nominal(x) and y.pos_ not in ("VERB", "AUX", "ADP"))


def _nominal(t: Any) -> bool:
    return t.pos_ in NOUNS or t.dep_ in NOMINAL_ROLES


def _parallel_preposition(doc: Any, x: Any, y: Any, joiner: Any) -> Any:
    """The first alternative's preposition when the parser hung the second on another one: the last preposition
    before "or" that the second repeats. In "up in Q4 of fiscal 2022 or in Q4 of fiscal 2021" "or in" is joined to
    "of"; in "start at a higher income with A or with B" it is joined to "at"."""
    if x.pos_ != "ADP" or x.lower_ == y.lower_:
        return x
    same = [t for t in doc[: joiner.i] if t.pos_ == "ADP" and t.lower_ == y.lower_]
    return same[-1] if same else x


def _as_amount(doc: Any, end: int) -> dict[int, str]:
    """A yes/no question's alternatives are amounts to compare: "did X spend more on A or on B" asks "how much did
    X spend on A" (so each part reads a value, not yes or no). Token index → its new text."""
    if any(t.tag_ in ("WP", "WDT", "WRB") for t in doc[:end]):
        return {}
    aux = next((t for t in doc[:end] if t.dep_ in ("aux", "auxpass") or (t.dep_ == "ROOT" and t.pos_ == "AUX")), None)
    if aux is None:
        return {}
    opening = "How much" if aux.i == 0 else "how much"
    return {aux.i: f"{opening} {aux.lower_}"}


def _label(phrase: str, kind: str) -> str:
    """The alternative as a part's heading: without its preposition ("on public service" → "Public service")."""
    words = phrase.split(" ", 1)
    said = words[1] if kind == "ADP" and len(words) > 1 else phrase
    return said[:1].upper() + said[1:]
