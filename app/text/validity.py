"""Whether a text sent by a user can be stored and shown: the one rule every request's text fields follow.

Refused outright (a sentence from `problem`): code points that are not text. An unpaired surrogate cannot be
encoded as UTF-8 at all (the database driver fails on it), a NUL cannot be stored by PostgreSQL, the
non-characters (U+FFFE, U+FDD0, ...) are reserved for a program's own use, and control characters other than
whitespace draw nothing and can rewrite a terminal that prints the text. Whitespace controls (tab, newlines)
stay: a question pasted from a document may hold them.

Empty (`is_blank`): a text made only of whitespace and default-ignorable characters (zero-width space and
joiners, BOM, soft hyphen, Hangul fillers, variation selectors, ...) shows as nothing, so it counts as no text.
"""

from __future__ import annotations

import unicodedata

import regex

_NOT_TEXT = regex.compile(r"[\p{Cs}\p{Noncharacter_Code_Point}\p{Cc}]")
_INVISIBLE = regex.compile(r"[\p{White_Space}\p{Default_Ignorable_Code_Point}]*")


def _what(char: str) -> tuple[str, str]:
    code = ord(char)
    if code == 0:
        return "a NUL character (U+0000)", "no name, question or id may hold one"
    if 0xD800 <= code <= 0xDFFF:
        return f"an unpaired surrogate (U+{code:04X})", "it is not a character; text must be valid UTF-8"
    if unicodedata.category(char) == "Cc":
        return f"the control character U+{code:04X}", "text may hold no control character but whitespace"
    return f"the non-character U+{code:04X}", "text may not hold one"


def problem(value: str) -> str | None:
    """Why `value` is not acceptable text (e.g. "has an unpaired surrogate (U+D800) at character 9: it is not a
    character; text must be valid UTF-8"), or None when it is."""
    for match in _NOT_TEXT.finditer(value):
        char = match.group()
        if char.isspace():  # tab, newlines, form feed: controls that are whitespace
            continue
        what, why = _what(char)
        return f"has {what} at character {match.start() + 1}: {why}"
    return None


def is_blank(value: str) -> bool:
    """True when `value` shows as nothing: empty, or only whitespace and invisible characters."""
    return _INVISIBLE.fullmatch(value) is not None
