"""Running headers, footers and page numbers: found by comparing a page's margin lines with its neighbours', and
kept out of passages (they stay in the page text)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.ingest.extracted import BBox
from app.ingest.passages import Line, line_height, same_row, starts_block

MARGIN_BAND = 0.12  # the top and bottom 12% of the page height hold headers and footers
_DIGITS = re.compile(r"\d+")
_LEADERS = re.compile(r"([_.\-–—·•*=~])\1{2,}")
_PAGE_NUMBER = re.compile(
    r"(?:(?P<word>page|pages|p\.|pg\.?|seite|pagina|página|strona)\s*)?[-–—(\[]?\s*"
    r"(?P<num>\d{1,4}|(?=[ivxlc])c{0,3}(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3}))\s*[-–—)\]]?(?P<of>\s*(?:of|/|von|de|sur|из)\s*\d{1,4})?",
    re.I,
)

# (normalised text, signed position): position is the top for a header line, minus the distance
# from the bottom edge for a footer line (so footers match on pages of slightly different heights).
MarginKey = tuple[str, float]


def margin_key(
    line: Line, page_height: float, band: float = MARGIN_BAND, *, box: BBox | None = None
) -> MarginKey | None:
    """What identifies a header/footer line across pages: text with digits normalised, position.

    None for lines outside the top/bottom band. Rules drawn with characters ("_____") count too.
    """
    _, top, _, bottom = line.bbox if box is None else box
    if band * page_height < bottom and top < (1 - band) * page_height:
        return None
    text = _LEADERS.sub(r"\1\1\1", _DIGITS.sub("#", " ".join(line.text.lower().split())))
    # The page number on the outer side: "18 ALPHABET INC. ● ANNUAL REPORT" on an even page is the odd page's
    # "ALPHABET INC. ● ANNUAL REPORT 19".
    text = text.strip("# ") or text
    if not text:
        return None
    return (text, round(top, 1)) if bottom <= band * page_height else (text, round(bottom - page_height, 1))


def repeated_margin_keys(
    keys: Sequence[MarginKey], others: Sequence[Sequence[MarginKey]], tolerance: float
) -> set[MarginKey]:
    """This page's keys that recur (same text, position within tolerance) on another page."""
    out: set[MarginKey] = set()
    for text, pos in keys:
        if any(t == text and abs(p - pos) <= tolerance for page in others for t, p in page):
            out.add((text, pos))
    return out


def is_page_number(text: str, page_number: int | None = None) -> bool:
    """A page-number line: 12, - 12 -, Page 12, 12 of 40, xii.

    With ``page_number`` given, a bare number counts only when it equals it.
    """
    m = _PAGE_NUMBER.fullmatch(" ".join(text.split()))
    if m is None:
        return False
    if page_number is None or m.group("word") or m.group("of"):
        return True
    return m.group("num") == str(page_number)


def strip_margins(
    lines: Sequence[Line],
    page_height: float,
    repeated: set[MarginKey],
    *,
    page_number: int,
    page_count: int,
) -> list[Line]:
    """The lines without running headers/footers (``repeated`` keys) and page-number lines.

    A repeated line stays when it is part of a paragraph that does not repeat (a line set
    directly above or below a kept line: the first line of a table note that recurs on every
    page while the rest of the note changes). A page-number line must lie in the margin band,
    alone on its row, with nothing kept between it and the page edge. In documents of one or
    two pages (nothing to compare with) a bare number counts only when it equals the page's
    number.
    """
    boxes = [ln.bbox for ln in lines]
    keys = [margin_key(ln, page_height, box=b) for ln, b in zip(lines, boxes, strict=True)]
    drop = [key is not None and key in repeated for key in keys]
    if not any(drop) and not any(key is not None and _PAGE_NUMBER.fullmatch(key[0].replace("#", "1")) for key in keys):
        return list(lines)  # the common case inside a page: nothing to drop
    heights: dict[int, float] = {}

    def height(i: int) -> float:
        if i not in heights:
            heights[i] = line_height(lines[i])
        return heights[i]

    def anchor(j: int) -> bool:  # a "_____" rule is no text to stay attached to
        return any(ch.isalnum() for w in lines[j].words for ch in w.text)

    def stacked(i: int, j: int) -> bool:
        a, b = boxes[i], boxes[j]
        if b[1] - a[3] > a[3] - a[1] or a[1] - b[3] > a[3] - a[1]:
            return False  # far apart vertically: no need for the line heights
        return _stacked(a, b, min(height(i), height(j)))

    changed = any(drop)
    while changed:  # keep repeated lines attached to kept text, transitively
        changed = False
        for i, gone in enumerate(drop):
            if not gone or not anchor(i):
                continue
            if any(not drop[j] and stacked(i, j) and anchor(j) for j in range(len(lines))):
                drop[i] = False
                changed = True
    strict = page_number if page_count <= 2 else None
    for i, key in enumerate(keys):
        if drop[i] or key is None or not is_page_number(lines[i].text, strict):
            continue
        _, top, _, bottom = box = boxes[i]
        header = key[1] >= 0
        drop[i] = not any(
            (boxes[j][3] <= top if header else boxes[j][1] >= bottom) or same_row(box, boxes[j]) or stacked(i, j)
            for j in range(len(lines))
            if j != i and not drop[j]
        )
    out: list[Line] = []
    prev: Line | None = None
    dropped = False
    for line, gone in zip(lines, drop, strict=True):
        if gone:
            dropped = True
            continue
        if dropped:
            # The block flag was measured against a dropped line: measure again.
            new_block = prev is None or starts_block(prev.bbox, line.bbox)
            line = Line(line.words, new_block=new_block, hard_break=line.hard_break)
            dropped = False
        out.append(line)
        prev = line
    return out


def _stacked(a: BBox, b: BBox, h: float) -> bool:
    """One line set directly above the other, as in one paragraph (no gap, overlapping in x)."""
    gap = max(b[1] - a[3], a[1] - b[3])
    return -0.5 * h < gap < 0.5 * h and min(a[2], b[2]) > max(a[0], b[0])


# A page's last sentence is carried over a page break only when it has this many words: shorter unfinished text at
# the end of a page is more often a caption, a heading or a label than a cut sentence.
