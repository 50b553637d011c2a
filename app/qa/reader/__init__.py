"""The built-in reader's answer to a content question (no LLM): a short answer when it is sure, then the best
evidence sentence(s), the answer-bearing span in **bold**, each sentence with its [n] marker."""

from __future__ import annotations

from app.qa.reader.headings import heading_like, not_headings_alone
from app.qa.reader.ranking import _after_predecessors, completion, continuations, learned_rank, rerank_by_type
from app.qa.reader.reading import bm25_words, read
from app.qa.reader.shown import _line, bold, lead_span, near_question, row_cell

__all__ = [
    "_after_predecessors", "_line", "bm25_words", "bold", "completion", "continuations", "heading_like",
    "lead_span", "learned_rank", "near_question", "not_headings_alone", "read", "rerank_by_type", "row_cell",
]
