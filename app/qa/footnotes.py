"""Footnotes of the evidence an answer shows: "… above a calculated threshold,11 the FCC would disable …" is read
with note 11 of its page ("The calculated threshold would be a function of the magnitude of the disagreement …").
The mark alone tells the reader nothing, and the note often holds what was asked ("What does the threshold depend
on?", "How is the result per unit worked out?").

Pure text functions; the pipeline fetches a page's passages and calls `with_notes`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from app.qa.answer import MARKER

# A mark glued to the word or punctuation it annotates: "threshold,11 the", "per unit2", "for the period1". A number
# after a space ("limit 12 the") is as often a count as a mark, and is left alone.
MARK = re.compile(r"(?:(?<=[a-z)\]’”])|(?<=[a-z][,;:]))(\d{1,2})(?=[\s.,;:)]|$)")
# In a table row as the reader shows it ("Offense charged: Sex offenses 1; Total: 60,175"), a number closing a cell of
# words is the cell's mark.
CELL_MARK = re.compile(r"(?<=[a-z]{3}) (\d)(?=;)")
# A note opens a passage or follows a sentence's end: "1 The results cover …", "… performance. 11The calculated …".
NOTE_START = re.compile(r"(?:^|(?<=[.!?)]\s)|(?<=[.!?]))(\d{1,2})\s?(?=[A-Z][a-z]|[AI]\s)")
MAX_NOTE_CHARS = 300


def page_notes(texts: list[str]) -> dict[int, str]:
    """The numbered notes among a page's passages: {11: "The calculated threshold would be …"}. A note runs to the
    next note (numbered one more) or to its passage's end."""
    notes: dict[int, str] = {}
    last = 0
    for text in texts:
        # Only a run of notes counts: the first opens a passage (or follows the page's last note), each next one is
        # numbered one more. "… in 2016. 12 States reported …" in running text is no note.
        run: list[re.Match[str]] = []
        for m in NOTE_START.finditer(text):
            n = int(m.group(1))
            if n == (int(run[-1].group(1)) if run else last) + 1 or (not run and m.start() == 0 and n > 0):
                run.append(m)
        for m, after in zip(run, [*run[1:], None], strict=False):
            body = text[m.end() : after.start() if after else len(text)].strip()
            if body:
                notes.setdefault(int(m.group(1)), body[:MAX_NOTE_CHARS])
        if run:
            last = int(run[-1].group(1))
    return notes


def table_note_texts(rows: list[list[str]]) -> list[str]:
    """The rows of a table that hold only a note ("1 Except forcible rape and prostitution."), as passages for
    `page_notes`: a table's marks are explained under it, not by another table of its page."""
    return [r[0] for r in rows if r and r[0].strip() and not any(c.strip() for c in r[1:]) and NOTE_START.search(r[0])]


def marks(text: str) -> list[int]:
    """The footnote numbers marked in `text`, in order, each once."""
    out: list[int] = []
    for m in sorted([*MARK.finditer(text), *CELL_MARK.finditer(text)], key=lambda m: m.start()):
        n = int(m.group(1))
        if n > 0 and n not in out:
            out.append(n)
    return out


def with_notes(text: str, notes_for: Callable[[int], dict[int, str]]) -> str:
    """`text` (an answer, each shown piece ended by its [k] marker) with the notes its pieces mark, each after the
    marker of the piece that marks it: "(note 11: The calculated threshold …)". `notes_for(k)`: the notes of the page
    that marker [k] cites (asked only for a piece with a mark). Pieces without a mark, or whose note is not on the
    cited page, are unchanged."""
    out: list[str] = []
    start = 0
    for m in MARKER.finditer(text):
        piece = text[start : m.start()]
        out.append(text[start : m.end()])
        start = m.end()
        numbers = marks(piece)
        # "[3]", or "[3, 4]" as an LLM writes it: the piece is the first one's.
        notes = notes_for(int(re.split(r"\D+", m.group(1))[0])) if numbers else {}
        for n in numbers:
            note = notes.get(n)
            if note and note not in text:
                out.append(f" (note {n}: {note})")
    out.append(text[start:])
    return "".join(out)
