"""The issue of a series a question asks about by its period: over cibc-q1-2023-news-release.pdf and
cibc-q3-2024-news-release.pdf, "CIBC's net income for Q1 2023" is asked of the first. Documents whose names differ
only by their figures are issues of one series; a question naming the series by a word of their shared name and an
issue by its figures asks that issue."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from app.qa.analysis.listing import lexicon
from app.qa.analysis.phrases import ALNUM
from app.qa.classify.documents import file_stem
from app.qa.classify.model import DocumentName, DocumentRef

CENTURIES = ("19", "20")


def _figure(word: str) -> bool:
    """A word that dates or numbers an issue: a year ("2023") or figures with letters ("q1", "fy24", "h2")."""
    if not any(c.isdigit() for c in word):
        return False
    year = len(word) == 4 and word.isdigit() and word[:2] in CENTURIES
    return year or any(c.isalpha() for c in word)


def _name_words(doc: DocumentName) -> set[str]:
    return set(ALNUM.findall(file_stem(doc.filename).lower()))


def series_issue(question: str, documents: Iterable[DocumentName]) -> DocumentRef | None:
    """The one issue of a series whose own name holds more of the question's figures than any other issue, when the
    question also says a word of the series' shared name that is no kind of document ("cibc", not "report"); None
    when no series is named or two issues hold as many."""
    said = set(ALNUM.findall(question.lower()))
    figures = {w for w in said if _figure(w)}
    if not figures:
        return None
    words = lexicon()
    plain = words["generic_words"] | words["kind_nouns"]
    series: dict[frozenset[str], list[tuple[DocumentName, set[str]]]] = defaultdict(list)
    for doc in documents:
        name = _name_words(doc)
        series[frozenset(w for w in name if not _figure(w))].append((doc, name))
    found: list[tuple[int, DocumentName]] = []
    for shared, issues in series.items():
        if len(issues) < 2 or not (shared - plain) & said:
            continue
        held = sorted(((len(name & figures), d) for d, name in issues), key=lambda h: -h[0])
        if held[0][0] and held[0][0] > held[1][0]:
            found.append(held[0])
    if len(found) != 1:
        return None
    doc = found[0][1]
    return DocumentRef(document_id=doc.id, name=doc.filename, matched_by="series", called=True)
