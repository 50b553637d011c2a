"""TF-IDF keywords per passage (KGP's `keyword` edges come from passages sharing them).

IDF needs a corpus: the passages being added plus a deterministic sample of those already in the collection, so a
document's keywords depend only on its text and the collection it joins (add → remove → add gives the same ones).
A passage's keywords are stored with its node and never recomputed: adding a document does not rewrite old nodes.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from sklearn.feature_extraction.text import TfidfVectorizer

from app.graph.mentions import strip_qualifiers

# Words of 3+ characters that start with a letter: drops numbers, years and one/two-letter fragments.
TOKEN_PATTERN = r"(?u)\b[^\W\d_][^\W_]{2,}\b"


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

    `background` only contributes document frequencies (IDF), e.g. passages already in the collection.
    """
    if not texts:
        return []
    vectorizer = TfidfVectorizer(token_pattern=TOKEN_PATTERN, stop_words="english", sublinear_tf=True, dtype=np.float32)
    try:
        vectorizer.fit([*background, *texts])
    except ValueError:  # nothing but stop words anywhere
        return [[t] if (t := title_keyword(title)) else [] for title in titles]
    matrix = vectorizer.transform(texts).tocsr()
    vocabulary = vectorizer.get_feature_names_out()  # sorted, so a smaller column index is the smaller term
    out: list[list[str]] = []
    for row, title in enumerate(titles):
        start, end = matrix.indptr[row], matrix.indptr[row + 1]
        columns, scores = matrix.indices[start:end], matrix.data[start:end]
        order = np.lexsort((columns, -scores))[:top_n]
        keywords: list[str] = []
        if key := title_keyword(title):
            keywords.append(key)
        for column in columns[order]:
            term = str(vocabulary[column])
            if term not in keywords:
                keywords.append(term)
        out.append(keywords)
    return out
