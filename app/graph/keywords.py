"""TF-IDF keywords per passage (KGP's `keyword` edges come from passages sharing them).

IDF needs a corpus: the graph builder gives it the passages of one document, so a document's keywords depend only
on its own text. A passage's keywords are stored with its node and never recomputed (adding a document does not
rewrite old nodes), so an IDF over the collection a document joined would make the graph depend on the order the
documents arrived in. Terms common across documents, which a collection-wide IDF would have weighed down, are
held by many passages instead, and the keyword fan-out cap keeps them from linking anything.

The weighting is scikit-learn's TfidfVectorizer(sublinear_tf=True) (smooth IDF; the row norm does not change a
row's ranking), computed here from document frequencies directly.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

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


def extract_keywords(
    texts: Sequence[str],
    titles: Sequence[str | None],
    top_n: int,
    background: Sequence[str] = (),
) -> list[list[str]]:
    """For each text, its title keyword followed by its `top_n` highest TF-IDF terms (ties by term).

    `background` only contributes document frequencies (IDF).
    """
    if not texts:
        return []
    analysed = [analyze(text) for text in texts]
    df: Counter[str] = Counter()
    for terms in analysed:
        df.update(set(terms))
    base: Counter[str] = Counter()
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
