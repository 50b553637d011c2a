"""A document's title: from its metadata when that is sensible, else the heading its first page opens with."""

from __future__ import annotations

import re
from typing import Protocol

from app.ingest.passages import Line


class DocumentInfo(Protocol):
    """What a title is read from: the document information dictionary (a pdfium document, read under its lock)."""

    def get_metadata_value(self, key: str) -> str: ...


_FILENAME_TITLE = re.compile(r"\.(docx?|pdf|indd|xlsx?|pptx?|tex|dvi|qxd|rtf|txt)\s*$", re.I)
_JUNK_TITLES = frozenset({"untitled", "title", "document", "none", "unknown", "slide 1", "page 1"})


def _sensible_title(raw: str | None) -> str | None:
    if not raw:
        return None
    title = re.sub(r"\s+", " ", raw.replace("\x00", "")).strip()
    title = re.sub(r"^(Microsoft (Word|PowerPoint|Excel)|Word)\s*-\s*", "", title)
    if len(title) < 3 or len(title) > 300 or sum(ch.isalpha() for ch in title) < 3:
        return None
    if _FILENAME_TITLE.search(title) or title.lower() in _JUNK_TITLES or re.fullmatch(r"[\w-]+_[\w-]*", title):
        return None
    return title


def _line_height(ln: Line) -> float:
    hs = sorted(w.bbox[3] - w.bbox[1] for w in ln.words)
    return hs[len(hs) // 2]


_FIGURE_CAPTION = re.compile(r"\s*(fig(ure)?|chart|graph|photo|source|note)s?\b", re.I)


def looks_like_heading(text: str) -> bool:
    """A title, not a sentence or the start of one ("These general objectives were developed to:")."""
    words = text.split()
    letters = [ch for ch in text if ch.isalpha()]
    if len(letters) < 3 or len(words) > 25:
        return False
    if text.rstrip()[-1] in ":;,-–" or text.rstrip().endswith("..."):
        return False
    if text.rstrip().endswith(".") and not re.search(r"\b[A-Z][a-z]{0,3}\.$|\d\.$", text.rstrip()):
        return False  # a sentence ("See notes at end of table."), not an abbreviation or a number ("5.2.")
    if _FIGURE_CAPTION.match(text):
        return False  # a figure's caption names the figure, not the document
    if any(text.count(a) != text.count(b) for a, b in ("()", "[]")):
        return False  # cut from a longer line ("TAZ ZAFR, ARLER)" from an OCR'd scan), not a whole heading
    return not letters[0].islower()


def heading_title(lines: list[Line]) -> str | None:
    """The largest-font heading on page 1, from its lines without running headers, footers and page numbers.

    Only a line clearly larger than the body text counts, and only one that reads like a heading; otherwise
    None (the file name stands in) rather than a sentence fragment."""
    if not lines:
        return None
    body = sorted(_line_height(ln) for ln in lines)[len(lines) // 2]
    candidates = [ln for ln in lines if sum(ch.isalpha() for ch in ln.text) >= 3]
    if not candidates:
        return None
    top = max(_line_height(ln) for ln in candidates)
    if top < 1.15 * body:
        # No larger type: the first line, when it stands alone as its own block and reads like a heading.
        first = lines[0]
        alone = len(lines) == 1 or lines[1].new_block or lines[1].hard_break
        short = len(first.text.split()) <= 15
        return _sensible_title(first.text[:200]) if alone and short and looks_like_heading(first.text) else None
    # The first (in reading order) of the largest lines, with the lines of the same size that continue it.
    i = next(k for k, ln in enumerate(lines) if ln in candidates and _line_height(ln) >= top - 0.5)
    parts = [lines[i].text]
    size = _line_height(lines[i])
    j = i
    for nxt in lines[i + 1 : i + 3]:
        if abs(_line_height(nxt) - size) <= 0.08 * size and nxt.bbox[1] - lines[j].bbox[3] < size:
            parts.append(nxt.text)
            j += 1
        else:
            break
    title = " ".join(parts)[:200]
    if not looks_like_heading(title):
        title = lines[i].text[:200]  # a wrapped heading may read oddly joined: the first line alone
        if not looks_like_heading(title):
            return None
    return _sensible_title(title)


def metadata_title(doc: DocumentInfo) -> str | None:
    try:
        return _sensible_title(doc.get_metadata_value("Title"))
    except Exception:  # metadata is optional: a broken info dictionary must not fail ingestion
        return None
