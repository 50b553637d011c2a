"""The words and patterns the classifier reads: numbers, ordinals, pages, table labels, intents, stopwords."""

from __future__ import annotations

import re
from typing import Literal

from app.qa.analysis.phrases import Phrases

QuestionType = Literal["structural", "content"]


Intent = Literal["show", "summarise", "compare", "lookup"]


NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20,
}  # fmt: skip


ORDINAL_WORDS = {
    "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
    "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "last": -1, "final": -1, "penultimate": -2,
    "second-to-last": -2, "second to last": -2,
}  # fmt: skip


ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10,
         "xi": 11, "xii": 12}  # fmt: skip


# Longest alternatives first so "second to last" wins over "second".
_ORD = "|".join(sorted((re.escape(w) for w in ORDINAL_WORDS), key=len, reverse=True))


_ORD_NUM = r"(?:\d+(?:st|nd|rd|th))"


_NUM = r"(?:\d+|" + "|".join(NUMBER_WORDS) + r")"


_RANGE_SEP = r"\s*(?:-|–|—|to|through|and|&|,)\s*"


PAGE_RANGE = re.compile(rf"\b(?:pages|pp\.?)\s*({_NUM})(?:{_RANGE_SEP}({_NUM}))?", re.I)


PAGE_ONE = re.compile(rf"\b(?:page|pg\.?|p\.)\s*(?:no\.?\s*|number\s*|#\s*)?({_NUM})\b", re.I)


# "the third page", "the second table (on page 4)": a page or a table counted in order.
ORDINAL = re.compile(
    rf"\b(?:the\s+)?({_ORD}|{_ORD_NUM})\s+(?:(?P<table>table)\b(?:\s+(?:on|of|in|from)\s+(?:page|p\.)\s*({_NUM}))?"
    r"|page\b)",
    re.I,
)


# "Table 6.4", "Table 2-1", "Table: 5", "Table A4-12", "table IV", "table two", "Table DC" (capitals alone, an
# appendix's series); optionally "on page 2".
_LABEL = (
    r"(?:[a-z]{0,2}(?:[.\-–](?=\d))?\d+(?:[.\-–]\d+)*[a-z]?(?![\w.\-–]\d)|[ivx]{1,4}\b|(?-i:[A-Z]{1,3})\b|"
    + "|".join(NUMBER_WORDS) + r")"
)


# The words documents label tables with: "Table 2" ("Tab. 2"), and "Exhibit 5" (financial releases), "Schedule 2"
# (accounts).
TABLE_LABEL_WORDS = r"table|tab\.|exhibit|schedule"
# What stands between the word and the number: "Table: 5", "Table # 5", "Table - 3" (a dash only before a figure), then
# "no." or "number".
TABLE_LABEL_JOIN = r"\s*(?:[:#]|[-–—](?=\s*\d))?\s*(?:no\.?\s*|number\s*)?"


# A file name written in the question: "eu-021.pdf", "report_2020.PDF".
FILE_NAME = re.compile(r"(?<![\w.\-])([\w][\w.\-()]*\.(?:pdf|txt|md|docx?|html?))\b", re.I)

TABLE_LABEL = re.compile(
    rf"\b({TABLE_LABEL_WORDS}){TABLE_LABEL_JOIN}({_LABEL})"
    rf"(?:\s+(?:on|of|in|from)\s+(?:page|p\.)\s*({_NUM}))?",
    re.I,
)


# "the table about franchising", "the table on food sales": a table named by its caption words.
TABLE_ABOUT = re.compile(
    r"\b(?:the|a)\s+table\s+(?:about|on|of|showing|listing|titled|called|named|with|for|that shows)\s+"
    r"(?!(?:page|p\.|contents)\b)([^?.!;:,]{3,80})",
    re.I,
)


TABLE_ON_PAGE = re.compile(
    r"\b(?:the\s+|a\s+)?tables?\s+(?:(?:are|is)\s+(?:there\s+)?)?(?:on|of|in|from)\s+"
    rf"(?:(?:page|p\.)\s*({_NUM})\b|(?:the\s+)?({_ORD})\s+page\b)",
    re.I,
)


# "the table", "which table": mentions a table without naming one; unsure, not structural by itself.
TABLE_WORD = Phrases.of(["table", "tables"])


TABLE_WORDS = frozenset({"table", "tables"})


# Words of "what is X about", "tell me what X covers": asking for the document as a whole, not for a fact in it.
OVERVIEW_VERBS = frozenset(
    "tell say says cover covers covered contain contains discuss discusses describe describes".split()
)


PAGE_WORD = Phrases.of(["page", "pages"])


SUMMARISE = Phrases.of(
    "summarise|summarize|summary|overview|outline|gist|main point|main points|key point|key points|about".split("|")
)


COMPARE = Phrases.of("differ difference differences different differs compare comparison contrast versus vs".split())


SHOW = Phrases.of("show|display|print|list|give|read|content|contents|what is on|what is in".split("|"))


def shows(text: str) -> bool:
    """`text` asks to see something; "what's" is read as "what is", which the phrases spell out."""
    return SHOW.said(text.lower().replace("what's ", "what is "))


LOOKUP = Phrases.of("what|which|how many|how much|value|figure|number|amount|percentage|share|rate".split("|"))


STOPWORDS = frozenset(
    """a an the of in on at to for from by with and or is are was were be been what which who whom whose how many
    much does do did give show me tell value values cell row column col figure number amount entry listed
    page pages table tables p pp pg document doc file report pdf this that these those there it its as for
    according say says said please find look up reported given stated under for in into within"""
    .split()
)  # fmt: skip
