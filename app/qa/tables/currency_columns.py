"""A currency symbol set in a column of its own: "United States | $ | 10,893", then "China | 5,020 | ". A filing
prints "$" only on a column's first and total rows, and the extractor gave it a column, so those rows' figures stand
one column right of the others'. The two columns are one: a row holds a value in one of them, never in both. So is
a per cent sign set apart after its figure ("6 | %")."""

from __future__ import annotations

from app.qa.tables.model import TableData

CURRENCY_SYMBOLS = frozenset("$€£¥₹")
AFTER_FIGURES = frozenset({"%"})  # "6 | %": a share's sign set in a column of its own after it


def _cell(row: list[str], c: int) -> str:
    return row[c].strip() if c < len(row) else ""


def _one_column(rows: list[list[str]], c: int) -> bool:
    """Columns c and c + 1 are one: some row prints a lone symbol in c (or a lone "%" in c + 1 after a figure), and
    no row holds words or figures in both."""
    pairs = [(_cell(r, c), _cell(r, c + 1)) for r in rows]
    if any(a in CURRENCY_SYMBOLS and b for a, b in pairs):
        return all(not (a and b) or a in CURRENCY_SYMBOLS for a, b in pairs)
    signs = [b for _, b in pairs if b]
    return bool(signs) and all(b in AFTER_FIGURES for b in signs) and all(a for a, b in pairs if b)


def currency_columns_merged(data: TableData) -> None:
    """Each column holding only currency symbols where the column after it holds the figure joined to it, in the
    rows, the column names and the cell boxes; the figure keeps its symbol ("$ 10,893")."""
    width = max((len(r) for r in data.rows), default=0)
    joined = [c for c in range(width - 1) if _one_column(data.rows, c)]
    joined = [c for k, c in enumerate(joined) if k == 0 or joined[k - 1] != c - 1]  # a column joins one pair only
    if not joined:
        return
    for c in reversed(joined):
        for k, row in enumerate(data.rows):
            if c + 1 >= len(row):
                continue
            a, b = row[c].strip(), row[c + 1].strip()
            row[c : c + 2] = [(f"{a}{b}" if b in AFTER_FIGURES else f"{a} {b}") if a and b else a or b]
            boxes = data.cell_boxes[k] if data.cell_boxes and k < len(data.cell_boxes) else None
            if boxes is not None and c + 1 < len(boxes):
                boxes[c : c + 2] = [boxes[c + 1] if b and b not in AFTER_FIGURES else boxes[c]]
        if data.columns and c + 1 < len(data.columns):
            data.columns[c : c + 2] = [data.columns[c] or data.columns[c + 1]]
