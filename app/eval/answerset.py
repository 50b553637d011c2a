"""Scoring of the PDF answer set (benchmarks/answers/pdf_qa.json): pure functions over an answer and its record.

A record's `answers` is a list of parts, each a list of acceptable strings; an answer is right when it holds one
acceptable string of every part. Numbers compare by value ("2,093" = "2093" = "2 093", "$1.2 million" =
"1,200,000", "16.0%" = "16%"), everything else as whole words after normalisation. See benchmarks/answers/README.md.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

FORMAT = "mdqa-pdf-answers/1"
KINDS = ("cell", "aggregate", "table", "missing", "content", "multi", "unanswerable")
# What a question asks for, finer than the kind that says how it is scored (sets on new documents name it; the
# builder, benchmarks/answers/build_set.py, maps each to its kind). Reports group by it, in this order.
CATEGORIES = (
    "cell", "table_show", "aggregate", "table", "arithmetic", "comparison", "two_document", "one_document", "list",
    "multi", "missing", "content", "unanswerable",
)  # fmt: skip


def category_of(record: dict[str, Any]) -> str:
    return str(record.get("category") or record["kind"])


_DASHES = re.compile(r"[\u2010-\u2015\u2212]")
_CITATION = re.compile(r"\[\d+(?:\s*[,–-]\s*\d+)*\]")
_DIGIT_COMMA = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
_SCALES = {"thousand": 1e3, "million": 1e6, "mn": 1e6, "billion": 1e9, "bn": 1e9}
_SCALE_WORDS = "thousand|million|billion|bn|mn"
# "12,345.6", "-4.1", "60 152" (space-grouped thousands), optionally followed by a scale word
_NUMBER = re.compile(
    r"(?<![\w.])(?P<sign>-)?(?P<num>\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?![\d])|\d+(?:\.\d+)?)"
    rf"(?:\s*(?P<scale>{_SCALE_WORDS})\b)?"
)
_NUMERIC_ANSWER = re.compile(rf"^[$€£]?\s*-?\d[\d, ]*(?:\.\d+)?\s*(?:%|percent|{_SCALE_WORDS})?$")

# Phrases that say a named page, table or document does not exist (the reader words it in many ways).
_MISSING = re.compile(
    r"\bno (?:such )?(?:page|table|exhibit|schedule|document|file|pdf)s?\b"
    r"|\b(?:does|do|did) ?(?:not|n't) (?:exist|have|contain|hold|include|appear)"
    r"|\b(?:is|are|was) ?(?:not|n't) (?:in|part of|found|available|among|present|included)\b"
    r"|\b(?:could|can|did) ?(?:not|n't) find\b|\bcannot find\b|\bnot found\b|\bno match"
    r"|\bthere (?:is|are) no\b|\bnot exist|\bmissing\b|\bbeyond (?:the|its)\b"
    r"|\bonly (?:has |have |contains )?\d+ pages?\b|\bhas (?:only )?\d+ pages?\b"
    r"|\bnot (?:in|part of) (?:the|this) collection\b"
)


def normalise(text: str) -> str:
    """Lower-case, NFKC, one kind of dash, no citation markers or Markdown emphasis, no thousands commas."""
    text = unicodedata.normalize("NFKC", text or "")
    text = _DASHES.sub("-", text).replace("\u00a0", " ").replace("\u202f", " ")
    text = _CITATION.sub(" ", text)
    text = text.replace("**", " ").replace("|", " ").replace("`", " ")
    text = _DIGIT_COMMA.sub("", text)
    return " ".join(text.lower().split())


def is_numeric(answer: str) -> bool:
    return bool(_NUMERIC_ANSWER.match(normalise(answer)))


def numbers_in(text: str) -> set[float]:
    """Every value a text states: plain and scaled ("1.2 million" gives 1.2 and 1,200,000); "60 152" gives 60152
    and also 60 and 152 (a table row may set numbers side by side with single spaces)."""
    text = normalise(text)
    values: set[float] = set()
    for match in _NUMBER.finditer(text):
        raw = match.group("num")
        sign = -1.0 if match.group("sign") else 1.0
        parts = raw.split(" ")
        values.add(sign * float("".join(parts)))
        if len(parts) > 1:
            values.update(float(p) for p in parts)
        else:
            values.add(sign * float(raw))
        scale = match.group("scale")
        if scale:
            values.add(sign * float("".join(parts)) * _SCALES[scale])
    return values


def numeric_value(answer: str) -> float:
    """The value a numeric acceptable answer names ("$1.2 million" → 1,200,000; "16.0%" → 16)."""
    text = normalise(answer).replace("$", "").replace("€", "").replace("£", "")
    match = _NUMBER.search(text)
    if match is None:
        raise ValueError(f"not a number: {answer!r}")
    value = float(match.group("num").replace(" ", "")) * (-1.0 if match.group("sign") else 1.0)
    if match.group("scale"):
        value *= _SCALES[match.group("scale")]
    return value


def _same(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def contains(answer: str, acceptable: str) -> bool:
    """The answer states the acceptable value: by number when it is one, else as whole words."""
    if not acceptable.strip():
        return False
    if is_numeric(acceptable):
        want = numeric_value(acceptable)
        return any(_same(want, got) for got in numbers_in(answer))
    words = normalise(acceptable)
    pattern = rf"(?<![\w]){re.escape(words)}(?![\w])"
    return re.search(pattern, normalise(answer)) is not None


def holds_all(answer: str, parts: Sequence[Sequence[str]]) -> bool:
    """Every part has one acceptable string in the answer (no parts: nothing can be right)."""
    return bool(parts) and all(any(contains(answer, a) for a in part) for part in parts)


def says_missing(answer: str) -> bool:
    return _MISSING.search(normalise(answer)) is not None


# Phrases that say the documents hold no answer to a content question (app.qa.answer's WEAK_EVIDENCE, NO_ANSWER and
# how an LLM tends to word it).
_NOT_ANSWERED = re.compile(
    r"\b(?:do|does) ?(?:not|n't) (?:seem to )?(?:answer|say|mention|contain|provide|state)\b"
    r"|\b(?:could|can|did) ?(?:not|n't) find (?:this|that|the answer|an answer|any)\b|\bcannot find\b"
    r"|\bno (?:answer|information)\b|\bnot (?:stated|mentioned|covered) in the (?:documents|context)\b"
)


def says_not_answered(answer: str) -> bool:
    return _NOT_ANSWERED.search(normalise(answer)) is not None


def _label_pattern(label: str) -> re.Pattern[str]:
    words = normalise(label).split()
    return re.compile(r"(?<![\w.])" + r"\s*".join(re.escape(w) for w in words) + r"(?![\w]|\.\d)")


def names_label(texts: Iterable[str], label: str) -> bool:
    """One of the texts names the table label ("Table 6.9"; "Table 6.9:" yes, "Table 6.90" no)."""
    pattern = _label_pattern(label)
    return any(pattern.search(normalise(t)) for t in texts)


@dataclass(slots=True)
class Cited:
    filename: str
    page: int | None
    text: str = ""


def cites_expected(record: dict[str, Any], citations: Sequence[Cited]) -> bool:
    """A citation of an expected document, on one of its evidence pages when the record lists them."""
    pages: dict[str, list[int]] = record.get("pages") or {}
    for c in citations:
        if c.filename in record["documents"]:
            wanted = pages.get(c.filename)
            if not wanted or c.page in wanted:
                return True
    return False


def cites_only_named(record: dict[str, Any], citations: Sequence[Cited]) -> bool:
    """For a missing thing: nothing cited from a document other than the one the question names."""
    named = record.get("named_document")
    return all(named is not None and c.filename == named for c in citations)


@dataclass(slots=True)
class Score:
    correct: bool
    citation_ok: bool
    short_shown: bool
    short_correct: bool | None  # None when no short answer was shown
    hedged: bool  # the answer says the documents do not answer the question


def _text_right(record: dict[str, Any], text: str) -> bool:
    if record["kind"] == "missing":
        return says_missing(text)
    if record["kind"] == "unanswerable":
        return False  # any short answer to a question no document answers is wrong
    return holds_all(text, record["answers"])


def score(record: dict[str, Any], answer: str, short_answer: str | None, citations: Sequence[Cited]) -> Score:
    """Accuracy, citation correctness and the short answer of one asked question (rules in the README)."""
    kind = record["kind"]
    if kind == "missing":
        citation_ok = cites_only_named(record, citations)
        correct = says_missing(answer) and citation_ok
    elif kind == "table":
        citation_ok = cites_expected(record, citations)
        label = record.get("table_label")
        on_page = [c.text for c in citations if c.filename in record["documents"]]
        labelled = not label or names_label([answer, *on_page], label)
        # A table's answer parts are its required values; a "what does Table N show" part may accept alternatives.
        parts = record["answers"] or [[v] for v in record["required_values"]]
        correct = citation_ok and labelled and holds_all(answer, parts)
    elif kind == "unanswerable":
        # The closest passages may be cited as such; what matters is that the answer says they do not answer it.
        citation_ok = True
        correct = says_not_answered(answer) and not (short_answer and short_answer.strip())
    else:
        citation_ok = cites_expected(record, citations)
        correct = holds_all(answer, record["answers"])
    shown = bool(short_answer and short_answer.strip())
    return Score(
        correct=correct,
        citation_ok=citation_ok,
        short_shown=shown,
        short_correct=_text_right(record, short_answer or "") if shown else None,
        hedged=says_not_answered(answer),
    )


def validate(data: Any) -> list[dict[str, Any]]:
    """The records of an answer-set file; ValueError with the reason when it is not one."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a PDF answer set: expected {{'format': '{FORMAT}', 'records': [...]}}")
    records = data.get("records")
    if not isinstance(records, list) or not records:
        raise ValueError("the answer set has no records")
    for i, record in enumerate(records):
        where = f"record {i} ({record.get('id', '?') if isinstance(record, dict) else '?'})"
        if not isinstance(record, dict):
            raise ValueError(f"{where}: not an object")
        for key in ("id", "kind", "question", "answers", "documents", "split"):
            if key not in record:
                raise ValueError(f"{where}: missing {key!r}")
        if record["kind"] not in KINDS:
            raise ValueError(f"{where}: kind {record['kind']!r} is not one of {', '.join(KINDS)}")
        if record["split"] not in ("dev", "test"):
            raise ValueError(f"{where}: split must be dev or test")
        if record["kind"] not in ("missing", "unanswerable") and not record["answers"]:
            raise ValueError(f"{where}: no answers")
    return records

