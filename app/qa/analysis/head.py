"""The noun a question asks the amount of ("how much is the inertia about the elevation axis?" → "inertia", "how many
queries were in …" → "queries"): a common noun that is the main verb's subject, attribute or object, read from the
parse. A noun the question's "which"/"what" determines ("which country") names the answer's kind, not the measure."""

from __future__ import annotations

from functools import lru_cache

from app.qa.analysis.grammar import parse

ARGUMENTS = ("nsubj", "nsubjpass", "attr", "dobj")
WH_DETERMINERS = ("which", "what", "whose")


@lru_cache(maxsize=4096)
def asked_noun(question: str) -> str | None:
    doc = parse(" ".join(question.split()))
    root = next((t for t in doc if t.dep_ == "ROOT"), None)
    if root is None:
        return None
    for t in sorted(root.children, key=lambda t: t.i):
        if t.dep_ not in ARGUMENTS or t.pos_ != "NOUN":
            continue
        if any(c.dep_ == "det" and c.lower_ in WH_DETERMINERS for c in t.children):
            return None
        return str(t.text)
    return None
