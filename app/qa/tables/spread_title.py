"""A title the extractor repeated in every cell of the table's first row ("Statewide Top Jobs List - December 2024"
over each of fourteen columns): stored so, it was taken for the header and every column was named by it, the real
header rows read as data."""

from __future__ import annotations

from app.qa.tables.model import TableData

MIN_REPEATS = 3  # two cells alike may be a header of two columns that say the same; more is one title spread


def spread_title_set_apart(data: TableData) -> None:
    """The repeated title kept once, in the first cell, as a title over the table, and the header read again under
    it (`shape` reads the headers below a title)."""
    first = data.rows[0] if data.rows else []
    said = {" ".join(c.split()) for c in first}
    title = next(iter(said)) if len(said) == 1 else ""
    if len(first) < MIN_REPEATS or not any(ch.isalpha() for ch in title) or len(data.rows) < 2:
        return
    data.rows[0] = [title] + [""] * (len(first) - 1)
    data.columns, data.header_rows = None, None
