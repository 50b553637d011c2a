"""The limit columns of a data sheet's table ("Parameter | Min | Typ | Max | Units") and the question's extreme words
that name them: "the highest input voltage" is the Max column of the "Input Voltage" row."""

from __future__ import annotations

from app.qa.aggregate_intent import EXTREMES, MAX, MIN
from app.qa.tables.model import Shape
from app.qa.tables.words import tokens

# A limit column's own header, as data sheets abbreviate it: the extreme it holds.
BOUND_COLUMNS = {"min": "min", "minimum": "min", "max": "max", "maximum": "max"}


def own_header(name: str) -> str:
    """A column name's last header line as data sheets abbreviate it: "Fast-mode Plus / Max." → "max"."""
    return name.split(" / ")[-1].strip(" .").lower()


def bound_columns(sh: Shape) -> dict[str, int]:
    """The first column holding each bound ("min", "max") by its header's last line."""
    found: dict[str, int] = {}
    for c, name in enumerate(sh.columns):
        bound = BOUND_COLUMNS.get(own_header(name))
        if bound is not None and c not in sh.labels:
            found.setdefault(bound, c)
    return found


def bound_words(sh: Shape, question: str) -> list[str]:
    """The words of the limit column the question's extreme word names ("highest" → the "Max" column's), as if the
    question had said its header."""
    said = {EXTREMES[m.group(0).lower()] for rx in (MAX, MIN) for m in rx.finditer(question)}
    columns = bound_columns(sh)
    return [t for bound in sorted(said) if bound in columns for t in tokens(own_header(sh.columns[columns[bound]]))]
