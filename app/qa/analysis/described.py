"""A document named by what it is: "the dense passage retrieval paper", "the MS430 datasheet's timing table", "the
IRS education credit instructions". The words before a kind noun (lexicon/documents.yaml) describe one document;
app.qa.profiles finds which, by what each document says of itself."""

from __future__ import annotations

import re

from app.qa.analysis.listing import lexicon

_WORD = re.compile(r"[\w’'-]+")
# A description runs back from its kind noun to "the", a possessive or the start of a clause.
_OPENERS = frozenset({"the", "this", "that", "its", "their"})
MAX_DESCRIPTION_WORDS = 6


def descriptions(question: str) -> list[tuple[str, ...]]:
    """The describing words of each "the <words> <kind noun>" in the question, in order ("the tracing JIT paper"
    → ("tracing", "jit")); possessives lose their "'s" ("the Comptroller's report" → ("comptroller",))."""
    words = lexicon()
    tokens = [m.group(0) for m in _WORD.finditer(question)]
    found: list[tuple[str, ...]] = []
    for i, token in enumerate(tokens):
        if re.sub(r"['’]s$", "", token).lower() not in words["kind_nouns"]:
            continue
        described: list[str] = []
        for back in range(i - 1, max(-1, i - 1 - MAX_DESCRIPTION_WORDS), -1):
            word = re.sub(r"['’]s$", "", tokens[back]).lower()
            if word in _OPENERS:
                break
            described.insert(0, word)
        else:
            continue  # no "the" before it: "a paper", "which report"
        kept = tuple(w for w in described if w not in words["generic_words"] and w not in words["kind_nouns"])
        if any(sum(c.isalpha() for c in w) >= 2 for w in kept):  # "the 911 proposal", "the 2019 report": no name
            found.append(kept)
    return found
