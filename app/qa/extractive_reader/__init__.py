"""The built-in reader: a cited answer without any LLM.

Extractive: the sentence(s) of the retrieved context that best answer the question, scored by embedding
similarity to the question, word overlap with it, and whether they hold a span of the type the question asks for
(a year for "when", a number for "how many", a new name for "who"). Each chosen sentence carries the marker of the
context item it came from.
"""

from __future__ import annotations

from app.qa.extractive_reader.items import STOP, Candidate, ContextItem, Encode
from app.qa.extractive_reader.pieces import sentence_pieces, table_rows
from app.qa.extractive_reader.scoring import (
    answer_type_bonus,
    candidates,
    central_sentences,
    choose,
    extractive_answer,
    rarity,
    score_candidates,
    spread,
)
from app.qa.extractive_reader.words import NAME, says_new, section_number, stemmed, words

__all__ = [
    "Candidate", "ContextItem", "Encode", "NAME", "STOP", "answer_type_bonus", "candidates",
    "central_sentences", "choose", "extractive_answer", "rarity", "says_new", "score_candidates", "section_number",
    "sentence_pieces", "spread", "stemmed", "table_rows", "words",
]
