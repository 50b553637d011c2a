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

from app.qa.analysis.grammar import parse

LEXICON = Path(__file__).with_name("lexicon") / "documents.yaml"
TOKEN = re.compile(r"[\w'’-]+")  # a word with its apostrophes and hyphens: "Ulta's", "fourth-quarter"


@cache
def lexicon() -> dict[str, frozenset[str]]:
    data = yaml.safe_load(LEXICON.read_text(encoding="utf-8"))
    return {key: frozenset(str(w).lower() for w in words) for key, words in data.items()}


def without_collection_scope(question: str) -> str:
    """ "Which documents in the collection mention nuclear power?" → "Which documents mention nuclear power?": the
    scope after the document noun names every document, so it is no part of what the listed ones must say."""
    words = lexicon()
    tokens = [(m.group(0).lower(), m.start(), m.end()) for m in TOKEN.finditer(question)]
    for i, (word, _, noun_end) in enumerate(tokens[:5]):
        if word not in words["plural_nouns"]:
            continue
        j = i + 1
        if j < len(tokens) and tokens[j][0] in words["scope_prepositions"]:
            j += 1
            while j < len(tokens) and tokens[j][0] in words["determiners"] | {"this"}:
                j += 1
            if j < len(tokens) and tokens[j][0] in words["collection_nouns"]:
                return question[:noun_end] + question[tokens[j][2] :]
        return question
    return question


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


# The forms of "be" a predicate saying what the documents are opens with.
COPULA = frozenset({"are", "were", "is", "was"})


def kind_of(predicate: str) -> str | None:
    """ "are datasheets for electronic hardware boards" → "datasheets", "were annual reports of companies" → "annual
    reports": the noun phrase the documents are said to be (the copula's noun with its modifiers before it), which a
    document's title or first page names as often as its passages mean it. None for a predicate that says what the
    documents do or are about."""
    doc = parse(predicate)
    if not len(doc) or doc[0].lower_ not in COPULA or doc[0].dep_ != "ROOT":
        return None
    noun = next((t for t in doc[0].children if t.dep_ in ("attr", "nsubj") and t.pos_ == "NOUN" and t.i > 0), None)
    if noun is None:
        return None
    modifiers = [t for t in noun.lefts if t.dep_ in ("amod", "compound") and t.i > 0]
    return " ".join(t.text for t in [*modifiers, noun])
