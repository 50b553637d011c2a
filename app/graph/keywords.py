"""TF-IDF keywords per passage (KGP's `keyword` edges come from passages sharing them).

IDF needs a corpus: the passages being added plus a deterministic sample of those already in the collection (the
first `keyword_idf_sample` by id), so a document's keywords depend only on its text and the collection it joins
(add → remove → add gives the same ones). A passage's keywords are stored with its node and never recomputed:
adding a document does not rewrite old nodes.

The weighting is scikit-learn's TfidfVectorizer(sublinear_tf=True) (smooth IDF; the row norm does not change a
row's ranking), computed here over document frequencies that `IdfSample` keeps up to date as passages come and go:
refitting a vectorizer on 20,000 sample passages for every added document cost seconds at 100k passages.
"""

from __future__ import annotations

import heapq
import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from sklearn.feature_extraction.text import TfidfVectorizer

from app.graph.mentions import strip_qualifiers

# Words of 3+ characters that start with a letter: drops numbers, years and one/two-letter fragments.
TOKEN_PATTERN = r"(?u)\b[^\W\d_][^\W_]{2,}\b"
# Lower-casing, the token pattern and English stop words, exactly as the vectorizer would analyse a text.
analyze = TfidfVectorizer(token_pattern=TOKEN_PATTERN, stop_words="english").build_analyzer()


def title_keyword(title: str | None) -> str | None:
    """The document title as one keyword (lower-case, qualifiers stripped), so a document's passages share it."""
    if not title:
        return None
    key = strip_qualifiers(title).lower()
    return key or None


class IdfSample:
    """The first `size` items by id and how many of them hold each term, kept in step with a changing set."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.ids: list[str] = []  # sorted
        self.df: Counter[str] = Counter()
        self._terms: dict[str, frozenset[str]] = {}

    def __len__(self) -> int:
        return len(self.ids)

    def add(self, texts: Mapping[str, str], terms: Mapping[str, Sequence[str]] | None = None) -> None:
        """Items (id → text) joining the set; `terms` may hold their analysed texts already."""
        if self.size <= 0 or not texts:
            return
        entering = sorted(texts)[: self.size]
        if len(self.ids) >= self.size:
            entering = [item for item in entering if item < self.ids[-1]]
        if not entering:
            return
        merged = sorted(self.ids + entering)  # two sorted runs: a linear merge
        for item in merged[self.size :]:
            self._drop(item)
        self.ids = merged[: self.size]
        kept = set(self.ids)
        for item in entering:
            if item in kept:
                self._take(item, terms[item] if terms is not None and item in terms else analyze(texts[item]))

    def remove(self, items: Iterable[str], texts: Mapping[str, str]) -> None:
        """Items leaving the set; `texts` is every item left (the next ones by id refill the sample)."""
        gone = [item for item in items if item in self._terms]
        if not gone:
            return
        for item in gone:
            self._drop(item)
        self.ids = [item for item in self.ids if item in self._terms]
        need = self.size - len(self.ids)
        if need > 0 and len(texts) > len(self.ids):
            # Every item outside the sample sorts after all of it, so the refill is simply the next ones by id.
            for item in heapq.nsmallest(need, (i for i in texts if i not in self._terms)):
                self._take(item, analyze(texts[item]))
            self.ids = sorted(self._terms)

    def _take(self, item: str, terms: Sequence[str]) -> None:
        unique = frozenset(terms)
        self._terms[item] = unique
        self.df.update(unique)

    def _drop(self, item: str) -> None:
        unique = self._terms.pop(item, None)
        if unique is None:
            return
        self.df.subtract(unique)
        for term in unique:
            if self.df[term] <= 0:
                del self.df[term]


def extract_keywords(
    texts: Sequence[str],
    titles: Sequence[str | None],
    top_n: int,
    background: Sequence[str] = (),
    *,
    sample: IdfSample | None = None,
    analysed: Sequence[Sequence[str]] | None = None,
) -> list[list[str]]:
    """For each text, its title keyword followed by its `top_n` highest TF-IDF terms (ties by term).

    `background` (or `sample`, its frequencies kept incrementally) only contributes document frequencies (IDF),
    e.g. passages already in the collection. `analysed` may hold `analyze(text)` of each text already.
    """
    if not texts:
        return []
    analysed = analysed if analysed is not None else [analyze(text) for text in texts]
    df: Counter[str] = Counter()
    for terms in analysed:
        df.update(set(terms))
    if sample is not None:
        base, documents = sample.df, len(sample) + len(texts)
    else:
        base = Counter()
        for text in background:
            base.update(set(analyze(text)))
        documents = len(background) + len(texts)
    out: list[list[str]] = []
    for terms, title in zip(analysed, titles, strict=True):
        scores = {
            term: (1.0 + math.log(count)) * (math.log((1 + documents) / (1 + df[term] + base.get(term, 0))) + 1.0)
            for term, count in Counter(terms).items()
        }
        keywords: list[str] = []
        if key := title_keyword(title):
            keywords.append(key)
        for term in sorted(scores, key=lambda t: (-scores[t], t))[:top_n]:
            if term not in keywords:
                keywords.append(term)
        out.append(keywords)
    return out
