"""Which document a description names ("the dense passage retrieval paper", "the MS430 datasheet"), by what each
document says of itself: its profile — file name, title and the text of its opening (every unit of its earliest page,
and of the pages after it while they have said little: a title page) — matched by words (weighted by how few profiles
hold them) and by meaning (the description's embedding against the mean of those units' vectors). A profile is read
off the collection's index, so it needs nothing stored beyond what ingestion keeps, and is built once per index
version."""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from app.llm.embeddings import TextEncoder
from app.qa.analysis.described import Description, descriptions
from app.qa.analysis.listing import lexicon
from app.qa.analysis.phrases import ALNUM
from app.qa.classify.documents import DocumentNames, file_stem
from app.qa.classify.model import DocumentRef
from app.qa.index import CollectionIndex
from app.qa.reported_period import Period, asks_period, period_asked_elsewhere, reported_period, titled_period
from app.qa.seeds import question_names
from app.settings import AnswerSettings
from app.text.stemming import stem


@dataclass(frozen=True, slots=True)
class Profile:
    document_id: str
    words: frozenset[str]
    vector: np.ndarray  # L2-normalised; zeros when the document has no vectors
    body: frozenset[str] = frozenset()  # the words of the rest of the document: what it is about, said less surely
    named: frozenset[str] = frozenset()  # the words of its own file name and title
    period: Period | None = None  # the period its opening says it reports ("quarterly period ended …")


@dataclass(frozen=True, slots=True)
class Profiles:
    profiles: tuple[Profile, ...]
    document_frequency: dict[str, int]

    def idf(self, word: str) -> float:
        n = len(self.profiles)
        return math.log((n + 1) / (self.document_frequency.get(word, 0) + 0.5))


def words_of(text: str) -> set[str]:
    return set(ALNUM.findall(text.lower()))


def _with_stems(words: set[str]) -> frozenset[str]:
    """The words and their stems: "the replication study" is the document that "replicates" a study."""
    return frozenset(words | {stem(w) for w in words})


def build_profiles(
    index: CollectionIndex, names: dict[str, tuple[str, str | None]], opening_chars: int = 0, period_pages: int = 0
) -> Profiles:
    """names: document id → (file name, title). A document's opening is its earliest page and the pages after it
    until `opening_chars` characters: a title page and the abstract after it. The period it reports is read from its
    opening and its first `period_pages` pages (a cover, a page of legal notices, then "for the year ended …")."""
    by_page: dict[str, dict[int, list[int]]] = {}
    for i in range(len(index)):  # every unit of a page: the index's order is no reading order
        by_page.setdefault(index.document_ids[i], {}).setdefault(index.pages[i] or 0, []).append(i)
    first: dict[str, list[int]] = {}
    rest: dict[str, list[int]] = {}
    period_units: dict[str, list[int]] = {}
    for doc, pages in by_page.items():
        units: list[int] = []
        said = 0
        for page in sorted(pages):
            units += pages[page]
            said += sum(len(index.texts[i]) for i in pages[page])
            if said >= opening_chars:
                break
        first[doc] = units
        period_units[doc] = sorted(set(units) | {i for page in sorted(pages)[:period_pages] for i in pages[page]})
        opening = set(units)
        rest[doc] = [i for page in sorted(pages) for i in pages[page] if i not in opening]
    profiles = []
    frequency: dict[str, int] = {}
    for doc in sorted(first):  # a stable order: profiles do not depend on how the index was filled
        units = first[doc]
        filename, title = names.get(doc, ("", None))
        name = file_stem(filename.lower())
        text = " ".join([name, title or "", *(index.texts[i] for i in units)])
        words = _with_stems(words_of(text))
        body = _with_stems(words_of(" ".join(index.texts[i] for i in rest[doc]))) - words
        mean = index.matrix[units].mean(axis=0) if units else np.zeros(index.matrix.shape[1], dtype=np.float32)
        norm = float(np.linalg.norm(mean))
        own = _with_stems(words_of(f"{name} {title or ''}"))
        period = reported_period(" ".join(index.texts[i] for i in period_units[doc])) or titled_period(
            f"{name} {title or ''}")  # fmt: skip
        profiles.append(Profile(doc, words, mean / norm if norm else mean, body, own, period))
        for w in words | body:
            frequency[w] = frequency.get(w, 0) + 1
    return Profiles(tuple(profiles), frequency)


_cache: dict[tuple[str, int, int, int], Profiles] = {}
_lock = threading.Lock()


def profiles_of(
    index: CollectionIndex, names: Callable[[], dict[str, tuple[str, str | None]]], opening_chars: int,
    period_pages: int,
) -> Profiles:  # fmt: skip
    key = (index.collection_id, index.version, opening_chars, period_pages)
    with _lock:
        found = _cache.get(key)
    if found is None:
        found = build_profiles(index, names(), opening_chars, period_pages)
        with _lock:
            _cache.clear()  # one collection version at a time is what questions ask about
            _cache[key] = found
    return found


def named_profiles(index: CollectionIndex, names: DocumentNames, limits: AnswerSettings) -> Profiles:
    """The profiles of the collection whose ready documents' names are `names`."""
    return profiles_of(index, lambda: {d.id: (d.filename, d.title) for d in names.documents.values()},
                       limits.profile_opening_chars, limits.profile_period_pages)  # fmt: skip


def fitting_documents(
    profiles: Profiles,
    described: Sequence[str],
    vector: np.ndarray,
    semantic_weight: float,
    floor: float,
    margin: float,
    body_weight: float = 0.0,
    name_weight: float = 0.0,
) -> list[str]:
    """The documents whose profiles the description fits best, best first: none when the best fits under `floor`,
    else every one within `margin` of the best (one when it fits clearly best; two papers on one topic fit alike).
    A profile's score: the share of the description's word weight (idf, words compared by their stems) its words
    hold, those found only past its opening weighing `body_weight` as much, plus `name_weight` times the share its
    own file name and title hold, plus `semantic_weight` times the cosine of the description and the profile
    vector."""
    wanted = {stem(w) for word in described for w in ALNUM.findall(word.lower())}
    total = sum(profiles.idf(w) for w in wanted)
    if not profiles.profiles or total <= 0:
        return []

    def said(words: frozenset[str]) -> float:
        return sum(profiles.idf(w) for w in wanted & words)

    scored = sorted(
        (
            ((said(p.words) + body_weight * said(p.body) + name_weight * said(p.named)) / total
             + semantic_weight * float(p.vector @ vector), p.document_id)
            for p in profiles.profiles
        ),
        key=lambda s: (-s[0], s[1]),
    )  # fmt: skip
    best = scored[0][0]
    return [d for score, d in scored if best - score < margin] if best >= floor else []


def identified(profiles: Profiles, identifier: Sequence[str]) -> set[str]:
    """The documents whose own file name or title says every word of `identifier` (the "36" of "situation report
    36", a quoted title); failing that, those whose opening does. A series' issues fit their shared description
    alike: the number or title that tells them apart decides."""
    wanted = {stem(w) for word in identifier for w in ALNUM.findall(word.lower())}
    if not wanted:
        return set()
    named = {p.document_id for p in profiles.profiles if wanted <= p.named}
    return named or {p.document_id for p in profiles.profiles if wanted <= p.words}


@dataclass(frozen=True, slots=True)
class DescribedDocument:
    """What a description in the question names: the one document it fits clearly best (`ref`), else the documents
    it fits alike (`among`, ids, best first: "the Transformer paper" of two papers on Transformers)."""

    ref: DocumentRef | None
    phrase: Description
    among: tuple[str, ...] = ()


def described_document(
    index: Callable[[], CollectionIndex],
    names: DocumentNames,
    question: str,
    encoder: Callable[[], TextEncoder],
    limits: AnswerSettings,
) -> DescribedDocument | None:
    """The document a description in the question names ("the dense retrieval paper"), and that description; it
    fences retrieval as a file name does. When it fits several alike, those documents (a named table is looked for
    in them only). None when the question describes no document or the description fits none. The index and the
    encoder are asked for only when the question describes a document."""
    wanted = descriptions(question)
    if not wanted:
        return None
    profiles = named_profiles(index(), names, limits)
    alike: DescribedDocument | None = None
    for described in wanted:
        vector = encoder().encode([" ".join(described.words)])[0]
        fits = fitting_documents(
            profiles, described.words, vector, limits.profile_semantic_weight, limits.profile_floor,
            limits.profile_margin, limits.profile_body_weight, limits.profile_name_weight,
        )  # fmt: skip
        found = [d for d in fits if d in names.documents]
        held = identified(profiles, described.identifier)
        found = [d for d in found if d in held] or found  # "situation report 36" of reports 24 and 36
        if len(found) == 1 and (len(fits) == 1 or found[0] in held):
            ref = DocumentRef(found[0], names.documents[found[0]].filename, matched_by="description", called=True)
            return DescribedDocument(ref, described)
        if len(found) > 1 and alike is None:
            alike = DescribedDocument(None, described, tuple(found))
    return alike


def names_held_apart(
    profiles: Profiles, names: Sequence[str], persons: Callable[[], Sequence[str]] = tuple
) -> list[str]:
    """Names of two or more words ("Federal Reserve") whose words no one document holds all of, though the collection
    may say each apart ("federal" in one file, "reserve" in another): names no document gives. A hyphened word
    ("C-TAM", set "C-\\nTAM" across a line) is one word of a name, not two. A person's name (one of `persons()`,
    tagged only when some name is held apart) is said by its surname alone (results print "TRUMP" for "Donald
    Trump"): `seeds.absent_names` checks that one."""
    if not profiles.profiles:
        return []
    apart = []
    for name in names:
        said = words_of(name)
        held = any(all(w in p.words or w in p.body for w in said) for p in profiles.profiles)
        if len(name.split()) >= 2 and len(said) >= 2 and not held:
            apart.append(name)
    if apart:
        named = persons()
        apart = [name for name in apart if not any(name in person for person in named)]
    return apart


def absent_kind(profiles: Profiles, question: str) -> str | None:
    """A description in the question ("the drone battery datasheet") of a kind of document no document says it is
    (lexicon `distinct_kinds`: no profile names the kind by any of its names) and whose own words no document holds
    all of; None when every description may name a document of the collection."""
    if not profiles.profiles:
        return None
    generic = lexicon()["generic_words"]
    for described in descriptions(question):
        said = " ".join(ALNUM.findall(question[described.start : described.end].lower()))
        names = next((kind.split("|") for kind in lexicon()["distinct_kinds"]
                      if any(said.endswith(f" {name}") for name in kind.split("|"))), None)  # fmt: skip
        if names is None or any(_names(p.words, name) for p in profiles.profiles for name in names):
            continue
        own = {w for word in described.words for w in ALNUM.findall(word.lower())} - generic
        if own and not any(own <= p.words for p in profiles.profiles):
            return question[described.start : described.end].strip()
    return None


def _names(words: frozenset[str], name: str) -> bool:
    return all(w in words for w in name.split())


# Lower-case words a title runs on through ("Census of Government Employment", "Report on the Economy").
TITLE_JOINERS = frozenset({"of", "and", "for", "on", "the", "in", "to"})


def dated_elsewhere(profiles: Profiles, question: str) -> str | None:
    """A title the question dates ("the 2012 Census of Government Employment") that the collection holds only
    undated or under another date: every document that says the title's words never says the year. None when no
    such title is asked for, when no document says the title (the names check says so), or when one of them says the
    year anywhere."""
    words = question.replace("’", "'").split()
    for k, word in enumerate(words[:-1]):
        year = word.strip("(),")
        if not (len(year) == 4 and year.isdigit() and year[:2] in ("19", "20")):
            continue
        title: list[str] = []
        for w in words[k + 1 :]:
            bare = w.strip("(),.?!;:\"").removesuffix("'s")
            if not (bare[:1].isupper() or (title and bare in TITLE_JOINERS)):
                break
            title.append(bare)
            if bare != w:
                break  # a comma, the question's end or a possessive closes the title
        while title and title[-1] in TITLE_JOINERS:
            title.pop()
        said = {w for t in title for w in ALNUM.findall(t.lower())} - TITLE_JOINERS
        if len(said) < 2:
            continue  # "in 2012 Apple …": one capitalised word is a name, not a dated title
        holders = [p for p in profiles.profiles if said <= (p.words | p.body)]
        if holders and not any(year in w for p in holders for w in p.words | p.body):
            return f"the {year} {' '.join(title)}"
    return None


PERIOD_NAMES = frozenset({"q1", "q2", "q3", "q4", "h1", "h2", "fy", "fiscal"})


def period_unreported(
    profiles: Callable[[], Profiles], names: Callable[[], Mapping[str, tuple[str, str | None]]], question: str
) -> str | None:
    """The sentence saying that no document of the company the question names reports the period it asks ("the
    fourth quarter of 2023" of a third-quarter report); None when one may, or the question names no company. The
    profiles and the names are built only for a question that asks a period and names someone."""
    if not asks_period(question):
        return None  # most questions name no quarter or fiscal year: no names or holders to work out
    said = {w for name in question_names(question) for w in words_of(name)} - PERIOD_NAMES
    said = {w for w in said if not w.isdigit() and len(w) > 1}  # a code's letter ("10-K") names no company
    if not said:
        return None
    holders = [p for p in profiles().profiles if said <= p.words]
    by_id = names()
    reports = [(by_id.get(p.document_id, ("a document", None))[0], p.period) for p in holders]
    return period_asked_elsewhere(reports, question)
