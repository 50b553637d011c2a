"""Whether a question is one a table's cell could answer, and whether a cell fits what it asks: a value asked for,
names the table holds, the same measure, a name rather than a number."""

from __future__ import annotations

import re
from collections.abc import Callable

from app.db.models import Document
from app.qa.aggregate_intent import MAX, MIN
from app.qa.analysis.phrases import Phrases, opening_words, word_lists, words_after
from app.qa.analysis.range_width import range_width_asked, range_width_words
from app.qa.classify.patterns import NUMBER_WORDS, STOPWORDS
from app.qa.tables.aggregate import AVERAGE, TOTAL
from app.qa.tables.model import TableData
from app.qa.tables.words import a_year, tokens
from app.settings_reading import TableReadingSettings

TWO_ASKS = Phrases.of([f"and {wh}" for wh in "what how which who where when".split()])
# "How high was the drop-out rate?", "How big a change is projected …?": a measure asks for a value too.
MEASURED = "many much big large small high low long far old tall often fast wide deep heavy".split()
ASKS_FOR_VALUE = Phrases.of(["what", "which", "who", "where", *(f"how {m}" for m in MEASURED)])
# A question that asks for something other than a value ("Why …", "How does …", "Describe …"); one with neither
# this nor a value word is a bare noun phrase ("Hong Kong's student response rate in us-020.pdf?"): a value. Its
# "how" is no "how many": that one asks for a value first.
ASKS_OTHER = Phrases.of(
    "why|how|when|explain|describe|summarise|summarize|discuss|compare|tell me about|list".split("|")
)


def asks_for_value(question: str) -> bool:
    """The question asks for a value a cell could hold (not "why", "how does", "describe")."""
    return ASKS_FOR_VALUE.said(question) or not ASKS_OTHER.said(question)


# What a value measures, as tokens writes it ("share" and "%" are "percent"): a question and the cell
# answering it must measure the same ("average annual growth rate" is not "% growth 1990-94").
MEASURES = frozenset({"percent", "rate", "growth", "chang", "averag", "mean", "annual", "ratio", "index", "increas",
                      "decreas", "capita"})  # fmt: skip
# A measure word a header says in other words: "(in kWh/year)" is an annual figure.
SAID_OTHERWISE = {"annual": "year"}
CHANGES = frozenset({"growth", "chang", "increas", "decreas"})  # a table of changes answers no question of levels
HOW_MANY = Phrases.of(["how many"])


def _counted_word(c: str) -> bool:
    return c.isalnum() or c in "_'’-"


# "Which countries …", "Who …", "Where …": the question asks for a name. A cell holding only a number (with its
# unit or sign) cannot be that name; "which year", "which share" and the like ask for a value.
NAME_ASKERS = frozenset({"who", "whom", "whose", "where", "which"})
NAME_PREPOSITIONS = frozenset("in at from for of to by".split())
# "Which year …", "which percentage …": a value, not a name.
NOT_NAMES = frozenset("year years date month day decade percentage share proportion number amount value rate".split())


def asks_name(question: str) -> bool:
    """The question opens (after a preposition, perhaps) with "who", "where", "which" (no "which year")."""
    said = opening_words(question, 3) + [("", "")] * 3
    if said[0][0].strip():
        return False
    k = 1 if said[0][1] in NAME_PREPOSITIONS and said[1][0].isspace() else 0
    after = said[k + 1]
    return said[k][1] in NAME_ASKERS and not (said[k][1] == "which" and after[0].isspace() and after[1] in NOT_NAMES)
NUMBER_ONLY = re.compile(r"^[\s$€£¥+−–-]*\d[\d\s,.]*(?:%|[a-zA-Z]{0,3}\.?)?\s*$")


# A capitalised word inside the question ("Vote Yes for Strong Schools", "Twitter", "Kerala") names what it asks
# about. Month and day names are dates, which a table writes as numbers as often as not.
NAME_MARKS = "&'’-_"


def _name_words(text: str) -> list[str]:
    """The capitalised words after the first of a single-spaced text ("Vote Yes for Strong Schools" → Yes, Strong,
    Schools)."""
    out = []
    for word in text.split(" ")[1:]:
        end = next((i for i, c in enumerate(word) if not (c.isalnum() or c in NAME_MARKS)), len(word))
        if "A" <= word[:1] <= "Z" and end > 1:
            out.append(word[:end])
    return out
CALENDAR = frozenset(
    """january february march april may june july august september october november december monday tuesday
    wednesday thursday friday saturday sunday""".split()
)


def question_names(question: str, limits: TableReadingSettings = TableReadingSettings()) -> set[str]:
    """The tokens of the question's capitalised words after its first ("Vote Yes for Strong Schools" → vote, yes,
    strong, school), month and day names and spelled-out units ("degrees Celsius") left out."""
    units = word_lists("question_words")["spelled_units"]
    return {
        t
        for w in _name_words(" ".join(question.split()))
        if w.lower() not in CALENDAR and w.lower() not in units
        for t in tokens(w)
        if len(t) >= limits.name_min_letters
    }


def asked_names(question: str, limits: TableReadingSettings = TableReadingSettings()) -> set[str]:
    """The question's names (`question_names`) and the years it asks of: a year ("in November 2017") is held by the
    table or its document as a name is, and the 2019 landings table answers nothing of 2017."""
    return question_names(question, limits) | set(filter(a_year, tokens(question)))


def names_unheld(
    names: set[str], data: TableData, document: Document, page_text: Callable[[], str]
) -> set[str]:
    """Those of `names` (question_names) the table does not hold anywhere: not in its caption, label or cells, nor in
    its document's file name or title, nor on its page or the document's first page (`page_text`, read only when
    needed: "PIRLS 2011" heads the page, not the table). Answered from such a table, a question about "Vote Yes for
    Strong Schools" got the total of an education table of another document."""
    if not names:
        return set()
    text = " ".join([data.caption or "", data.label or "", document.filename, document.title or ""])
    held = set(tokens(f"{text} {' '.join(cell for row in data.rows for cell in row)}"))
    missing = {n for n in names - held if not any(_set_as_one(m, n, held) for m in names if m != n)}
    return missing - set(tokens(page_text())) if missing else set()


def _set_as_one(first: str, second: str, held: set[str]) -> bool:
    """Two names of the question a table writes as one word ("BERT-Large" as "BERTLARGE"), in either order; `held`
    are stems, so the joined word may have lost its last letter to stemming."""
    for joined in (first + second, second + first):
        if any(h == joined or (joined.startswith(h) and len(h) == len(joined) - 1) for h in held):
            return True
    return False


def names_elsewhere(
    names: set[str],
    used: frozenset[str],
    unheld: set[str],
    limits: TableReadingSettings = TableReadingSettings(),
) -> bool:
    """The question's names point away from the table: some it does not hold (`names_unheld`), and fewer than
    `names_elsewhere_factor` times as many name the row or column read. "How many votes did Brian Calley get in the
    Republican primary?" names the column twice and an election the results sheet never calls "Republican": the
    table answers it."""
    return bool(unheld) and len(names & used) < limits.names_elsewhere_factor * len(unheld)


def names_a_number(question: str, value: str | None) -> bool:
    """The question asks for a name (who, where, which + a noun that is no quantity) and `value` is a number."""
    return bool(value) and asks_name(question) and bool(NUMBER_ONLY.match(value or ""))


def measures_other(question: str, explained: set[str]) -> bool:
    """A cell that measures something other than the question asks for, when neither the table nor its document is
    named: a measure word of the question ("average", "annual", "rate") the row, column and caption leave
    unexplained; a table of changes ("percentage changes") for a question that asks for no change; or a count
    of things ("how many different occupations") the table does not name (it counts persons)."""
    asked = set(tokens(question))
    if {w for w in (asked & MEASURES) - explained if SAID_OTHERWISE.get(w) not in explained}:
        return True
    if (explained & CHANGES) and not (asked & CHANGES):
        return True
    counted = words_after(question, HOW_MANY, 3, _counted_word)
    if counted:
        words = []
        for word in counted:
            if word.lower() in STOPWORDS:
                break
            words.extend(tokens(word))
        if words and not set(words) & explained:
            return True
    return False


def table_words(data: TableData) -> set[str]:
    """Every word the table says of itself: its caption, its headers and its rows' labels (not its figures)."""
    words = set(tokens(" ".join([data.caption or "", *(data.columns or [])])))
    for row in data.rows:
        words |= {t for cell in row if cell and not any(ch.isdigit() for ch in cell) for t in tokens(cell)}
    return words


def aggregate_unexplained(question: str, data: TableData, named: set[str]) -> float:
    """The share of the question's words, its operation's aside ("the fewest", "summed over", "above 50", numbers),
    that neither the table's own words nor the names of its document account for: an aggregate of a table that leaves
    most of the question unsaid ("how many PDFs were discarded for being over 50 pages" of a table of fields of study)
    answers some other question."""
    operation = " ".join(m.group(0) for rx in (MAX, MIN, TOTAL) for m in rx.finditer(question))
    operation += " " + " ".join(question[a:b] for a, b in AVERAGE.every(question))
    if range_width_asked(question):
        operation += " " + " ".join(range_width_words())  # "how wide is the … range": the width's own words
    said = set(tokens(question)) - set(tokens(operation))
    asked = {t for t in said if not t.isdigit() and t not in NUMBER_WORDS}
    if not asked:
        return 0.0
    return len(asked - table_words(data) - named) / len(asked)
