"""What kind of answer a question asks for: a date, a number, a person or organisation, a place, one of two
options, yes/no, or some other named thing."""

from __future__ import annotations

import re

from app.qa.extractive_reader import NAME

YES_NO = re.compile(
    r"^(is|are|was|were|do|does|did|has|have|had|can|could|will|would|should|shall|may|might)\b", re.I
)
EARLY = re.compile(r"\b(first|earlier|earliest|older|oldest|before|sooner|previously)\b", re.I)
LATE = re.compile(r"\b(later|latest|last|younger|youngest|more recent|most recent|newer|newest|after)\b", re.I)
MORE = re.compile(r"\b(more|most|larger|largest|bigger|biggest|higher|highest|taller|tallest|longer|longest|greater|"
                  r"greatest|heavier|wider|deeper)\b", re.I)  # fmt: skip
LESS = re.compile(r"\b(fewer|fewest|less|least|smaller|smallest|lower|lowest|shorter|shortest|lighter)\b", re.I)

TYPES = ("yesno", "choice", "date", "number", "person", "place", "entity")


DATE_Q = re.compile(r"\bwhen\b|\b(what|which|in what|in which) (year|date|month|decade|century)\b|\bby what date\b"
                    r"|\b(on|by) which date\b", re.I)  # fmt: skip
NUMBER_Q = re.compile(r"\bhow (many|much|long|old|far|tall|big|large|high)\b|\bwhat (percentage|percent|number|"
                      r"amount|proportion|share)\b|\bwhat (is|was) the (population|total|value|cost|price)\b",
                      re.I)  # fmt: skip
# A what-question whose subject is an amount ("What does the FAA estimate as the average total cost ...?").
AMOUNT_Q = re.compile(r"^\s*what\b.{0,60}?\b(?:the|an?)\s+(?:\w+\s+){0,3}(?:cost|price|amount|total|percentage|"
                      r"proportion|share|rate|population)\b", re.I)  # fmt: skip
# A measured quantity: a question whose wh-phrase is headed by one asks for an amount.
QUANTITY = (r"(?:temperature|pressure|speed|velocity|acceleration|rate|voltage|weight|mass|length|distance|height|"
            r"depth|width|thickness|size|volume|capacity|power(?: output)?|frequency|duration|age|fee|salary|budget|"
            r"income|revenue|credits?|area|strength|humidity|torque)")  # fmt: skip
# "Which area is the plant in?" asks for a place; "What sales area makes a store a hypermarket?" for an amount.
SOME_AREA = QUANTITY.replace("|area|", "|[\\w-]+\\s+area|")
# "What sea water temperature is assumed when ...", "What cruising speed do ...", "What labour rate per hour does
# ...": a wh-phrase whose head is a measured quantity asks for an amount, even when a later clause says "when" (the
# first question phrase decides).
MEASURE_Q = re.compile(r"^\s*(?:what|which)\s+(?:[\w-]+\s+){0,3}?" + SOME_AREA + r"\s+(?:per\s+\w+\s+)?"
                       r"(?:is|are|was|were|do|does|did|has|have|had|can|could|will|would|should|must|makes?|made)\b",
                       re.I)  # fmt: skip
# "At what pressure must ...", "From what power output do ...", "Below what rated speed is ...".
MEASURE_AT_Q = re.compile(r"^\s*(?:at|from|below|above|under|over|up to|to)\s+what\s+(?:[\w-]+\s+){0,2}?" + QUANTITY
                          + r"\b", re.I)  # fmt: skip
# "What is the minimum tensile strength of ...", "What was Ireland's average annual growth rate of ...": the
# quantity heads the subject (the word after it is no noun it qualifies: "the power supply" asks for no amount).
MEASURE_OF_Q = re.compile(r"^\s*what\s+(?:is|was|are|were)\s+(?:the|its|their|[\w-]+['’]s)\s+(?:[\w-]+\s+){0,3}?"
                          + QUANTITY + r"\s*(?:\?|$|\b(?:of|for|in|at|on|per|between|from|during|when|required|"
                          r"needed|used|allowed|assumed)\b)", re.I)  # fmt: skip
PLACE_Q = re.compile(r"\bwhere\b|\b(what|which|in what|in which) (country|city|town|state|county|province|region|"
                     r"continent|island|place|village|location|nation|district)\b", re.I)  # fmt: skip
PERSON_Q = re.compile(r"\b(who|whom|whose)\b|\b(what|which) (company|organi[sz]ation|agency|team|band|group|person|"
                      r"university|party|firm)\b", re.I)  # fmt: skip


def expected_type(question: str) -> str:
    """yesno | choice | date | number | person | place | entity ("person" means a person or an organisation).

    The first question phrase decides: "Which city was the band formed in when ..." asks for a place."""
    q = question.strip()
    if choice_options(q):
        return "choice"
    if YES_NO.match(q):
        return "yesno"
    rules = (("date", DATE_Q), ("number", NUMBER_Q), ("place", PLACE_Q), ("person", PERSON_Q), ("number", MEASURE_Q),
             ("number", MEASURE_AT_Q), ("number", MEASURE_OF_Q))
    found = [(m.start(), kind) for kind, rx in rules if (m := rx.search(q))]
    if not found and AMOUNT_Q.search(q):
        return "number"
    return min(found)[1] if found else "entity"


def comparison_direction(question: str) -> int:
    """-1 earlier, 1 later, 2 more, -2 less, 0 none: which option a comparison question wants."""
    low = question.lower()
    if EARLY.search(low):
        return -1
    if LATE.search(low):
        return 1
    if MORE.search(low):
        return 2
    if LESS.search(low):
        return -2
    return 0


def choice_options(question: str) -> tuple[str, str] | None:
    """The two options of "Which X, A or B?" / "Who was born first, A or B?"; None for other questions."""
    q = question.strip().rstrip("?").strip()
    if " or " not in q or YES_NO.match(q) and "," not in q:
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
    a = re.sub(r"^(the|a|an|between|either)\s+", "", a, flags=re.I).strip()
    right = re.sub(r"^(the|a|an)\s+", "", right, flags=re.I).strip()
    if not a or not right or len(a.split()) > 8 or len(right.split()) > 8:
        return None
    return a, right
