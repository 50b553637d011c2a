"""A table stored without a header row whose first row is a name and a run of whole numbers ("Attention Method | 128 |
256 | … | 4096", sequence lengths over the columns): extraction cannot tell such a row from a row of data, but a
question that names one of its numbers ("at sequence length 4096") reads it as the columns' headers."""

from __future__ import annotations

from dataclasses import replace

from app.qa.tablelayout import is_number
from app.qa.tables.model import TableData

MIN_FIGURE_HEADERS = 2


def _numbers_said(question: str) -> set[str]:
    return {w.strip("?.,;:!()") for w in question.split()} - {""}


def headed_by_named_figure(table: TableData, header_rows: int, question: str) -> TableData:
    """`table` with its first row as its header when it has none (`header_rows`, as stored or as its shape guessed),
    that row is a name and whole numbers only, the question names exactly one of them, and the rows below are named
    by text; else `table` unchanged."""
    if header_rows != 0 or len(table.rows) < MIN_FIGURE_HEADERS:
        return table
    first, below = table.rows[0], table.rows[1:]
    name, figures = (first[0].strip(), [c.strip() for c in first[1:]]) if first else ("", [])
    if not name or is_number(name) or len(figures) < MIN_FIGURE_HEADERS or not all(f.isdecimal() for f in figures):
        return table
    said = _numbers_said(question)
    if sum(f in said for f in figures) != 1:
        return table
    if not all(r and r[0].strip() and not is_number(r[0]) for r in below):
        return table
    return replace(table, header_rows=1, columns=list(first))
