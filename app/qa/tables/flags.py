"""Cells of yes/no columns stated by naming the column: "with single-bit fix-up" says the row whose "Single bit
fix-up" cell is "yes"; "without fix-up" the row whose cell is "no"."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import yaml

from app.qa.tables.model import Shape, TableData
from app.qa.tables.words import tokens

_LEXICON = yaml.safe_load((Path(__file__).with_name("lexicon") / "judgements.yaml").read_text(encoding="utf-8"))
AFFIRMATIVE = frozenset(_LEXICON["affirmative_cells"])
NEGATIVE = frozenset(_LEXICON["negative_cells"])
NEGATIONS = frozenset(_LEXICON["negations"])
NEGATION_REACH = 2  # "without single-bit fix-up", "no fix-up": the negation stands right before the column's words


def _flag(cell: str) -> bool | None:
    said = " ".join(cell.split()).lower()
    return True if said in AFFIRMATIVE else False if said in NEGATIVE else None


def flag_column(table: TableData, sh: Shape, c: int) -> bool:
    """Every data cell of column `c` is a yes or a no, and both occur."""
    flags = {_flag(row[c]) if c < len(row) else None for row in (table.rows[i] for i in sh.data(table.rows))}
    return flags == {True, False}


def _negated(question: Sequence[str], named: set[str]) -> bool:
    """A negation stands right before one saying of the column's words ("the heat-sink test … without the heat
    sink": the second)."""
    said = [k for k, t in enumerate(question) if t in named and (k == 0 or question[k - 1] not in named)]
    return any(t in NEGATIONS for k in said for t in question[max(0, k - NEGATION_REACH) : k])


def stated_flags(table: TableData, sh: Shape, row: int, question: Sequence[str]) -> set[int]:
    """The yes/no columns of `row` whose cell the question states by naming the column (all its own words said):
    its affirmative cell unless a negation stands right before the column's words, then its negative one."""
    said = set(question)
    cells = table.rows[row]
    out = set()
    for c, cell in enumerate(cells):
        if c == sh.label_column or (flag := _flag(cell)) is None:
            continue
        named = set(tokens(sh.columns[c])) - sh.shared if c < len(sh.columns) else set()
        if named and named <= said and flag_column(table, sh, c) and flag != _negated(question, named):
            out.add(c)
    return out
