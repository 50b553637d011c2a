"""A document named by its period: of documents of one series (an issuer's quarterly releases, a series of dated
reports), the quarter and the year a question says pick the one whose file name or title says them. "What total
revenue did CIBC report for Q1 2023?" over cibc-q1-2023-news-release.pdf and cibc-q3-2024-news-release.pdf is about
the first; the second's tables hold other quarters under the same row names.

Only when exactly one document's name says every period the question says, the question says a word of that name
too, and another document whose name holds that word says other periods: a year said of a collection with one
dated document names nothing (it dates a value), nor does a quarter said of another issuer's release.
"""

from __future__ import annotations

from collections.abc import Iterable

from app.qa.analysis.contrast import PERIOD_NOUNS
from app.qa.analysis.listing import lexicon
from app.qa.analysis.phrases import ALNUM
from app.qa.classify.model import DocumentName
from app.qa.classify.patterns import ORDINAL_WORDS

QUARTERS = ("q1", "q2", "q3", "q4")
FISCAL_PREFIX = "fy"  # "FY2023": the year 2023, as a file name writes it


def _year(token: str) -> str | None:
    digits = token.removeprefix(FISCAL_PREFIX)
    return digits if len(digits) == 4 and digits.isdigit() and digits[:2] in ("19", "20") else None


def periods(text: str) -> frozenset[str]:
    """The quarters ("q3"; "third quarter") and years ("2024"; "FY2024") a text says."""
    tokens = ALNUM.findall(text.lower())
    said = {t for t in tokens if t in QUARTERS} | {y for t in tokens if (y := _year(t))}
    for k, token in enumerate(tokens[:-1]):
        number = ORDINAL_WORDS.get(token)
        if tokens[k + 1] == "quarter" and isinstance(number, int) and 1 <= number <= len(QUARTERS):
            said.add(QUARTERS[number - 1])
    return frozenset(said)


def _name_words(document: DocumentName) -> set[str]:
    """The words of a document's file name and title that are no period and say something of which document it is."""
    stem = document.filename.rsplit(".", 1)[0]
    said = ALNUM.findall(f"{stem} {document.title or ''}".lower())
    unnamed = set(periods(" ".join(said))) | PERIOD_NOUNS | set(ORDINAL_WORDS) | {"fiscal"}
    unnamed |= set(lexicon()["generic_words"])
    return {t for t in said if len(t) > 2 and not t.isdigit() and not _year(t)} - unnamed


def period_document(documents: Iterable[DocumentName], question: str) -> DocumentName | None:
    """The one document of a series whose name says every period the question says; None otherwise."""
    asked = periods(question)
    if not asked:
        return None
    dated = [(d, periods(f"{d.filename} {d.title or ''}")) for d in documents]
    holders = [d for d, said in dated if said and asked <= said]
    if len(holders) != 1:
        return None
    named = holders[0]
    # The question names the series too ("CIBC"): a quarter alone does not say whose report it is about.
    series = _name_words(named) & set(ALNUM.findall(question.lower()))
    siblings = [d for d, said in dated if d.id != named.id and said and not asked <= said and series & _name_words(d)]
    return named if siblings else None
