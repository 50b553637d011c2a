"""A PDF page's geometry from pdfium: its characters, words and lines in the reading frame (the page as displayed,
turned so that its dominant text runs left to right), and its ruling lines.

pdfium gives user space (origin bottom-left, before /Rotate); everything here is in the page as displayed (origin
top-left, after /Rotate) and, for layout work, in the reading frame (tables printed sideways on an upright page).
"""

from __future__ import annotations

import ctypes
import re
from dataclasses import dataclass, field

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from app.ingest.extracted import BBox
from app.ingest.ligatures import MARK, printed_twice, repaired
from app.ingest.line_numbers import without_line_numbers
from app.ingest.page_edges import path_edges
from app.ingest.passages import Line, Word, starts_block
from app.ingest.symbols import COMBINING, FONT_NAME_BYTES, LETTERS, index_text, placed_accents, symbol

_SPACES = frozenset(" \t\xa0\u2002\u2003\u2009\u200b\u3000")
# pdfium's mark of a hyphen the line break made ("cer\ufffetificate"), and ours for it in the character stream: the
# word goes on after the break. Read as a space, it left "cer tificate", "con structed" in every hyphenated text.
_PDFIUM_SOFT_HYPHENS = frozenset("\ufffe\x02\xad")
SOFT_HYPHEN = "\xad"

# --------------------------------------------------------------------------------------------
# Coordinates: pdfium gives user space (origin bottom-left, before /Rotate). We want the page as
# displayed (origin top-left, after /Rotate), and for layout work a "reading frame" in which the
# page's dominant text runs left to right (tables printed sideways on an upright page).
# --------------------------------------------------------------------------------------------


@dataclass(slots=True, frozen=True)
class Frame:
    rotation: int  # /Rotate: 0, 90, 180, 270
    left: float
    bottom: float
    right: float
    top: float
    turn: int = 0  # quarter turns from display to reading frame: 0 (+x), 1 (+y), 2 (-x), 3 (-y)

    @property
    def display_size(self) -> tuple[float, float]:
        w, h = self.right - self.left, self.top - self.bottom
        return (h, w) if self.rotation in (90, 270) else (w, h)

    @property
    def reading_size(self) -> tuple[float, float]:
        w, h = self.display_size
        return (h, w) if self.turn in (1, 3) else (w, h)

    def to_display(self, x: float, y: float) -> tuple[float, float]:
        r = self.rotation
        if r == 90:
            return y - self.bottom, x - self.left
        if r == 180:
            return self.right - x, y - self.bottom
        if r == 270:
            return self.top - y, self.right - x
        return x - self.left, self.top - y

    def display_to_reading(self, x: float, y: float) -> tuple[float, float]:
        w, h = self.display_size
        t = self.turn
        if t == 1:
            return y, w - x
        if t == 3:
            return h - y, x
        if t == 2:
            return w - x, h - y
        return x, y

    def reading_to_display(self, x: float, y: float) -> tuple[float, float]:
        w, h = self.display_size
        t = self.turn
        if t == 1:
            return w - y, x
        if t == 3:
            return y, h - x
        if t == 2:
            return w - x, h - y
        return x, y

    def to_reading(self, x: float, y: float) -> tuple[float, float]:
        return self.display_to_reading(*self.to_display(x, y))

    def bbox_to_display(self, b: BBox) -> BBox:
        # Runs for every passage and table cell: the common upright frame skips the turn.
        if self.turn:
            ax, ay = self.reading_to_display(b[0], b[1])
            bx, by = self.reading_to_display(b[2], b[3])
        else:
            ax, ay, bx, by = b
        w, h = self.display_size
        return (
            _clamp(min(ax, bx), w),
            _clamp(min(ay, by), h),
            _clamp(max(ax, bx), w),
            _clamp(max(ay, by), h),
        )


def _clamp(v: float, hi: float) -> float:
    return round(min(max(v, 0.0), hi), 2)


# --------------------------------------------------------------------------------------------
# Page geometry from pdfium
# --------------------------------------------------------------------------------------------


@dataclass(slots=True)
class Char:
    text: str  # one character; "\n" marks a line break from pdfium, " " a word break, SOFT_HYPHEN a word cut
    x0: float = 0.0
    top: float = 0.0
    x1: float = 0.0
    bottom: float = 0.0


@dataclass(slots=True)
class PageGeometry:
    """One page in its reading frame: what passages and tables are computed from."""

    frame: Frame
    text: str
    chars: list[Char] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    edges: list[dict[str, float | str]] = field(default_factory=list)


def _font_name(textpage: object, index: int) -> str | None:
    """The name of the font a character of a pdfium text page is set in (app.ingest.symbols reads it)."""
    name = ctypes.create_string_buffer(FONT_NAME_BYTES)
    if not pdfium_c.FPDFText_GetFontInfo(textpage, index, name, FONT_NAME_BYTES, ctypes.byref(ctypes.c_int())):
        return None
    return name.value.decode("latin-1")


def _indexed_text(textpage: pdfium.PdfTextPage, text: str) -> str:
    """The page's text one character per index of its text page: `text` itself, unless its length says otherwise
    (rare), then read index by index."""
    n = pdfium_c.FPDFText_CountChars(textpage.raw)
    if len(text) == n:
        return text
    return index_text(lambda i: pdfium_c.FPDFText_GetUnicode(textpage.raw, i), n)


def _raw_chars(textpage: pdfium.PdfTextPage, text: str, frame: Frame) -> list[Char]:
    """Every character (``text``: one per index, `_indexed_text`) with its loose box in display coordinates (before
    the reading turn)."""
    rect = pdfium_c.FS_RECTF()
    get_box = pdfium_c.FPDFText_GetLooseCharBox
    raw = textpage.raw
    to_display = frame.to_display
    # An unrotated page (most) maps inline: a method call per corner is a fifth of this loop.
    upright, page_left, page_top = frame.rotation == 0, frame.left, frame.top
    out: list[Char] = []
    prev: Char | None = None
    for i, ch in enumerate(text):
        # Line breaks and soft hyphens are not printable either: one test passes every glyph on.
        if ch in _SPACES or not ch.isprintable():
            if ch in "\r\n":
                if ch == "\n" or (prev is not None and prev.text != "\n"):
                    out.append(Char("\n"))
                prev = out[-1] if out else None
            elif ch in _PDFIUM_SOFT_HYPHENS:
                out.append(Char(SOFT_HYPHEN))
                prev = None
            else:  # pdfium's generated characters are only spaces and line breaks, so text alone tells
                out.append(Char(" "))
                prev = None
            continue
        if not get_box(raw, i, rect):
            continue
        if ch in LETTERS:
            ch = symbol(lambda k: _font_name(raw, k), i, ch)
        if upright:
            ax, ay, bx, by = rect.left - page_left, page_top - rect.top, rect.right - page_left, page_top - rect.bottom
        else:
            ax, ay = to_display(rect.left, rect.top)
            bx, by = to_display(rect.right, rect.bottom)
        # Conditional swaps rather than min()/max(): this loop runs for every glyph of the document.
        if ax > bx:
            ax, bx = bx, ax
        if ay > by:
            ay, by = by, ay
        c = Char(ch, ax, ay, bx, by)
        # Fake bold (the same glyph printed twice, slightly offset) doubles letters: drop the copy.
        if prev is not None and prev.text == ch and printed_twice(prev, c):
            continue
        out.append(c)
        prev = c
    return out


def _dominant_turn(chars: list[Char]) -> int:
    """Which way most text runs (in display coordinates), from the step between adjacent glyphs."""
    votes = [0, 0, 0, 0]
    prev: Char | None = None
    for seen, c in enumerate(chars):
        # Stop once sideways steps can no longer outnumber twice the level ones (an upright page, soon).
        if seen % 256 == 255 and votes[1] + votes[3] + len(chars) - seen <= 2 * (votes[0] + votes[2]):
            return 0
        if c.text in " \n":
            prev = None
            continue
        if prev is not None:
            dx = (c.x0 + c.x1 - prev.x0 - prev.x1) / 2
            dy = (c.top + c.bottom - prev.top - prev.bottom) / 2
            if abs(dx) >= abs(dy):
                votes[0 if dx > 0 else 2] += 1
            else:
                votes[1 if dy > 0 else 3] += 1
        prev = c
    # Right-to-left scripts also step towards -x, so only sideways (+y / -y) text turns the frame,
    # and only when it clearly dominates; mixed pages stay as displayed.
    best = 1 if votes[1] >= votes[3] else 3
    return best if votes[best] > 2 * (votes[0] + votes[2]) and votes[best] >= 20 else 0


def _to_reading(chars: list[Char], frame: Frame) -> None:
    if frame.turn == 0:
        return
    for c in chars:
        if c.text in " \n":
            continue
        ax, ay = frame.display_to_reading(c.x0, c.top)
        bx, by = frame.display_to_reading(c.x1, c.bottom)
        c.x0, c.top, c.x1, c.bottom = min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)


def _continues_cut(cut: BBox, word: BBox) -> bool:
    """`word` can go on with a word cut at the end of a line (box `cut`): on the next line of the same column, or at
    the top of the next column. A running footer printed after the last line ("VerDate Sep<11>2014 …") cannot."""
    height = max(cut[3] - cut[1], 1.0)
    next_line = 0 <= word[1] - cut[3] <= 1.5 * height and word[0] < cut[0]
    next_column = word[3] < cut[1] and word[0] >= cut[2] - height
    return next_line or next_column


def _build_lines(chars: list[Char]) -> list[Line]:
    """Words and lines in content-stream order (pdfium's order is the reading order per column).

    A word cut by a line break (a soft hyphen after it) is given whole to the next line's first word when that one
    goes on with it ("cer" | "tificate" → "certificate", the box of its second part), and leaves its own line."""
    lines: list[Line] = []
    words: list[Word] = []
    buf: list[Char] = []
    prev_line_box: BBox | None = None
    cutting = False  # a soft hyphen ended the word in `buf`
    cut: tuple[list[Word], Word] | None = None  # (its line's words, the cut word) waiting for the next word
    marks: list[int] = []  # where in `buf` pdfium marked a cut or a glyph without a character (app.ingest.ligatures)

    def flush_word() -> None:
        nonlocal cut, cutting
        if not buf:
            marks.clear()  # a mark with no word around it marks nothing
            return
        x0, top, x1, bottom = buf[0].x0, buf[0].top, buf[0].x1, buf[0].bottom
        for c in buf:
            if c.x0 < x0:
                x0 = c.x0
            if c.top < top:
                top = c.top
            if c.x1 > x1:
                x1 = c.x1
            if c.bottom > bottom:
                bottom = c.bottom
        text = "".join(c.text for c in buf)
        for at in reversed(marks):
            text = text[:at] + MARK + text[at:]
        word = Word(text, (x0, top, x1, bottom))
        buf.clear()
        marks.clear()
        if cut is not None and not words:
            line_words, first_part = cut
            if len(line_words) > 1 and _continues_cut(first_part.bbox, word.bbox):
                line_words.remove(first_part)
                word.text = first_part.text + word.text
        cut = None
        words.append(word)
        if cutting:
            cut = (words, word)
            cutting = False

    def flush_line() -> None:
        nonlocal prev_line_box, words
        flush_word()
        if not words:
            return
        line = Line(words)
        box = line.bbox
        line.new_block = prev_line_box is None or starts_block(prev_line_box, box)
        lines.append(line)
        prev_line_box = box
        words = []

    for c in chars:
        text = c.text
        if text == SOFT_HYPHEN:
            cutting = bool(buf)
            marks.append(len(buf))
            continue
        if text == "\n":
            flush_line()
            continue
        if text == " ":
            cutting = False
            flush_word()
            continue
        # The box of what came last on this line: the glyph before (read off it, no tuple: this runs per glyph) or
        # the last word.
        if buf:
            prev = buf[-1]
            left, top, right, bottom = prev.x0, prev.top, prev.x1, prev.bottom
        elif words:
            left, top, right, bottom = words[-1].bbox
        else:
            buf.append(c)
            continue
        height = c.bottom - c.top
        if height < 1.0:
            height = 1.0
        mid = (c.top + c.bottom) / 2
        if mid < top - 1 or mid > bottom + 1 or c.x0 < left - height:
            flush_line()  # the text jumped to another line or column without a newline
        elif buf and c.x0 > right + 0.35 * height:
            flush_word()  # a visible gap without a space character (table columns)
        if buf:
            cutting = False  # the soft hyphen stood inside the line: the word just goes on
        buf.append(c)
    flush_line()
    for line in lines:
        for w in line.words:
            w.text = repaired(w.text)
    return lines


def read_page_geometry(page: pdfium.PdfPage) -> PageGeometry:
    left, bottom, right, top = page.get_bbox()
    frame = Frame(page.get_rotation() % 360, left, bottom, right, top)
    textpage = page.get_textpage()
    try:
        text = textpage.get_text_range()
        indexed = _indexed_text(textpage, text)
        chars = _raw_chars(textpage, indexed, frame)
    finally:
        textpage.close()
    turn = _dominant_turn(chars)
    if turn:
        frame = Frame(frame.rotation, left, bottom, right, top, turn)
        _to_reading(chars, frame)
    # Every glyph's text comes from the indexed text: a page whose text holds no spacing accent has none to place.
    if any(accent in indexed for accent in COMBINING):
        chars = placed_accents(chars)
    geom = PageGeometry(frame=frame, text=clean_text(text), chars=without_line_numbers(chars))
    geom.lines = _build_lines(geom.chars)
    geom.edges = path_edges(page, frame)
    return geom


def clean_text(text: str) -> str:
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")
    # a word cut by a line break, whole again; a glyph without a character read as the ligature it was
    text = re.sub(r"\S*[\ufffe\x02]\n?\S*", lambda m: repaired(re.sub("[\ufffe\x02]\n?", MARK, m.group())), text)
    return re.sub(r"[ \t]+\n", "\n", text).strip()
