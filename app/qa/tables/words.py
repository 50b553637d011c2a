"""The words a table's names and a question are compared by: content words, one form per word (Snowball), every
way of saying per cent one word, unit and header abbreviations written out."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import yaml

from app.qa.analysis.described import descriptions
from app.qa.analysis.phrases import WORD
from app.qa.classify.model import normalise
from app.qa.classify.patterns import (
    FILE_NAME,
    NUMBER_WORDS,
    ORDINAL_WORDS,
    PAGE_ONE,
    PAGE_RANGE,
    STOPWORDS,
    TABLE_LABEL,
)
from app.text.stemming import stem


def _word_char(c: str) -> bool:
    return c.isalnum() or c == "_"


def without_possessives(text: str) -> str:
    """ "EU's" → "EU": the "s" of a possessive would match any caption with a stray "s"."""
    out, start, i = [], 0, 1
    while i < len(text) - 1:
        after = text[i + 2 : i + 3] or " "
        if text[i] in "'’" and text[i + 1] == "s" and _word_char(text[i - 1]) and not _word_char(after):
            out.append(text[start:i])
            start, i = i + 2, i + 3
        else:
            i += 1
    return "".join(out) + text[start:]


PERCENT = {"%", "percent", "percentage", "percentages", "pct", "share", "proportion"}


@lru_cache(maxsize=65536)
def word_stem(token: str) -> str:
    """One form per word: "suffering" = "suffered", "outlets" = "outlet" (Snowball); every way of saying per cent."""
    if token in PERCENT:
        return "percent"
    if token.isdigit():
        # A zero-padded key ("090", "007") is the number it pads: rows are keyed "090" where a question says "90".
        return token.lstrip("0") or "0" if len(token) >= 3 else token
    if len(token) <= 3:
        return token
    return stem(token)


# "per eu-004.pdf", "per the retail table", a "per" ending the question: "according to", no part of a name.
PER_SOURCE = re.compile(
    r"\bper\b(?=\s*(?:[?.!,;)]|$|(?:the\s+)?(?:[\w.\-]+\.pdf\b|tables?\b|[a-z0-9 \-]{0,40}?\btables?\b)))", re.I
)


_LEXICON = yaml.safe_load((Path(__file__).with_name("lexicon") / "abbreviations.yaml").read_text(encoding="utf-8"))
UNITS: dict[str, str] = _LEXICON["units"]
ABBREVIATIONS: dict[str, str] = {**_LEXICON["measures"], **_LEXICON["words"]}
GREEK: dict[str, str] = _LEXICON["greek_letters"]
LEGEND_VERBS: frozenset[str] = frozenset(_LEXICON["legend_verbs"])
KIND_NOUNS: frozenset[str] = frozenset(_LEXICON["kind_nouns"])  # "B@4 and C denote …" (abbreviations.py)


# "under-18s", "over-65s": the age a header names ("Under 18 years").
AGE_BOUNDS = frozenset({"under", "over"})


def _age_groups(text: str) -> str:
    """ "under-18s" → "under 18": an age group says its bound as a number."""
    out, start = [], 0
    words = list(WORD.finditer(text))
    for bound, age in zip(words, words[1:], strict=False):
        gap, said = text[bound.end() : age.start()], age.group(0)
        spaced = gap == "-" or (gap.isspace() and len(gap) == 1)
        if bound.group(0).lower() in AGE_BOUNDS and spaced and said[-1:] in ("s", "S") and said[:-1].isdecimal():
            out.append(f"{text[start : bound.end()]} {said[:-1]}")
            start = age.end()
    return "".join(out) + text[start:]


def _lettered(word: str) -> str:
    """A name made of a letter and a word ("p-value", "F-score", "t-stat") is one word: apart, the letter is too short
    to count and the word may be a stopword, and the name would name nothing. So is an initialism of hyphenated
    letters ("Y-o-Y"). A letter and a noun of kinds ("J-type", "class-A") stay two words: the letter names a row."""
    letters = word.split("-")
    if len(letters) > 2 and all(len(x) == 1 and x.isalpha() for x in letters):
        return "".join(letters)  # "Y-o-Y", "Q-o-Q": an initialism spelt with hyphens ("YoY")
    if len(letters) == 2 and any(x.lower().strip("(),.;:?") in KIND_NOUNS for x in letters):
        return word
    return word[0] + word[2:] if len(word) > 2 and word[1] == "-" and word[0].isalpha() and word[2].isalpha() else word


# A figure's own letters, not a unit set against it: "1st", "1990s". A single letter ("0V", "7B") stays with its
# figure: apart, it would be a word of every table that prints a volt.
FIGURE_SUFFIXES = frozenset({"st", "nd", "rd", "th"})
MIN_GLUED_UNIT = 2
MIN_GLUED_WORD = 3  # "september2023": a word and a year set without a space; "fy2015", "q3" are names


def a_year(word: str) -> bool:
    """ "1995", "2021": four digits of this century or the last, as tables and questions date things."""
    return len(word) == 4 and word.isdigit() and word[:2] in ("19", "20")


def _unglued(token: str) -> list[str]:
    """A figure and its unit set without a space ("11mbps", "10mhz") and a word and its year ("september2023",
    as a squeezed header prints it) are two words, as a question says them."""
    digits = len(token) - len(token.lstrip("0123456789"))
    unit = token[digits:]
    if digits and len(unit) >= MIN_GLUED_UNIT and unit.isalpha() and unit not in FIGURE_SUFFIXES:
        return [token[:digits], token[digits:]]
    letters = len(token) - len(token.lstrip("abcdefghijklmnopqrstuvwxyz"))
    year = token[letters:]
    if letters >= MIN_GLUED_WORD and a_year(year):
        return [token[:letters], year]
    return [token]


MIN_CASED_RUN = 3  # "nameCherry", "sexMale"; not "iPhone"


def _cased_apart(text: str) -> str:
    """A variable's name and its level printed as one word ("beach_nameCherry Beach", "sexMale", as statistics
    software labels a factor's rows) are two words: a word, or a part after "_", in lower case meeting a capitalised
    word. A name in camel case ("HeavyCache", "McDonald") stays one word."""
    out, run = [], 0
    for i, c in enumerate(text):
        nxt = text[i + 1 : i + 2]
        if c.isupper() and run >= MIN_CASED_RUN and nxt.islower():
            out.append(" ")
        # lower-case letters since the word (or its part after "_") began; none after a capital
        run = run + 1 if c.islower() and (run or i == 0 or not text[i - 1].isalpha()) else 0
        out.append(c)
    return "".join(out)


MIN_PLURAL = 4  # "gains", "rows"; not "is", "was"
# "One" is more often a pronoun ("which one", "one of") than a count, so it stays a word.
COUNTS_SAID = {word: str(value) for word, value in NUMBER_WORDS.items() if value > 1}


def _counts_as_figures(text: str) -> str:
    """ "nine gains" → "9 gains": a count said in words before a plural is its figure, as a table prints it; a number
    word inside a name ("two-stroke", "five firm concentration ratio") stays a word."""
    words = text.split(" ")
    for k, (word, after) in enumerate(zip(words, words[1:], strict=False)):
        plural = after.isalpha() and after.endswith("s") and len(after) >= MIN_PLURAL
        if plural and word.lower() in COUNTS_SAID:
            words[k] = COUNTS_SAID[word.lower()]
    return " ".join(words)


def tokens(text: str) -> list[str]:
    """Content words, plurals folded ("females" = "female"), every way of saying per cent one word, unit and header
    abbreviations written out, a figure and its unit set apart, a count said in words its figure ("nine" = "9")."""
    text = without_possessives(_cased_apart(PER_SOURCE.sub(" ", _age_groups(text)).replace("%", " % ")))
    text = _counts_as_figures(" ".join(GREEK.get(w.strip("()[],;:"), _lettered(w)) for w in text.split()))
    # a header's shorthand for a word questions use to name documents ("Docs") is as empty of content as that word
    words = [ABBREVIATIONS.get(t, t) for w in normalise(text).split() for t in _unglued(w) if t not in STOPWORDS]
    return _fiscal_years([UNITS.get(t) or word_stem(t) for t in words if t not in STOPWORDS])


def _fiscal_years(words: list[str]) -> list[str]:
    """ "FY 2025", "FY2025" and "FY25" are one fiscal year, as "fy25"; the long forms keep their year ("2025")."""
    out: list[str] = []
    for k, word in enumerate(words):
        year = word[2:] if word.startswith("fy") and len(word) == 6 else ""
        if word == "fy" and k + 1 < len(words) and len(words[k + 1]) in (2, 4) and words[k + 1].isdigit():
            out.append(f"fy{words[k + 1][-2:]}")  # the year follows as a word of its own
        elif a_year(year):
            out += [f"fy{year[2:]}", year]
        else:
            out.append(word)
    return out


@lru_cache(maxsize=256)
def without_document_names(question: str) -> str:
    """The question less the documents it names, by file or by description: "us-018.pdf" names the document, its
    "018" no row, column or caption; nor does the "gene" of "the thesis on gene co-occurrence in pangenomes"."""
    question = FILE_NAME.sub(" ", question)  # first: the "pdf" of "eu-004.pdf" is no kind noun of a description
    kept, at = [], 0
    for said in sorted(descriptions(question), key=lambda d: d.start):  # descriptions may overlap
        kept.append(question[at : max(at, said.start)])
        at = max(at, said.end)
    return " ".join([*kept, question[at:]])


def question_tokens(question: str) -> list[str]:
    """A question's words less the labels of the tables and pages it names: the "2" of "Table 2" names no row. A name
    of capitalised words is also said by its initials, as tables shorten it ("Amazon Web Services" is "AWS")."""
    for named in (TABLE_LABEL, PAGE_RANGE, PAGE_ONE):
        question = named.sub(" ", question)
    kept = without_document_names(question)
    return tokens(kept) + [t for t in map(initials, _capitalised_runs(kept)) if t not in STOPWORDS] + _ranks(kept)


def _ranks(text: str) -> list[str]:
    """The figures of ordinals that key a row: joined to their noun ("first-order births" → "1") or set before a name
    ("the second Insurance test case" → "2"), as tables number such rows ("Birth order | 1", "2 (Insurance)"). An
    ordinal of a period or a verb ("first quarter", "first used") keys none."""
    words = [w.strip(",.;:?!()\"'") for w in text.split()]
    ranks = []
    for word, after in zip(words, [*words[1:], ""], strict=True):
        head, hyphen, _ = word.partition("-")
        rank = ORDINAL_WORDS.get(head.lower())
        if rank is not None and rank > 0 and (hyphen or after[:1].isupper()):
            ranks.append(str(rank))
    return ranks


MIN_RUN_WORDS = 2  # "United Kingdom" → "uk"


def _capitalised_runs(text: str) -> list[list[str]]:
    """Runs of words each starting with a capital letter and going on in lower case ("Amazon Web Services"), not
    the question's first word."""
    runs: list[list[str]] = [[]]
    for k, word in enumerate(text.split()):
        bare = word.strip(",.;:?!()\"'")
        if k > 0 and bare[:1].isupper() and bare[1:].islower() and bare.isalpha() and word.startswith(bare):
            runs[-1].append(bare)
            if word != bare:
                runs.append([])  # "Amazon Web Services," : the comma ends the name
        else:
            runs.append([])
    return [r for r in runs if len(r) >= MIN_RUN_WORDS]


def initials(words: list[str]) -> str:
    return "".join(w[0] for w in words).lower()
