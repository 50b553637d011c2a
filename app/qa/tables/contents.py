"""A table of contents read as a table: its cells answer no question about the document's content (a "value" read
from it is a page number)."""

from __future__ import annotations

from collections.abc import Sequence

# Dots set apart or run together between a heading and its page number.
LEADERS = (". . .", "....", "…")
# Rows that must end in a page number, at least.
MIN_ENTRIES = 4


def is_contents(rows: Sequence[Sequence[str]]) -> bool:
    """Most rows end in a whole number, those numbers never go down (pages in reading order), and a row's heading runs
    on in dot leaders."""
    ends = [next((c.strip() for c in reversed(row) if c.strip()), "") for row in rows]
    pages = [int(e) for e in ends if e.isdecimal()]
    if len(pages) < MIN_ENTRIES or len(pages) * 2 < len(rows):
        return False
    ordered = all(a <= b for a, b in zip(pages, pages[1:], strict=False))
    return ordered and any(leader in cell for row in rows for cell in row for leader in LEADERS)
