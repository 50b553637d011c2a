"""A table as the answer layer reads it (`TableData`, its continuations appended), how its rows read (`Shape`), and
what the table said (`TableAnswer`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from app.qa.ask import Cell
from app.qa.tablelayout import is_number
from app.qa.tables.words import a_year, tokens
from app.settings_reading import TableReadingSettings


@dataclass(slots=True)
class TableData:
    """One extracted table as stored (DocTable), its continuations already appended (`extend`)."""

    id: str
    rows: list[list[str]]
    caption: str | None = None
    label: str | None = None
    columns: list[str] | None = None
    header_rows: int | None = None  # None: guess from the rows (tables extracted before columns existed)
    cell_boxes: list[list[list[float] | None]] | None = None
    where: str = ""  # "eu-004.pdf p. 4", for the answer text
    continued: list[str] = field(default_factory=list)  # ids of continuation tables appended below
    defined: Mapping[str, str] = field(default_factory=dict)  # short forms its document's prose defines ("TN")
    part_starts: list[tuple[int, str]] = field(default_factory=list)  # (first row, id) of each continuation

    def part_of(self, row: int) -> str:
        """The id of the stored table (this one or a continuation) that row `row` was read from."""
        return next((tid for start, tid in reversed(self.part_starts) if row >= start), self.id)

    def extend(self, other: TableData, limits: TableReadingSettings = TableReadingSettings()) -> bool:
        """Append a continuation's data rows (its repeated header, if any, dropped). A "continuation" whose stored
        columns are others (Table 14 goes on with 2013–14 … after 2003–04 …) is a table of its own: its rows under
        these headers would be read as the wrong years, so it is not appended (False)."""
        # A continuation without a header of its own was stored with its first data row for one ("117 | Glaziers |
        # $44,580 | 176"): all its rows are data under these columns.
        theirs = other.columns or []
        headless = data_row(theirs) and (not self.columns or len(theirs) == len(self.columns))
        if other.columns and self.columns and not headless and not same_columns(self.columns, other.columns, limits):
            return False
        skip = 0 if headless else other.header_rows if other.header_rows is not None else 0
        if skip == 0 and other.rows and self.rows and other.rows[0] == self.rows[0]:
            skip = 1
        self.part_starts.append((len(self.rows), other.id))
        self.rows.extend(other.rows[skip:])
        if self.cell_boxes is not None:
            boxes: list[list[list[float] | None]] = (
                other.cell_boxes[skip:] if other.cell_boxes else [[None] * len(r) for r in other.rows[skip:]]
            )
            self.cell_boxes.extend(boxes)
        self.continued.append(other.id)
        return True


HEADER_FIGURES = 2  # a "header" holding this many figures that are no years is a row of data


def data_row(names: Sequence[str]) -> bool:
    """Whether stored column names are a row of figures ("117 | 47-2121 | Glaziers | $44,580 | 176"), not headers;
    years ("2023 | 2024") and ordinals head columns."""
    return sum(1 for name in names if is_number(name) and not a_year(name.strip())) >= HEADER_FIGURES


def same_columns(a: Sequence[str], b: Sequence[str], limits: TableReadingSettings = TableReadingSettings()) -> bool:
    """Whether two header rows name the same columns (the row-label column aside): at least half of them agree, one
    name's words within the other's ("Method of" and "Method of Procurement": the same header cut short)."""
    pairs = list(zip(a[1:], b[1:], strict=False))
    if not pairs:
        return True
    agree = 0
    for x, y in pairs:
        tx, ty = set(tokens(x)), set(tokens(y))
        agree += tx <= ty or ty <= tx
    return agree >= limits.continuation_column_agreement * len(pairs)


@dataclass(slots=True)
class Shape:
    """How a table's rows read: header rows, one name per column, the column holding row labels."""

    header_rows: int
    columns: list[str]
    label_column: int
    # Row names by row index: the label, filled down, with a sub-label column joined ("Back pain / Count").
    names: dict[int, str] = field(default_factory=dict)
    primary: dict[int, str] = field(default_factory=dict)
    # Words in every column's name (a title row carried over all of them, "November - 2015 / Handgun"): they tell
    # no column from another, so naming them names no column.
    shared: frozenset[str] = frozenset()
    sections: dict[int, str] = field(default_factory=dict)  # row index -> the section heading above it
    groups: tuple[int, ...] = ()  # columns of group labels left of the row labels, filled down into the rows' names
    sub_label: int | None = None  # the column of sub-labels joined into the rows' names ("Count", "Percentage")

    @property
    def labels(self) -> set[int]:
        """The columns that label rows: never the column a value is read from."""
        return {self.label_column, *self.groups} | ({self.sub_label} if self.sub_label is not None else set())

    def data(self, rows: list[list[str]]) -> list[int]:
        return [i for i in range(self.header_rows, len(rows)) if any(c.strip() for c in rows[i])]

    def name(self, i: int) -> str:
        return self.names.get(i, "")


@dataclass(slots=True)
class TableAnswer:
    """What the table said; `render(marker)` writes it citing the table as [marker]."""

    table_id: str
    kind: str  # cell | aggregate | table | not_found
    body: str  # may hold "{cite}"
    short_answer: str | None = None
    cell: Cell | None = None
    # How surely the question named this table's row and column (matched tokens + coverage); ranks candidates.
    strength: float = 0.0
    exact_row: bool = False
    column: str = ""  # the header the answer was read under
    coverage: float = 0.0  # share of that header's words the question names
    sure: bool = False  # the question names its cell or column unambiguously: the short answer may be shown
    used: frozenset[str] = frozenset()  # question words the row and column names account for

    def render(self, marker: int) -> str:
        return self.body.replace("{cite}", f"[{marker}]")


def value_at(table: TableData, row: int, column: int) -> str:
    cells = table.rows[row]
    return " ".join(cells[column].split()) if column < len(cells) else ""


def answer_said(got: TableAnswer) -> str:
    return got.short_answer or (got.cell["value"] if got.cell else "") or got.body
