"""Row labels with the first column's figure glued on: "LinkedIn 15,145 | | 13,816 | 10,289", "Kenya…… 47,213,282 |
12,143,913". The extractor read the label and the figure beside it as one cell, so the figure was no cell of its own
and its column (2023, Population) had no values. When most rows of the first column end so, the figure is set apart
into a column of its own, named by the last line of the first column's header ("Year Ended June 30, 2023")."""

from __future__ import annotations

from app.qa.tablelayout import parse_number
from app.qa.tables.currency_columns import CURRENCY_SYMBOLS, currency_columns_merged
from app.qa.tables.model import TableData
from app.qa.tables.spread_title import spread_title_set_apart

MIN_ROWS = 3  # a few rows ending on a figure by chance ("Windows 11") are no glued column
GLUED_SHARE = 0.6  # … nor is it one unless most of the rows' labels end on a figure
LEADERS = "….·"  # dot leaders run from a label to its figure
BOUNDS = ("<", ">", "≤", "≥", "=", " to", "-", "–", " and")


def _split(label: str) -> tuple[str, str] | None:
    """(words, figure) of a label ending on a grouped or decimal figure ("LinkedIn 15,145") or on a figure after dot
    leaders ("Kenya…… 47"); None otherwise."""
    words, _, last = label.strip().rpartition(" ")
    figure = last.strip()
    words = words.rstrip()
    if not figure[:1].isdigit() or words.endswith(BOUNDS):
        return None  # "$800 < PCHI ≤ $1,200", "5 to 10": a range the label names, no figure of its own
    led = words.endswith(tuple(LEADERS))
    words = words.rstrip(LEADERS + " " + "".join(CURRENCY_SYMBOLS))
    if not words or not any(ch.isalpha() for ch in words) or parse_number(figure) is None:
        return None
    between = label.strip()[len(words) : -len(figure)].strip(LEADERS + " ")  # "$" of "Server products $ 79,970"
    value = f"{between} {figure}" if between in CURRENCY_SYMBOLS else figure
    return (words, value) if led or "," in figure or "." in figure else None


def glued_labels_split(data: TableData) -> None:
    """The first column's trailing figures set apart into a column after it, when most of its rows end on one."""
    head = data.header_rows or 0
    body = [r for r in data.rows[head:] if r and r[0].strip()]
    splits = [_split(r[0]) for r in body]
    glued = sum(s is not None for s in splits)
    if glued < MIN_ROWS or glued < GLUED_SHARE * len(body):
        return
    for k, row in enumerate(data.rows):
        if not row:
            continue
        got = _split(row[0]) if k >= head else None
        # the header's last line names the figures ("Year Ended June 30, 2023"); a title above names the table
        row[0:1] = list(got) if got else [row[0], row[0] if k == head - 1 else ""]
        boxes = data.cell_boxes[k] if data.cell_boxes and k < len(data.cell_boxes) else None
        if boxes:
            boxes.insert(1, boxes[0])
    if data.columns:
        data.columns.insert(1, data.columns[0].split(" / ")[-1])


def repaired(data: TableData) -> TableData:
    """`data` with what the extractor got wrong and the reading can tell set right: figures glued to the labels set
    apart, currency and per cent signs in columns of their own joined to their figures, a title repeated over every
    column kept once above the header."""
    spread_title_set_apart(data)
    glued_labels_split(data)
    currency_columns_merged(data)
    return data
