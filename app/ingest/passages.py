"""Split a page's text lines into passages: sentence-aware, reading order kept, each with a bbox.

Pure functions over words with boxes (no PDF library here) so they can be unit-tested with
hand-made lines. The caller (``pdf.py``) builds the lines in the PDF's content-stream order,
which for real documents is the reading order per column.

- ``split_passages`` never joins lines across a *hard break* (a large vertical gap, a move to
  another column or region, a table in between): a passage's box covers one compact region.
- Running headers, footers and page numbers are kept out of passages by ``margins.py``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from app.ingest.extracted import BBox, ExtractedPassage
from app.text.sentences import ends_sentence, split_sentences


@dataclass(slots=True)
class Word:
    text: str
    bbox: BBox


@dataclass(slots=True)
class Line:
    words: list[Word]
    # True where the line starts a new block (paragraph / column / region): passages prefer to end there.
    new_block: bool = False
    # True where something not in the lines (a table) separates this line from the previous one:
    # a passage never spans it. Geometric breaks (gaps, columns) are found by ``hard_break``.
    hard_break: bool = False

    @property
    def bbox(self) -> BBox:
        return union_bbox([w.bbox for w in self.words])

    @property
    def text(self) -> str:
        return " ".join(w.text for w in self.words)


@dataclass(slots=True)
class SplitPassage:
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
    # Plain comparisons rather than min()/max(): this runs for every line and passage.
    for b in boxes:  # type: ignore[attr-defined]
        if b[0] < x0:
            x0 = b[0]
        if b[1] < top:
            top = b[1]
        if b[2] > x1:
            x1 = b[2]
        if b[3] > bottom:
            bottom = b[3]
    if x0 == float("inf"):
        return (0.0, 0.0, 0.0, 0.0)
    return (x0, top, x1, bottom)


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
        if ends_sentence(word.text, nxt):
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


def _passage(words: list[Word]) -> SplitPassage:
    text = " ".join(w.text for w in words)
    return SplitPassage(text=text, bbox=union_bbox(w.bbox for w in words), word_count=len(words))


def split_passages(lines: Sequence[Line], *, min_words: int = 10, max_words: int = 80) -> list[SplitPassage]:
    """Group lines into passages of about min_words..max_words words, ending at sentence ends.

    - lines are first cut into regions at hard breaks (see ``hard_break``); no passage spans two
      regions, so a short region (a caption, a heading above a figure) stands alone, and a region
      without words of text (axis ticks, figure labels, stray glyphs) gives no passage;
    - within a region, sentences never straddle a block boundary; a passage ends at a block
      boundary once it has min_words words (so headings and tiny fragments are merged into the
      following text);
    - a sentence longer than max_words is cut into near-equal chunks;
    - a short trailing fragment is merged into the previous passage when that stays <= max_words.
    """
    if max_words < 1 or min_words > max_words:
        raise ValueError("need 1 <= min_words <= max_words")
    out: list[SplitPassage] = []
    for region in regions(lines):
        for group in _group(region, min_words, max_words):
            if len(group) < min_words and not _has_text(group):
                continue
            out.append(_passage(group))
    return out


def _group(lines: Sequence[Line], min_words: int, max_words: int) -> list[list[Word]]:
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
    return groups


def _has_text(words: Sequence[Word]) -> bool:
    """At least a few letters: a lone number, "(a)" or a sideways glyph is no passage of its own."""
    return sum(ch.isalpha() for w in words for ch in w.text) >= 4


# --------------------------------------------------------------------------------------------
# Regions: where a passage must end whatever its size
# --------------------------------------------------------------------------------------------

# A vertical gap above this many line heights separates regions (a figure, a table, a page
# area). Paragraph spacing in real documents stays below ~2.3 (double-spaced paragraphs).
HARD_GAP = 2.5


def line_height(line: Line) -> float:
    """The median height of the line's words (robust to a superscript or a tall glyph)."""
    hs = sorted(w.bbox[3] - w.bbox[1] for w in line.words)
    return max(hs[len(hs) // 2], 1.0) if hs else 1.0


def starts_block(prev: BBox, box: BBox) -> bool:
    """Soft boundary: a paragraph gap, a move back up the page, or a side-by-side region."""
    height = max(box[3] - box[1], 1.0)
    gap = box[1] - prev[3]
    overlaps = min(prev[2], box[2]) > max(prev[0], box[0])
    return gap > 0.9 * height or gap < -2 * height or not overlaps


def hard_break(prev: Line, cur: Line) -> bool:
    """True when ``cur`` must not share a passage with ``prev`` (the line before it in reading order).

    - same visual row (the text continues to the right): never a break, the box stays one row high;
    - ``cur`` lies above ``prev``: the reading order moved to another column or region;
    - a vertical gap of more than HARD_GAP line heights (a figure or a table in between);
    - ``cur`` lies below and clearly beside ``prev`` (no horizontal overlap, a gutter between);
    - the caller marked it (``cur.hard_break``: a table between the lines).
    """
    return cur.hard_break or _geometric_break(prev.bbox, cur.bbox, max(line_height(prev), line_height(cur)))


def same_row(a: BBox, b: BBox) -> bool:
    return min(a[3], b[3]) - max(a[1], b[1]) >= 0.5 * min(a[3] - a[1], b[3] - b[1])


def _geometric_break(a: BBox, b: BBox, h: float) -> bool:
    if same_row(a, b):
        return False
    if (b[1] + b[3]) / 2 < a[1]:
        return True
    if b[1] - a[3] > HARD_GAP * h:
        return True
    return max(b[0] - a[2], a[0] - b[2]) > h


def regions(lines: Sequence[Line]) -> list[list[Line]]:
    """Consecutive lines cut at every hard break; the first line of a region starts a block."""
    out: list[list[Line]] = []
    prev_box: BBox | None = None
    prev_h = 0.0
    for line in lines:
        if not any(w.text.strip() for w in line.words):
            continue
        box, h = line.bbox, line_height(line)
        if prev_box is None or line.hard_break or _geometric_break(prev_box, box, max(h, prev_h)):
            out.append([])
        out[-1].append(line)
        prev_box, prev_h = box, h
    return out


MIN_CARRIED_WORDS = 5
COLUMN_TOLERANCE = 12.0  # points: passages starting this close to the leftmost one stand in the first column
# Unfinished text that is no sentence: a caption, a legend or a formula ("Table 3 : Documentation for …",
# "Key FY = Financial Year …", "χ = = < 61.24, 11").
NOT_PROSE = re.compile(r"^(?:tables?|figures?|figs?\.|charts?|graphs?|keys?|notes?|sources?|exhibits?)\b|[:=]", re.I)


def carry_cut_sentence(before: Sequence[ExtractedPassage], after: list[ExtractedPassage], max_words: int = 80) -> None:
    """A sentence the page break cuts ("... after takeoff from Soekarno" | "Hatta International Airport in Jakarta,
    Indonesia, resulting in 189 fatalities.") is made whole in a passage of its own on the next page, cut from the
    passage that goes on with it: the one at the top of the next page's first column (not the first in reading
    order, which in a multi-column page with footnotes can be a footnote). Only its start is copied; the page
    before keeps its text. `after` is renumbered in its order."""
    if not before or not after:
        return
    last = max(before, key=lambda p: p.index_on_page)
    words = last.text.split()
    if not words or ends_sentence(words[-1], None) or words[-1][-1] in ":;":
        return
    tail = split_sentences(last.text)[-1].strip()
    if len(tail.split()) < MIN_CARRIED_WORDS or NOT_PROSE.search(tail):
        return
    body = [p for p in after if not p.margin]  # a running header at the top is not where the sentence goes on
    if not body:
        return
    left = min(p.bbox[0] for p in body)
    first = min((p for p in body if p.bbox[0] - left <= COLUMN_TOLERANCE), key=lambda p: p.bbox[1])
    sentences = split_sentences(first.text)
    if not sentences or not (sentences[0][0].isalnum() or sentences[0][0] in "(\"'“‘"):
        return
    whole = f"{tail} {sentences[0].strip()}"
    if len(whole.split()) > max_words:
        return
    rest = " ".join(sentences[1:])
    at = after.index(first)
    if rest:
        first.text = rest
        after.insert(at, ExtractedPassage(first.index_on_page, whole, first.bbox))
    else:
        first.text = whole
    for i, p in enumerate(after):
        p.index_on_page = i
