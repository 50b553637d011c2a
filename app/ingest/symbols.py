"""Symbols a font draws at a letter's code, with no map to their characters: pdfium reads the letter.

The AMS symbol font (amssymb's msam, in every size) sets its check mark at the code of "X"; a paper's table of
which method has which property then reads as rows of X. The font's name, which a subset keeps after its tag
("ABCDEF+MSAM10"), says which it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

# (a pattern for the font's name, the letter read) -> the symbol drawn
SYMBOLS: tuple[tuple[re.Pattern[str], str, str], ...] = ((re.compile(r"(?:[A-Z]{6}\+)?MSAM\d+"), "X", "\u2713"),)
LETTERS = frozenset(letter for _, letter, _ in SYMBOLS)
FONT_NAME_BYTES = 128  # a subset tag and a font's name fit


def symbol(font_of: Callable[[int], str | None], index: int, letter: str) -> str:
    """The symbol the character at ``index`` draws, when it is one of LETTERS set in a symbol font; else ``letter``.
    ``font_of`` names the font of a character of the page (pdf.py asks pdfium, under its lock: only app.ingest.pdf
    and app.ingest.pdfium touch pdfium)."""
    font = font_of(index)
    if font is None:
        return letter
    return next((s for pattern, lt, s in SYMBOLS if lt == letter and pattern.fullmatch(font)), letter)


def index_text(unicode_at: Callable[[int], int], count: int) -> str:
    """The page's characters one per index of pdfium's text page (``unicode_at`` gives an index's UTF-16 unit, 0
    for none): a character beyond the 16-bit plane (a mathematical italic 𝑅 set by unicode-math) takes two indices,
    its surrogates, and is written whole at both, where a lone surrogate would be read as nothing; the two share
    one box, and the copy is dropped as a glyph printed twice."""
    units = [unicode_at(i) or 32 for i in range(count)]
    out: list[str] = []
    for i, unit in enumerate(units):
        if 0xD800 <= unit < 0xDC00 and i + 1 < count and 0xDC00 <= units[i + 1] < 0xE000:
            out.append(chr(0x10000 + ((unit - 0xD800) << 10) + (units[i + 1] - 0xDC00)))
        elif 0xDC00 <= unit < 0xE000 and i > 0 and 0xD800 <= units[i - 1] < 0xDC00:
            out.append(out[-1])
        else:
            out.append(chr(unit))
    return "".join(out)


# A text accent that a font draws as a glyph of its own over the letter (TeX's \\'e in an OT1 font: "´" then "e",
# or "e" then "´"), and the combining mark that writes it after its letter ("é" as "e" + U+0301, as pdftotext reads
# it). The circumflex and tilde are left out: set over a letter in mathematics (a hat on M), they are no accent.
COMBINING = {"\u00b4": "\u0301", "`": "\u0300", "\u00a8": "\u0308", "\u00b8": "\u0327"}
# Characters either side of an accent searched for its letter (the accent comes just before it or after its word).
ACCENT_REACH = 12


def placed_accents(chars: Sequence[Any]) -> list[Any]:
    """``chars`` (dataclasses with .text, .x0, .top, .x1, .bottom, in the reading frame) with each spacing accent
    in COMBINING that stands over a letter nearby (its middle within the letter's sides, on the letter's line) moved
    after that letter as the combining mark, in a zero-width box at the letter's right side."""
    if not any(c.text in COMBINING for c in chars):
        return list(chars)
    after: dict[int, list[Any]] = {}
    dropped: set[int] = set()
    for i, c in enumerate(chars):
        if c.text not in COMBINING:
            continue
        mid = (c.x0 + c.x1) / 2
        near = range(max(0, i - ACCENT_REACH), min(len(chars), i + ACCENT_REACH + 1))
        base = next((k for k in near if k != i and _under(chars[k], c, mid)), None)
        if base is not None:
            after.setdefault(base, []).append(replace(chars[base], text=COMBINING[c.text], x0=chars[base].x1))
            dropped.add(i)
    out: list[Any] = []
    for i, c in enumerate(chars):
        if i not in dropped:
            out.append(c)
            out.extend(after.get(i, []))
    return out


def _under(letter: Any, accent: Any, mid: float) -> bool:
    if not letter.text.isalpha() or not letter.x0 <= mid <= letter.x1:
        return False
    height = max(letter.bottom - letter.top, 1.0)
    return accent.top < letter.bottom and accent.bottom > letter.top - 0.5 * height
