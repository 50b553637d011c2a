"""The built-in reader's answer to a content question (no LLM): a short answer when it is sure, then the best
evidence sentence(s), the answer-bearing span in **bold**, each sentence with its [n] marker."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from app.qa import confidence
from app.qa.answer_types import expected_type
from app.qa.extractive_reader import Candidate, ContextItem, Encode, candidates, choose, score_candidates
from app.qa.short_answer import ShortAnswer, propose, typed_spans

# The best RERANK_TOP sentences are tagged; one holding a span of the type the question asks for (a date for
# "when", a percentage for "what share", a person for "who") that the question does not already name gains
# WEIGHT_TYPE_FIT (the sentence scores are ~0.3-0.9), so it leads over a sentence that only repeats the question.
RERANK_TOP = 8
WEIGHT_TYPE_FIT = 0.12


@dataclass(slots=True)
class Reading:
    text: str  # Markdown with [n] markers of the context items
    short_answer: str | None  # shown: confidence passed confidence.SHOW_THRESHOLD
    candidate: ShortAnswer | None  # the best candidate, shown or not (for evaluation and calibration)


def bold(text: str, start: int, end: int) -> str:
    span = text[start:end].strip()
    if not span or "**" in text:
        return text
    return f"{text[:start]}**{span}**{text[end:]}"


def _line(c: Candidate, found: ShortAnswer | None, highlight: bool) -> str:
    text = c.text.rstrip()
    if highlight and found is not None and found.span is not None and found.source is c:
        text = bold(text, found.span.start, found.span.end)
    return f"{text} [{c.item.marker}]"


def rerank_by_type(question: str, ranked: list[Candidate], tagger: str) -> list[Candidate]:
    """`ranked` with the sentences that hold an answer of the asked type moved up (their score raised)."""
    kind = expected_type(question)
    if kind in ("yesno", "choice") or not ranked:
        return ranked
    top = [c for c in ranked[:RERANK_TOP] if c.item.kind != "table"]
    for c, spans in zip(top, typed_spans(kind, question, [c.text for c in top], tagger), strict=True):
        if spans:
            c.score += WEIGHT_TYPE_FIT
    return sorted(ranked, key=lambda c: -c.score)


def read(
    question: str,
    items: Sequence[ContextItem],
    encode: Encode | None,
    question_vector: np.ndarray | None = None,
    tagger: str = "spacy",
) -> Reading:
    cands = candidates(items)
    if not cands:
        return Reading("", None, None)
    cands = score_candidates(question, cands, encode, len(items), question_vector)
    ranked = rerank_by_type(question, sorted(cands, key=lambda c: -c.score), tagger)
    chosen = choose(ranked)
    found = propose(question, ranked, tagger)
    show = found is not None and found.confidence >= confidence.SHOW_THRESHOLD
    highlight = found is not None and found.confidence >= confidence.HIGHLIGHT_THRESHOLD
    if found is not None and found.source not in chosen:
        # The sentence the best candidate stands in is evidence the user should see, shown as an answer or not.
        chosen = sorted([*chosen, found.source], key=lambda c: c.position)
    sentences = " ".join(_line(c, found, highlight) for c in chosen)
    if show:
        assert found is not None
        return Reading(f"**{found.text}** [{found.source.item.marker}]\n\n{sentences}", found.text, found)
    return Reading(sentences, None, found)

