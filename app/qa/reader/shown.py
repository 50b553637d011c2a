"""How a shown sentence reads: the short answer in bold, the spans kept, a table row's cell."""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.qa import confidence
from app.qa.answer_types import expected_type
from app.qa.excerpt import MAX_EXCERPT_CHARS, densest, excerpt
from app.qa.extractive_reader.items import STOP, Candidate
from app.qa.extractive_reader.words import words
from app.qa.short_answer import ShortAnswer, typed_spans
from app.qa.spans import Span
from app.settings import get_settings

OPENERS = "([{\"'“‘"


CLOSERS = ",.;:!?)]}\"'”’"


def bold(text: str, start: int, end: int) -> str:
    """`text` with [start, end) in bold, widened to whole tokens: a tagger's span that starts or ends inside a
    token ("C • sea" of "45°C • sea water") must not split the value the reader is after ("45°**C")."""
    if "**" in text or not text[start:end].strip():
        return text
    while start > 0 and not text[start - 1].isspace() and text[start - 1] not in OPENERS:
        start -= 1
    while end < len(text) and not text[end].isspace():
        if text[end] in CLOSERS and (end + 1 == len(text) or text[end + 1].isspace() or text[end + 1] in CLOSERS):
            break
        end += 1
    span = text[start:end].strip()
    return f"{text[:start]}**{span}**{text[end:]}"


def _line(
    c: Candidate, mark: Span | None, q_words: set[str], keep: Span | None = None, limit: int = MAX_EXCERPT_CHARS
) -> str:
    """The sentence as shown: cut to an excerpt of `limit` characters around `mark` (its answer span) or else its
    densest stretch of question words (widened to `keep`, a span of the asked type, when both fit), `mark` in bold,
    its [n] marker after it."""
    text = c.text.rstrip()
    if mark is not None:
        text, shift = excerpt(text, mark.start, mark.end, limit)
        text = bold(text, mark.start - shift, mark.end - shift)
    else:
        start, end = densest(text, q_words, limit)
        if keep is not None and not (start <= keep.start and keep.end <= end):
            wide = (min(start, keep.start), max(end, keep.end))
            start, end = wide if wide[1] - wide[0] <= limit else (keep.start, keep.end)
        text, _ = excerpt(text, start, end, limit)
    return f"{text} [{c.item.marker}]"


def kept_spans(question: str, shown: Sequence[Candidate], q_words: set[str], tagger: str) -> list[Span | None]:
    """For each shown sentence too long to show whole, the span of the asked type its excerpt must keep (nearest
    the sentence's question words), so that an excerpt cut around the question's words does not stop just before
    the value ("... at an ambient temperature" without "of 25 °C")."""
    kind = expected_type(question)
    long = [i for i, c in enumerate(shown) if len(c.text.rstrip()) > MAX_EXCERPT_CHARS]
    out: list[Span | None] = [None] * len(shown)
    if kind in ("yesno", "choice") or not long:
        return out
    found = typed_spans(kind, question, [shown[i].text.rstrip() for i in long], tagger)
    for i, spans in zip(long, found, strict=True):
        if spans:
            lo, hi = densest(shown[i].text.rstrip(), q_words)
            out[i] = min(spans, key=lambda s: 0 if lo <= s.start < hi else min(abs(s.start - lo), abs(s.end - hi)))
    return out


def lead_span(question: str, lead: Candidate, found: ShortAnswer | None, tagger: str) -> Span | None:
    """The span to set in bold in the leading sentence: the best candidate when it stands there, else the lead's
    first span of the asked type. A span of a lower sentence is not marked: the lead is what the evidence ranks
    best, and bold text elsewhere would point the reader away from it ("On **November 7, 2018** ..." under a lead
    that says comments are due "by September 21, 2020")."""
    if lead.item.kind == "table" and (found is None or found.source is not lead):
        return row_cell(question, lead.text)
    if found is None or found.confidence < confidence.HIGHLIGHT_THRESHOLD:
        return None
    if found.source is lead:
        # A choice ("above or below one?") has no span to set in bold.
        return found.span if found.span is not None and near_question(question, lead.text, found.span) else None
    kind = expected_type(question)
    if kind in ("yesno", "choice"):
        return None
    spans = typed_spans(kind, question, [lead.text], tagger)[0]
    return next((sp for sp in spans if near_question(question, lead.text, sp)), None)


# "the whole group", "domestic and international together": a total asked for in other words.
TOTAL_WORDS = frozenset(w[:5] for w in "whole together combined overall altogether total totals all".split())


_PAIR = re.compile(r"(?:^|;\s)(?P<header>[^:;]+):\s(?P<value>[^;]+)")


def row_cell(question: str, row: str) -> Span | None:
    """The value of a table row ("header: value; …", extractive_reader.table_rows) under the one header that shares
    most words with the question, for the bold; None when no header shares a word or two share as many. Any number
    of a row stands "near" some question word, so `near_question` would set a wrong cell in bold."""
    asked = {w[:5] for w in words(question)}
    if asked & TOTAL_WORDS:
        asked |= {"total", "ttl"}
    scored = []
    for k, m in enumerate(_PAIR.finditer(row)):
        if k == 0 or not re.search(r"\d", m.group("value")):
            continue  # the first pair is the row's label
        header = {w[:5] for w in words(m.group("header"))}
        scored.append((len(asked & header), m))
    scored.sort(key=lambda x: -x[0])
    if not scored or scored[0][0] == 0 or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return None
    m = scored[0][1]
    return Span(m.group("value").strip(), "number", m.start("value"), m.start("value") + len(m.group("value").strip()),
                strict=False)  # fmt: skip


# A span set in bold reads as the answer. It must stand next to what the question asks about: at most
# max_bold_distance (settings: answer.content) words from a word of the question. "barometric pressure = 0,1 MPa •
# relative humidity = **60%**" had answered a question about the reference pressure, and "(2) Will not affect
# intrastate aviation in **Alaska**" one about an executive order.


# Words of a question that tell nothing about where its answer stands ("judged **not** to be …").
NOT_TELLING = frozenset("not no also any all more most other such only same than then there these those".split())


_TOKEN = re.compile(r"[A-Za-z0-9]+(?:[.,'’][A-Za-z0-9]+)*")


def near_question(question: str, text: str, span: Span) -> bool:
    """Some word of the question stands within max_bold_distance words of `span` in `text` (outside the span)."""
    distance = get_settings().answer.content.max_bold_distance
    asked = {w[:5] for w in words(question) - NOT_TELLING}
    tokens = [(m.start(), m.end(), m.group(0).lower()) for m in _TOKEN.finditer(text)]
    inside = [i for i, (a, b, _) in enumerate(tokens) if a < span.end and b > span.start]
    if not inside:
        return False
    lo, hi = inside[0], inside[-1]
    near = tokens[max(lo - distance, 0) : lo] + tokens[hi + 1 : hi + 1 + distance]
    return any(t[:5] in asked for _, _, t in near if len(t) > 1 and t not in STOP)
