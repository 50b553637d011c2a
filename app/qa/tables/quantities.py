"""A physical quantity the question asks for by name ("What capacitance should be connected to C1?") and whether a
cell read for it can be one: its value, its row's unit or its header says a unit of that quantity, or its row or
column is named by the quantity itself. "5" under "Pin#" is no capacitance."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml

from app.qa.analysis.phrases import WORD
from app.qa.tables.words import word_stem


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


def quantity_column(question: str, cells: list[str], skip: set[int]) -> int | None:
    """The one cell of a row (by column) that says a unit of the quantity asked ("Capacitor connection (C1 = 220
    nF)"), the columns in `skip` (the row's labels) aside; None when none or several do."""
    asked = asked_quantities(question)
    units = _units()
    holding = [c for c, text in enumerate(cells)
               if c not in skip and any(units[q] & _units_said(text) for q in asked)]  # fmt: skip
    return holding[0] if len(holding) == 1 else None
