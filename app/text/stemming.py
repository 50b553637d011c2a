"""The one word stemmer (Snowball, English): the built-in reader's word overlap and the table lookup's header and
row-label matching agree on what counts as the same word ("recruiting" = "recruits", "outlets" = "outlet")."""

from __future__ import annotations

from functools import lru_cache

import snowballstemmer  # type: ignore[import-untyped]

_STEMMER = snowballstemmer.stemmer("english")


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    return str(_STEMMER.stemWord(word))
