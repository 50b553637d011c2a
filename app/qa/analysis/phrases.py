"""Whole-word phrase lists read from a YAML lexicon, matched against a text's words: where a lexicon's word lists
replace alternations of compiled patterns ("\\b(more|most|larger|…)\\b")."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from itertools import islice
from pathlib import Path

import yaml

LEXICON = Path(__file__).with_name("lexicon")
# The tokenisers the answer layer shares: word characters (as a pattern's \\b bounds them), lower-case letters and
# digits, and runs of anything but white space.
WORD = re.compile(r"\w+")
ALNUM = re.compile(r"[a-z0-9]+")
SPACED = re.compile(r"\S+")
WH = ("what", "which", "in what", "in which")


@dataclass(frozen=True, slots=True)
class Phrases:
    """Phrases as tuples of lower-cased words, matched on word boundaries with one space between their words."""

    phrases: frozenset[tuple[str, ...]]
    longest: int

    @classmethod
    def of(cls, entries: list[str]) -> Phrases:
        expanded = [e.replace("{wh}", wh) for e in entries for wh in (WH if "{wh}" in e else ("",))]
        phrases = frozenset(tuple(str(e).lower().split()) for e in expanded)
        return cls(phrases, max((len(p) for p in phrases), default=0))

    def first(self, text: str) -> int | None:
        """The character offset of the first phrase said in `text`, None when none is."""
        found = self.find(text)
        return found[0] if found else None

    def find(self, text: str) -> tuple[int, int] | None:
        """Where the first phrase said in `text` starts and ends, None when none is."""
        low = text.lower()
        words = list(WORD.finditer(low))
        for i, start in enumerate(words):
            for n in range(1, self.longest + 1):
                span = words[i : i + n]
                if len(span) < n:
                    break
                if any(low[a.end() : b.start()] != " " for a, b in zip(span, span[1:], strict=False)):
                    break  # the words of a phrase are set one space apart
                if tuple(w.group(0) for w in span) in self.phrases:
                    return start.start(), span[-1].end()
        return None

    def opens(self, text: str) -> bool:
        """`text` begins with one of the phrases."""
        return self.first(text) == 0

    def said(self, text: str) -> bool:
        return self.first(text) is not None

    def lead(self, text: str) -> int:
        """The length of the phrase `text` opens with (its words apart by any white space) and of the white space
        after it; 0 when it opens with none, or with one that nothing follows."""
        said = list(islice(SPACED.finditer(text), self.longest + 1))
        if not said or said[0].start() > 0:
            return 0
        for n in range(min(self.longest, len(said)), 0, -1):
            end = said[n - 1].end()
            if tuple(m.group(0).lower() for m in said[:n]) in self.phrases and text[end : end + 1].isspace():
                return said[n].start() if n < len(said) else len(text)
        return 0

    def whole(self, text: str) -> bool:
        """`text` is one of the phrases, nothing around it."""
        return tuple(text.lower().split()) in self.phrases


@cache
def lexicon(name: str) -> dict[str, Phrases]:
    data = yaml.safe_load((LEXICON / f"{name}.yaml").read_text(encoding="utf-8"))
    return {key: Phrases.of([str(w) for w in words]) for key, words in data.items()}


@cache
def word_lists(name: str) -> dict[str, tuple[str, ...]]:
    """The lexicon's lists as they are written (lower-cased), for lookups that are not phrases."""
    data = yaml.safe_load((LEXICON / f"{name}.yaml").read_text(encoding="utf-8"))
    return {key: tuple(str(w).lower() for w in words) for key, words in data.items()}


# "the", "a", "an": what a name or a label may open with and be the same without.
ARTICLES = Phrases.of(["the", "a", "an"])
