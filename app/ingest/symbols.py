"""Symbols a font draws at a letter's code, with no map to their characters: pdfium reads the letter.

The AMS symbol font (amssymb's msam, in every size) sets its check mark at the code of "X"; a paper's table of
which method has which property then reads as rows of X. The font's name, which a subset keeps after its tag
("ABCDEF+MSAM10"), says which it is.
"""

from __future__ import annotations

import ctypes
import re

import pypdfium2.raw as pdfium_c

# (a pattern for the font's name, the letter read) -> the symbol drawn
SYMBOLS: tuple[tuple[re.Pattern[str], str, str], ...] = ((re.compile(r"(?:[A-Z]{6}\+)?MSAM\d+"), "X", "\u2713"),)
LETTERS = frozenset(letter for _, letter, _ in SYMBOLS)
_NAME_BYTES = 128


def symbol(textpage: object, index: int, letter: str) -> str:
    """The symbol the character at ``index`` of a pdfium text page draws, when it is one of LETTERS set in a symbol
    font; else ``letter``."""
    name = ctypes.create_string_buffer(_NAME_BYTES)
    flags = ctypes.c_int()
    if not pdfium_c.FPDFText_GetFontInfo(textpage, index, name, _NAME_BYTES, ctypes.byref(flags)):
        return letter
    font = name.value.decode("latin-1")
    return next((s for pattern, lt, s in SYMBOLS if lt == letter and pattern.fullmatch(font)), letter)
