"""What kind of answer a question asks for: a date, a number, a person or organisation, a place, one of two
options, yes/no, or some other named thing."""

from __future__ import annotations

import re

from app.qa.analysis.grammar import clause_when, parse
from app.qa.analysis.phrases import ARTICLES, WORD, Phrases, lexicon
from app.qa.extractive_reader.words import NAME
from app.qa.tables.quantities import asked_quantities

WORDS = lexicon("question_words")
# What opens one of two alternatives ("between the A and the B", "either A or B") and names neither.
OPENERS = Phrases.of(["the", "a", "an", "between", "either"])
YES_NO, EARLY, LATE, MORE, LESS = (WORDS[k] for k in ("yes_no_openers", "early", "late", "more", "less"))

TYPES = ("yesno", "choice", "date", "number", "person", "place", "entity")

DATE_Q, NUMBER_Q, PLACE_Q, PERSON_Q = (WORDS[k] for k in ("date_asks", "number_asks", "place_asks", "person_asks"))
SHARE_ASKS = WORDS["share_asks"]  # a percentage asked for, not an amount
# A what-question whose subject is an amount ("What does the FAA estimate as the average total cost ...?").
AMOUNTS = frozenset("cost price amount total percentage proportion share rate population".split())
DETERMINERS = frozenset({"the", "a", "an"})
# How far (in characters) after "what" the determiner of such an amount may stand: within the first question phrase.
MAX_AMOUNT_OFFSET = 60
# A measured quantity: a question whose wh-phrase is headed by one asks for an amount.
QUANTITY_WORDS = frozenset(
    "temperature pressure speed velocity acceleration rate voltage weight mass length distance height depth width "
    "thickness size volume capacity power frequency duration age fee salary budget income revenue credit credits area "
    "strength humidity torque current resistance energy density concentration consumption".split()
)
QUANTITY = "(?:power output|" + "|".join(sorted(QUANTITY_WORDS)) + ")"
# "Which area is the plant in?" asks for a place; "What sales area makes a store a hypermarket?" for an amount.
SOME_AREA = QUANTITY.replace("|area|", "|[\\w-]+\\s+area|")
# "What sea water temperature is assumed when ...", "What cruising speed do ...", "What labour rate per hour does
# ...": a wh-phrase whose head is a measured quantity asks for an amount, even when a later clause says "when" (the
# first question phrase decides).
MEASURE_Q = re.compile(r"^\s*(?:what|which)\s+(?:[\w-]+\s+){0,3}?" + SOME_AREA + r"\s+(?:per\s+\w+\s+)?"
                       r"(?:is|are|was|were|do|does|did|has|have|had|can|could|will|would|should|must|makes?|made)\b",
                       re.I)  # fmt: skip
# "At what pressure must ...", "From what power output do ...", "Below what rated speed is ...".
MEASURE_AT_Q = Phrases.of([f"{at} what" for at in ("at", "from", "below", "above", "under", "over", "up to", "to")])
# "What is the minimum tensile strength of ...", "What was Ireland's average annual growth rate of ...": the
# quantity heads the subject (the word after it is no noun it qualifies: "the power supply" asks for no amount).
MEASURE_OF_Q = re.compile(r"^\s*what\s+(?:is|was|are|were)\s+(?:the|its|their|[\w-]+['’]s)\s+(?:[\w-]+\s+){0,3}?"
                          + QUANTITY + r"\s*(?:\?|$|\b(?:of|for|in|at|on|per|between|from|during|when|required|"
                          r"needed|used|allowed|assumed)\b)", re.I)  # fmt: skip


def _asks_quantity(question: str) -> bool:
    """ "What capacitance should be connected to C1?": "what", a physical quantity's name and a verb (a figure with its
    unit answers; "what voltage regulator does it use" asks for a part)."""
    said = list(WORD.finditer(question))
    if len(said) < 3 or said[0].group(0).lower() != "what" or not asked_quantities(said[1].group(0)):
        return False
    return bool(YES_NO.opens(question[said[2].start() :]))  # the quantity then a verb: "what voltage does …"


VERSION_REACH = 3  # "which Python version", "what Linux kernel version": the noun within the first words


def _asks_version(question: str) -> bool:
    """ "Which Python version was the toolbox written in?": "which" or "what", then a version noun within a few
    words (a version is answered by its number)."""
    said = [w.group(0).lower() for w in WORD.finditer(question)][: VERSION_REACH + 1]
    if not said or said[0] not in ("which", "what") or not WORDS["version_nouns"].said(" ".join(said[1:])):
        return False
    # The noun heads the wh-phrase: "which release notes" asks for notes.
    heads = [t for t in parse(question)[1 : VERSION_REACH + 1] if WORDS["version_nouns"].said(t.lower_)]
    return any(t.dep_ != "compound" for t in heads)


def _asks_amount(question: str) -> bool:
    """ "What does the FAA estimate as the average total cost …": soon after "what", a determiner and, at most three
    words on, an amount."""
    said = list(WORD.finditer(question))
    if not said or said[0].group(0).lower() != "what" or question[: said[0].start()].strip():
        return False
    for i, w in enumerate(said[1:], 1):
        if w.start() - said[0].end() > MAX_AMOUNT_OFFSET:
            return False
        if w.group(0).lower() in DETERMINERS:
            for j in range(i + 1, min(i + 5, len(said))):
                if not question[said[j - 1].end() : said[j].start()].isspace():
                    break
                if said[j].group(0).lower() in AMOUNTS:
                    return True
    return False


def _measured_at(question: str) -> bool:
    """ "At what pressure …": one of the three words after "at what" is a measured quantity."""
    opened = MEASURE_AT_Q.lead(question)
    return bool(opened) and any(w.rstrip("?.,;:!").lower() in QUANTITY_WORDS for w in question[opened:].split()[:3])


def expected_type(question: str) -> str:
    """yesno | choice | date | number | person | place | entity ("person" means a person or an organisation).

    The first question phrase decides: "Which city was the band formed in when ..." asks for a place."""
    q = question.strip()
    if choice_options(q):
        return "choice"
    if YES_NO.opens(q):
        return "yesno"
    asks = (("date", DATE_Q), ("number", NUMBER_Q), ("place", PLACE_Q), ("person", PERSON_Q))
    found = [(at, kind) for kind, words in asks if (at := words.first(q)) is not None and not clause_when(q, at)]
    patterns = (("number", MEASURE_Q), ("number", MEASURE_OF_Q))
    found += [(m.start(), kind) for kind, rx in patterns if (m := rx.search(q))]
    found += [(0, "number")] if _measured_at(q) else []
    if not found and (_asks_amount(q) or _asks_quantity(q) or _asks_version(q)):
        return "number"
    return min(found)[1] if found else "entity"


def comparison_direction(question: str) -> int:
    """-1 earlier, 1 later, 2 more, -2 less, 0 none: which option a comparison question wants."""
    for words, direction in ((EARLY, -1), (LATE, 1), (MORE, 2), (LESS, -2)):
        if words.said(question):
            return direction
    return 0


def choice_options(question: str) -> tuple[str, str] | None:
    """The two options of "Which X, A or B?" / "Who was born first, A or B?"; None for other questions."""
    q = question.strip().rstrip("?").strip()
    if " or " not in q or YES_NO.opens(q) and "," not in q:
        return None
    left, right = q.rsplit(" or ", 1)
    right = right.strip(" ,")
    if "," in left:
        a = left.rsplit(",", 1)[1].strip()
    else:
        names = list(NAME.finditer(left))
        if not names or names[-1].end() < len(left.rstrip()) - 1:
            return None
        a = names[-1].group(0)
    a = a[OPENERS.lead(a) :].strip()
    right = right[ARTICLES.lead(right) :].strip()
    if not a or not right or len(a.split()) > 8 or len(right.split()) > 8:
        return None
    return a, right
