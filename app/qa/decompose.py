"""Questions that are really several: two questions joined ("What did X say about A, and when did Y happen?"),
two things asked at once ("the revenue and the costs of the fund"), and comparisons ("Compare the revenue of A and
B", "Which is older: A or B?"). "Which documents ..." questions are app.qa.documents_question's.

Rules only (no LLM): each returns None when the question is not of its shape, and the pipeline asks it whole.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

AUX = r"(?:is|are|was|were|did|does|do|has|have|had|can|could|will|would|should|must)"
# "Under which rules ...", "Above what pressure ...", "By whose guidance ...": a question may open on a preposition.
ASKING_PREPOSITION = (r"(?:in|at|for|of|on|from|about|with|during|under|above|below|by|to|after|before|since|within|"
                      r"over|through|into|between|among|against)")  # fmt: skip
# "..., and when did ...", "...; what is ...", "...? Where was ...": a second question starts after the joint. A
# wh-word must be followed by an auxiliary ("and when did"), so relative clauses ("the city where he was born and
# where he died", "the actor who ... and who was born in") stay whole.
JOINT = re.compile(
    # "...; also, when are ...", "... and also how many ...": "also" belongs to the joint, not to either question.
    rf"(?:\s*[,;–—]\s*(?:and\s+|but\s+)?(?:also\s*,?\s*)?|\s+-\s+(?:and\s+)?(?:also\s*,?\s*)?|\s+and\s+(?:also\s+)?)"
    rf"(?=(?:what|when|where|how|why)\s+{AUX}\b|how\s+[\w-]+\s+{AUX}\b"
    # "..., and how big a percentage change is that ...": a measure and what it measures.
    rf"|how\s+(?:big|large|small|high|low|long|far|old)\s+an?\s+(?:[\w-]+\s+){{1,3}}{AUX}\b"
    # "..., and how many airplanes does ...", "... and what percentage followed ...": an amount asked anew.
    r"|how\s+(?:many|much)\b|what\s+(?:percentage|share|proportion|number)\b)"
    # "...? And in eu-021.pdf, what share ...": after a question mark, a question may open on "and", a scope or a
    # preposition.
    rf"|\?\s+(?:(?:and|also|but)\s*,?\s+)?(?=(?:what|when|where|who|whom|whose|which|why|how|{AUX}|{ASKING_PREPOSITION})\b)"
    # "...? And the figure for the same month a year earlier?": a thing asked for, the first part's question implied.
    r"|\?\s+(?:and|also)\s*,?\s+(?=(?:the|its|their)\s+[^?]+\?\s*$)"
    # "..., and which ministry is responsible ...", "..., and what barometric pressure do ...", "..., and under
    # whose guidance do ...": after a comma and "and", which/who/what (after a preposition or not) opens a second
    # question (a relative clause is not introduced by ", and which").
    rf"|\s*,\s*and\s+(?=(?:{ASKING_PREPOSITION}\s+)?(?:which|who|whose|what)\s+\w+\s+\w+"
    # "..., and within how many minutes must ...": a preposition and "how many" open a second question too.
    rf"|{ASKING_PREPOSITION}\s+how\s+(?:many|much|long|far)\s+\w+\s+\w+)"
    # "..., and how long in miles is ...": after a comma and "and", "how" and a measure open a second question.
    r"|\s*,\s*and\s+(?=how\s+(?:long|far|big|large|small|high|low|old|tall|heavy|wide|deep|often|soon)\b)"
    # "..., and down to about what speed should ...": a few particles before the wh-word.
    r"|\s*,\s*and\s+(?=(?:(?:down|up|to|about|around|roughly|approximately|at|by|from|until|after|before|over|under)"
    r"\s+){1,3}(?:what|which|how\s+(?:many|much))\s+\w+\s+\w+)"
    # "... and what year did ...", "... and which ministry is ...": a wh-word, a noun and an auxiliary.
    rf"|\s+and\s+(?=(?:what|which)\s+[\w-]+\s+{AUX}\b)"
    # "..., and in us-018.pdf, how many ...": a scope of the second question opens it.
    r"|\s*,?\s+and\s+(?=(?:in|according\s+to|for|from)\s+[^,?]{1,80},\s*(?:what|when|where|who|which|how)\b)"
    # "How many people died in the Lion Air crash, and in the Ethiopian one?": the second part is a phrase whose
    # question is the first part's (app.qa.decompose._fill_ellipsis), short and with no wh-word of its own.
    rf"|\s*,\s*(?:and|or)\s+(?=(?:{ASKING_PREPOSITION})\s+(?:(?!(?:what|which|who|whom|whose|when|where|how)\b)"
    r"[^\s,?]+\s*){1,6}[?.!]*$)",
    re.I,
)
# "Who created ELIZA and who built AIKON?": " and who" opens a second question when the first part has no relative
# pronoun of its own ("Who is the actor who starred in X and who was born in Y?" is one question).
AND_WHO = re.compile(rf"\s+and\s+(?=(?:who|where|which)\s+(?:{AUX}\s+)?\w+\s+\w+)", re.I)
RELATIVE = re.compile(r"\b(?:who|whom|whose|which|that|where)\b", re.I)
# "Where was the composer born and where did he die?": asked alone, "he" is nobody.
PRONOUN = re.compile(r"\b(?:he|she|it|they|him|her|them|his|its|their)\b", re.I)
COMPARE = re.compile(
    r"^\s*(?:please\s+)?compare\s+(?:the\s+)?(?:(?P<attr>.+?)\s+(?:of|for|in|at|between)\s+)?(?P<a>.+?)"
    r"\s+(?:and|with|to|against|vs\.?|versus)\s+(?P<b>.+?)[\s?.!]*$",
    re.I,
)
# "How does the number of graduates in California compare with Texas?", "What is the difference between X in A
# and in B?": comparisons put otherwise.
COMPARE_HOW = re.compile(
    r"^\s*how\s+(?:does|do|did|would)\s+(?P<a>.+?)\s+compare\s+(?:with|to|against)\s+(?P<b>.+?)[\s?.!]*$", re.I
)
# "How does the share of discount stores differ between Italy and Spain?"
DIFFER = re.compile(
    r"^\s*how\s+(?:does|do|did|would)\s+(?P<attr>.+?)\s+(?:differ|vary|compare)\s+(?:between|among|across)\s+"
    r"(?P<a>.+?)\s+and\s+(?P<b>.+?)[\s?.!]*$",
    re.I,
)
# "How do Finland and Germany compare in the number of students assessed?"
COMPARE_IN = re.compile(
    r"^\s*how\s+(?:do|did|does)\s+(?P<a>.+?)\s+and\s+(?P<b>.+?)\s+compare\s+(?:in|on|for|with\s+respect\s+to|in\s+terms"
    r"\s+of|regarding|as\s+to)\s+(?P<attr>.+?)[\s?.!]*$",
    re.I,
)
DIFFERENCE = re.compile(
    r"^\s*what\s+(?:is|was|are|were)\s+the\s+differences?\s+between\s+(?P<a>.+?)\s+and\s+(?P<b>.+?)[\s?.!]*$", re.I
)
# "How many graduates were there in California and in Texas in 2003–04?": one question asked of two things, the
# preposition said again.
SAME_PREPOSITION_TWICE = re.compile(
    r"^(?P<a>.+?\s(?P<prep>in|for|at|of|on|from|during|among|to|by)\s+[^,?]+?)\s*,?\s+(?P<joint>and|or)\s+"
    r"(?P<b>(?P=prep)\s+[^?]+?)"
    r"[\s?.!]*$",
    re.I,
)
OWN = re.compile(r"^(?:its|their|his|her)\s+", re.I)
OWNER = re.compile(r"^((?:[A-Z][\w.&-]*\s*)+)['’]s\b")
WH_WORD = re.compile(r"\b(?:what|which|who|whom|whose|when|where|why|how)\b", re.I)


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
        own = OWN_VERB.match(m.group("a").strip()) if m.re is MORE_THAN and verb in ("did", "does", "do") else None
        if own is not None:
            return f"{_conjugated(own.group('verb'), past=verb == 'did')} {said}"  # "graduated more students"
        if m.re is HAD_MORE_THAN:
            return f"{'had' if verb == 'did' else 'has'} {comp} {' '.join(m.group('what').split())}"
        if m.groupdict().get("modal"):
            return f"is {' '.join(m.group('modal').split())} {said}"
        if verb not in AUXILIARY_VERBS and not _adjective(comp, verb):
            return f"{verb} {said}"  # "covered more workers", "use more energy a year"
        return f"{'is' if _adjective(comp, verb) else 'has'} {said}"
    return "is higher" if _comparison(q) is not None or _compared_with(q) is not None else None


def _conjugated(verb: str, past: bool) -> str:
    """ "graduate" → "graduated" (past) or "graduates"; "sell" → "sold"."""
    if past:
        return PAST_OF.get(verb) or (f"{verb}d" if verb.endswith("e") else f"{verb}ed")
    return f"{verb}es" if verb.endswith(("s", "sh", "ch", "x")) else f"{verb}s"


def _past_tense(verb: str) -> bool:
    """ "covered", "employed": a verb of its own ("lasted" is a duration's, asked as "How long does X last?")."""
    return verb.endswith("ed") and verb != "lasted"


def _adjective(comp: str, verb: str | None) -> bool:
    """ "older", "more expensive" (said with "is") compare a quality; "more outlets" (had) counts something."""
    return not comp.startswith(("more ", "less ", "fewer ")) or (verb or "").lower() in ("is", "was", "are", "were")


_TWO_VERB = (
    r"(?:is|was|are|were|has|had|lasts|lasted|costs|cost|takes|took|uses?|consumes?|spends?|spent|gets?|got|pays?|paid|"
    r"earns?|employs?|receives?|needs?|produces?|sells?|sold|wins?|won|loses?|lost|[a-z]{3,}ed)"
)
# "Which is older: the Polytechnics Act or the wire separation standard?", "Which lasts longer, A or B?": each of
# the two is asked about on its own (the comparative says what: a date, a duration, an amount).
WHICH_OF_TWO = re.compile(
    # "Which one is ...", "Which state had more graduates, California or Texas?"
    # "Which layoff notice covered more workers: A or B?": a noun of up to three words, a verb in the past.
    rf"^\s*(?:which|what|who)(?:\s+one|\s+(?P<noun>(?:(?!(?:{_TWO_VERB}|one)\b)[\w-]+\s+){{0,2}}(?!(?:{_TWO_VERB}|one)\b)[\w-]+))?"
    rf"\s+(?P<verb>{_TWO_VERB})?"
    # "Which is expected to have more graduates in 2020–21, Ohio or Michigan?": a projection, asked as a count.
    r"(?:\s*(?P<modal>(?:expected|projected|forecast|predicted|likely|set|due)\s+to\s+(?:have|get|see|receive|gain))\b)?"
    # "more public high school graduates in 2008–09, Florida or Georgia?": what is counted may be a long phrase.
    r"\s*(?P<comp>(?:more|less|fewer)\s+[^,:;?]+?|[a-z]+er)\s*(?:[,:;]|\s+[-–—]|\s*\bof\b\s*(?:the\s+two)?[,:]?)\s*"
    r"(?P<a>.+?),?\s+or\s+(?P<b>.+?)[\s?.!]*$",
    re.I,
)
# "Did Texas have more graduates than California?", "Is the 737 MAX proposal older than the Pilatus notice?": the
# same two questions, put as yes or no. A number after "than" is a threshold, not a second thing ("Is the water
# warmer than 25 °C?" is one question).
MORE_THAN = re.compile(
    r"^\s*(?P<verb>is|was|are|were|did|does|do|has|had)\s+(?P<a>.+?)\s+(?:(?:have|has|had)\s+)?"
    r"(?P<comp>(?:more|less|fewer)\s+[\w-]+|[a-z]+er)\s+than\s+(?P<b>(?!\d)[^?]+?)[\s?.!]*$",
    re.I,
)
# "In which state is the share of households … larger, Madhya Pradesh or Orissa?": a measure of each of two places or
# years, asked with the preposition the question opens on.
WHERE_IS_MORE = re.compile(
    r"^\s*(?P<prep>in|for|at|on|during)\s+which\s+[\w-]+\s+(?P<verb>is|was|are|were)\s+(?P<attr>.+?)\s+"
    r"(?P<comp>(?:more|less)\s+[a-z]+|[a-z]+er)\s*[,:;]\s*(?P<a>.+?),?\s+or\s+(?P<b>.+?)[\s?.!]*$",
    re.I,
)
# "Did Ohio graduate more …": the subject and a verb of its own (lower case, after a word or more).
OWN_VERB = re.compile(r"^(?P<subject>.+?\S)\s+(?P<verb>[a-z]{3,})$")
# "Which print job cost the project more: A or B?": what each cost, whoever paid.
COSTS_MORE = re.compile(
    r"^\s*(?:which|what)(?:\s+(?P<noun>[\w-]+(?:\s+[\w-]+){0,2}?))?\s+(?P<verb>cost|costs)\s+(?:[^,:;?]+?\s+)?"
    r"(?P<comp>more)\s*[,:;]\s*(?P<a>.+?),?\s+or\s+(?P<b>.+?)[\s?.!]*$",
    re.I,
)
# "Did the project pay more for its computers or for its printers?": what was paid for each.
PAID_MORE = re.compile(
    r"^\s*(?P<aux>did|does|do|has|have)\s+(?P<who>.+?)\s+(?P<verb>pay|paid|spend|spent|invest|invested)\s+"
    r"(?P<comp>more|less)\s+(?P<prep>for|on|in)\s+(?P<a>.+?),?\s+or\s+(?:(?:for|on|in)\s+)?(?P<b>.+?)[\s?.!]*$",
    re.I,
)
# The present of a past tense without "-ed" ("got" → "How many votes did A get?").
PRESENT_OF = {"paid": "pay", "spent": "spend", "invested": "invest", "got": "get", "sold": "sell", "won": "win",
              "lost": "lose", "took": "take"}  # fmt: skip
PAST_OF = {present: past for past, present in PRESENT_OF.items()}
# "Was the pass rate higher in Ohio or in Michigan?", "Is unemployment lower for men or for women?": the measure in
# each of the two.
HIGHER_IN = re.compile(
    r"^\s*(?P<verb>is|was|are|were)\s+(?P<attr>.+?)\s+(?P<comp>(?:more|less)\s+[a-z]+|[a-z]+er)\s+"
    r"(?P<prep>in|for|at|among|on|during)\s+(?P<a>.+?),?\s+or\s+(?:(?:in|for|at|among|on|during)\s+)?"
    r"(?P<b>.+?)[\s?.!]*$",
    re.I,
)
# "Was the server's use projected to be greater in 2010 than in 2008?": the measure in each of two years or places,
# put as yes or no.
HIGHER_THAN_IN = re.compile(
    r"^\s*(?P<verb>is|was|are|were)\s+(?P<attr>.+?)\s+"
    r"(?P<modal>(?:projected|expected|estimated|forecast|predicted|likely)\s+to\s+be\s+)?"
    r"(?P<comp>(?:more|less)\s+[a-z]+|[a-z]+er)\s+(?P<prep>in|for|at|among|on|during)\s+(?P<a>.+?)\s+than\s+"
    r"(?:(?:in|for|at|among|on|during)\s+)?(?P<b>.+?)[\s?.!]*$",
    re.I,
)
# "Did Casino have bigger wholesale grocery sales than Coop Valais?", "Did Ohio have more public high school graduates
# than Michigan?": what each had, the comparative followed by the thing it measures.
HAD_MORE_THAN = re.compile(
    r"^\s*(?P<verb>did|does|do)\s+(?P<a>.+?)\s+have\s+(?:an?\s+|the\s+)?(?P<comp>more|less|fewer|[a-z]+er)\s+"
    r"(?P<what>(?!than\b)[\w'’-]+(?:\s+(?!than\b)[\w'’-]+){0,5})\s+than\s+(?P<b>(?!\d)[^?]+?)[\s?.!]*$",
    re.I,
)
# "Between A and B, which affected more workers?", "Of A and B, which …": the two named first, asked as "Which
# affected more workers, A or B?".
BETWEEN = re.compile(
    r"^\s*(?:between|of)\s+(?P<a>.+?)\s+and\s+(?P<b>.+?)\s*,\s*(?P<rest>(?:which|what|who)\b[^?]+?)[\s?.!]*$", re.I
)
# "those in server closets", "the ones for junior high schools", "that of Italy": the other alternative's thing,
# somewhere else.
ONES_ALTERNATIVE = re.compile(
    r"^(?:that|those|the\s+ones|ones|the\s+one)\s+(?=(?:in|for|of|at|on|from|with|by)\s)", re.I
)
# "Ohio's enrolment … than Michigan's": the other owner's thing is the first one's.
OWNED_THING = re.compile(r"^(?P<owner>.+?)['’]s\s+(?P<thing>.+)$")
OWNER_ALONE = re.compile(r"^(?P<owner>.+?)['’]s$")
HEAD_BEFORE_PREPOSITION = re.compile(r"^(?P<head>.+?)\s+(?:in|for|of|at|on|from|with|by)\s", re.I)
AUXILIARY_VERBS = frozenset(["", "is", "are", "was", "were", "has", "had", "have", "did", "does", "do"])
# Amounts counted without a plural ("more energy a year", "more money on travel").
MASS_NOUNS = frozenset("energy electricity power money fuel water time revenue funding income space land".split())
PLURALS = frozenset("people children men women staff personnel police cattle".split())
WHEN_COMPARATIVES = frozenset("older newer earlier later".split())
MEASURE_COMPARATIVES = {
    "larger": "large", "bigger": "big", "smaller": "small", "higher": "high", "lower": "low", "longer": "long",
    "shorter": "short", "wider": "wide", "heavier": "heavy", "lighter": "light", "faster": "fast", "slower": "slow",
    "cheaper": "cheap", "greater": "great", "deeper": "deep", "stronger": "strong", "warmer": "warm",
    "colder": "cold", "hotter": "hot",
}  # fmt: skip
MIN_PART_WORDS = 3
FILE_NAME = re.compile(r"[\w.-]+\.pdf\b", re.I)
# "In eu-021.pdf, ...", "Of the students listed in the sampled classrooms, ...", "In the type test, for how long ...":
# a leading phrase that scopes every part.
SCOPE_OPENER = r"(?:in|according\s+to|for|of|among|on|at|during|within|from|after|before|under|by|since)"
SCOPE = re.compile(
    rf"^({SCOPE_OPENER}\s+[^,?]{{1,80}}),\s+"
    rf"(?=(?:{ASKING_PREPOSITION}\s+)?(?:what|when|where|who|which|how)\b|(?:were|was|did)\s+(?:more|fewer|less)\b)",
    re.I,
)
# Each part must read as a question on its own ("At the 2011 census, what was ..." is one question).
OPENS_QUESTION = re.compile(
    rf"^(?:what|when|where|who|whom|whose|which|why|how|{ASKING_PREPOSITION}\s+(?:which|what|whose|whom|how)|{AUX}|tell|"
    r"list|name|give|describe|show|i\s+(?:need|want|would\s+like)|"
    r"(?:(?:down|up|to|about|around|roughly|approximately)\s+){1,3}(?:what|which|how))\b",
    re.I,
)


# "When and where did the accident happen?": one question asked twice.
TWO_WH_WORDS = re.compile(
    r"^(?P<a>when|where|who|why|how)\s+and\s+(?P<b>when|where|who|why|how)\s+(?P<rest>[^?]+?)[\s?.!]*$", re.I
)
# "What were the revenue and the costs of the fund?", "Give me both the docket number and the comment deadline for
# the proposal", "I need the number of notices – also the number of employees affected": two things asked for. Each
# must open on "the" (or "its"/"their"): "the terms and conditions of the contract" is one thing.
TWO_THINGS = re.compile(
    r"^(?:what\s+(?P<verb>is|are|was|were)|tell\s+me|give\s+me|show\s+me|i\s+need|i\s+want|list)\s+(?:both\s+)?"
    r"(?P<a>(?:the|its|their)\s+[^?]+?)(?P<comma>\s*,)?\s+(?:and|as\s+well\s+as|plus|[-–—]\s*(?:and\s+)?also)\s+"
    r"(?:also\s+)?(?P<b>(?:the|its|their|[A-Z][\w.&-]*['’]s)\s+[^?]+?)[\s?.!]*$",
    re.I,
)
OWN_PREPOSITION = re.compile(r"\s(?=(?:of|for|in|on|at|from|during|by)\s)", re.I)


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
    m = TWO_WH_WORDS.match(q)
    if m is None or m.group("a").lower() == m.group("b").lower():
        return None
    return [f"{w.capitalize()} {m.group('rest')}?" for w in (m.group("a"), m.group("b"))]


def _two_things(q: str) -> list[str] | None:
    """The two things a question asks for, each asked on its own. Unless a comma parts them, one without a phrase of
    its own takes the other's ("the revenue" and "the costs of the fund" → "the revenue of the fund"; "the
    population of Kerala" and "the literacy rate" → "the literacy rate of Kerala")."""
    m = TWO_THINGS.match(q)
    if m is None:
        return None
    a, b = m.group("a"), m.group("b")
    if not m.group("comma"):
        tail, last = OWN_PREPOSITION.search(b), list(OWN_PREPOSITION.finditer(a))
        if tail is not None and not last:
            a = f"{a}{b[tail.start() :]}"
        elif last and tail is None:
            # "the population of Kerala and the literacy rate": the rate of Kerala too.
            b = f"{b}{a[last[-1].start() :]}"
    verb = (m.group("verb") or "is").lower()
    verb = {"are": "is", "were": "was"}.get(verb, verb)
    return [f"What {verb} {x}?" for x in (a, b)]


# "Overall, what share ...", "In eu-021.pdf, what share ...": a part may open on a word or a scope before its question.
LEAD_IN = re.compile(r"^(?:overall|altogether|in\s+total|also|and|so|then|finally|lastly|first|second)\s*,\s*", re.I)


SCOPE_ALONE = re.compile(
    rf"^(?!.*\b(?:what|which|who|whom|whose|when|where|why|how)\b){SCOPE_OPENER}\s+[^,?]{{1,80}}$", re.I
)


def _scopes_joined(pieces: list[str]) -> list[str]:
    """ "in eu-021.pdf" split off "what share of students ..." (the comma before "what share" is a joint) joined to
    it again: a scope is not a question of its own."""
    out: list[str] = []
    for p in pieces:
        if out and SCOPE_ALONE.match(out[-1]):
            out[-1] = f"{out[-1]}, {p}"
        else:
            out.append(p)
    return out


def _unscoped(part: str) -> str:
    part = LEAD_IN.sub("", part, count=1)
    scope = SCOPE.match(part)
    return part[scope.end() :] if scope else part


@dataclass(frozen=True, slots=True)
class Part:
    question: str  # asked on its own
    label: str  # what the answer part is headed with
    # The part without a file it was given from another part ("In eu-021.pdf, what … and what …?" gives the second
    # part the file too): asked when the file does not seem to answer it (app.qa.pipeline.composite).
    unscoped: str | None = None


# "How many graduates did Ohio have in 2003–04 compared with Michigan?": the question asked again of the other thing.
COMPARED_WITH = re.compile(
    r"^(?P<q>(?:how|what|which)\b.+?)\s*,?\s+(?:compared\s+(?:with|to)|as\s+against|versus|vs\.?)\s+"
    r"(?:that\s+(?:of|in|for)\s+|those\s+(?:of|in|for)\s+)?(?P<b>[^?,]+?)[\s?.!]*$",
    re.I,
)
YEARISH = re.compile(r"\b(?:FY\s?)?(?:1[5-9]|20)\d\d(?:\s*[-–/]\s*\d{2,4})?\b")
CAPITALISED = re.compile(r"(?<!^)(?<![.?!]\s)\b[A-Z][\w.&'’-]*(?:\s+(?:of\s+)?[A-Z][\w.&'’-]*)*")


def _compared_with(q: str) -> list[Part] | None:
    """ "… Ohio … compared with Michigan?" → the question of Ohio, and of Michigan; a year compared with a year the
    same way. None when the question names nothing of the other thing's kind to swap."""
    m = COMPARED_WITH.match(q)
    if m is None:
        return None
    asked, other = m.group("q"), m.group("b").strip()
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


def split_question(question: str) -> list[Part] | None:
    """The sub-questions of a two-part question or a comparison, or None when it is one question."""
    q = " ".join(question.split())
    two = _which_of_two(q) or _compared_with(q)
    if two is not None:
        return two
    m = _comparison(q)
    if m and OWN.match(m.group("b")):
        # "Compare Florida's gun checks in November 2015 with its number of graduates in 2007–08": two things of one
        # owner, each asked for whole.
        a = q[m.start("attr") if m.groupdict().get("attr") else m.start("a") : m.end("a")].strip(" ,")
        owner = OWNER.match(a)
        b = OWN.sub(f"{owner.group(1)}'s ", m.group("b"), count=1) if owner else m.group("b")
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
    source = TRAILING_SOURCE.search(q)
    if source is not None:
        q = q[: source.start()] + "?"
    each = _each(q)
    if each is not None:
        return [Part(_with_source(asked, source), label) for asked, label in each]
    both = _two_wh_words(q) or _two_things(q)
    if both is not None:
        alone = [both[0], *(_with_antecedent(x, both[0]) for x in both[1:])]
        return [Part(_with_source(x, source), label) for x, label in zip(alone, both, strict=True)]
    # "In eu-021.pdf, what ... and what ...": the leading scope belongs to every part.
    q = LEAD_IN.sub("", q, count=1)
    scope = SCOPE.match(q)
    rest = q[scope.end() :] if scope else q
    pieces = _scopes_joined([p.strip(" ,;") for p in JOINT.split(rest) if p.strip(" ,;")])
    if len(pieces) < 2:
        same = _same_preposition_twice(rest)
        if same is not None:
            pieces = same
        else:
            pieces = [p.strip(" ,;") for p in AND_WHO.split(rest)]
            if len(pieces) != 2 or RELATIVE.search(pieces[0].split(None, 1)[-1]) or PRONOUN.search(pieces[1]):
                return None
    pieces = [pieces[0]] + [_thing_asked(p, pieces[0]) for p in pieces[1:]]
    first = _borrow_verb(pieces[0], pieces[1])
    pieces = [first] + [
        _fill_ones(_fill_ellipsis(_resolve_it(_resolve_person(p, first), first), first), first) for p in pieces[1:]
    ]
    pieces = [_how_many_more(p) for p in pieces]
    if any(len(p.split()) < MIN_PART_WORDS or not OPENS_QUESTION.match(_unscoped(p)) for p in pieces):
        return None
    # "What share of students had back pain in eu-021.pdf, and what share followed treatment?": a file the first part
    # names is the scope of a later part that names none.
    named = FILE_NAME.search(pieces[0]) if scope is None else None
    parts = []
    for i, p in enumerate(pieces):
        p = REQUEST.sub("What is ", p[0].upper() + p[1:].rstrip(" .!"), count=1)
        if not p.endswith("?"):
            p += "?"
        asked = _with_antecedent(_same_time(p, pieces[0]), pieces[0]) if i else p
        bare = asked
        if scope:
            asked = f"{scope.group(1)}, {asked[0].lower()}{asked[1:]}"
        elif named and not FILE_NAME.search(asked):
            asked = f"In {named.group(0)}, {asked[0].lower()}{asked[1:]}"
        given = i > 0 and asked != bare and FILE_NAME.search(asked[: len(asked) - len(bare)]) is not None
        parts.append(Part(_with_source(asked, source), p, _with_source(bare, source) if given else None))
    return parts


# "I need the share of …", "Give me both the total …": a request for a thing, asked as a question.
REQUEST = re.compile(
    r"^(?:i\s+(?:need|want|would\s+like)(?:\s+to\s+know)?|give\s+me|tell\s+me|show\s+me)\s+(?:both\s+)?"
    r"(?=(?:the|its|their)\s)",
    re.I,
)
TRAILING_SOURCE = re.compile(
    r",\s*(?P<src>(?:from|in|according\s+to)\s+(?:the\s+)?[^,?]{3,60}?\b(?:table|report|document|file|pdf|survey|study)"
    r"\b)[\s?.!]*$",
    re.I,
)


def _with_source(question: str, source: re.Match[str] | None) -> str:
    if source is None or source.group("src").lower() in question.lower():
        return question
    return f"{question.rstrip(' ?')} {source.group('src')}?"


# "… received that same month" after "… in November 2015": the first part's time, said again.
SAME_TIME = re.compile(
    r"(?:\b(?:in|during|for)\s+)?\b(?:(?:that|the)\s+same|that)\s+(?:month|year|day|week|quarter|period)\b", re.I
)
MONTHS_NAMED = "January|February|March|April|May|June|July|August|September|October|November|December"
WHEN_SAID = re.compile(
    rf"\b(?:(?:{MONTHS_NAMED})\s+(?:\d{{1,2}},\s+)?\d{{4}}|(?:FY\s?)?(?:19|20)\d\d(?:[–-]\d{{2,4}})?)\b"
)


def _same_time(part: str, first: str) -> str:
    said = WHEN_SAID.search(first)
    same = SAME_TIME.search(part)
    # "the same month a year earlier" is another time.
    if said is None or same is None or SHIFTED.match(part, same.end()):
        return part
    return f"{part[: same.start()]}in {said.group(0)}{part[same.end() :]}"


SHIFTED = re.compile(r"\s+(?:a|one|the|\d+)?\s*(?:\w+\s+)?(?:earlier|before|previously|prior|later|after)\b", re.I)
THING = re.compile(r"^(?:the|its|their)\s", re.I)
PAST = re.compile(r"\b(?:was|were|did|had)\b|\b\w+ed\b", re.I)


def _thing_asked(part: str, first: str) -> str:
    """ "the figure for the same month a year earlier" after "What was JAL's load factor … in December 2015?" → "What
    was the figure for …": a thing named alone is asked for in the first part's tense."""
    if not THING.match(part):
        return part
    return f"What {'was' if PAST.search(first) else 'is'} {part}"


def _as_choice(q: str) -> tuple[str, str | None]:
    """`q` put as "Which …, A or B?" when it names the two first ("Between A and B, which …?"), and the scope that
    opens it ("In the state-of-the-art case for 2009, which …: A or B?" → the scope, then the question without it)."""
    between = BETWEEN.match(q)
    if between is not None:
        q = f"{between.group('rest')}, {between.group('a').strip(' ,')} or {between.group('b').strip(' ,')}?"
    scope = SCOPE.match(q)
    if scope is not None and re.match(r"(?:which|what|who)\b", q[scope.end() :], re.I):
        return q[scope.end() :], scope.group(1)
    return q, None


def _which_of_two(q: str) -> list[Part] | None:
    """ "Which is older: A or B?" → "When was A …?", "When was B …?"; "Which lasts longer, A or B?" → "How long
    does A last?" …; None for other questions."""
    choice, scope = _as_choice(q)
    parts = _choice_parts(choice)
    if parts is None or scope is None:
        return parts
    return [Part(f"{scope}, {p.question[0].lower()}{p.question[1:]}", p.label) for p in parts]


def _alternatives(m: re.Match[str]) -> tuple[str, str]:
    """The two things compared, "those in X" / "the ones for X" filled with the thing of the question or of the
    other alternative ("the road safety textbooks for primary schools, or the ones for junior high schools")."""
    a, b = (re.sub(r"^(?:the\s+)?(?:former|latter)\b", "", x).strip(" ,") for x in (m.group("a"), m.group("b")))
    noun = m.groupdict().get("noun")
    head = HEAD_BEFORE_PREPOSITION.match(a)
    filled = []
    for x in (a, b):
        if ONES_ALTERNATIVE.match(x):
            thing = head.group("head") if head and not ONES_ALTERNATIVE.match(a) else noun
            if thing:
                x = ONES_ALTERNATIVE.sub(f"{thing} ", x, count=1)
        filled.append(x)
    owned, alone = OWNED_THING.match(filled[0]), OWNER_ALONE.match(filled[1])
    if owned is not None and alone is not None and not OWNED_THING.match(filled[1]):
        filled[1] = f"{filled[1]} {owned.group('thing')}"
    return filled[0], filled[1]


TRAILING_YEAR = re.compile(r"\s+(?:in|during|for)\s+(?:19|20)\d\d(?:\s*[–/-]\s*\d\d(?:\d\d)?)?$", re.I)
YEAR = re.compile(r"\b(?:19|20)\d\d\b")


def _year_for_both(a: str, b: str) -> tuple[str, str]:
    """"in Belgium or in the Netherlands in 1997": the year closing the second alternative is the first's too."""
    tail = TRAILING_YEAR.search(b)
    if tail is None or YEAR.search(a) or not YEAR.sub("", b[: tail.start()]).strip():
        return a, b
    return a + tail.group(0), b


def _choice_parts(q: str) -> list[Part] | None:
    where = WHERE_IS_MORE.match(q)
    if where is not None and where.group("comp").lower() not in ("other", "either", "neither", "whether"):
        attr, prep = where.group("attr"), where.group("prep").lower()
        return [Part(f"What {where.group('verb').lower()} {attr} {prep} {x}?", x[0].upper() + x[1:])
                for x in (where.group("a").strip(" ,"), where.group("b").strip(" ,"))]  # fmt: skip
    paid = PAID_MORE.match(q)
    if paid is not None and not RELATIVE.search(paid.group("who")):
        verb = PRESENT_OF.get(paid.group("verb").lower(), paid.group("verb"))
        aux, who, prep = paid.group("aux").lower(), paid.group("who"), paid.group("prep").lower()
        aux = "did" if aux in ("has", "have") else aux
        # "its 49 desktop computers" is labelled "The 49 desktop computers" (the verdict names it mid-sentence).
        labels = (OWN.sub("the ", x.strip(" ,"), count=1) for x in (paid.group("a"), paid.group("b")))
        return [Part(f"How much {aux} {who} {verb} {prep} {x.strip(' ,')}?", y[0].upper() + y[1:])
                for x, y in zip((paid.group("a"), paid.group("b")), labels, strict=True)]  # fmt: skip
    for higher, said in ((HIGHER_IN.match(q), q), (HIGHER_THAN_IN.match(q), None)):
        # "higher in A or in B" may say "than" nowhere; "greater in A than in B" not inside the measure.
        if higher is not None and not re.search(r"\bthan\b", said or higher.group("attr"), re.I):
            attr, prep, verb = higher.group("attr"), higher.group("prep").lower(), higher.group("verb").lower()
            modal = higher.groupdict().get("modal") or ""
            things = _year_for_both(*(x.strip(" ,") for x in (higher.group("a"), higher.group("b"))))
            return [Part(f"What {verb} {attr} {modal}{prep} {x}?", x[0].upper() + x[1:]) for x in things]
    had = HAD_MORE_THAN.match(q) if MORE_THAN.match(q) is None else None
    if had is not None and not RELATIVE.search(had.group("a")):
        comp, what = had.group("comp").lower(), " ".join(had.group("what").split())
        aux = "did" if had.group("verb").lower() == "did" else "does"
        head = what.split()[-1].lower()
        many = "How much" if head in MASS_NOUNS else "How many" if head.endswith("s") or head in PLURALS else "What"
        ask = many if comp in ("more", "less", "fewer") else "What"
        owners = [x.strip(" ,") for x in (had.group("a"), had.group("b"))]
        return [Part(f"{ask} {what} {aux} {x} have?", x[0].upper() + x[1:]) for x in owners]
    costs = COSTS_MORE.match(q)
    if costs is not None:
        a, b = _alternatives(costs)
        return [Part(f"How much did {x} cost?", x[0].upper() + x[1:]) for x in (a, b)] if a and b else None
    m = WHICH_OF_TWO.match(q) or MORE_THAN.match(q)
    if not m:
        return None
    comp = m.group("comp").lower()
    verb = (m.group("verb") or "").lower()
    if m.groupdict().get("noun") and not comp.startswith(("more ", "less ", "fewer ")):
        # "Which plant is larger, the Pterocarya or the Cotula?" asks for one of the two (a choice the reader
        # answers whole); "Which state had more graduates, A or B?" asks for two amounts.
        return None
    a, b = _alternatives(m)
    if not a or not b:
        return None

    if comp in WHEN_COMPARATIVES or comp in ("more recent", "less recent"):
        frame = "When was {} issued?"
    elif comp.startswith(("more ", "less ")) and _adjective(comp, verb) and len(comp.split()) == 2:
        frame = f"How {comp.split(None, 1)[1]} is {{}}?"
    elif comp == "longer" and verb.startswith("last"):
        frame = "How long does {} last?"
    elif comp.startswith(("more ", "less ", "fewer ")):
        noun = " ".join(m.group("comp").split()).split(None, 1)[1]  # as written: "in PIRLS 2011"
        counted = re.split(rf"\s+{ASKING_PREPOSITION}\s+", noun, maxsplit=1)[0].split()
        # "more public high school graduates in 2008–09" counts graduates, "more schools taking part" schools; "more
        # popular in the 70's" counts nothing.
        head = noun.split()[0]
        mass = head.lower() in MASS_NOUNS
        if len(noun.split()) > 1 and not mass and not any(w.endswith("s") or w in PLURALS for w in counted):
            return None
        many = "much" if mass else "many" if head.endswith("s") or head in PLURALS or len(noun.split()) > 1 else "much"
        own = OWN_VERB.match(a) if m.re is MORE_THAN and verb in ("did", "does", "do") else None
        if own is not None:
            # "Did Ohio graduate more students than Michigan?": a verb of its own after the first subject.
            a = own.group("subject")
            frame = f"How {many} {noun} {verb} {{}} {own.group('verb')}?"
        elif verb in PRESENT_OF:
            # "Which candidate got more votes": how many each got.
            frame = f"How {many} {noun} did {{}} {PRESENT_OF[verb]}?"
        elif verb not in AUXILIARY_VERBS and verb not in ("cost", "costs", "takes", "took") and not _past_tense(verb):
            # "Which volume servers use more energy a year": how much each uses.
            base = verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else verb
            frame = f"How {many} {noun} does {{}} {base}?"
        elif _past_tense(verb):
            # "Which notice covered more workers": how many workers were covered by each.
            frame = f"How {many} {noun} {'were' if many == 'many' else 'was'} {verb} by {{}}?"
        elif m.groupdict().get("modal"):
            # "is expected to have more graduates": how many each is expected to have.
            modal = " ".join(m.group("modal").split()).lower()
            frame = f"How {many} {noun} {verb or 'is'} {{}} {modal}?"
        else:
            frame = f"How {many} {noun} {'did' if verb in ('had', 'was', 'were') else 'does'} {{}} have?"
    elif comp in MEASURE_COMPARATIVES:
        frame = f"How {MEASURE_COMPARATIVES[comp]} is {{}}?"
    else:
        return None
    return [Part(frame.format(x), x[0].upper() + x[1:]) for x in (a, b)]


PREPOSITION = r"(?:in|at|for|of|on|from|about|with|during)"
# "... suffered from back pain and what percentage followed treatment for it?": "it" after a preposition of the
# second part is the object of the first part's last preposition.
IT_AFTER_PREPOSITION = re.compile(rf"\b({PREPOSITION})\s+(?:it|them)\b(?=[\s?.!]*$)", re.I)
LAST_OBJECT = re.compile(rf"\b{PREPOSITION}\s+((?:(?!{PREPOSITION}\b)[\w'’-]+\s*){{1,4}})[\s?.!]*$", re.I)
LEADING_PP = re.compile(rf"^({PREPOSITION})\s+(\S+(?:\s+(?!{PREPOSITION}\b)\S+)*?)(\s+{PREPOSITION}\s+.+)?$", re.I)


def _resolve_it(part: str, first: str) -> str:
    """The second part's trailing "for it" → "for back pain" when the first part ends on such an object."""
    if not IT_AFTER_PREPOSITION.search(part):
        return part
    m = LAST_OBJECT.search(first.rstrip(" ?"))
    if not m:
        return part
    return IT_AFTER_PREPOSITION.sub(lambda x: f"{x.group(1)} {m.group(1).strip()}", part, count=1)


# "What is the population of Kerala" → "the population of Kerala": what a later part's "it" or "its" stands for.
WH_HEAD = re.compile(
    # "How many nurses will Ohio need": the nurses are what a later "that" points at.
    r"^(?:how\s+(?:many|much)\s+"
    rf"|(?:{ASKING_PREPOSITION}\s+)?(?:what|which|whose)(?:\s+[\w-]+)?\s+{AUX}\s+"  # "What is", "Which agency was"
    rf"|(?:what|when|where|who|whom|why|how)(?:\s+(?:many|much|long|often|old|far))?(?:\s+[\w-]+)?\s+{AUX}\s+"
    r"|(?:tell\s+me\s+)?(?:which|whose)\s+[\w-]+\s+"  # "Which agency issued …"
    r"|(?:tell\s+me\s+)?(?:who|what)\s+)",  # "Who proposed …"
    re.I,
)


# "how big a change is that projected to be", "what was this figure in 2009": the first part's thing, pointed at.
DEMONSTRATIVE = re.compile(rf"\b(?:{AUX}|{PREPOSITION})\s+(?:that|this|those|these)\b", re.I)
# "What was the figure for the same month a year earlier?": a figure of what the first part asked about.
GENERIC_THING = re.compile(
    rf"^(?:what|how\s+(?:many|much))\s+{AUX}\s+the\s+(?:same\s+)?(?:figure|number|value|amount|total|rate|share|"
    # "the figure for …", "the same one that …"; not "the number of convictions", which names its own thing
    r"percentage|one)s?(?=\s+(?:for|in|on|at|from|during|to|by|a|an|that|this)\b|[\s?.!]*$)",
    re.I,
)
OWNER_PRONOUN = re.compile(r"\b(?:did|does|do)\s+(it|they)\s+(?:have|own|hold|employ|count|record)\b", re.I)
NAME_AFTER_PREPOSITION = re.compile(r"\b(?:of|in|for|at)\s+((?:the\s+)?[A-Z][\w.&'’-]*(?:\s+[A-Z][\w.&'’-]*)*)")
NAMED_BEFORE = re.compile(r"\b(?:the|a|an|this|that)\s+\w|(?<!^)\b[A-Z]\w")


def _with_antecedent(part: str, first: str) -> str:
    """A later part with a pronoun it cannot resolve alone ("When was it published?" after "Who proposed the
    directive?") asked with the first part's subject matter after it ("When was it published (proposed the
    directive)?"): retrieved alone, "it" finds nothing about the directive. Other parts unchanged."""
    owner = OWNER_PRONOUN.search(part)
    named = [m.group(1) for m in NAME_AFTER_PREPOSITION.finditer(first)]
    if owner is not None and named:
        # "What was the population of Spain in 1995, and how many retail outlets did it have?": what "has" things is
        # the place the first part names, not its population.
        return f"{part[: owner.start(1)]}{named[-1]}{part[owner.end(1) :]}"
    pronoun = PRONOUN.search(part)
    # "What costs did the Privium fund book for its first period?": "its" has its noun before it; "that" after a
    # verb or a preposition never has ("how big a change is that").
    if (
        (pronoun is None or NAMED_BEFORE.search(part[: pronoun.start()]))
        and not DEMONSTRATIVE.search(part)
        and not GENERIC_THING.match(part)
    ):
        return part
    topic = WH_HEAD.sub("", first.rstrip(" ?.!"), count=1).strip()
    return f"{part.rstrip(' ?')} ({topic})?" if topic else part


COMPARATIVE = re.compile(
    r"\b(?:more|less|fewer|" + "|".join([*MEASURE_COMPARATIVES, *WHEN_COMPARATIVES]) + r")\b", re.I
)
AMOUNT_HEAD = r"(?:how\s+many|how\s+much|what|which)"
# "How many international passengers did the JAL Group fly in FY2014" and then "how many domestic ones?"
ONES = re.compile(rf"^(?P<head>{AMOUNT_HEAD})\s+(?P<mods>(?:[\w-]+\s+)*?)ones?[\s?.!]*$", re.I)
HEAD_NOUN_REST = re.compile(
    rf"^(?P<head>{AMOUNT_HEAD})\s+(?:[\w'’-]+\s+)*?(?P<noun>[\w-]+)\s+(?P<rest>{AUX}\b.*)$", re.I
)


def _fill_ones(part: str, first: str) -> str:
    """ "how many domestic ones" after "How many international passengers did the JAL Group fly in FY2014" → "how many
    domestic passengers did the JAL Group fly in FY2014"; other parts unchanged."""
    m, f = ONES.match(part), HEAD_NOUN_REST.match(first.rstrip(" ?.!"))
    if m is None or f is None or m.group("head").lower() != f.group("head").lower():
        return part
    return f"{m.group('head')} {m.group('mods')}{f.group('noun')} {f.group('rest')}"


# "What revaluation gain and what costs did the fund book?": the first part has no verb; it shares the second's.
VERBLESS = re.compile(rf"^{AMOUNT_HEAD}\s+(?:(?!{AUX}\b)[\w'’-]+\s*){{1,3}}$", re.I)


def _borrow_verb(first: str, second: str) -> str:
    """ "What revaluation gain" before "what costs did the fund book for its first period" → "What revaluation gain did
    the fund book for its first period"; otherwise `first` unchanged."""
    f = HEAD_NOUN_REST.match(second.rstrip(" ?.!"))
    if not VERBLESS.match(first.strip()) or f is None:
        return first
    return f"{first.strip()} {f.group('rest')}"


# "Did JAL carry more passengers on its Korea routes": the amount compared, asked for.
DID_MORE = re.compile(
    r"^(?:did|does|do)\s+(?P<subject>.+?)\s+(?P<verb>[\w-]+)\s+(?:more|fewer|less)\s+(?P<noun>.+?)\s+"
    r"(?P<rest>(?:on|in|at|for|to|from|during|among|by)\s.*)$",
    re.I,
)


# "Were more people arrested in 2009 …": how many were, in each.
WERE_MORE = re.compile(
    r"^(?P<aux>were|was|are|is)\s+(?:more|fewer|less)\s+(?P<noun>.+?)\s+(?P<verb>[a-z]{3,}ed)\s+"
    r"(?P<rest>(?:on|in|at|for|to|from|during|among|by)\s.*)$",
    re.I,
)


def _how_many_more(part: str) -> str:
    m = DID_MORE.match(part.rstrip(" ?.!"))
    if m is not None:
        return f"How many {m.group('noun')} did {m.group('subject')} {m.group('verb')} {m.group('rest')}"
    m = WERE_MORE.match(part.rstrip(" ?.!"))
    if m is not None:
        return f"How many {m.group('noun')} {m.group('aux').lower()} {m.group('verb')} {m.group('rest')}"
    return part


SUBJECT_PRONOUN = re.compile(r"\b(?:he|she)\b", re.I)
PERSON_NAME = re.compile(r"\b[A-Z][a-z]+(?:\s+[A-Z]\.)?(?:\s+[A-Z][a-z]+)+\b")


def _resolve_person(part: str, first: str) -> str:
    """ "when did he start the Emily Howell project" after "When did David Cope create EMI" → "when did David Cope
    start …": asked alone, "he" is nobody. The first part's first name of two capitalised words (after its opening
    word) is taken; without one the part is unchanged."""
    if not SUBJECT_PRONOUN.search(part):
        return part
    head, _, body = first.partition(" ")
    m = PERSON_NAME.search(body)
    return SUBJECT_PRONOUN.sub(m.group(0), part, count=1) if m else part


# "Which of NACO's radio programmes was aimed at rural women, and which one at urban migrants?": the second part
# says only what differs; the rest is the first part's.
ELLIPSIS = re.compile(rf"^(?:which|what)\s+one\s+(?P<prep>{PREPOSITION}|to|by)\s+(?P<rest>[^?]+?)[\s?.!]*$", re.I)


# "..., and in the Ethiopian crash?": a bare phrase in place of the first part's last one.
BARE_PHRASE = re.compile(rf"^(?P<prep>{PREPOSITION}|to|by)\s+(?P<rest>[^?]+?)[\s?.!]*$", re.I)


# "how much by 2011", "what about in December": no verb of its own ("how many of the people arrested were Black" has).
AMOUNT_ELLIPSIS = re.compile(
    rf"^(?:how\s+(?:many|much)|what\s+about)\s+(?P<prep>{PREPOSITION}|to|by|until)\s+"
    rf"(?P<rest>(?:(?!{AUX}\b)[^\s?]+\s*){{1,6}}?)[\s?.!]*$",
    re.I,
)


def _fill_ellipsis(part: str, first: str) -> str:
    """ "which one at urban migrants" after "Which of NACO's radio programmes was aimed at rural women" → "Which of
    NACO's radio programmes was aimed at urban migrants"; "in the Ethiopian crash" after "How many people died in
    the Lion Air crash" → "How many people died in the Ethiopian crash"; other parts unchanged."""
    m = ELLIPSIS.match(part)
    if not m and not OPENS_QUESTION.match(_unscoped(part)):
        m = BARE_PHRASE.match(part)
    if not m:
        amount = AMOUNT_ELLIPSIS.match(part)
        # "and how much by 2011?" after "How much energy was a server projected to use in 2007": the first part's
        # last phrase, whatever its preposition, is the one replaced.
        cut = list(re.finditer(rf"\s(?:{PREPOSITION}|to|by|until)\s", first, re.I)) if amount else []
        if not cut or amount is None:
            return part
        return f"{first[: cut[-1].start()]} {amount.group('prep')} {amount.group('rest').strip()}"
    cut = list(re.finditer(rf"\s{m.group('prep')}\s", first, re.I))
    if not cut:
        return part
    return f"{first[: cut[-1].start()]} {m.group('prep')} {m.group('rest').strip()}"


def _repeated_joiner(q: str, m: re.Match[str]) -> tuple[str, str] | None:
    """ "Compare the arrests of white people and of black people for burglary in 2009": the second thing repeats the
    word joining the compared attribute to the first ("of"), and what follows it ("for burglary in 2009") is both's."""
    a, b = m.group("a").strip(" ,"), m.group("b").strip(" ,")
    joiner = q[m.end("attr") : m.start("a")].strip().lower()
    pp = LEADING_PP.match(b)
    if pp is None or pp.group(1).lower() != joiner:
        return None
    scope = (pp.group(3) or "").strip()
    if scope and scope.lower() not in a.lower():
        a = f"{a} {scope}"
    return a, f"{pp.group(2)} {scope}".strip()


def _borrow_preposition(a: str, b: str) -> tuple[str, str]:
    """ "the number of graduates in California" compared with "Texas in 2003–04": the second takes the first's last
    preposition ("in Texas in 2003–04") when it has none of its own and the first ends on a short phrase."""
    if LEADING_PP.match(b):
        return a, b
    m = re.search(rf"\s({PREPOSITION})\s+(?:(?!{PREPOSITION}\b)[\w'’.-]+\s*){{1,4}}$", a, re.I)
    return (a, f"{m.group(1)} {b}") if m else (a, b)


def _same_preposition_twice(q: str) -> list[str] | None:
    """ "How many graduates were there in California and in Texas in 2003–04?" → the question asked of each, the
    trailing scope given to both; None for other questions."""
    m = SAME_PREPOSITION_TWICE.match(q)
    if m is None or WH_WORD.search(m.group("b")) or not OPENS_QUESTION.match(q):
        return None
    # "Is the engine tested at sea or at the factory?" is one question (a choice); "Did JAL carry more passengers on
    # its Korea routes or on its China routes?" is two amounts compared.
    if m.group("joint").lower() == "or" and not COMPARATIVE.search(q):
        return None
    a, prep = m.group("a"), m.group("prep")
    head = a[: [x.start() for x in re.finditer(rf"\s{prep}\s", a, re.I)][-1]]
    tail = LEADING_PP.match(m.group("b"))
    if tail is None:
        return None
    _, obj, scope = tail.groups()
    scope = (scope or "").strip()
    if scope.lower().startswith("of "):
        # "in Q4 of fiscal 2021": an "of" phrase completes the noun before it; it is no scope of both things.
        obj, scope = f"{obj} {scope}", ""
    first = f"{a} {scope}" if scope and scope.lower() not in a.lower() else a
    if re.search(r"\bones?$", obj, re.I):
        # "on domestic routes or on international ones": the second thing is said with the first's noun.
        noun = a.split()[-1]
        obj = re.sub(r"\bones?$", noun if obj.lower().endswith("ones") else noun.rstrip("s"), obj, flags=re.I)
    return [first, f"{head} {prep} {obj}{' ' + scope if scope else ''}"]


def _share_head(a: str, b: str) -> tuple[str, str]:
    """Compared "graduates in California" and "in Texas in 2003–04": the second borrows the first's head
    ("graduates in Texas ...") and the first borrows the second's trailing scope ("... in California in 2003–04")."""
    m = LEADING_PP.match(b)
    if not m:
        return a, b
    preposition, _, scope = m.groups()
    cut = re.search(rf"\s{preposition}\s", a, re.I)
    if cut is None:
        return a, b
    head = a[: cut.start()]
    scope = (scope or "").strip()
    if scope and scope.lower() not in a.lower():
        a = f"{a} {scope}"
    return a, f"{head} {b}"
