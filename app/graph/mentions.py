"""Title mentions: passage A names the title of another document B → `mention` edges A → B's first passages.

RESEARCH.md: these sparse edges (about one per paragraph) connect the two supporting paragraphs of most bridge
questions, where shared keywords mostly connect look-alike paragraphs. Matching is on word tokens, so it is
case-insensitive and respects word boundaries; "X (film)" is matched as "X".
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

_QUALIFIER = re.compile(r"\s*[\(\[][^\)\]]*[\)\]]")
_WORD = re.compile(r"\w+")


def strip_qualifiers(title: str) -> str:
    """Strip bracketed qualifiers: "Hope (1997 film)" → "Hope".

    The bracketed part disambiguates titles and is never written in running text.
    """
    return " ".join(_QUALIFIER.sub(" ", title).split())


def title_pattern(title: str | None, min_chars: int) -> tuple[str, ...] | None:
    """The token sequence a passage must contain to mention `title`, or None when the title is unusable.

    Single-word titles keep their case (matched case-sensitively) and are dropped when they are a common word:
    "Hope" would otherwise link every hopeful sentence.
    """
    if not title:
        return None
    stripped = strip_qualifiers(title)
    if len(stripped) < min_chars:
        return None
    tokens = _WORD.findall(stripped)
    if not tokens:
        return None
    if len(tokens) == 1:
        word = tokens[0]
        if word.lower() in ENGLISH_STOP_WORDS or not word[0].isupper() or word.isdigit():
            return None
        return (word,)
    return tuple(t.lower() for t in tokens)


class TitleMatcher:
    """Finds which of many titles a text names, in one pass over its tokens (no regex per title)."""

    def __init__(self, titles: Mapping[str, str | None], min_chars: int) -> None:
        # Multi-word patterns are indexed by their first two tokens: indexing by the first alone puts hundreds of
        # "the ..." titles behind one key. Single-word patterns are looked up by their exact case.
        self.min_chars = min_chars
        self._multi: dict[tuple[str, str], dict[tuple[str, ...], list[str]]] = {}
        self._single: dict[str, list[str]] = {}
        self._pattern_of: dict[str, tuple[str, ...]] = {}
        for document_id in sorted(titles):
            self.add(document_id, titles[document_id])

    def add(self, document_id: str, title: str | None) -> None:
        """One more title (a graph builder keeps its matcher in step with the collection's documents)."""
        pattern = title_pattern(title, self.min_chars)
        if pattern is None or document_id in self._pattern_of:
            return
        self._pattern_of[document_id] = pattern
        if len(pattern) == 1:
            self._single.setdefault(pattern[0], []).append(document_id)
        else:
            self._multi.setdefault(pattern[:2], {}).setdefault(pattern, []).append(document_id)  # type: ignore[arg-type]

    def remove(self, document_id: str) -> None:
        pattern = self._pattern_of.pop(document_id, None)
        if pattern is None:
            return
        if len(pattern) == 1:
            holders = self._single[pattern[0]]
            holders.remove(document_id)
            if not holders:
                del self._single[pattern[0]]
            return
        by_pattern = self._multi[pattern[:2]]  # type: ignore[index]
        by_pattern[pattern].remove(document_id)
        if not by_pattern[pattern]:
            del by_pattern[pattern]
            if not by_pattern:
                del self._multi[pattern[:2]]  # type: ignore[arg-type]

    def __bool__(self) -> bool:
        return bool(self._multi or self._single)

    def find(self, text: str) -> dict[str, int]:
        """{document id: length in tokens of the title that matched} for every title the text names."""
        found: dict[str, int] = {}
        tokens = _WORD.findall(text)
        single = self._single
        if single:
            for token in tokens:
                for document_id in single.get(token, ()):
                    found[document_id] = 1
        if self._multi:
            lowered = [t.lower() for t in tokens]
            for i, pair in enumerate(zip(lowered, lowered[1:], strict=False)):
                candidates = self._multi.get(pair)
                if not candidates:
                    continue
                for pattern, document_ids in candidates.items():
                    if len(pattern) == 2 or tuple(lowered[i : i + len(pattern)]) == pattern:
                        for document_id in document_ids:
                            found[document_id] = max(found.get(document_id, 0), len(pattern))
        return found


def mention_targets(
    text: str,
    own_document: str,
    matcher: TitleMatcher,
    max_documents: int,
    first_nodes: Mapping[str, list[str]] | None = None,
) -> list[str]:
    """Documents (other than the passage's own) that the text names; longer, more specific titles first, then by
    their first node's id (which sorts by the document's content; a document id is random)."""
    found = matcher.find(text)
    found.pop(own_document, None)
    first = first_nodes or {}
    ranked = sorted(found.items(), key=lambda item: (-item[1], first.get(item[0], [item[0]])[0], item[0]))
    return [document_id for document_id, _ in ranked[:max_documents]]


def mention_edges(
    passages: Iterable[tuple[str, str, str]],
    matcher: TitleMatcher,
    first_nodes: Mapping[str, list[str]],
    max_documents: int,
) -> list[tuple[str, str, float]]:
    """(source, target, weight) for (passage id, document id, text) triples; targets are each named document's
    first passages (`first_nodes`)."""
    edges: list[tuple[str, str, float]] = []
    for passage_id, document_id, text in passages:
        for target_document in mention_targets(text, document_id, matcher, max_documents, first_nodes):
            for target in first_nodes.get(target_document, ()):
                edges.append((passage_id, target, 1.0))
    return edges
