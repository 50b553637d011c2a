"""A question asking what something shows or is about ("What does the statistical table show?", "What is Exhibit 6
about?"): "what", an auxiliary "do", and the question ending on a describing verb (lexicon/describe.yaml), or a
"what" question ending on "about", or "what is shown/listed … in" a table. Read from the tokens' order, not the
tagger's parts of speech: the small model tags a question's last verb ("… report show?") as a noun. Such a question
asks for no value: no cell answers it."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml

from app.qa.analysis.grammar import parse

LEXICON = Path(__file__).with_name("lexicon") / "describe.yaml"
BE = ("is", "are", "was", "were")


@cache
def lexicon() -> dict[str, frozenset[str]]:
    data = yaml.safe_load(LEXICON.read_text(encoding="utf-8"))
    return {key: frozenset(str(w).lower() for w in words) for key, words in data.items()}


def asks_description(question: str) -> bool:
    words = lexicon()
    doc = parse(" ".join(question.split()))
    content = [t for t in doc if not t.is_punct]
    if not content or content[0].lower_ != "what":
        return False
    if content[-1].lower_ in words["about"]:
        return True
    if len(content) > 3 and content[1].lower_ in BE and content[2].lower_ in words["participles"]:
        # "What is shown in Table 1 of the report?"; "… listed in Table 2 for Ohio" asks for Ohio's value.
        return content[3].lower_ == "in" and not any(t.lower_ == "for" for t in content[4:])
    if len(content) < 3 or content[1].lower_ not in ("do", "does", "did"):
        return False
    return content[-1].lower_ in words["verbs"] or f"{content[-2].lower_} {content[-1].lower_}" in words["phrasal"]


REQUEST_OPENERS = frozenset({"can", "could", "would", "will", "you", "please"})


def requests_whole(words: list[str]) -> bool:
    """ "Can you reproduce …", "Please show …", "List …": the question's words (lower case) open on a request verb."""
    first = next((w for w in words if w not in REQUEST_OPENERS), "")
    return first in lexicon()["requests"]
