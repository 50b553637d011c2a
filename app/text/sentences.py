"""The one sentence splitter: where a sentence ends, decided word by word.

Ingestion (app.ingest.passages) asks it for every word with a box, the built-in reader and the evaluation split
plain text with it, so a passage boundary, a reader's sentence and an evaluation chunk agree on what a sentence is.
"""

from __future__ import annotations

import re

# Words ending in a period that rarely end a sentence; checked lower-cased without the final dot.
ABBREVIATIONS = frozenset(
    "e.g i.e etc al fig figs eq eqs no nos vol vols pp p ch sec art dr mr mrs ms prof st vs cf approx "
    "jan feb mar apr jun jul aug sep sept oct nov dec inc ltd co corp u.s u.k ref refs tab resp jr sr p.o".split()
)
_END = re.compile(r"[.!?][\"'”’)\]]*$")
_CLOSERS = "\"'”’)]"
_OPENERS = "\"'“‘(["
_SINGLE_LETTER = re.compile(r"[a-z]")


def ends_sentence(word: str, next_word: str | None) -> bool:
    """Whether `word` ends a sentence, given the word after it (None at the end of the text)."""
    if not _END.search(word):
        return False
    bare = word.rstrip(_CLOSERS)
    core = bare.lstrip(_OPENERS).rstrip(".!?").lower()  # "(e.g." is an abbreviation too
    if bare.endswith(".") and (core in ABBREVIATIONS or _SINGLE_LETTER.fullmatch(core)):
        # "Fig." or an initial "J." is not the end of a sentence.
        return False
    if next_word is None:
        return True
    # A sentence starts with an upper-case letter, a digit, a quote or a bracket; "3.5 mm" or
    # "p. 12" are not sentence ends because the decimal point has no following space.
    first = next_word[0]
    return first.isupper() or first.isdigit() or first in "\"'“‘([•-–"


def split_sentences(text: str) -> list[str]:
    """The sentences of `text`, each with its white space folded to single spaces; nothing is dropped."""
    words = text.split()
    out: list[str] = []
    start = 0
    for i, word in enumerate(words):
        if ends_sentence(word, words[i + 1] if i + 1 < len(words) else None):
            out.append(" ".join(words[start : i + 1]))
            start = i + 1
    if start < len(words):
        out.append(" ".join(words[start:]))
    return out
