"""What an aggregate question over a table asks, read from its words: the extreme (highest/lowest) and which rank
of it ("the second largest", "ranks third"), a threshold ("above 40 million", "5 percent or more", "more than
half"), and whether it asks for the column a row peaks in ("in which year was X lowest"). Pure text rules; the
table decides what they apply to (`app.qa.tables`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from app.qa.analysis.arithmetic import lexicon_data
from app.qa.analysis.phrases import WORD, Phrases, opening_words

MAX_WORDS = r"highest|most|largest|biggest|greatest|maximum|longest|oldest|heaviest|tallest|fastest|strongest|peak"
MIN_WORDS = r"lowest|least|smallest|fewest|minimum|shortest|youngest|lightest|slowest|weakest"
# "the best F1", "the top AUC", "the worst error": judgements, an extreme only of a measure a table's column names
# (app/qa/tables/aggregate.py): "the best practice scenario" and "the top global makers" name things.
JUDGED = {"best": "max", "top": "max", "worst": "min", "bottom": "min"}
# "at least 10%" and "at most 5" set thresholds: they ask for no extreme.
MAX = re.compile(rf"\b(?<!at )(?:{MAX_WORDS})\b", re.I)
MIN = re.compile(rf"\b(?<!at )(?:{MIN_WORDS})\b", re.I)

ORDINALS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5}
EXTREMES = {**dict.fromkeys(MAX_WORDS.split("|"), "max"), **dict.fromkeys(MIN_WORDS.split("|"), "min")}


DECREASES = frozenset(lexicon_data()["decreases"])
AFTER_CHANGE = frozenset(lexicon_data()["after_change"])
FLIPPED = {"max": "min", "min": "max"}


def _extreme(question: str, match: re.Match[str]) -> str:
    """The extreme one match says: "most" after a verb of decrease ("shrank the most") is the lowest change, unless
    a thing counted follows ("dropped the most calls")."""
    said = EXTREMES[match.group(0).lower()]
    if match.group(0).lower() not in ("most", "least"):
        return said
    before = [w.lower() for w in WORD.findall(question[: match.start()])][-2:]
    after = WORD.findall(question[match.end() :])[:1]
    if before[-1:] == ["the"]:
        before = before[:-1]
    decreased = bool(before) and before[-1] in DECREASES
    return FLIPPED[said] if decreased and (not after or after[0].lower() in AFTER_CHANGE) else said


def extremes_said(question: str) -> set[str]:
    """The extremes ("max", "min") the question's words say ("the highest …", "the minimum …", "fell the most")."""
    return {_extreme(question, m) for rx in (MAX, MIN) for m in rx.finditer(question)}


def extreme_kind(question: str) -> str | None:
    """ "max" or "min": the first extreme the question says, None when it says none."""
    first = min((m for rx in (MAX, MIN) for m in rx.finditer(question)), key=lambda m: m.start(), default=None)
    return None if first is None else _extreme(question, first)


def extreme_asked(question: str) -> str | None:
    """ "max" or "min" when the question says one extreme only ("the maximum power", "the lowest score"), else None."""
    said = extremes_said(question)
    return said.pop() if len(said) == 1 else None


RANK_VERBS = frozenset({"rank", "ranks", "ranked"})

# A question asking for the column a named row is highest or lowest in: a year, a month, a period.
ASKS_PERIOD = Phrases.of(
    ["when"]
    + [f"{wh} {kind}{period}" for wh in ("which", "what") for kind in ("", "school ", "fiscal ", "financial ")
       for period in "year month period quarter season decade date".split()]
)  # fmt: skip

# A number is a word of its own: the "3" of "over 3D objects" sets no threshold.
_NUMBER = r"(?P<number>[-−+]?\$?\d[\d,]*(?:\.\d+)?%?)(?:\s*(?P<scale>thousand|million|billion|mn|bn)\b|(?![\w]))"
_FRACTION = r"(?:a\s+|one\s+)?(?P<fraction>half|third|quarter|fifth|tenth)"
FRACTIONS = {"half": 0.5, "third": 1 / 3, "quarter": 0.25, "fifth": 0.2, "tenth": 0.1}
# A comparative of any measure ("longer than 50 miles", "older than 65") compares the same way as "more than".
_ABOVE_WORDS = (r"above|over|(?:more|greater|higher|larger|bigger|longer|older|heavier|taller|wider|faster) than|"
                r"exceed(?:s|ing)?|at least|>=?")  # fmt: skip
_BELOW_WORDS = (r"below|under|(?:less|fewer|lower|smaller|shorter|younger|lighter|narrower|slower) than|at most|"
                r"<=?")  # fmt: skip
# Each pattern: (regex, whether the number itself counts). The direction is "above" where the group "above" matched.
THRESHOLDS: tuple[tuple[re.Pattern[str], bool], ...] = (
    # "above 40 million", "at most 5"; "more than half of grocery turnover": a share, 50 in a column of percentages.
    (re.compile(rf"\b(?:(?P<above>{_ABOVE_WORDS})|{_BELOW_WORDS})(?:\s*{_NUMBER}|\s+{_FRACTION}\b)", re.I), False),
    # "5 percent or more", "1,000 and above", "18 or older": the number itself counts.
    (
        re.compile(
            rf"{_NUMBER}\s*(?:percent\s+|per cent\s+)?(?:or|and)\s+"
            r"(?:(?P<above>more|above|higher|over|greater|older)|less|fewer|below|lower|under|younger)\b",
            re.I,
        ),
        True,
    ),
)


@dataclass(slots=True, frozen=True)
class Threshold:
    direction: str  # above | below
    number: str  # as written: "40", "1,000", "half"
    scale: str | None  # "million" …, or None
    inclusive: bool  # "at least", "or more": the threshold itself counts
    fraction: float | None  # "half" → 0.5; None for a number
    start: int
    end: int

    @property
    def text(self) -> str:
        return self.number + (f" {self.scale}" if self.scale else "")


def thresholds(question: str) -> list[Threshold]:
    """Every threshold the question sets, in the order written; overlapping readings keep the first pattern's."""
    found: list[Threshold] = []
    for pattern, inclusive in THRESHOLDS:
        for m in pattern.finditer(question):
            if any(t.start < m.end() and m.start() < t.end for t in found):
                continue
            said = m.group(0).lower()
            word = m.group("number") or m.groupdict()["fraction"]
            fraction = FRACTIONS.get(word.lower())
            inclusive_here = inclusive or "at least" in said or "at most" in said or "=" in said
            direction = "above" if m.group("above") else "below"
            found.append(Threshold(direction, word, m.group("scale"), inclusive_here, fraction, m.start(), m.end()))
    return sorted(found, key=lambda t: t.start)


def first_threshold(question: str) -> Threshold | None:
    found = thresholds(question)
    return found[0] if found else None


def blank(text: str, start: int, end: int) -> str:
    return text[:start] + " " * (end - start) + text[end:]


def without_thresholds(question: str) -> str:
    """The question less the thresholds it sets: the words of a threshold name no column."""
    out = question
    for t in thresholds(question):
        out = blank(out, t.start, t.end)
    return out


def rank(question: str) -> tuple[str, int] | None:
    """("max" | "min", n) for "the second largest", "third-lowest", "ranks second" (n ≥ 2); None otherwise."""
    runs = list(WORD.finditer(question))
    said = [r.group(0).lower() for r in runs] + ["", ""]
    gaps = [question[a.end() : b.start()] for a, b in zip(runs, runs[1:], strict=False)] + ["", ""]
    # "the second largest", "second-highest", "third most": counted from the top (or the bottom)
    for i, word in enumerate(said[: len(runs)]):
        if word in ORDINALS and gaps[i] and all(c.isspace() or c == "-" for c in gaps[i]) and said[i + 1] in EXTREMES:
            return EXTREMES[said[i + 1]], ORDINALS[word]
    # "ranks second", "ranked third in", "ranks the second": from the top
    for i, word in enumerate(said[: len(runs)]):
        if word in RANK_VERBS and gaps[i].isspace():
            the = said[i + 1] == "the" and gaps[i + 1].isspace()
            if said[i + 1 + the] in ORDINALS:
                return "max", ORDINALS[said[i + 1 + the]]
    return None


def alone(question: str, spans: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans of aggregate words that stand alone: "mean-pooling", "peak-to-peak", "max-min" are names, a word
    joined to another by a hyphen asks for no mean or extreme; an ordinal's ("second-largest") is a rank."""

    def joined(start: int, end: int) -> bool:
        before = question[:start].rsplit(None, 1)[-1].lower() if question[:start].strip() else ""
        ranked = before.endswith("-") and before[:-1] in ORDINALS
        return (question[end : end + 1] == "-" and question[end + 1 : end + 2].isalnum()) or (
            start > 1 and question[start - 1] == "-" and question[start - 2].isalnum() and not ranked
        )

    return [(start, end) for start, end in spans if not joined(start, end)]


def superlative(question: str) -> bool:
    """Whether the question asks for a highest or a lowest by a word standing alone."""
    return bool(alone(question, [m.span() for rx in (MAX, MIN) for m in rx.finditer(question)]))


def asks_period(question: str) -> bool:
    return ASKS_PERIOD.said(question)


ROW_ASKING = frozenset({"which", "list", "name", "show", "give"})


def asks_rows(question: str) -> bool:
    """ "Which countries are above 10%?", "List the states with more than …": rows are asked, and a threshold picks
    them, or are counted ("How many states had more than …"). "What retention does it quote for parts of no more
    than 1 K cycles?" asks a value: its threshold names the row the value is read from, it picks no rows."""
    words = [word for _, word in opening_words(question, len(question))]
    counted = any(a == "how" and b == "many" for a, b in zip(words, words[1:], strict=False))
    return counted or any(word in ROW_ASKING for word in words[:2])


COUNTED = Phrases.of(
    [f"how many {things}" for things in ("rows", "entries", "items", "records", "lines", "countries", "states",
     "member states", "firms", "companies", "cycles", "regions", "cities", "towns", "schools", "categories", "years")]
)  # fmt: skip
# "how many output ports are listed", "how many codes does the error table list": what the table lists is counted.
LISTED = frozenset({"listed", "there", "shown", "named", "included"})
LISTING_VERBS = frozenset({"list", "show", "name", "include"})
BE = frozenset({"are", "is", "were", "was"})
DO = frozenset({"does", "do", "did"})
MAX_COUNTED_WORDS = 3  # "how many output port pins are listed": the noun counted, at most this many words


def asks_count(question: str) -> bool:
    """ "How many countries …", "how many output ports are listed", "how many codes does the table list": the rows
    are counted."""
    if COUNTED.said(question):
        return True
    said = [w.group(0).lower() for w in WORD.finditer(question)]
    for at in (k for k in range(len(said) - 1) if said[k : k + 2] == ["how", "many"]):
        rest = said[at + 2 :]
        verb = next((k for k, w in enumerate(rest[: MAX_COUNTED_WORDS + 1]) if w in BE | DO), None)
        if not verb:
            continue  # no verb after the noun, or no noun before it
        if rest[verb] in BE and verb + 1 < len(rest) and rest[verb + 1] in LISTED:
            return True
        if rest[verb] in DO and LISTING_VERBS & set(rest[verb + 1 :]):
            return True
    return False
