"""The words a table's names and a question are compared by: content words, one form per word (Snowball), every
way of saying per cent one word, unit and header abbreviations written out."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import yaml

from app.qa.classify.model import normalise
from app.qa.classify.patterns import STOPWORDS
from app.text.stemming import stem

POSSESSIVE = re.compile(r"(\w)['’]s\b")  # "EU's" names the EU; a stray "s" would match any caption with one


PERCENT = {"%", "percent", "percentage", "percentages", "pct", "share", "proportion"}


@lru_cache(maxsize=65536)
def word_stem(token: str) -> str:
    """One form per word: "suffering" = "suffered", "outlets" = "outlet" (Snowball); every way of saying per cent."""
    if token in PERCENT:
        return "percent"
    if token.isdigit() or len(token) <= 3:
        return token
    return stem(token)


# "per eu-004.pdf", "per the retail table", a "per" ending the question: "according to", no part of a name.
PER_SOURCE = re.compile(
    r"\bper\b(?=\s*(?:[?.!,;)]|$|(?:the\s+)?(?:[\w.\-]+\.pdf\b|tables?\b|[a-z0-9 \-]{0,40}?\btables?\b)))", re.I
)


_LEXICON = yaml.safe_load((Path(__file__).with_name("lexicon") / "abbreviations.yaml").read_text(encoding="utf-8"))
UNITS: dict[str, str] = _LEXICON["units"]
ABBREVIATIONS: dict[str, str] = _LEXICON["words"]


# "under-18s", "over-65s": the age a header names ("Under 18 years").
AGE_GROUP = re.compile(r"\b(under|over)[-\s](\d+)s\b", re.I)


def tokens(text: str) -> list[str]:
    """Content words, plurals folded ("females" = "female"), every way of saying per cent one word, unit and header
    abbreviations written out."""
    text = POSSESSIVE.sub(r"\1", PER_SOURCE.sub(" ", AGE_GROUP.sub(r"\1 \2", text)).replace("%", " % "))
    return [UNITS.get(t) or word_stem(ABBREVIATIONS.get(t, t)) for t in normalise(text).split() if t not in STOPWORDS]
