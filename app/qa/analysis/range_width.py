"""A range's width asked: "How wide is the storage temperature range?", "the supply voltage window (maximum minus
minimum)" — its upper limit less its lower (app.qa.tables.bounds reads it from a row's Min and Max columns). The words
are lexicon/operations.yaml's."""

from __future__ import annotations

from functools import cache

from app.qa.analysis.operation import lexicon
from app.qa.analysis.phrases import WORD, Phrases


def range_width_asked(question: str) -> bool:
    """ "How wide is the storage temperature range?", "… (maximum minus minimum)": a range's width is asked."""
    widths, sizes, nouns = _range_words()
    if widths.said(question):
        return True
    return bool(set(WORD.findall(question.lower())) & nouns) and sizes.said(question)


@cache
def range_width_words() -> frozenset[str]:
    """Every word the lexicon asks a range's width with ("how", "wide", "range", "minus" …)."""
    words = lexicon()
    return frozenset(w for key in ("range_widths", "range_sizes", "range_nouns") for p in words[key] for w in p.split())


@cache
def _range_words() -> tuple[Phrases, Phrases, frozenset[str]]:
    words = lexicon()
    return Phrases.of(sorted(words["range_widths"])), Phrases.of(sorted(words["range_sizes"])), words["range_nouns"]
