"""Headings and captions: a line that is only a heading never answers alone; an entry of a reference list ranks
below the sentences that say something."""

from __future__ import annotations

from app.qa.analysis.phrases import WORD
from app.qa.extractive_reader.items import Candidate
from app.settings import get_settings

# "SECTION 2 DIESEL ENGINES", "Table 6.12: The World's Leading Food & Drink Manufacturers", "WARN Report* Summary
# by Received Date 07/01/2015 - 03/25/2016 Fiscal Year": a title names a topic and answers nothing.
CAPTION_WORDS = ("table", "figure", "fig.", "section", "chapter", "annex", "appendix", "part")


def _caption(text: str) -> bool:
    """ "Table 6.12: …", "SECTION 2 …", "Fig. 3": a caption word opening the text, a number or letter after it."""
    first = WORD.search(text)
    said = text[first.start() :].lower() if first else ""
    for word in CAPTION_WORDS:
        after = said[len(word) :].lstrip() if said.startswith(word) else ""
        if after[:1].isdecimal() or (after[:1].isascii() and after[:1].isalpha()):
            return True
    return False


SENTENCE_ENDS = tuple(".!?;:)\"”’")


def heading_like(text: str) -> bool:
    """`text` reads as a heading or a caption: it opens as one ("Table 6.12:", "SECTION 2"), it is short and does
    not end as a sentence does, or it is a short line in capitals."""
    text = text.strip()
    limits = get_settings().answer.content
    if _caption(text) or (len(text.split()) <= limits.heading_max_words and not text.endswith(SENTENCE_ENDS)):
        return True
    # "PUBLICATION OF AWARD OF CONTRACTS UNDER THE TRANSPORT SECTOR PROJECT (P102000)": a title set in capitals,
    # whatever it ends on.
    letters = [c for c in text if c.isalpha()]
    return (
        len(text.split()) <= limits.caps_heading_max_words
        and len(letters) >= limits.caps_heading_min_letters
        and all(c.isupper() for c in letters)
    )


def _heading(c: Candidate) -> bool:
    return c.item.kind != "table" and heading_like(c.text)


def not_headings_alone(chosen: list[Candidate], ranked: list[Candidate]) -> list[Candidate]:
    """`chosen`, and when it holds only headings, the best sentence or table row of `ranked` too: headings alone
    answer nothing ("Health Sector Financing by Centre and States/UTs in India [2009-10 to 2012-13]" had been the
    whole answer about a state's health budget)."""
    if all(_heading(c) for c in chosen):
        return chosen + [c for c in ranked if not _heading(c)][:1]
    return chosen


def _year(word: str) -> bool:
    """ "2001.", "(2006)", "2003-10" (a series number opening on its year)."""
    said = word.strip(".,;:()[]")
    return len(said) >= 4 and said[:4].isdecimal() and said[:2] in ("19", "20") and (len(said) == 4 or said[4] in "-–/")


def _initials(word: str) -> bool:
    """ "D.J.", "A.," (an author's initials after the surname's comma)."""
    said = word.rstrip(",;")
    return 1 < len(said) <= 6 and "." in said and all(c.isupper() or c in ".-" for c in said)


def references(text: str) -> bool:
    """ '“The Canadian Debt Strategy Model.” Bank of Canada Working Paper No. 2003-10. ———. 2006. …', 'Bolder, D.J.
    2001. “Affine Term-Structure Models …”': a passage of a reference list. It opens as an entry (a quoted title, a
    dash for the author before, or a surname and initials) or holds several entries (authors' initials, years,
    quoted titles). It cites works; it says nothing about their subject."""
    words = text.split()
    years = sum(_year(w) for w in words)
    if len(words) < 2 or not years:
        return False
    authors = sum(a.endswith(",") and _initials(b) for a, b in zip(words, words[1:], strict=False))
    opens = words[0][:1] in "“\"—–" or (words[0].endswith(",") and _initials(words[1]))
    quoted = "“" in text or text.count('"') >= 2
    return opens or (authors >= ENTRIES and years >= ENTRIES and quoted)


ENTRIES = 2  # authors and years a passage holds to be read as a list of references


def below_references(ranked: list[Candidate]) -> list[Candidate]:
    """`ranked` with the sentences of reference lists scored `reference_share` of their score."""
    share = get_settings().answer.content.reference_share
    listed: dict[int, bool] = {}  # per passage, read once
    for c in ranked:
        if c.item.kind != "table" and listed.setdefault(id(c.item), references(c.item.text)):
            c.score *= share
    return sorted(ranked, key=lambda c: -c.score)
