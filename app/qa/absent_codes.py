"""Product and model codes a question names that no document says while another model of the same series is there
("the MQ-2 smoke sensor" over a folder holding the MQ-3's data sheet; "the SERVO57D manual" beside the SERVO42C's):
another model's document does not answer for this one. A code is a word that opens with a letter and holds a figure
and a capital ("MQ-2", "RT1062"; "10-K" is none: it opens with a figure); it is said when some unit, file name or
title holds it, its separators aside ("MQ2", "MQ 2", "I²C") or with a suffix; its series is its letters before the
first figure."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable

from app.qa.index import CollectionIndex

MIN_CODE_CHARS = 3  # "Q4", "S1", "A3": periods, supplements and cells, no product's code
MIN_SERIES_CHARS = 2  # "MQ" of "MQ-2": a series of one letter ("I" of "I2C") is no series
PERIOD_OPENERS = ("fy", "cy", "q", "h")  # "FY2024", "Q4", "H1": a period, said in many ways ("fourth quarter")
QUOTES_AND_MARKS = ".,;:!?()[]\"'“”‘’"


def _bare(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKC", word).lower() if c.isalnum())


def _series(code: str) -> str:
    """ "mq" of "mq2", "servo" of "servo57d": the letters before the first figure."""
    k = 0
    while k < len(code) and code[k].isalpha():
        k += 1
    return code[:k]


def _as_written(word: str) -> str:
    """The word without the marks around it and a possessive: "MQ-2's" → "MQ-2"."""
    return word.strip(QUOTES_AND_MARKS).removesuffix("'s").removesuffix("’s")


def _code(word: str) -> str | None:
    """The code `word` is, separators aside ("MQ-2" → "mq2"), or None."""
    word = _as_written(word)
    bare = _bare(word)
    if len(bare) < MIN_CODE_CHARS or not word[:1].isalpha() or not any(c.isdigit() for c in word):
        return None
    if not any(c.isupper() for c in word):
        return None  # "x16", "v2": a setting or a version said in passing, no product's name
    if any(bare.startswith(p) and bare[len(p) :].isdigit() for p in PERIOD_OPENERS):
        return None
    return bare


def _codes_in(texts: Iterable[str]) -> frozenset[str]:
    """Every word of the texts holding a figure, alone and joined to the words either side ("SERVO 57D", "I2 C")."""
    found: set[str] = set()
    for text in texts:
        words = text.split()
        for k, word in enumerate(words):
            if any(c.isdigit() for c in unicodedata.normalize("NFKC", word)):
                bare = _bare(word)
                found.add(bare)
                if k > 0:
                    found.add(_bare(words[k - 1]) + bare)
                if k + 1 < len(words):
                    found.add(bare + _bare(words[k + 1]))
    return frozenset(found)


def collection_codes(index: CollectionIndex) -> frozenset[str]:
    """The codes the collection's units say, read once per index version (kept on the index, as its BM25 is)."""
    with index.lock:
        if index.codes is None:
            index.codes = _codes_in(index.texts)
        return index.codes


def absent_codes(index: CollectionIndex, question: str, known: Callable[[], str]) -> list[str]:
    """The codes the question names (as written) that no unit, file name or title of the collection says, where one
    of them says another code of the same series."""
    asked = [(word, code) for word in question.split() if (code := _code(word)) is not None]
    asked = [(word, code) for word, code in asked if len(_series(code)) >= MIN_SERIES_CHARS]
    if not asked:
        return []
    said = collection_codes(index) | _codes_in([known()])
    absent = []
    for word, code in asked:
        series = _series(code)
        siblings = any(c != code and c.startswith(series) and c[len(series) : len(series) + 1].isdigit() for c in said)
        # "Qwen3.5-0.8B" of a table's "Qwen3.5-0.8B-Q8": a code said with a suffix is said (not "MQ-25" for "MQ-2")
        extended = any(c.startswith(code) and not c[len(code) : len(code) + 1].isdigit() for c in said)
        if not extended and siblings:
            absent.append(_as_written(word))
    return absent
