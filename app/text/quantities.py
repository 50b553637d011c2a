"""A quantity written with its unit's symbol ("325 V DC", "50 kHz", "20 µs"): the figure, read apart from the unit.
Shared by table extraction (is a cell a figure?) and table reading (what number does a cell hold?)."""

from __future__ import annotations

# A unit's symbol set after a figure: at most this many words of at most this many letters ("V DC", "kHz").
MAX_UNIT_WORDS = 2
MAX_UNIT_LETTERS = 3


def figure_before_unit(text: str) -> str | None:
    """The figure of "<figure> <unit symbol>", None when the text is not a figure and a unit symbol."""
    figure, *unit = text.split() or [""]
    if not figure or not unit or len(unit) > MAX_UNIT_WORDS:
        return None
    return figure if all(w.isalpha() and len(w) <= MAX_UNIT_LETTERS for w in unit) else None
