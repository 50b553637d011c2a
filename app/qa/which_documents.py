""""Which documents are about X?": every document that names the topic, with how much of it does, and a cited
reason from each; documents close to the topic in meaning without naming it are listed apart.

A list that says "4 documents about education" when two of them name it once (a publisher in a reference list, a
company in a table) is a confident wrong answer. Whether a document is "about" a topic is a judgement the reader
cannot make reliably, so the answer states what was found, which the user can judge: how many of each
document's passages and tables name the topic, most first.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from app.qa.analysis.phrases import ALNUM
from app.qa.ask import EvidenceNode
from app.qa.documents_question import every_term_required, stem, topic_terms
from app.qa.excerpt import excerpt
from app.qa.extractive_reader.words import NAME
from app.qa.index import CollectionIndex
from app.qa.reader.shown import bold
from app.qa.traverse import evidence_node
from app.text.sentences import split_sentences

# A document is listed when one of its units names the topic (a word of each alternative, stemmed) or, apart, when
# one is this close to it in embedding space (cosine; MiniLM puts paraphrases of a short topic above ~0.5 and
# unrelated passages below ~0.3).
MIN_SIMILARITY = 0.5
MAX_DOCUMENTS = 20


@dataclass(frozen=True, slots=True)
class DocumentMatch:
    """One listed document: its best unit (cited), the reason shown, and how many of its units name the topic."""

    document_id: str
    node: EvidenceNode
    reason: str
    naming: int  # units (passages and tables) that name the topic; 0 when found by meaning only
    units: int  # all its passages and tables
    page: int | None = None  # named only in this page's text, not in a passage or table read from it


@dataclass(frozen=True, slots=True)
class PageText:
    """A page's whole extracted text: a word a table's extraction cut in two ("departure airp | rt") is whole here."""

    document_id: str
    number: int
    text: str


def topic_words(topic: str) -> list[str]:
    """What a text must hold, as written or lower-cased, to name `topic`: a cheap prefilter for page texts."""
    alternatives = _alternatives(topic)
    return sorted({s for a in alternatives for s in a.stems} | {x for a in alternatives for x in a.acronyms})


def _alternatives(topic: str) -> list[Term]:
    return [a for a in (Term.of(t) for t in topic_terms(topic)) if a]


def stems(text: str) -> set[str]:
    return {stem(w) for w in ALNUM.findall(text.lower()) if len(w) > 2}


# "UK", "EU", "FAA": a short capitalised name is matched whole and in capitals. Stemmed and lower-cased, a word of
# two letters was dropped ("Which documents mention the UK?" found only documents close in meaning) and "US" would
# match "us". A plural "s" is no part of it: "GPUs" names what "GPU" names.
ACRONYM = re.compile(r"\b([A-Z][A-Z0-9&]{1,5})s?\b")


@dataclass(frozen=True, slots=True)
class Term:
    """One alternative of a topic: its acronyms (matched as written) and the stems of its other words."""

    acronyms: frozenset[str]
    stems: frozenset[str]

    @classmethod
    def of(cls, term: str) -> Term:
        acronyms = frozenset(ACRONYM.findall(term))
        rest = ACRONYM.sub(" ", term)
        return cls(acronyms, frozenset(stems(rest)))

    def __bool__(self) -> bool:
        return bool(self.acronyms or self.stems)

    def named_in(self, text: str, unit_stems: set[str]) -> bool:
        return self.stems <= unit_stems and all(re.search(rf"\b{re.escape(a)}s?\b", text) for a in self.acronyms)


def reason(text: str, wanted: set[str], acronyms: frozenset[str] = frozenset()) -> str:
    """The unit's first sentence naming the topic, its topic words in bold (else its first sentence)."""
    sentences = split_sentences(text) or [text[:300]]
    for sentence in sentences:
        hits = [
            m
            for m in ALNUM.finditer(sentence.lower())
            if stem(m.group(0)) in wanted or sentence[m.start() : m.end()] in acronyms
        ]
        if hits:
            # A table's "sentence" is its whole Markdown: shown as an excerpt around the hit, not a wall of cells.
            cut, shift = excerpt(sentence, hits[0].start(), hits[0].end())
            return bold(cut, hits[0].start() - shift, hits[0].end() - shift)
    return excerpt(sentences[0], 0, 0)[0]


def find_documents(
    index: CollectionIndex,
    topic: str,
    topic_vector: np.ndarray,
    pages: Sequence[PageText] = (),
    kinds: tuple[str, ...] = ("passage", "table"),
) -> list[DocumentMatch]:
    """The documents of `index` that name `topic` (most naming units first), then those close to it in meaning.

    A document none of whose units names the topic is still listed as naming it when one of its `pages` does; it is
    cited by a unit of that page. `kinds`: the units that count (("table",) for "which documents have a table
    about X")."""
    sims = index.matrix @ topic_vector if len(index) else np.zeros(0)
    alternatives = _alternatives(topic)
    acronyms = frozenset(x for a in alternatives for x in a.acronyms)
    wanted = {s for a in alternatives for s in a.stems}
    every = every_term_required(topic) and len(alternatives) > 1
    named_terms: dict[str, set[int]] = {}  # document → the alternatives some unit of it names
    naming: dict[str, int] = {}
    units: dict[str, int] = {}
    best: dict[str, tuple[bool, float, int]] = {}  # document → (names it, similarity, unit index) of its best unit
    for i in range(len(index)):
        if index.kinds[i] not in kinds:
            continue
        doc = index.document_ids[i]
        units[doc] = units.get(doc, 0) + 1
        text = index.texts[i].lower()
        names = False
        # Substring first: stemming every unit would be slow.
        if any(s in text for s in wanted) or any(x in index.texts[i] for x in acronyms):
            unit = stems(text)
            held = {k for k, a in enumerate(alternatives) if a.named_in(index.texts[i], unit)}
            named_terms.setdefault(doc, set()).update(held)
            names = bool(held)
        naming[doc] = naming.get(doc, 0) + names
        key = (names, float(sims[i]), i)
        if (names or key[1] >= MIN_SIMILARITY) and (doc not in best or key[:2] > best[doc][:2]):
            best[doc] = key
    named_on: dict[str, PageText] = {}  # document → the first page whose text alone names the topic
    unnamed = [p for p in pages if p.document_id in units and not naming.get(p.document_id)]
    wanted_pages = {(p.document_id, p.number) for p in unnamed}
    on_page: dict[tuple[str, int | None], list[int]] = {}  # those pages' units, read in one pass over the index
    for i in range(len(index)) if wanted_pages else ():
        if (index.document_ids[i], index.pages[i]) in wanted_pages and index.kinds[i] in kinds:
            on_page.setdefault((index.document_ids[i], index.pages[i]), []).append(i)
    for page in unnamed:
        held = {k for k, a in enumerate(alternatives) if a.named_in(page.text, stems(page.text))}
        cited_units = on_page.get((page.document_id, page.number))
        if not held or not cited_units:
            continue
        named_terms.setdefault(page.document_id, set()).update(held)
        if page.document_id not in named_on:
            # Tables first: it is mostly a table's extraction that loses a word the page's text holds.
            cited = min(cited_units, key=lambda i: (index.kinds[i] != "table", -float(sims[i])))
            named_on[page.document_id] = page
            best[page.document_id] = (True, float(sims[cited]), cited)
            naming[page.document_id] = 1
    if every:
        # "both A and B": a document naming only one of them is not listed.
        best = {d: k for d, k in best.items() if len(named_terms.get(d, ())) == len(alternatives)}
    ranked = sorted(best, key=lambda d: (-naming[d], -best[d][1]))[:MAX_DOCUMENTS]
    return [
        DocumentMatch(
            document_id=doc,
            node=evidence_node(index, best[doc][2], 0, best[doc][1]),
            reason=reason(named_on[doc].text if doc in named_on else index.texts[best[doc][2]], wanted, acronyms),
            naming=naming[doc],
            units=units[doc],
            page=named_on[doc].number if doc in named_on else None,
        )
        for doc in ranked
    ]


def documents_by_meaning(
    index: CollectionIndex,
    predicate_vector: np.ndarray,
    floor: float,
    margin: float,
    kinds: tuple[str, ...] = ("passage", "table"),
) -> list[DocumentMatch]:
    """The documents whose closest unit is near what a question says of them ("were issued by governments outside
    the US"), closest first: each at least `floor` similar and within `margin` of the closest document. A predicate
    is a description, not a word, so no unit names it; its closest unit is cited as the reason."""
    if not len(index):
        return []
    sims = index.matrix @ predicate_vector
    best: dict[str, tuple[float, int]] = {}
    units: dict[str, int] = {}
    for i in range(len(index)):
        if index.kinds[i] not in kinds:
            continue
        doc = index.document_ids[i]
        units[doc] = units.get(doc, 0) + 1
        key = (float(sims[i]), -i)  # ties go to the earlier unit, so the list does not depend on float noise
        if doc not in best or key > (best[doc][0], -best[doc][1]):
            best[doc] = (key[0], i)
    if not best:
        return []
    top = max(sim for sim, _ in best.values())
    kept = sorted((d for d, (sim, _) in best.items() if sim >= max(floor, top - margin)), key=lambda d: -best[d][0])
    return [
        DocumentMatch(
            document_id=doc,
            node=evidence_node(index, best[doc][1], 0, best[doc][0]),
            reason=reason(index.texts[best[doc][1]], set()),
            naming=0,
            units=units[doc],
        )
        for doc in kept[:MAX_DOCUMENTS]
    ]


def named_within(
    index: CollectionIndex,
    topic: str,
    topic_vector: np.ndarray,
    pages_of: Callable[[str], Sequence[PageText]],
    kinds: tuple[str, ...] = ("passage", "table"),
) -> tuple[str, list[DocumentMatch]] | None:
    """ "Which documents discuss … being affected by leaving or selling operations in Russia?": a description no unit
    says in so many words, with a name in it. The documents that name the name are the ones to read, each cited by
    its unit closest to the description; (the name, those documents), or None when the topic holds no name or no
    document names it. `pages_of`: the page texts that may name a word (app.qa.read.documents.pages_naming)."""
    names = [m.group(0) for m in NAME.finditer(topic) if m.group(0) != topic.strip()]
    if not names:
        return None
    name = names[-1]
    found = [m for m in find_documents(index, name, topic_vector, pages_of(name), kinds) if m.naming]
    return (name, found) if found else None
