"""A physical quantity the question asks for by name ("What capacitance should be connected to C1?") and whether a
cell read for it can be one: its value, its row's unit or its header says a unit of that quantity, or its row or
column is named by the quantity itself. "5" under "Pin#" is no capacitance."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml

from app.qa.analysis.phrases import WORD
from app.text.stemming import stem


def word_stem(word: str) -> str:
    """A quantity's name stemmed as table words are (short words kept whole); here, so that the answer types can ask
    for quantities without importing the table reader."""
    return word if len(word) <= 3 else stem(word)


@lru_cache(maxsize=1)
def _units() -> dict[str, frozenset[str]]:
    data = yaml.safe_load((Path(__file__).with_name("lexicon") / "quantities.yaml").read_text(encoding="utf-8"))
    return {word_stem(name): frozenset(units) for name, units in data.items()}


def _words(text: str) -> list[str]:
    return [w.group(0).lower() for w in WORD.finditer(text)]


def _units_said(text: str) -> set[str]:
    """Unit symbols as words of `text`, a figure's glued unit set apart ("10MHz" → "mhz")."""
    said = set()
    for word in _words(text):
        said.add(word)
        said.add(word.lstrip("0123456789.,+-±"))
    return said


def asked_quantities(question: str) -> set[str]:
    """The quantities (stemmed names) the question names."""
    units = _units()
    return {s for w in _words(question) if (s := word_stem(w)) in units}


def asks_time(question: str) -> bool:
    """Whether the question asks for a quantity counted in time ("for how long", "what duration"): a span the tagger
    calls a time or a date ("300 seconds", "10 years") answers it as a number."""
    units = _units()
    return any({"seconds", "days"} & units[q] for q in asked_quantities(question))


def says_unit_of(asked: set[str], text: str) -> bool:
    """Whether `text` prints a figure in a unit of one of the `asked` quantities ("220 nF", "10MHz", "300 seconds"):
    the unit glued to the figure or the word right after it."""
    units = _units()
    wanted = frozenset().union(*(units[q] for q in asked)) if asked else frozenset()
    words = _words(text)
    for k, word in enumerate(words):
        if not word[0].isdigit():
            continue
        glued = word.lstrip("0123456789")
        if glued in wanted or (not glued and k + 1 < len(words) and words[k + 1] in wanted):
            return True
    return False


def holds_other_quantity(question: str, value: str, unit: str, row: str, column: str) -> bool:
    """Whether a cell cannot answer the quantity the question asks for: none of its texts says the quantity's name
    or one of its units."""
    asked = asked_quantities(question)
    if not asked:
        return False
    names = {word_stem(w) for w in _words(f"{row} {column}")}
    said = _units_said(f"{value} {unit} {column}")
    units = _units()
    return not any(q in names or units[q] & said for q in asked)


@lru_cache(maxsize=1)
def _count_heads() -> dict[str, frozenset[str]]:
    data = yaml.safe_load((Path(__file__).with_name("lexicon") / "counts.yaml").read_text(encoding="utf-8"))
    return {key: frozenset(str(v) for v in values) for key, values in data.items()}


def counts_column(header: str) -> bool:
    """Whether a column's head says its figures count things ("Number of / births", "N"): a line of it opens with a
    counting phrase or is one counting word."""
    heads = _count_heads()
    for line in header.split(" / "):
        said = " ".join(line.lower().split())
        if said in heads["count_heads"] | heads["count_openers"] or any(said.startswith(f"{o} ")
                                                                        for o in heads["count_openers"]):
            return True
    return False


def counting_columns(columns: list[str]) -> set[int]:
    """The columns whose heads say they count things: none of them holds a share ("what percentage of births …" is
    not read from "Number of births")."""
    return {c for c, name in enumerate(columns) if counts_column(name)}


def quantity_column(question: str, cells: list[str], skip: set[int]) -> int | None:
    """The one cell of a row (by column) that says a unit of the quantity asked ("Capacitor connection (C1 = 220
    nF)"), the columns in `skip` (the row's labels) aside; None when none or several do."""
    asked = asked_quantities(question)
    units = _units()
    holding = [c for c, text in enumerate(cells)
               if c not in skip and any(units[q] & _units_said(text) for q in asked)]  # fmt: skip
    return holding[0] if len(holding) == 1 else None
