"""A table of contents read as a table: its cells answer no question about the document's content (a "value" read
from it is a page number)."""

from __future__ import annotations

from collections.abc import Sequence

# Dots set apart or run together between a heading and its page number.
LEADERS = (". . .", "....", "…")
# Rows that must end in a page number, at least.
MIN_ENTRIES = 4
MIN_LEADER_DOTS = 4  # "...." leads a heading to its page; an ellipsis ("…", three) or "etc." does not


def _leader_run(text: str, start: int) -> tuple[int, int]:
    """(end, dots) of the run of leader dots from `start` (dots set apart by single spaces count; "…" is three)."""
    end, dots = start, 0
    while end < len(text) and (text[end] in ".…" or (text[end] == " " and text[end + 1 : end + 2] in (".", "…"))):
        dots += 3 if text[end] == "…" else int(text[end] == ".")
        end += 1
    return end, dots


def leader_pages(text: str) -> list[int]:
    """The whole numbers that close runs of at least four leader dots, in order: a contents page's page numbers."""
    pages: list[int] = []
    at = 0
    while at < len(text):
        if text[at] not in ".…":
            at += 1
            continue
        end, dots = _leader_run(text, at)
        digits = end + len(text[end:]) - len(text[end:].lstrip(" "))
        last = digits
        while last < len(text) and text[last].isdecimal():
            last += 1
        if dots >= MIN_LEADER_DOTS and last > digits:
            pages.append(int(text[digits:last]))
        at = max(end, at + 1)
    return pages


def contents_text(text: str) -> bool:
    """A passage of contents entries: four or more headings led by dots to page numbers that never go down. It holds
    the headings of the answer, never the answer."""
    pages = leader_pages(text)
    return len(pages) >= MIN_ENTRIES and all(a <= b for a, b in zip(pages, pages[1:], strict=False))


def is_contents(rows: Sequence[Sequence[str]]) -> bool:
    """Most rows end in a whole number, those numbers never go down (pages in reading order), and a row's heading runs
    on in dot leaders."""
    ends = [next((c.strip() for c in reversed(row) if c.strip()), "") for row in rows]
    pages = [int(e) for e in ends if e.isdecimal()]
    if len(pages) < MIN_ENTRIES or len(pages) * 2 < len(rows):
        return False
    ordered = all(a <= b for a, b in zip(pages, pages[1:], strict=False))
    return ordered and any(leader in cell for row in rows for cell in row for leader in LEADERS)
