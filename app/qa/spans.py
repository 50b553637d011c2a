"""Candidate answer spans of a sentence, each typed: from rules (regular expressions over dates, quantities and
capitalised names) or from the named-entity tagger (app.qa.nlp).

A span fits a question when its type is the one the question asks for (app.qa.answer_types): who → a person or an
organisation, when → a date, how many/much → a number (with its unit when the text gives one), where → a place.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from app.qa import nlp
from app.qa.analysis.phrases import ARTICLES, Phrases
from app.qa.extractive_reader.words import NAME, says_new, words
from app.qa.tables.quantities import asked_quantities, asks_time, says_unit_of

MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december"
FULL_DATE = re.compile(
    rf"\b(?:\d{{1,2}}\s+(?:{MONTHS})(?:,?\s+\d{{3,4}})?|(?:{MONTHS})\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{3,4}}"
    rf"|(?:{MONTHS})\s+\d{{3,4}}|\d{{3,4}}s?)\b",
    re.I,
)
QUANTITY = re.compile(
    r"(?:[$£€]\s?)?\b\d[\d,]*(?:\.\d+)*(?:\s?%|\s+(?:percent|per cent|million|billion|thousand|hundred))?"
    r"|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
    r"seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)\b"
    r"(?:\s+(?:million|billion|thousand|hundred))?",
    re.I,
)
# "1997–98", "2009-10": the second number is part of a period, never a count or a share.
YEAR_RANGE = re.compile(r"\b(?:1[5-9]|20)\d\d\s?[–—-]\s?\d{2,4}\b")
AGES = Phrases.of(["year", "years", "old", "age"])
SHARE_WORDS = Phrases.of("percentage percent proportion share fraction rate".split())
PERCENT_WORDS = Phrases.of("percentage percent proportion share".split())
UNIT_MARKS = ("$", "£", "€", "%", "percent", "million", "billion", "thousand")
NUMBER_WORDS = Phrases.of("one two three four five six seven eight nine ten hundred".split())


def _has_digit(text: str) -> bool:
    return any(c.isdecimal() for c in text)


def is_year(text: str) -> bool:
    """ "1995", "2021": four digits from 1500 to 2099."""
    return len(text) == 4 and text.isdecimal() and (text[0] == "1" and text[1] in "56789" or text[:2] == "20")
# Three or more numbers joined by dashes: a date only when it reads as year-month-day ("2020-09-21"); otherwise an
# identifier ("AD 2018–23–51", "Service Bulletin 737–31–1860") whose first part merely looks like a year.
DASHED_NUMBERS = re.compile(r"\d+(?:\s?[–—-]\s?\d+){2,}")
# Capitalised words that open a sentence or a clause but name nothing.
NOT_NAMES = frozenset(
    """a an the he she it its they them their his her this that these those there here in on at of for from by with
    as after before during since until when while where which who whom whose what why how but and or if then also
    however although though both either neither each every all some many most one its our we you i born died
    january february march april may june july august september october november december monday tuesday wednesday
    thursday friday saturday sunday""".split()
)
DEMONYMS = frozenset(
    "German Dutch French Greek Thai Swiss Irish Welsh Roman Hindi Jewish Christian Catholic Muslim Arab Czech".split()
)
# NER labels that fit each expected type.
FITS = {
    "date": {"DATE", "TIME"},  # "when" and "at what time" ask for a time of day as well
    "number": {"CARDINAL", "QUANTITY", "MONEY", "PERCENT"},
    "person": {"PERSON", "ORG"},
    "place": {"GPE", "LOC", "FAC"},
    "entity": {"PERSON", "ORG", "GPE", "LOC", "FAC", "WORK_OF_ART", "EVENT", "PRODUCT", "LAW", "LANGUAGE"},
}


@dataclass(frozen=True, slots=True)
class Span:
    text: str
    kind: str  # the expected type it was found for
    start: int  # character offsets in its sentence
    end: int
    strict: bool  # typed by a tagger label or an unambiguous pattern (a full date, a number with its unit)


def is_new(span: str, q_words: set[str]) -> bool:
    """The span says something the question does not: a span made of question words is never the answer."""
    return says_new(span, q_words)


def _clean_name(span: str) -> tuple[str, int]:
    """(name without leading/trailing non-name words, offset of the kept text in `span`)."""
    tokens = span.split()
    lead = 0
    while tokens and tokens[0].lower().strip(".,") in NOT_NAMES:
        lead += 1
        tokens = tokens[1:]
    while tokens and tokens[-1].lower().strip(".,") in NOT_NAMES:
        tokens = tokens[:-1]
    text = " ".join(tokens).rstrip(".,;:")
    return text, (span.find(text) if text else 0)


def _is_demonym(span: str) -> bool:
    """"American", "Indian", "French": an adjective of a name, rarely the name asked for."""
    return " " not in span and bool(re.search(r"(ian|ean|can|ese|ish|ine)$", span) or span in DEMONYMS)


def in_identifier(sentence: str, start: int, end: int) -> bool:
    """Whether sentence[start:end] lies in a dash-joined number that is not a year-month-day date."""
    for m in DASHED_NUMBERS.finditer(sentence):
        if m.start() <= start < m.end() or start <= m.start() < end:
            parts = [int(p) for p in re.findall(r"\d+", m.group(0))]
            ymd = len(parts) == 3 and 1000 <= parts[0] <= 2999 and 1 <= parts[1] <= 12 and 1 <= parts[2] <= 31
            return not ymd
    return False


def rule_spans(kind: str, question: str, sentence: str) -> list[Span]:
    """Spans of `kind` found by the rules, in sentence order, not repeating the question."""
    q_words = words(question)
    low = question.lower()
    out: list[Span] = []
    if kind == "date":
        for m in FULL_DATE.finditer(sentence):
            if in_identifier(sentence, m.start(), m.end()):
                continue
            if _has_digit(m.group(0)) and is_new(m.group(0), q_words):
                full = not is_year(m.group(0))
                out.append(Span(m.group(0), kind, m.start(), m.end(), full))
        return out
    if kind == "number":
        periods = [m.span() for m in YEAR_RANGE.finditer(sentence)]
        share = asks_share(low, SHARE_WORDS)
        ages = AGES.said(low)
        for m in QUANTITY.finditer(sentence):
            text = m.group(0).strip()
            if not is_new(text, q_words) or any(a <= m.start() < b for a, b in periods):
                continue
            # A share is answered by a percentage; any other number in the sentence would be a guess.
            if share and not any(s in text for s in ("%", "percent", "per cent")):
                continue
            if not ages and is_year(text):
                continue  # a year is rarely the count asked for
            unit = any(s in text.lower() for s in UNIT_MARKS)
            out.append(Span(text, kind, m.start(), m.start() + len(text), unit))
        return out
    for m in NAME.finditer(sentence):
        text, offset = _clean_name(m.group(0))
        if not text or not is_new(text, q_words) or re.fullmatch(r"[\d\s,.]+", text) or _is_demonym(text):
            continue
        start = m.start() + offset
        strict = False
        if kind == "place":
            strict = bool(re.search(r"\b(in|at|from|near|to)\s+(the\s+)?$", sentence[max(0, start - 10) : start]))
        elif kind == "person":
            strict = bool(re.search(r"\bby\s+$", sentence[max(0, start - 4) : start]))
        out.append(Span(text, kind, start, start + len(text), strict))
    return out


def asks_share(question: str, share_words: Phrases) -> bool:
    """The question says a share word (`share_words`), and does not count things: "How
    many industries does the market share matrix cover?" asks for a count, not a percentage."""
    low = question.lower()
    return share_words.said(low) and not re.match(r"\s*how\s+many\b", low)


def ner_spans(kind: str, question: str, sentence: str, ents: tuple[nlp.Entity, ...]) -> list[Span]:
    """Spans of `kind` among the tagger's entities of `sentence`."""
    q_words = words(question)
    low = question.lower()
    labels = FITS.get(kind, FITS["entity"])
    timed = asked_quantities(question) if kind == "number" and asks_time(question) else set()
    if timed:
        labels = labels | FITS["date"]  # "for how long": "300 seconds" is tagged a time
    out: list[Span] = []
    for e in ents:
        if e.label not in labels or not is_new(e.text, q_words):
            continue
        if timed and e.label in FITS["date"] and e.label not in FITS["number"] and not says_unit_of(timed, e.text):
            continue  # a time asked for is a figure with its unit ("300 seconds"), not a year or a bare "16"
        text = e.text[ARTICLES.lead(e.text) :].rstrip(".,;:")
        start = e.start + (len(e.text) - len(e.text.lstrip()))
        if kind == "date" and not _has_digit(text):
            continue  # "the year", "today": no date
        if kind == "date" and in_identifier(sentence, e.start, e.end):
            continue
        if kind == "number":
            if asks_share(low, PERCENT_WORDS) and e.label != "PERCENT":
                continue
            if not _has_digit(text) and not NUMBER_WORDS.said(text):
                continue
        strict = kind != "date" or not is_year(text)
        start = sentence.find(text, e.start)
        out.append(Span(text, kind, start, start + len(text), strict))
    return out


def year_of(span: str) -> str | None:
    m = re.search(r"\b\d{3,4}s?\b", span)
    return m.group(0) if m else None
