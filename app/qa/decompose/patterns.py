"""The patterns every splitter of app.qa.decompose shares (auxiliaries, prepositions, joints, comparisons) and
the Part a split question is made of."""

from __future__ import annotations

import re
from dataclasses import dataclass

from app.qa.analysis.phrases import SPACED, Phrases, possessive

AUX = r"(?:is|are|was|were|did|does|do|has|have|had|can|could|will|would|should|must)"


# "Under which rules ...", "Above what pressure ...", "By whose guidance ...": a question may open on a preposition.
ASKING_PREPOSITION = (r"(?:in|at|for|of|on|from|about|with|during|under|above|below|by|to|after|before|since|within|"
                      r"over|through|into|between|among|against|across|toward|towards|around)")  # fmt: skip


# "..., and when did ...", "...; what is ...", "...? Where was ...": a second question starts after the joint. A
# wh-word must be followed by an auxiliary ("and when did"), so relative clauses ("the city where he was born and
# where he died", "the actor who ... and who was born in") stay whole.
JOINT = re.compile(
    # "...; also, when are ...", "... and also how many ...": "also" belongs to the joint, not to either question.
    rf"(?:\s*[,;–—]\s*(?:and\s+|but\s+)?(?:also\s*,?\s*)?|\s+-\s+(?:and\s+)?(?:also\s*,?\s*)?|\s+and\s+(?:also\s+)?)"
    # "…, and roughly how long will …": a hedge on the next question's amount is no part of either question
    r"(?:(?:roughly|approximately|about)\s+)?"
    rf"(?=(?:what|when|where|how|why)\s+{AUX}\b|how\s+[\w-]+\s+{AUX}\b"
    # "…, and what 7-bit address does the compass chip use?": a thing asked anew, then its verb.
    rf"|what\s+(?:[\w-]+\s+){{1,4}}{AUX}\b"
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
def and_who(text: str) -> list[str]:
    """`text` split before each " and who", " and where", " and which" that two more words follow."""
    said = list(SPACED.finditer(text))
    cuts = [(said[i].start(), said[i + 1].start()) for i in range(1, len(said) - 3)
            if said[i].group(0).lower() == "and" and said[i + 1].group(0).lower() in AND_WH
            and all(w.group(0)[0].isalnum() or w.group(0)[0] == "_" for w in said[i + 2 : i + 4])]  # fmt: skip
    ends = [0, *(after for _, after in cuts)]
    return [text[start:stop] for start, stop in zip(ends, [*(at for at, _ in cuts), len(text)], strict=True)]


AND_WH = frozenset({"who", "where", "which"})


RELATIVE = Phrases.of("who whom whose which that where".split())


# "Where was the composer born and where did he die?": asked alone, "he" is nobody.
PRONOUN = Phrases.of("he she it they him her them his its their".split())


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


OWN = Phrases.of("its their his her".split())


def words_of(alternatives: str) -> list[str]:
    """The words of a pattern's alternation of plain words ("(?:is|are|was)")."""
    return alternatives.removeprefix("(?:").removesuffix(")").split("|")


def words_at(text: str, words: frozenset[str]) -> list[int]:
    """Where each of `words` stands in `text` on its own, white space on both sides: the prepositions of "the rate of
    Kerala in 2011"."""
    return [t.start() for t in SPACED.finditer(text)
            if t.start() > 0 and t.group(0).lower() in words and text[t.end() : t.end() + 1].isspace()]  # fmt: skip


def capitalised_owner(text: str) -> str | None:
    """ "Florida" of "Florida's gun checks": an owner of capitalised words that opens `text`."""
    owned = possessive(text)
    words = owned[0].split() if owned is not None else []
    named = words and all(w[0].isupper() and all(c.isalnum() or c in "_.&-" for c in w) for w in words)
    return owned[0] if owned is not None and named else None


WH_WORD = Phrases.of("what which who whom whose when where why how".split())


@dataclass(frozen=True, slots=True)
class Part:
    question: str  # asked on its own
    label: str  # what the answer part is headed with
    # The part without a document it was given from another part ("In eu-021.pdf, what … and what …?", "In the
    # student health survey, how many … and how long …?" give the second part the first's document too): asked
    # when that document does not seem to answer it (app.qa.pipeline.composite); `scope` names the document.
    unscoped: str | None = None
    scope: str | None = None


PREPOSITION = r"(?:in|at|for|of|on|from|about|with|during)"
