"""How a table's rows read: its header rows, one name per column, the column of row labels, each data row's name
(a sub-label joined, a section heading above it)."""

from __future__ import annotations

from app.qa.tablelayout import (
    guess_header_rows,
    header_tail,
    is_number,
    join_headers,
    no_title,
    note_line,
    note_rows,
    numbering,
)
from app.qa.tables.model import Shape, TableData
from app.qa.tables.words import tokens
from app.settings_reading import TableReadingSettings

# Dot leaders after a row label ("Robbery . . . . .") are layout, not part of its name.


def without_dot_leader(text: str) -> str:
    """ "Total . . . . ." → "Total": the dots a printed table leads a label to its figures with (two or more)."""
    end = len(text)
    while end and (text[end - 1] == "." or text[end - 1].isspace()):
        end -= 1
    return text[:end] if text.count(".", end) >= 2 else text




def shape(table: TableData, limits: TableReadingSettings = TableReadingSettings()) -> Shape:
    rows = table.rows
    width = max((len(r) for r in rows), default=0)
    notes = note_rows(rows)
    if notes:
        # A headnote above the headers: the stored columns were read from it; read them again below it.
        nh = notes + guess_header_rows(rows[notes:])
        columns = join_headers(rows[notes:], nh - notes)
        columns += [""] * (width - len(columns))
    elif table.columns and table.header_rows is not None:
        nh = table.header_rows
        titles = {" ".join(r[c].split()) for r in rows[: max(0, nh - 1)] if no_title(r, width) != r
                  for c in range(1, len(r)) if r[c].strip()}  # fmt: skip
        columns = [" / ".join(p for p in c.split(" / ") if p not in titles) for c in table.columns]
        columns += [""] * (width - len(columns))
    else:
        nh = guess_header_rows(rows) if table.header_rows in (None, 0) or not table.columns else table.header_rows
        columns = list(table.columns) if table.columns else join_headers(rows, nh)
        columns += [""] * (width - len(columns))
    if numbering(rows[nh]) if nh < len(rows) else False:
        nh = header_tail(rows, nh)
    data = [rows[i] for i in range(nh, len(rows))]
    label_column = 0
    for c in range(min(width, limits.label_column_search)):
        cells = [r[c] for r in data if c < len(r) and r[c].strip()]
        if cells and sum(not is_number(x) for x in cells) > limits.label_column_text_share * len(cells):
            label_column = c
            break
    sh = Shape(nh, columns, label_column)
    named = [set(tokens(c)) for k, c in enumerate(columns) if k != label_column and c.strip()]
    if len(named) >= limits.shared_words_min_columns:
        sh.shared = frozenset(set.intersection(*named))
    _name_rows(sh, rows, limits)
    return sh


def _cell_text(row: list[str], c: int) -> str:
    return " ".join(row[c].split()) if c < len(row) else ""


def _label_text(row: list[str], c: int) -> str:
    return without_dot_leader(_cell_text(row, c))


def _name_rows(sh: Shape, rows: list[list[str]], limits: TableReadingSettings) -> None:
    """Each data row's name. A text column right of the labels whose values repeat ("Count", "Percentage") is a
    sub-label: its rows are named "<label above> / <sub-label>", the label filled down over the empty cells."""
    data = sh.data(rows)
    sub = sh.label_column + 1
    cells = [_cell_text(rows[i], sub) for i in data]
    filled = [c for c in cells if c]
    has_sub = (
        len(filled) >= limits.sub_label_min_rows
        and sum(not is_number(c) for c in filled) >= limits.sub_label_text_share * len(filled)
        and len(set(filled)) <= limits.sub_label_repeat_share * len(filled)
        # A sub-label sits under a label filled down ("Back pain" over "Count", then "" over "Percentage"); a text
        # column beside labels that are all written out ("Rewe" | "Germany") is data, not a sub-label.
        and any(c and not _label_text(rows[i], sh.label_column) for i, c in zip(data, cells, strict=True))
    )
    last = ""
    section = ""
    wrapped = ""
    header = [_cell_text(rows[sh.header_rows - 1], k) for k in range(len(sh.columns))] if sh.header_rows else []
    for i in data:
        label = _label_text(rows[i], sh.label_column)
        others = [c for k, c in enumerate(rows[i]) if k != sh.label_column and c.strip()]
        if others and [_cell_text(rows[i], k) for k in range(len(sh.columns)) if k != sh.label_column] == [
            h for k, h in enumerate(header) if k != sh.label_column
        ]:
            sh.primary[i] = sh.names[i] = ""  # the header repeated inside the table, not a row of data
            continue
        if label and not others and i != data[-1]:
            sh.primary[i] = sh.names[i] = ""
            following = _label_text(rows[i + 1], sh.label_column) if i + 1 < len(rows) else ""
            if following[:1].islower():
                # A label wrapped onto the next row ("Murder and nonnegligent" / "manslaughter …"): one name.
                wrapped = label
                continue
            # A row holding only a label ("Best practice scenario") heads the rows below it: a section. A sentence
            # ("See notes at end of table.") is a note, heading nothing.
            if not note_line(label, 4):
                section, last = label, ""
            continue
        if wrapped and label:
            label, wrapped = f"{wrapped} {label}", ""
        if section and label:
            label = f"{section} / {label}"
        if section:
            sh.sections[i] = section
        if has_sub:
            subl = _cell_text(rows[i], sub)
            if label:
                last = label
            primary = label or last
            sh.primary[i] = primary
            sh.names[i] = f"{primary} / {subl}" if primary and subl else primary or subl
        else:
            sh.primary[i] = sh.names[i] = label
