"""Proper-noun spans ("American Psychological Association", "Lothair II of Lotharingia") for `entity` edges.

RESEARCH.md: passages of different documents sharing a *rare* named span connect MuSiQue's hops where titles do
not. No NER model is needed: a run of capitalised words (with "of", "the", "de"... inside it) is a good enough
proxy, and the fan-out cap drops the spans that are too common to mean anything.
"""

from __future__ import annotations

import re

from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

# Words allowed inside (never at either end of) a span: "Bank of America", "Leonardo da Vinci", "Procter & Gamble".
CONNECTORS = frozenset("of the de da del della der des di du la le van von y & for on upon al bin ibn".split())
# Python's `re` has no \p{Lu}, and a class of every upper-case code point makes the regex 15× slower: ASCII, Latin-1,
# Latin Extended-A ("Łódź", "Šibenik"), Greek and Cyrillic capitals cover names in practice.
_UPPER = "A-Z\u00c0-\u00d6\u00d8-\u00de\u0386-\u03ab\u0400-\u042f" + "".join(
    chr(c) for c in range(0x100, 0x180) if chr(c).isupper()
)
_WORD = rf"(?:(?:[{_UPPER}]\.)+|[{_UPPER}][\w'’-]*)"  # "J." "U.S." initials, or a capitalised word
_CONNECTOR = "|".join(re.escape(c) for c in sorted(CONNECTORS, key=len, reverse=True))
# Words separated by whitespace only, so a span never crosses punctuation ("Paris. The ...", "Hugh, King of Italy").
_SPAN = re.compile(rf"(?<![\w'’.-]){_WORD}(?:\s+(?:(?:{_CONNECTOR})\s+)*{_WORD})*")


def extract_entities(text: str, min_words: int = 2) -> list[str]:
    """Lower-cased spans of at least `min_words` capitalised words, unique, in order of first appearance.

    Sentence-initial function words ("The", "In", "His") are dropped from a span's start.
    """
    spans: list[str] = []
    seen: set[str] = set()
    for match in _SPAN.finditer(text):
        words = match.group().split()
        start = 0
        while start < len(words) and (words[start].lower() in ENGLISH_STOP_WORDS or words[start] in CONNECTORS):
            start += 1
        words = words[start:]
        if sum(1 for w in words if w[0].isupper()) < min_words:
            continue
        key = " ".join(w.lower().rstrip(".") for w in words)
        if key not in seen:
            seen.add(key)
            spans.append(key)
    return spans
