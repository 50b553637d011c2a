"""The people a question names ("Donald Trump's margin over Hillary Clinton" → both), by the reader's entity tagger
(app.qa.nlp): a person may be named by the surname alone in a document, so a given name it never prints is no sign
that the person is absent."""

from __future__ import annotations

from functools import lru_cache

from app.qa.nlp import entities


@lru_cache(maxsize=1024)
def people(question: str) -> tuple[str, ...]:
    return tuple(e.text for e in entities([question])[0] if e.label == "PERSON")
