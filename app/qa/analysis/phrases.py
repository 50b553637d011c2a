"""Whole-word phrase lists read from a YAML lexicon, matched against a text's words: where a lexicon's word lists
replace alternations of compiled patterns ("\\b(more|most|larger|…)\\b")."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
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
        return next(self._spans(text), None)

    def every(self, text: str) -> list[tuple[int, int]]:
        """Where each phrase said in `text` starts and ends, left to right, none inside another."""
        return list(self._spans(text))

    def _spans(self, text: str) -> Iterator[tuple[int, int]]:
        low = text.lower()
        words = list(WORD.finditer(low))
        i = 0
        while i < len(words):
            n = self._said_at(low, words[i : i + self.longest])
            if n:
                yield words[i].start(), words[i + n - 1].end()
            i += n or 1

    def _said_at(self, low: str, words: list[re.Match[str]]) -> int:
        """How many of `words` the shortest phrase that opens them has; 0 when none does."""
        for n in range(1, len(words) + 1):
            if n > 1 and low[words[n - 2].end() : words[n - 1].start()] != " ":
                return 0  # the words of a phrase are set one space apart
            if tuple(w.group(0) for w in words[:n]) in self.phrases:
                return n
        return 0

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


def opening_words(text: str, n: int) -> list[tuple[str, str]]:
    """The first `n` words of `text`, lower-cased, each with what stands before it (after the word before): how a
    question opens ("In which year" → [("", "in"), (" ", "which"), (" ", "year")])."""
    words = list(islice(WORD.finditer(text), n))
    ends = [0, *(w.end() for w in words)]
    return [(text[ends[i] : w.start()], w.group(0).lower()) for i, w in enumerate(words)]


def possessive(text: str) -> tuple[str, str] | None:
    """ "Ohio's enrolment" → ("Ohio", " enrolment"): what stands before the first "'s" that ends a word, and what
    follows it; None without one."""
    for at in range(1, len(text) - 1):
        if text[at] in "'’" and text[at + 1] == "s" and not WORD.match(text, at + 2):
            return text[:at], text[at + 2 :]
    return None


def words_after(text: str, phrases: Phrases, most: int, word: Callable[[str], bool]) -> list[str] | None:
    """Up to `most` words (runs of characters `word` accepts, set apart by white space) after the first of `phrases`
    that white space and a word follow ("how many" → ["domestic", "passengers", "did"]); None when none does."""
    for _, end in phrases.every(text):
        said: list[str] = []
        at = end
        while len(said) < most:
            start = len(text) - len(text[at:].lstrip())
            stop = next((i for i in range(start, len(text)) if not word(text[i])), len(text))
            if start == at or stop == start:
                break
            said.append(text[start:stop])
            at = stop
        if said:
            return said
    return None


def measure_said(measure: str, theirs: str, stand_ins: frozenset[str]) -> str:
    """ "junction-to-case value" set against the first thing's measure "junction-to-ambient thermal impedance":
    "junction-to-case thermal impedance" (a stand-in noun, "value", takes the words the measure was named with after
    as many modifiers as the stand-in has)."""
    words, owned = theirs.split(), measure.split()
    modifiers = len(words) - 1
    if len(words) < 2 or words[-1].lower() not in stand_ins or len(owned) <= modifiers:
        return theirs
    return " ".join([*words[:-1], *owned[modifiers:]])
