"""A list of documents asked for by what they are or do, not by a word they hold: "Which documents present
multi-year statistics on a city's funds?", "Which of the files were issued by governments outside the US?". The
question's head (which/what, an optional "of the", a plural document noun from lexicon/documents.yaml) makes it a
list; the rest is the predicate, matched by meaning (app.qa.which_documents.documents_by_meaning). The phrasings
whose topic is a word ("Which documents mention Finland?") are read by app.qa.documents_question first."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import yaml

LEXICON = Path(__file__).with_name("lexicon") / "documents.yaml"
TOKEN = re.compile(r"[\w'’-]+")  # a word with its apostrophes and hyphens: "Ulta's", "fourth-quarter"


@cache
def lexicon() -> dict[str, frozenset[str]]:
    data = yaml.safe_load(LEXICON.read_text(encoding="utf-8"))
    return {key: frozenset(str(w).lower() for w in words) for key, words in data.items()}


def concept_predicate(question: str) -> str | None:
    """ "Which documents present multi-year statistics?" → "present multi-year statistics"; None unless the question
    opens on which/what and a plural document noun and goes on to say something of the documents."""
    words = lexicon()
    q = " ".join(question.split()).rstrip(" ?.!")
    tokens = [(m.group(0).lower(), m.start()) for m in TOKEN.finditer(q)]
    if len(tokens) < 3 or tokens[0][0] not in ("which", "what"):
        return None
    i = 1
    if tokens[i][0] == "of":
        i += 1
        while i < len(tokens) and tokens[i][0] in words["determiners"]:
            i += 1
    if i >= len(tokens) - 1 or tokens[i][0] not in words["plural_nouns"]:
        return None
    predicate = q[tokens[i + 1][1] :].strip(" ,")
    if any(w in words["ranking"] for w, _ in tokens[i + 1 :]):
        return None
    return predicate or None
