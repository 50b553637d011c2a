"""Table cells as text: cleaning and rendering rows, telling header rows from data rows, and the cheap detector's
page signals."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from app.ingest.extracted import BBox
from app.text.quantities import figure_before_unit

# A ruling line of the page (a pdfplumber edge dict), not a graph edge.
RulingLine = dict[str, Any]
# a number, also one written without its leading zero (".397", "-.019")
_NUMERIC = re.compile(r"^[(\[]?[-+−–$€£%<>≤≥~≈]?\.?\d[\d.,:/%]*(?:[eE][-+−]?\d+)?[)\]]?[%a-z]?[*∗†‡]{0,3}$", re.I)
# "Exhibit 5" (financial releases) and "Schedule 2" (government accounts) label tables as "Table 5" does; an
# appendix's tables are "Table C.1", "Table A-2", "Table A4-12". A caption set as a list item keeps its marker
# ("- Table 6, Breusch-Pagan test"), which is not part of the label. A label of capitals alone ("Table DC: …",
# "Table B. …") is one only before its colon or full stop: "Table A shows" is prose.
_CAPTION = re.compile(
    r"^(?:[-–•▪◦]\s*)?(table|tab\.|tableau|tabelle|tabla|exhibit|schedule)\s*(?:[:.]|[-–—](?=\s*\d))?\s*((?:[a-z][.\-]?)?\d+(?:[.\-–]\d+)*[a-z]?|"
    r"[ivxlc]+\b|(?-i:[A-Z]{1,3})(?=[:.](?:\s|$)))\b",
    re.I,
)
# A figure's numbered caption ("Figure 13. Detailed trace recording statistics ..."): papers set tabular data as a
# figure too; under a table that has no table caption, it is that table's caption.
_FIGURE_CAPTION = re.compile(r"^(?:figure|fig\.)\s*\d+[a-z]?\s*[:.]", re.I)


# ------------------------------------------------------------------------------------------------
# Rendering and cleaning (pure)
# ------------------------------------------------------------------------------------------------


def clean_cell(value: object) -> str:
    if value is None:
        return ""
    return re.sub(r"\s+", " ", str(value)).strip()


def _md_cell(value: str) -> str:
    return value.replace("\\", "\\\\").replace("|", "\\|").replace("\r", " ").replace("\n", " ").strip()


def rows_to_markdown(rows: Sequence[Sequence[str]]) -> str:
    """GitHub-flavoured markdown; the first row is the header. Pipes are escaped, newlines flattened."""
    if not rows:
        return ""
    ncols = max(len(r) for r in rows)
    padded = [[_md_cell(c) for c in r] + [""] * (ncols - len(r)) for r in rows]
    out = ["| " + " | ".join(padded[0]) + " |", "|" + "---|" * ncols]
    out += ["| " + " | ".join(r) + " |" for r in padded[1:]]
    return "\n".join(out)


def normalise_rows(rows: Sequence[Sequence[object]]) -> list[list[str]]:
    """Cells as clean strings; rows and columns that are entirely empty are dropped."""
    clean = [[clean_cell(c) for c in r] for r in rows]
    clean = [r for r in clean if any(r)]
    if not clean:
        return []
    ncols = max(len(r) for r in clean)
    clean = [r + [""] * (ncols - len(r)) for r in clean]
    keep = [j for j in range(ncols) if any(r[j] for r in clean)]
    return [[r[j] for j in keep] for r in clean]


def is_degenerate(rows: list[list[str]]) -> bool:
    """A 'table' of one row, one column, or with fewer than 3 filled cells says nothing tabular."""
    if len(rows) < 2 or max(len(r) for r in rows) < 2:
        return True
    filled = sum(1 for r in rows for c in r if c)
    # Paragraph text mistaken for a table has one filled cell per row almost everywhere.
    multi = sum(1 for r in rows if sum(1 for c in r if c) >= 2)
    return filled < 3 or multi < max(2, len(rows) // 4)


_YEAR = re.compile(r"^(19|20)\d\d$")
_DAY_AND_YEAR = re.compile(r"^\s*\d{1,2}, (19|20)\d\d\s*$")


def _numeric_value(cell: str) -> bool:
    """A number, a measurement with its uncertainty ("83.29(±0.35)", "0.712 ± 0.03": the estimate counts), a
    regression estimate over its standard error ("69.49 (287.28)", "0.32∗∗∗ (0.02)"), or a quantity with its unit
    symbol ("325 V DC", "50 kHz", "20 µs")."""
    if cell.rstrip().endswith(",") or _DAY_AND_YEAR.match(cell):
        return False  # "28," or "28, 2023" of "January 28, 2023" cut from its month: part of a date, no figure
    estimate, sign, spread = cell.replace(" ", "").partition("±")
    if sign:
        estimate = estimate.removesuffix("(")
        spread = spread.removesuffix(")")
        return bool(_NUMERIC.match(estimate)) and bool(_NUMERIC.match(spread))
    if _NUMERIC.match(estimate):
        return True
    value, opened, error = estimate.partition("(")
    if value and opened and error.endswith(")") and _NUMERIC.match(value) and _NUMERIC.match(error[:-1]):
        return True
    figure = figure_before_unit(cell)
    return figure is not None and bool(_NUMERIC.match(figure))


def _column_numbers(values: Sequence[str]) -> bool:
    """ "(1) (2) (3)": a regression table's columns numbered in its header, no figures. A number may follow the
    words of a label set on the line above it and read into its cell ("Cars per 100 people (2)")."""
    numbers = [v.strip().rpartition("(")[2][:-1] for v in values if v.strip().endswith(")")]
    return len(numbers) == len(values) >= 2 and all(n.isdigit() for n in numbers) and (
        [int(n) for n in numbers] == list(range(int(numbers[0]), int(numbers[0]) + len(numbers)))
    )


def _is_data_row(row: Sequence[str]) -> bool:
    values = [c for c in row[1:] if c]
    if _column_numbers(values):
        return False
    numbers = [c for c in values if _numeric_value(c)]
    return bool(numbers) and 2 * len(numbers) >= len(values) and not all(_YEAR.match(c) for c in numbers)


def _holds_figure(row: Sequence[str]) -> bool:
    values = [c for c in row[1:] if c]
    numbers = [c for c in values if _numeric_value(c)]
    return bool(numbers) and not _column_numbers(values) and not all(_YEAR.match(c) for c in numbers)


def header_row_count(rows: Sequence[Sequence[str]]) -> int:
    """Rows above the first data row (one with numbers beyond its label), at most five, or seven
    when the rows above the last of them leave the row-label column empty (a statement's column
    heads stacked on up to seven lines); a table without numbers has a one-row header; 0 when it
    starts with data (a continuation)."""
    for i, row in enumerate(rows[:8]):
        if _is_data_row(row):
            # A labelled row above it with a figure of its own is data with more words than figures ("SC1 | Accuracy
            # parity | ≤ 2% gap | 5.0% | Not met"): the body starts there.
            i = next((k for k in range(1, i) if rows[k][0].strip() and _holds_figure(rows[k])), i)
            return i if i < 6 or all(not r[0].strip() for r in rows[: i - 1]) else 1
        if i and sum(1 for c in row if c) == 1 and row[0]:
            return i  # a section label ("Actual") opens the body
    return 1 if len(rows) > 1 else 0


# ------------------------------------------------------------------------------------------------
# The cheap detector
# ------------------------------------------------------------------------------------------------


@dataclass(slots=True)
class PageSignals:
    h_rules: int  # long horizontal edges
    v_rules: int  # long vertical edges
    numeric_rows: int  # text rows with >= 2 numbers set apart by wide gaps
    aligned_columns: int  # right edges of numbers shared by >= 3 of those rows
    numeric: list[list[tuple[str, BBox]]] = field(default_factory=list, repr=False)  # those rows

    @property
    def ruled(self) -> bool:
        return self.h_rules >= 2 and self.v_rules >= 2

    @property
    def unruled(self) -> bool:
        # Numbered paragraphs and two-column prose also give "numeric rows"; a table's numbers
        # line up in columns, so ask for at least two aligned columns as well.
        return self.numeric_rows >= 3 and self.aligned_columns >= 2


def page_signals(edges: Sequence[RulingLine], rows: list[list[tuple[str, BBox]]]) -> PageSignals:
    """``rows``: the page's words in visual rows (text_rows)."""
    h = sum(1 for e in edges if e["orientation"] == "h" and e["width"] >= 15)
    v = sum(1 for e in edges if e["orientation"] == "v" and e["height"] >= 8)
    numeric = [row for row in rows if _is_numeric_row(row)]
    return PageSignals(h, v, len(numeric), _aligned_columns(numeric), numeric)


def _aligned_columns(rows: list[list[tuple[str, BBox]]], tolerance: float = 2.0) -> int:
    """How many x positions (number right edges, or left edges) recur in >= 3 numeric rows."""
    count = 0
    for side in (2, 0):
        xs = sorted({round(box[side] / tolerance) for row in rows for text, box in row if _NUMERIC.match(text)})
        support: dict[int, int] = {}
        for row in rows:
            seen = {round(box[side] / tolerance) for text, box in row if _NUMERIC.match(text)}
            for x in xs:
                if x in seen or x - 1 in seen or x + 1 in seen:
                    support[x] = support.get(x, 0) + 1
        # Neighbouring bins describe one column: count runs of supported bins once.
        strong = sorted(x for x, n in support.items() if n >= 3)
        count = max(count, sum(1 for i, x in enumerate(strong) if i == 0 or x - strong[i - 1] > 2))
    return count


def _is_numeric_row(row: list[tuple[str, BBox]]) -> bool:
    numbers = 0
    wide_gaps = 0
    for i, (text, box) in enumerate(row):
        numbers += bool(_NUMERIC.match(text))
        if i:
            height = max(box[3] - box[1], 1.0)
            wide_gaps += box[0] - row[i - 1][1][2] > 1.2 * height
    return numbers >= 2 and wide_gaps >= 1


# ------------------------------------------------------------------------------------------------
# Column gaps inside a label column
# ------------------------------------------------------------------------------------------------

# A gap between words no wider than this many text heights is a word space, not a column gap: labels worded alike on
# every row ("Households kept the land", "Households sold all of it") leave such strips open down a table.
WORD_SPACE_EMS = 0.5


def label_seps(body: Sequence[Sequence[tuple[str, BBox]]], seps: list[float]) -> list[float]:
    """``seps`` (column gaps of a whitespace table, from its ``body`` rows of phrases) less those inside its label
    column: before the first column that holds a figure, a gap that is a word space between words (not figures) on
    every row where it is narrow, on two rows or more."""
    first_figures = min(
        (sum(1 for x in seps if x < b[0]) for s in body for t, b in s if _NUMERIC.match(t)), default=len(seps)
    )
    out = []
    for k, x in enumerate(seps):
        narrow = []
        for s in body:
            left = [tb for tb in s if tb[1][2] <= x]
            right = [tb for tb in s if tb[1][0] >= x]
            if left and right:
                (lt, lb), (rt, rb) = left[-1], right[0]
                if rb[0] - lb[2] < WORD_SPACE_EMS * min(lb[3] - lb[1], rb[3] - rb[1]):
                    narrow.append((lt, rt))
        words = not any(_NUMERIC.match(a) or _NUMERIC.match(b) for a, b in narrow)
        if not (k < first_figures and len(narrow) >= 2 and words):
            out.append(x)
    return out
