"""A table answer's text: how a table is cited, a cell's record, a row excerpt, the table as Markdown, the sentence
saying what it compares, the whole table, and what it holds when the question's cell is not in it."""

from __future__ import annotations

import re
from collections.abc import Sequence

from app.qa.ask import Cell
from app.qa.tablelayout import is_number
from app.qa.tables.model import Shape, TableAnswer, TableData, value_at
from app.qa.tables.shape import shape
from app.settings_reading import TableReadingSettings


def table_name(table: TableData, limits: TableReadingSettings = TableReadingSettings()) -> str:
    if table.label:
        return table.label
    if table.caption:
        return table.caption.split("\n")[0].strip()[: limits.table_name_chars]
    return "the table"


def cite_name(table: TableData, limits: TableReadingSettings = TableReadingSettings()) -> str:
    return f"{table_name(table, limits)}" + (f" ({table.where})" if table.where else "")


def _box(table: TableData, row: int, column: int) -> list[float] | None:
    boxes = table.cell_boxes
    if not boxes or row >= len(boxes) or column >= len(boxes[row]):
        return None
    box = boxes[row][column]
    return [float(x) for x in box] if box else None


def cell_of(table: TableData, sh: Shape, row: int, column: int) -> Cell:
    cells = table.rows[row]
    return {
        "node_id": table.part_of(row),  # a continuation's row is highlighted on its own page
        "row": sh.name(row),
        "column": sh.columns[column],
        "value": cells[column] if column < len(cells) else "",
        "bbox": _box(table, row, column),
    }


def format_number(value: float) -> str:
    if value == int(value) and abs(value) < 1e15:
        return f"{int(value):,}"
    return f"{value:,.4f}".rstrip("0").rstrip(".")


def row_excerpt(
    table: TableData, sh: Shape, row: int, column: int, limits: TableReadingSettings = TableReadingSettings()
) -> str:
    """The row the question names, every filled cell with its header, the likeliest one in bold: what a reader
    checks when the column (or the row) was not named unambiguously."""
    cells = [
        (c, name, value_at(table, row, c))
        for c, name in enumerate(sh.columns)
        if c not in sh.labels and value_at(table, row, c)
    ][: limits.max_excerpt_cells]
    shown = "; ".join(
        f"{name or 'column ' + str(c + 1)}: " + (f"**{v}**" if c == column else v) for c, name, v in cells
    )
    return f"The row {sh.name(row)} of {cite_name(table, limits)} {{cite}} reads: {shown}."


def _md(cell: str) -> str:
    # "[2]" in a cell is a footnote, not a citation marker for the answer's renumbering.
    text = re.sub(r"\[(\d+)\]", r"(\1)", " ".join(cell.split()))
    return text.replace("|", "\\|") or " "


def markdown(table: TableData, limits: TableReadingSettings = TableReadingSettings()) -> str:
    """The table as a GFM table: its joined headers as the header row, then the data rows."""
    sh = shape(table, limits)
    width = len(sh.columns)
    if width == 0:
        return ""
    head = [_md(c) for c in sh.columns]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * width]
    data = sh.data(table.rows)
    most = limits.max_markdown_rows
    for i in data[:most]:
        row = table.rows[i] + [""] * (width - len(table.rows[i]))
        lines.append("| " + " | ".join(_md(c) for c in row[:width]) + " |")
    if len(data) > most:
        lines.append(f"\n({len(data) - most} more rows not shown)")
    return "\n".join(lines)


def _listed(names: Sequence[str], most: int) -> str:
    shown = [n for n in names if n][:most]
    if not shown:
        return ""
    more = ", …" if len([n for n in names if n]) > most else ""
    return (", ".join(shown[:-1]) + " and " + shown[-1] if len(shown) > 1 else shown[0]) + more


def table_summary(table: TableData, limits: TableReadingSettings = TableReadingSettings()) -> str:
    """What a table compares, from its header and row names: "It gives Net sales and Share of net sales by Category
    for 6 rows: Cosmetics, Skincare, …" (what a question asking what a table shows is answered with)."""
    sh = shape(table, limits)
    named = [" ".join(c.split()) for k, c in enumerate(sh.columns) if k not in sh.labels and c.strip()]
    columns = list(dict.fromkeys(named))
    if len(columns) != len(named) or any(any(ch.isdigit() for ch in c) and is_number(c.split()[0]) for c in columns):
        return ""  # a header read wrong (a spanning title copied over columns, values taken as a header): say nothing
    rows = list(dict.fromkeys(sh.name(i) for i in sh.data(table.rows) if sh.name(i)))
    by = " ".join(sh.columns[sh.label_column].split()) if sh.label_column < len(sh.columns) else ""
    said = _listed(columns, limits.max_summary_names)
    if not said or not rows or by in columns:
        return ""
    count = f"{len(rows)} row" + ("s" if len(rows) > 1 else "")
    return f"It gives {said}{f' by {by}' if by else ''} for {count}: {_listed(rows, limits.max_summary_names)}."


def whole_table(table: TableData, limits: TableReadingSettings = TableReadingSettings()) -> TableAnswer:
    caption = " ".join((table.caption or table_name(table, limits)).split())
    where = f" ({table.where})" if table.where else ""
    summary = table_summary(table, limits)
    body = f"**{caption}**{where} {{cite}}{f' {summary}' if summary else ''}\n\n{markdown(table, limits)}"
    return TableAnswer(table.id, "table", body)


def not_found(table: TableData, question: str, limits: TableReadingSettings = TableReadingSettings()) -> TableAnswer:
    """Say what the table holds when the question's row or column is not in it."""
    sh = shape(table, limits)
    rows = [sh.name(i) for i in sh.data(table.rows) if sh.name(i)]
    cols = [c for k, c in enumerate(sh.columns) if k not in sh.labels and c.strip()]
    most = limits.max_not_found_names
    shown_rows = ", ".join(rows[:most]) + (f" and {len(rows) - most} more" if len(rows) > most else "")
    body = (f"I could not find that cell in {cite_name(table, limits)} {{cite}}. Its columns are: "
            f"{'; '.join(cols[:most])}." + (f" Its rows are: {shown_rows}." if rows else ""))  # fmt: skip
    return TableAnswer(table.id, "not_found", body + "\n\n" + markdown(table, limits))
