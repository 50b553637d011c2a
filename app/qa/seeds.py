"""First-stage rankers over a collection's passages and tables: TF-IDF (as KGP), BM25, dense, and their fusion.

Sparse indexes are fitted once per (collection, graph_version) and kept on the CollectionIndex; a query is one
sparse matrix-vector product. Every ranker returns [(unit index, score)] best first.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from functools import cache

import numpy as np
from scipy import sparse
from sklearn.feature_extraction.text import CountVectorizer, TfidfVectorizer

from app.qa.analysis.described import descriptions
from app.qa.analysis.people import people
from app.qa.analysis.phrases import word_lists
from app.qa.boilerplate import boilerplate_units
from app.qa.index import CollectionIndex
from app.text.acronyms import expanded

Ranking = list[tuple[int, float]]
RRF_K = 60  # the constant of Cormack et al.; large enough that one ranker's top-1 does not dominate
FUSION_DEPTH = 100  # how deep each ranking goes into the fusion
# The dense ranking's weight in the hybrid fusion (BM25's is 1). RESEARCH.md: BM25+dense fusion makes the best
# seeds on HotpotQA, dense alone on MuSiQue (lexical look-alikes crowd its top ranks). Weighting dense 3:1 was
# better than both on both, measured through KGP (pooled, 100 q each: R@5 +3 points on each vs 1:1; 2:1 and 4:1
# within a point of it).
HYBRID_DENSE_WEIGHT = 3.0


def _top(scores: np.ndarray, k: int, positive_only: bool = False) -> Ranking:
    n = len(scores)
    if n == 0 or k <= 0:
        return []
    k = min(k, n)
    top = np.argpartition(-scores, k - 1)[:k] if k < n else np.arange(n)
    # Ties broken by index (node ids are sorted) so rankings are deterministic.
    ranked = sorted(top.tolist(), key=lambda i: (-float(scores[i]), i))
    return [(i, float(scores[i])) for i in ranked if not positive_only or scores[i] > 0]


class TfidfIndex:
    def __init__(self, texts: list[str]) -> None:
        self.vectorizer = TfidfVectorizer(stop_words="english", sublinear_tf=True, dtype=np.float32)
        try:
            self.matrix = self.vectorizer.fit_transform(texts).tocsr()
        except ValueError:  # empty vocabulary (no texts, or only stop words)
            self.matrix = None

    def query_vector(self, text: str) -> sparse.csr_matrix | None:
        return None if self.matrix is None else self.vectorizer.transform([text])

    def scores(self, text: str) -> np.ndarray:
        q = self.query_vector(text)
        if q is None or self.matrix is None:
            return np.zeros(0, dtype=np.float32)
        return np.asarray((self.matrix @ q.T).todense()).ravel()

    def rows_scores(self, text: str, rows: list[int]) -> np.ndarray:
        q = self.query_vector(text)
        if q is None or self.matrix is None or not rows:
            return np.zeros(len(rows), dtype=np.float32)
        return np.asarray((self.matrix[rows] @ q.T).todense()).ravel()


class Bm25Index:
    """Okapi BM25 (k1=1.5, b=0.75) with the term weights precomputed as a sparse (terms x units) matrix."""

    def __init__(self, texts: list[str], k1: float = 1.5, b: float = 0.75) -> None:
        self.vectorizer = CountVectorizer(stop_words="english", dtype=np.float32)
        try:
            counts = self.vectorizer.fit_transform(texts).tocsr().astype(np.float32)
        except ValueError:
            self.weights = None
            return
        n = counts.shape[0]
        lengths = np.asarray(counts.sum(axis=1)).ravel()
        avg = float(lengths.mean()) or 1.0
        df = np.bincount(counts.indices, minlength=counts.shape[1])
        idf = np.log(1.0 + (n - df + 0.5) / (df + 0.5)).astype(np.float32)
        coo = counts.tocoo()
        tf = coo.data
        norm = k1 * (1.0 - b + b * lengths[coo.row] / avg)
        data = idf[coo.col] * tf * (k1 + 1.0) / (tf + norm)
        self.weights = sparse.csr_matrix((data, (coo.col, coo.row)), shape=(counts.shape[1], n), dtype=np.float32)
        self.vocabulary = self.vectorizer.vocabulary_
        self.analyze = self.vectorizer.build_analyzer()
        self._by_start: dict[str, list[str]] | None = None  # vocabulary by first two letters, built when first asked

    def spelled_near(self, word: str, likeness: float, same_start: bool = True) -> bool:
        """Some word of the collection is spelled like `word` (a typo, a variant: "Margaraviate" for
        "Margraviate"): it opens with the same five letters (unless not `same_start`), or has the same first two, a
        length within two, and difflib's ratio at least `likeness`."""
        if self._by_start is None:
            by_start: dict[str, list[str]] = {}
            for term in self.vocabulary:
                by_start.setdefault(term[:2], []).append(term)
            self._by_start = by_start
        head = word[:5]  # "canadian" is said by "canada": a word that opens alike is the same name in another form
        return any(
            (same_start and term.startswith(head))
            or (abs(len(term) - len(word)) <= 2 and difflib.SequenceMatcher(None, word, term).ratio() >= likeness)
            for term in self._by_start.get(word[:2], ())
        )

    def scores(self, text: str) -> np.ndarray:
        if self.weights is None:
            return np.zeros(0, dtype=np.float32)
        terms = {self.vocabulary[t] for t in self.analyze(text) if t in self.vocabulary}
        if not terms:
            return np.zeros(self.weights.shape[1], dtype=np.float32)
        return np.asarray(self.weights[sorted(terms)].sum(axis=0)).ravel()


def tfidf_index(index: CollectionIndex) -> TfidfIndex:
    with index.lock:
        if index.tfidf is None:
            index.tfidf = TfidfIndex(index.texts)
        return index.tfidf


def bm25_index(index: CollectionIndex) -> Bm25Index:
    with index.lock:
        if index.bm25 is None:
            index.bm25 = Bm25Index(index.texts)
        return index.bm25


def rank_tfidf(index: CollectionIndex, question: str, k: int) -> Ranking:
    return _top(tfidf_index(index).scores(question), k, positive_only=True)


def rank_bm25(index: CollectionIndex, question: str, k: int) -> Ranking:
    return _top(bm25_index(index).scores(expanded(question)), k, positive_only=True)


def rank_dense(index: CollectionIndex, query_vector: np.ndarray, k: int) -> Ranking:
    return [(index.index_of[node_id], score) for node_id, score in index.vectors.top_k(query_vector, k)]


def fuse(rankings: list[Ranking], k: int, weights: list[float] | None = None) -> Ranking:
    """Reciprocal-rank fusion: score = sum over rankings of weight / (RRF_K + rank)."""
    scores: dict[int, float] = {}
    for n, ranking in enumerate(rankings):
        w = 1.0 if weights is None else weights[n]
        for rank, (i, _) in enumerate(ranking, start=1):
            scores[i] = scores.get(i, 0.0) + w / (RRF_K + rank)
    return sorted(scores.items(), key=lambda item: (-item[1], item[0]))[:k]


def rank_hybrid(index: CollectionIndex, question: str, query_vector: np.ndarray, k: int) -> Ranking:
    depth = max(k, FUSION_DEPTH)
    return fuse(
        [rank_bm25(index, question, depth), rank_dense(index, query_vector, depth)], k, [1.0, HYBRID_DENSE_WEIGHT]
    )


# A name the question gives ("Envoy Air", "Palm Springs"): capitalised words, not the question's first word.
QUESTION_NAME = re.compile(r"(?<!^)(?<![.?!]\s)\b[A-Z][\w&-]*(?:\s+[A-Z][\w&-]*)*")
# A name held by more units than this is a topic of the collection ("Boeing", "Finland"), not a pointer to one record.
MAX_NAMING_UNITS = 3
# Units holding the name's rarest word beyond which the name is not looked for (it is no rare name).
MAX_NAME_HOLDERS = 50
MAX_DOCUMENT_NAME_HOLDERS = 5000  # units holding a name beyond which it is not read as naming one document


def _inside_word(c: str) -> bool:
    return c.isalnum() or c in "_-"


def _said_whole(name: str, text: str) -> bool:
    """`text` says `name` as a whole word: "Envoy Air" in "… Envoy Air's closure", not in "Envoy Airline"."""
    at = text.find(name)
    while at >= 0:
        end = at + len(name)
        if not (at and _inside_word(text[at - 1])) and not (end < len(text) and _inside_word(text[end])):
            return True
        at = text.find(name, at + 1)
    return False


def rank_named(index: CollectionIndex, question: str) -> list[int]:
    """The units that hold, as a whole word, a name of three or more letters the question gives and at most
    MAX_NAMING_UNITS units hold: a record named by a rare name ("How many staff did Envoy Air's closure in Palm
    Springs affect?") sits in one row of a long table, which BM25's length normalisation and a table's poor
    embedding both rank low. Only the units holding the name's rarest word are read (BM25's term index), so the cost
    does not grow with the collection."""
    bm25 = bm25_index(index)
    if bm25.weights is None:
        return []
    found: list[int] = []
    for m in QUESTION_NAME.finditer(question):
        name = re.sub(r"['’]s$", "", m.group(0)).strip()
        terms = [bm25.vocabulary[t] for t in bm25.analyze(name) if t in bm25.vocabulary]
        if len(name) < 3 or not terms:
            continue
        holders = min((bm25.weights[t].indices for t in terms), key=len)
        if len(holders) > MAX_NAME_HOLDERS:
            continue
        units = [int(i) for i in sorted(holders) if _said_whole(name, index.texts[i])]
        if 0 < len(units) <= MAX_NAMING_UNITS:
            found += [i for i in units if i not in found]
    return found


def units_saying(index: CollectionIndex, name: str, opener: str = "") -> np.ndarray | None:
    """Which units say every word of `name` (the words BM25 indexes: no stop word, no one-letter word); None when the
    name has no such word. The question's `opener` is no part of a name it heads ("Did John Updike …")."""
    words = bm25_index(index)
    if words.weights is None:
        return None
    skipped = set(words.analyze(opener))
    terms = [t for t in words.analyze(name) if t not in skipped]
    if not terms:
        return None
    if any(t not in words.vocabulary for t in terms):
        return np.zeros(len(index), dtype=bool)
    rows = words.weights[[words.vocabulary[t] for t in terms]]
    return np.asarray((rows > 0).sum(axis=0)).ravel() == len(terms)


def named_document(index: CollectionIndex, question: str, codes_only: bool = False) -> str | None:
    """The one document that holds a name the question gives, where no other name of it is held by one other
    document alone: "What storage temperature range is allowed for the ADIS16477?" is about the data sheet that says
    "ADIS16477", whatever another data sheet's "Storage Temperature" row reads. None when no name is held by one
    document only. `codes_only`: only names holding a figure count (a part number; a name of words, "New York City",
    one document may say as "the City of New York")."""
    bm25 = bm25_index(index)
    if bm25.weights is None:
        return None
    alone: set[str] = set()
    for m in QUESTION_NAME.finditer(question):
        name = m.group(0).strip()
        terms = [bm25.vocabulary[t] for t in bm25.analyze(name) if t in bm25.vocabulary]
        if len(name) < 3 or not terms or (codes_only and not any(c.isdigit() for c in name)):
            continue
        holders = min((bm25.weights[t].indices for t in terms), key=len)
        if len(holders) > MAX_DOCUMENT_NAME_HOLDERS:
            continue  # a word this common names no one document
        documents = {index.document_ids[int(i)] for i in holders}
        if len(documents) == 1:
            alone |= documents
    return next(iter(alone)) if len(alone) == 1 else None


def rare_names(index: CollectionIndex, question: str) -> tuple[frozenset[str], ...]:
    """For each name the question gives, the words of it (as BM25's analyzer writes them) that at most
    MAX_NAMING_UNITS units of the collection hold, or none: {"cheri", "reese"} of "Cheri Reese", {"tokyo"} of a
    collection that never says it; and each code it gives that few units hold ({"0190"}). Names of no rare word are
    left out. A record that holds them is about what the question names (app.qa.answer.names_record)."""
    bm25 = bm25_index(index)
    weights = bm25.weights
    if weights is None:
        return ()

    def held(term: str) -> int:
        column = bm25.vocabulary.get(term)
        return 0 if column is None else len(weights[column].indices)

    names = [frozenset(t for t in bm25.analyze(m.group(0)) if held(t) <= MAX_NAMING_UNITS)
             for m in QUESTION_NAME.finditer(question)]  # fmt: skip
    # A code the question gives ("the locality with the code 0190") names a record as a name does.
    codes = [frozenset([t]) for t in bm25.analyze(question)
             if len(t) >= 3 and t.isdigit() and 0 < held(t) <= MAX_NAMING_UNITS]  # fmt: skip
    return tuple(dict.fromkeys(n for n in names + codes if n))


# How alike a describing word must be spelled to a word of the collection to count as said: closer than a name's
# (settings.answer.near_spelling) because common words differ by a letter ("solar", "polar"; "inverter", "inverted").
DESCRIBED_NEAR_SPELLING = 0.9


def _surname_said(
    name: str, named: tuple[str, ...], analyze: Callable[[str], list[str]], never_said: Callable[[str], bool]
) -> bool:
    """Whether `name` is a person's name (inside one of those `named`) whose last word the collection says."""
    terms = analyze(name)
    return bool(terms) and any(name in person for person in named) and not never_said(terms[-1])


@cache
def _no_names() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """(units a question may spell out, the stems of months' names, their endings): capitalised, yet no names."""
    words = word_lists("question_words")
    return frozenset(words["spelled_units"]), frozenset(words["month_stems"]), frozenset(words["month_endings"])


def _no_name(word: str) -> bool:
    """ "Celsius", or "December", "Sept": a month a document may write as a number ("12/1/2017")."""
    units, stems, endings = _no_names()
    return word in units or (word[:3] in stems and word[3:] in endings)


def question_names(question: str) -> list[str]:
    """The names a question gives: its runs of capitalised words, a unit spelled out ("degrees Celsius") and a month
    aside."""
    # "October-December" is two months: a span of a year, no name
    return [m.group(0) for m in QUESTION_NAME.finditer(question)
            if not all(map(_no_name, m.group(0).lower().replace("–", " ").replace("-", " ").split()))]  # fmt: skip


def absent_names(
    index: CollectionIndex, question: str, known: Callable[[], str] = str, likeness: float = 0.8
) -> list[str]:
    """The names the question gives that the collection never says: a word of the name (four letters or more) that
    no unit holds, no document's file name or title (`known()`) holds, and no word of the collection is spelled like
    (`likeness`: a misspelt name is still a name the collection says). A question about "Starbucks" over a
    folder that never names it asks about something that is not there; any passage shown would be about something
    else."""
    bm25 = bm25_index(index)
    if bm25.weights is None:
        return []
    named: str | None = None  # the documents' file names and titles, read only for a word no unit holds

    def never_said(term: str, near: float = likeness, same_start: bool = True) -> bool:
        nonlocal named
        if len(term) < 4 or not term.isalpha() or term in bm25.vocabulary:
            return False
        named = known().lower() if named is None else named
        return term not in named and not bm25.spelled_near(term, near, same_start)

    absent = [name for name in question_names(question) if any(map(never_said, bm25.analyze(name)))]
    if absent:
        # "Donald Trump" over results that print "TRUMP": a person is named by the surname; the given name unsaid is
        # no other person.
        persons = people(question)
        absent = [name for name in absent if not _surname_said(name, persons, bm25.analyze, never_said)]
    # "the solar inverter manual" over a folder that never says "solar" nor "inverter": a document described by
    # what it is about that is not there. Every describing word unsaid, not one (a description paraphrases); only
    # a word spelled very nearly like one the folder says is said ("Costcos"; "solar" is no "polar", and a common
    # word's first five letters are no name's: "inverter" is no "inverted").
    for described in descriptions(question):
        terms = [t for word in described.words for t in bm25.analyze(word)
                 if len(t) >= 4 and t.isalpha() and not _no_name(t)]  # fmt: skip
        if terms and all(never_said(t, DESCRIBED_NEAR_SPELLING, same_start=False) for t in terms):
            absent.append(question[described.start : described.end])
    return absent


def rank(index: CollectionIndex, ranker: str, question: str, query_vector: np.ndarray | None, k: int) -> Ranking:
    """Any first-stage ranker by name (gnn lives in app.qa.propagate and is dispatched by the pipeline), without the
    passages repeated page after page (`boilerplate_units`)."""
    repeated = boilerplate_units(index)
    ranking = _ranked(index, ranker, question, query_vector, k + len(repeated))
    return [(i, score) for i, score in ranking if i not in repeated][:k]


def _ranked(index: CollectionIndex, ranker: str, question: str, query_vector: np.ndarray | None, k: int) -> Ranking:
    if ranker == "tfidf":
        return rank_tfidf(index, question, k)
    if ranker == "bm25":
        return rank_bm25(index, question, k)
    if ranker in ("dense", "hybrid"):
        if query_vector is None:
            raise ValueError(f"the {ranker} ranker needs the question's vector")
        if ranker == "dense":
            return rank_dense(index, query_vector, k)
        return rank_hybrid(index, question, query_vector, k)
    raise ValueError(f"unknown seed ranker {ranker!r}: hybrid, tfidf, bm25, dense or gnn")
