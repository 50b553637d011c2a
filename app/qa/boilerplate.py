"""Passages that repeat on page after page of one document (a running head set down the side of the page, a banner,
a notice): margin stripping at ingestion looks only at the top and bottom bands, so these can reach the units. They
say the document's name and nothing of its content, yet match any question naming the document: no seed is made
of them."""

from __future__ import annotations

from collections import defaultdict

from app.qa.analysis.phrases import WORD
from app.qa.index import CollectionIndex

REPEATED_ON_PAGES = 3  # the same words in a passage on this many pages of one document: boilerplate


def _words(text: str) -> frozenset[str]:
    """The passage's words, its figures among them: a heading that repeats with its own year on each page ("… By
    Month - FY 2000", "… - FY 2001") names what that page holds, and stays."""
    return frozenset(w.lower() for w in WORD.findall(text))


def boilerplate_units(index: CollectionIndex) -> frozenset[int]:
    """The passages whose set of words recurs, as a passage, on REPEATED_ON_PAGES or more pages of their document."""
    if index.boilerplate is not None:
        return index.boilerplate
    pages: dict[tuple[str, frozenset[str]], set[int | None]] = defaultdict(set)
    keys: dict[int, tuple[str, frozenset[str]]] = {}
    for i, kind in enumerate(index.kinds):
        words = _words(index.texts[i]) if kind == "passage" else frozenset()
        if words:
            keys[i] = (index.document_ids[i], words)
            pages[keys[i]].add(index.pages[i])
    index.boilerplate = frozenset(i for i, key in keys.items() if len(pages[key]) >= REPEATED_ON_PAGES)
    return index.boilerplate
