"""An arithmetic question said in another order, put back in the one app.qa.analysis.operation reads: "By how
much, in thousands of euros, is A higher than B?" is "How much higher is A than B, in thousands of euros?"."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

COMPARATIVE_TAGS = ("JJR", "RBR")


def aside_last(q: str) -> str:
    """ "By how much, in thousands of euros, is A higher than B": the unit aside said last, where both parts share
    it."""
    low = q.lower()
    at = next((low.find(f"how {w},") for w in ("much", "many") if f"how {w}," in low), -1)
    if at < 0:
        return q
    start = low.index(",", at)
    end = low.find(",", start + 1)
    aside = q[start + 1 : end].strip() if end > 0 else ""
    if aside.split(" ", 1)[0].lower() not in ("in", "as"):
        return q
    return f"{q[:start]} {q[end + 1 :].strip()}, {aside}"


MAX_UNIT_WORDS = 3  # "by how many percentage points is …"


def comparative_first(doc: Any, quantity: Collection[str]) -> str | None:
    """ "By how much is A's X higher than its Y?" → "How much higher is A's X than its Y?"; None for any other
    question (`doc` is its spaCy parse; `quantity` the words after "how": much, many)."""
    tokens = list(doc)
    by = next((t.i for t in tokens[:-4] if t.lower_ == "by" and tokens[t.i + 1].lower_ == "how"
               and tokens[t.i + 2].lower_ in quantity), None)  # fmt: skip
    # "by how many ms is …": up to MAX_UNIT_WORDS words of unit before the auxiliary, kept before the comparative
    if by is None:
        return None
    at = next((k for k in range(by + 3, min(by + 4 + MAX_UNIT_WORDS, len(tokens)))
               if tokens[k].lower_ in ("is", "was", "are", "were")), None)  # fmt: skip
    if at is None:
        return None
    aux = tokens[at]
    comparative = next((t for t in tokens[aux.i + 1 : -1] if t.tag_ in COMPARATIVE_TAGS), None)
    if comparative is None or tokens[comparative.i + 1].lower_ != "than" or comparative.i == aux.i + 1:
        return None
    how = f"{doc[:by].text} how" if by else "How"
    unit = f" {doc[by + 3 : at].text}" if at > by + 3 else ""
    asked = f"{how} {tokens[by + 2].text}{unit} {comparative.text} {aux.text} {doc[aux.i + 1 : comparative.i].text} "
    return asked + doc[comparative.i + 1 :].text
