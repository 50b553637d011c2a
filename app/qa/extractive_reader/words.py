"""The words of a text as the reader compares them: stopwords dropped, stems, dates, section numbers."""

from __future__ import annotations

import re

from app.qa.analysis.phrases import ALNUM
from app.qa.extractive_reader.items import STOP
from app.text.acronyms import expanded
from app.text.dates import date_keys
from app.text.stemming import stem


def words(text: str) -> set[str]:
    return {w for w in ALNUM.findall(text.lower()) if w not in STOP and len(w) > 1}


# A month is one word however it is written: "December 2015" asks for the row "Dec-2015".
_MONTHS = "january february march april may june july august september october november december".split()


MONTH_STEMS = {**{m: m[:3] for m in _MONTHS}, **{m[:3]: m[:3] for m in _MONTHS}, "sept": "sep"}


def stemmed(text: str) -> set[str]:
    """`words(text)` stemmed: the overlap of a sentence with its question counts "recruiting" for "recruits",
    "supervision" for "supervise" and "Dec" for "December"; a date's keys (app.text.dates) too, so "21 August 2015"
    meets "08/21/2015"; a generic acronym's words too (app.text.acronyms), so "chief executive" meets "CEO"."""
    return {MONTH_STEMS.get(w) or stem(w) for w in words(expanded(text))} | date_keys(text)




# "6.4 The changing face of retail outlets", "2 Design and construction 2.1 Materials", "as per [1.1.1]": a
# heading's or a section's number, no amount; nor is the number of a table, figure or section referred to
# ("(Tables 6.6 - 6.9)", "see 4.6.1.").
SECTION_NUMBER = re.compile(r"\d+\.\d+\.\d+|\d+(?:\.\d+)+\.?\s+[A-Z][a-z]{2,}|\[\d+(?:\.\d+)*\]")


REFERENCE = re.compile(r"\b(?:tables?|figures?|figs?\.|sections?|chapters?|annex(?:es)?|appendix|appendices|"
                       r"paragraphs?|see|§)\s*(?:[\d.]+\s*(?:[-–—]|to)\s*)?$", re.I)  # fmt: skip


def section_number(sentence: str, start: int) -> bool:
    """The number starting at `start` numbers a heading or a section ("2.1 Materials", "1.1.1"), or a table, figure
    or section the sentence refers to."""
    at = start - 1 if start > 0 and sentence[start - 1] == "[" else start
    if SECTION_NUMBER.match(sentence, at) and (at == 0 or not sentence[at - 1].isalnum()):
        return True
    return REFERENCE.search(sentence, 0, start) is not None or _in_reference_list(sentence, start)


def _in_reference_list(sentence: str, start: int) -> bool:
    """The number stands in a bracketed list of references ("previous work [28, 41]", "[3–5]"): a citation, no
    amount."""
    opened, closed = sentence.rfind("[", 0, start), sentence.find("]", start)
    if opened < 0 or closed < 0 or "]" in sentence[opened:start]:
        return False
    inner = sentence[opened + 1 : closed]
    return any(c.isdigit() for c in inner) and all(c.isdigit() or c in ", –-" for c in inner)


def says_new(span: str, q_words: set[str]) -> bool:
    """The span says something the question does not. A decimal of one-digit parts ("2.9%", "8.4") leaves no
    word in `words` (one-character words are dropped) and is new all the same."""
    w = words(span)
    return not w <= q_words if w else any(
        c in ".," and span[i - 1].isdecimal() and span[i + 1].isdecimal() for i, c in enumerate(span[1:-1], 1)
    )


# A run of capitalised words (with "of", "de", "van"... inside): a name, for the rules of app.qa.spans.
NAME = re.compile(
    r"\b[A-Z][\w'’.-]*[\w’]"  # first capitalised word
    r"(?:(?:\s+(?:of|the|de|da|del|la|le|von|van|der|den|and|&|for|on|upon|du|di|y))*\s+[A-Z0-9][\w'’.-]*[\w’])*"
)
