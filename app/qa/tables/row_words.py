"""A row named by the words of one of its cells other than its label: a table keyed by codes or dates ("PVE-003",
"April 2019") whose rows the question names by a title or a name in a later column ("the MAX_INT_4 finding" of
"Proper MAX_INT_4 Calculation", "Stardew Valley" of a game column); a column of words beside the labels."""

from __future__ import annotations

from collections.abc import Sequence

from app.qa.tablelayout import is_number
from app.qa.tables.matching import Pick
from app.qa.tables.model import Shape, TableData
from app.qa.tables.words import tokens

NAMING_WORDS = 2  # a row is named by at least this many question words its cells alone hold ("Stardew Valley")


def worded_column(table: TableData, sh: Shape, column: int) -> bool:
    """Most of the column's filled cells are words, not figures (a column of descriptions, not of numbers)."""
    cells = [table.rows[i][column] for i in sh.data(table.rows) if column < len(table.rows[i])]
    filled = [c for c in cells if c.strip()]
    return bool(filled) and sum(not is_number(c) for c in filled) * 2 > len(filled)


def named_by_figures_only(row: Pick, question: Sequence[str]) -> bool:
    """The row's label shares only figures with the question ("4" of "PVE-004" for "MAX_INT_4"): no naming."""
    return not any(any(ch.isalpha() for ch in t) for t in row.used & set(question))


def row_named_by_words(table: TableData, sh: Shape, question: Sequence[str]) -> Pick | None:
    """The one data row holding, in its cells of words, question words that no other row holds (words of the
    headers and the caption name columns, not rows); None when no row or several rows are named so, or the row by
    fewer than `NAMING_WORDS` words."""
    data = sh.data(table.rows)
    heads = {t for name in sh.columns for t in tokens(name)} | set(tokens(table.caption or ""))
    rows_of: dict[str, set[int]] = {}
    for i in data:
        for cell in table.rows[i]:
            if cell.strip() and not is_number(cell):
                for t in tokens(cell):
                    rows_of.setdefault(t, set()).add(i)
    named: dict[int, set[str]] = {}
    for t in set(question) - heads:
        rows = rows_of.get(t, set())
        if len(rows) == 1 and any(ch.isalpha() for ch in t):
            named.setdefault(next(iter(rows)), set()).add(t)
    if len(named) != 1:
        return None
    ((i, used),) = named.items()
    if len(used) < NAMING_WORDS:
        return None  # one word met by chance names no row
    return Pick(i, sh.name(i), float(len(used)), 0.0, used)
