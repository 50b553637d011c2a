"""Generic acronyms and what they stand for (lexicon/acronyms.yaml): a text that says one is given the other too, so
a question's "chief executive" meets a release's "CEO" in keyword retrieval and in the reader's word overlap."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml

LEXICON = Path(__file__).with_name("lexicon") / "acronyms.yaml"


@lru_cache(maxsize=1)
def _acronyms() -> dict[str, str]:
    return {str(k).lower(): str(v).lower() for k, v in yaml.safe_load(LEXICON.read_text(encoding="utf-8")).items()}


@lru_cache(maxsize=1)
def _stems() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each acronym with the words a text must say for it: the full phrase less its last word when that leaves two
    ("chief executive" stands for the CEO as "chief executive officer" does)."""
    out = []
    for short, full in _acronyms().items():
        words = tuple(full.split())
        out.append((short, words[:-1] if len(words) > 2 and words[-1] == "officer" else words))
    return tuple(out)


@lru_cache(maxsize=65536)  # the reader compares every sentence it reads, again for each question
def expanded(text: str) -> str:
    """`text` followed by the expansion of each acronym it says and the acronym of each expansion it spells out;
    `text` itself when it says neither."""
    spaced = "".join(ch if ch.isalnum() or ch == "&" else " " for ch in text.lower())
    lowered = f" {' '.join(spaced.split())} "
    extra = []
    for short, words in _stems():
        if f" {short} " in lowered or f" {short}s " in lowered:
            extra.append(_acronyms()[short])
        elif f" {' '.join(words)} " in lowered or f" {' '.join(words)}s " in lowered:
            extra.append(short)
    return f"{text} {' '.join(extra)}" if extra else text
