"""Parts that are no lookups of their own.

A later part that only asks about the first part's answer ("Which benchmark has the largest speedup, and what is
it?", "In which month were the most shares bought back, and how many?"): picking the extreme row of a table already
reads its value, so the question is one lookup, not two; asked apart, "what is it?" has nothing to retrieve by.
A part that still says the comparison ("Were sales up more in Q4 of fiscal 2022?") reads a yes or a no, not the
value the comparison needs."""

from __future__ import annotations

from app.qa.aggregate_intent import JUDGED, MAX, MIN
from app.qa.analysis.grammar import parse
from app.qa.analysis.operation import lexicon
from app.qa.documents_question import stem

# Tags of the words that name a thing of the part's own; a follow-up on the answer has none ("how big was it").
OWN_THING_TAGS = frozenset({"NOUN", "PROPN", "NUM"})
SUBJECTS = frozenset({"nsubj", "nsubjpass"})
ANAPHORS = frozenset({"it", "they", "this", "that", "these", "those"})
VERBS = frozenset({"VERB", "AUX"})
POINTERS = frozenset({"det", "poss"})


def _outside_parentheses(text: str) -> str:
    """The text without its parenthesised asides ("how many (in thousands)" → "how many ")."""
    out, depth = [], 0
    for ch in text:
        depth += ch == "("
        if depth == 0:
            out.append(ch)
        depth -= ch == ")" and depth > 0
    return "".join(out)


def names_nothing(text: str) -> bool:
    """Whether a part's words name no thing of their own: only question words, verbs, adjectives and pronouns."""
    return not any(t.pos_ in OWN_THING_TAGS for t in parse(_outside_parentheses(text).strip(" ?.!,")))


def _value_of_the_extreme(first: str, second: str) -> bool:
    """The first asks which thing is the highest or lowest, the second names nothing of its own."""
    extreme = MAX.search(first) or MIN.search(first) or any(w in JUDGED for w in first.lower().split())
    chooses = any(t.tag_ == "WDT" for t in parse(first))  # "which line", "in which month"
    return bool(extreme) and chooses and (names_nothing(second) or _of_the_answer(second) or _said_again(second, first))


def _of_the_answer(text: str) -> bool:
    """Whether a part's subject is a pronoun standing for the first part's answer ("how many seconds did it take?":
    the seconds are its unit, not a thing of its own), or the part is a fragment without a verb."""
    doc = parse(_outside_parentheses(text).strip(" ?.!,"))
    # "…, and with how many votes?": a fragment with no verb of its own asks about the answer too.
    return any(t.dep_ in SUBJECTS and t.lower_ in ANAPHORS for t in doc) or not any(t.pos_ in VERBS for t in doc)


def _said_again(text: str, first: str) -> bool:
    """Whether every thing a part names is the first part's measure said again or the value itself, named through
    "that"/"its" ("which classifier had the highest AUC, and what was that AUC?", "…, and what is that figure?")."""
    words = lexicon()
    said = {stem(t.lower_) for t in parse(first)}
    things = [t for t in parse(_outside_parentheses(text).strip(" ?.!,")) if t.pos_ in OWN_THING_TAGS]
    pointed = any(c.lower_ in words["answer_determiners"] for t in things for c in t.children if c.dep_ in POINTERS)
    own = [t for t in things if stem(t.lower_) not in said and t.lower_ not in words["answer_nouns"]]
    return bool(things) and pointed and not own


def without_value_follow_up(question: str) -> str | None:
    """ "Which hurricane was mentioned in the most articles, and how many?" → its first clause as the question, when
    the clause after the last "and" only asks the chosen thing's value; None otherwise."""
    q = " ".join(question.split()).rstrip(" ?.!")
    for joint in (", and ", " and "):
        cut = q.rfind(joint)
        if cut > 0 and _value_of_the_extreme(q[:cut], q[cut + len(joint) :]):
            return f"{q[:cut]}?"
    return None


def still_compares(part: str) -> bool:
    """Whether a part still says a comparative (spaCy's JJR/RBR tags)."""
    return any(t.tag_ in ("JJR", "RBR") for t in parse(part))
