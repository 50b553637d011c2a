"""The limit and unit columns of a data sheet's table ("Parameter | Min | Typ | Max | Units"): the question's extreme
words name a limit ("the highest input voltage" is the Max column of the "Input Voltage" row), and a value read
from such a row is said with its unit ("10 MHz")."""

from __future__ import annotations

from app.qa.aggregate_intent import extremes_said
from app.qa.tablelayout import is_number, parse_number
from app.qa.tables.model import Shape, TableData, value_at
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


# "the upper end of the supply voltage range", "its lower limit": the end of a range a limit column holds.
RANGE_ENDS = {"upper": "max", "lower": "min"}
RANGE_END_NOUNS = frozenset({"end", "limit", "bound"})


def range_ends(question: str) -> set[str]:
    """The limits ("max", "min") an end of a range the question says names ("the upper end" → "max")."""
    words = [w.strip(",.;:?!()").lower() for w in question.split()]
    return {RANGE_ENDS[w] for w, after in zip(words, words[1:], strict=False)
            if w in RANGE_ENDS and after in RANGE_END_NOUNS}  # fmt: skip


def bound_words(sh: Shape, question: str) -> list[str]:
    """The words of the limit column the question's extreme word names ("highest" → the "Max" column's), as if the
    question had said its header."""
    columns = bound_columns(sh)
    named = [columns[bound] for bound in sorted(extremes_said(question) | range_ends(question)) if bound in columns]
    return [t for c in named for t in tokens(own_header(sh.columns[c]))]


# A column saying each row's unit of measure.
UNIT_HEADERS = frozenset({"unit", "units"})
MAX_UNIT_CHARS = 12  # "MHz", "µA", "ppm/°C": a unit; a longer cell is a note
# The heads a data sheet's table names its limit and unit columns by: a row of them is its header's last line.
LIMIT_HEADS = frozenset({*BOUND_COLUMNS, "typ", "typical", *UNIT_HEADERS})

# A column pointing each row to its notes ("Notes | 3"): a reference, no value of the row.
NOTE_HEADERS = frozenset({"note", "notes", "ref", "refs", "footnote", "footnotes"})


def aside_column(name: str) -> bool:
    """A data sheet's column of units or of note references: it holds no value of its row."""
    return own_header(name) in UNIT_HEADERS | NOTE_HEADERS


def limits_header_end(rows: list[list[str]], header_rows: int) -> int:
    """The header rows of a data sheet's table, ending at its row of limit heads ("Min. | Typ. | Max. | Unit") when
    a row of figures follows it: a first data row worded more than figured ("VS | Supply Voltage | | VSS | | 36 |
    V") is not read as another header line. `header_rows` as guessed otherwise."""
    for k in range(max(0, header_rows - 1)):
        heads = sum(own_header(c) in LIMIT_HEADS for c in rows[k])
        if heads >= 2 and any(is_number(c) for c in rows[k + 1]):
            return k + 1
    return header_rows


def limits_head_below(rows: list[list[str]], header_rows: int, reach: int) -> int:
    """The index of a data sheet's row of limit heads ("Parameters | Sym | Min | Typ | Max | Units") under lines of
    conditions taken into the table above it ("DC CHARACTERISTICS", "Unless otherwise specified, …"), within
    `reach` rows of the top and with no figure above it: those lines are a headnote. 0 when there is none, or when
    the heads are a line of the stored `header_rows` (its last line, not a header below notes)."""
    for k in range(min(reach, len(rows) - 1)):
        if sum(own_header(c) in LIMIT_HEADS for c in rows[k]) >= 2:
            below = k >= max(header_rows, 1) and any(is_number(c) for r in rows[k + 1 : k + 3] for c in r)
            return k if below else 0
        if any(is_number(c) for c in rows[k]):
            return 0
    return 0


def row_unit(table: TableData, sh: Shape, row: int, column: int) -> str:
    """The unit a figure read from (row, column) is measured in, from the row's unit column; "" when the table has
    none, the cell is no figure, or the figure already says it."""
    value = value_at(table, row, column)
    if parse_number(value) is None or column in sh.labels:
        return ""
    for c, name in enumerate(sh.columns):
        if c != column and own_header(name) in UNIT_HEADERS:
            unit = " ".join(value_at(table, row, c).split())
            fits = 0 < len(unit) <= MAX_UNIT_CHARS and not is_number(unit) and unit.lower() not in value.lower()
            return unit if fits else ""
    return ""
