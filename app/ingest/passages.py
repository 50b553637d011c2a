"""Split a page's text lines into passages: sentence-aware, reading order kept, each with a bbox.

A pure function over words with boxes (no PDF library here) so it can be unit-tested with
hand-made lines. The caller (``pdf.py``) builds the lines in the PDF's content-stream order,
which for real documents is the reading order per column.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from app.ingest.model import BBox


@dataclass(slots=True)
class Word:
    text: str
    bbox: BBox


@dataclass(slots=True)
class Line:
    words: list[Word]
    # True where the line starts a new block (paragraph / column / region): passages prefer to end there.
    new_block: bool = False

    @property
    def bbox(self) -> BBox:
        return union_bbox(w.bbox for w in self.words)

    @property
    def text(self) -> str:
        return " ".join(w.text for w in self.words)


@dataclass(slots=True)
class Passage:
    text: str
    bbox: BBox
    word_count: int = 0


@dataclass(slots=True)
class _Sentence:
    words: list[Word] = field(default_factory=list)
    starts_block: bool = False


def union_bbox(boxes: object) -> BBox:
    x0 = top = float("inf")
    x1 = bottom = float("-inf")
    for b in boxes:  # type: ignore[attr-defined]
        x0, top = min(x0, b[0]), min(top, b[1])
        x1, bottom = max(x1, b[2]), max(bottom, b[3])
    if x0 == float("inf"):
        return (0.0, 0.0, 0.0, 0.0)
    return (x0, top, x1, bottom)


# Words ending in a period that rarely end a sentence; checked lower-cased without the final dot.
_ABBREVIATIONS = frozenset(
    "e.g i.e etc al fig figs eq eqs no nos vol vols pp p ch sec art dr mr mrs ms prof st vs cf approx "
    "jan feb mar apr jun jul aug sep sept oct nov dec inc ltd co corp u.s u.k ref refs tab resp".split()
)
_SENTENCE_END = re.compile(r"[.!?][\"'”’)\]]*$")


def _ends_sentence(word: str, next_word: str | None) -> bool:
    if not _SENTENCE_END.search(word):
        return False
    core = word.rstrip("\"'”’)]").rstrip(".!?").lower()
    if word.rstrip("\"'”’)]").endswith(".") and (core in _ABBREVIATIONS or re.fullmatch(r"[a-z]", core)):
        # "Fig." or an initial "J." is not the end of a sentence.
        return False
    if next_word is None:
        return True
    # A sentence starts with an upper-case letter, a digit, a quote or a bracket; "3.5 mm" or
    # "p. 12" are not sentence ends because the decimal point has no following space.
    first = next_word[0]
    return first.isupper() or first.isdigit() or first in "\"'“‘([•-–"


def _sentences(lines: Sequence[Line]) -> list[_Sentence]:
    words: list[tuple[Word, bool]] = []  # (word, starts a block)
    for line in lines:
        for i, w in enumerate(line.words):
            if w.text.strip():
                words.append((w, line.new_block and i == 0))
    sentences: list[_Sentence] = []
    current = _Sentence()
    for i, (word, starts_block) in enumerate(words):
        if starts_block and current.words:
            sentences.append(current)
            current = _Sentence()
        if not current.words:
            current.starts_block = starts_block or not sentences
        current.words.append(word)
        nxt = words[i + 1][0].text if i + 1 < len(words) else None
        if _ends_sentence(word.text, nxt):
            sentences.append(current)
            current = _Sentence()
    if current.words:
        sentences.append(current)
    return sentences


def _split_long(words: list[Word], max_words: int) -> list[list[Word]]:
    """Cut a run longer than max_words into near-equal chunks, preferring cuts after , ; :"""
    if len(words) <= max_words:
        return [words]
    n_chunks = -(-len(words) // max_words)
    target = len(words) / n_chunks
    chunks: list[list[Word]] = []
    start = 0
    while len(words) - start > max_words:
        ideal = start + round(target)
        cut = ideal
        # Look for a clause boundary within a few words of the ideal cut, never exceeding max_words.
        for delta in range(0, max(3, round(target) // 4)):
            for cand in (ideal - delta, ideal + delta):
                if start < cand <= start + max_words and words[cand - 1].text[-1:] in ",;:":
                    cut = cand
                    break
            else:
                continue
            break
        cut = min(max(cut, start + 1), start + max_words)
        chunks.append(words[start:cut])
        start = cut
    chunks.append(words[start:])
    return chunks


def _passage(words: list[Word]) -> Passage:
    text = " ".join(w.text for w in words)
    return Passage(text=text, bbox=union_bbox(w.bbox for w in words), word_count=len(words))


def split_passages(lines: Sequence[Line], *, min_words: int = 10, max_words: int = 80) -> list[Passage]:
    """Group lines into passages of about min_words..max_words words, ending at sentence ends.

    - sentences never straddle a block boundary; a passage ends at a block boundary once it
      has min_words words (so headings and tiny fragments are merged into the following text);
    - a sentence longer than max_words is cut into near-equal chunks;
    - a short trailing fragment is merged into the previous passage when that stays <= max_words.
    """
    if max_words < 1 or min_words > max_words:
        raise ValueError("need 1 <= min_words <= max_words")
    groups: list[list[Word]] = []
    current: list[Word] = []
    for sentence in _sentences(lines):
        for k, piece in enumerate(_split_long(sentence.words, max_words)):
            boundary = sentence.starts_block and k == 0
            if current and (
                len(current) + len(piece) > max_words or (boundary and len(current) >= min_words)
            ):
                if len(current) < min_words and len(current) + len(piece) <= max_words + min_words:
                    # Too small to stand alone: rebalance rather than emit a fragment.
                    merged = current + piece
                    halves = _split_long(merged, max_words)
                    groups.extend(halves[:-1])
                    current = halves[-1]
                    continue
                groups.append(current)
                current = []
            current = current + piece
    if current:
        if groups and len(current) < min_words and len(groups[-1]) + len(current) <= max_words:
            groups[-1] = groups[-1] + current
        else:
            groups.append(current)
    return [_passage(g) for g in groups]
