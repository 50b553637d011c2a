"""A data sheet's limits: the Min, Typ and Max columns of a row ("Storage temperature | -55 | | 150 | °C").

"The maximum clock frequency at 1.8 V" names the Max column of that row, not the highest value of a column; "how
wide is the storage temperature range" asks the row's Max less its Min. The words are lexicon/operations.yaml's."""

from __future__ import annotations

from app.qa.aggregate_intent import EXTREMES, MAX, MIN
from app.qa.analysis.range_width import range_width_asked
from app.qa.tablelayout import parse_number
from app.qa.tables.bound_columns import UNIT_HEADERS, bound_columns, own_header
from app.qa.tables.cell_lookup import row_by_stated_cells
from app.qa.tables.matching import best_row
from app.qa.tables.model import Shape, TableAnswer, TableData, value_at
from app.qa.tables.render import cell_of, cite_name, format_number
from app.qa.tables.shape import shape
from app.qa.tables.words import question_tokens
from app.settings_reading import TableReadingSettings


def mixed_units(table: TableData, sh: Shape) -> bool:
    """The table has a unit column holding more than one unit ("V", "mA", "°C"): its rows measure different things."""
    for c, name in enumerate(sh.columns):
        if own_header(name) in UNIT_HEADERS:
            return len({value_at(table, i, c) for i in sh.data(table.rows)} - {""}) > 1
    return False


def names_bound_column(table: TableData, question: str, limits: TableReadingSettings = TableReadingSettings()) -> bool:
    """The question's extreme word ("maximum") names a limit column of the table."""
    said = {EXTREMES[m.group(0).lower()] for rx in (MAX, MIN) for m in rx.finditer(question)}
    return bool(said & set(bound_columns(shape(table, limits))))


def range_width_answer(
    table: TableData, question: str, limits: TableReadingSettings = TableReadingSettings()
) -> TableAnswer | None:
    """ "How wide is the storage temperature range?": the named row's Max less its Min, with the working; None
    unless a width is asked of a table with both limit columns and one row named."""
    if not range_width_asked(question):
        return None
    sh = shape(table, limits)
    bounds = bound_columns(sh)
    if set(bounds) != {"min", "max"}:
        return None
    q = question_tokens(question)
    row, tied = best_row(table, sh, q, limits)
    if len(tied) > 1:
        row = row_by_stated_cells(table, sh, tied, q)  # "VT(OFF)", "TJ(OFF)": the row whose other cells are said
    if row is None:
        return None
    low_raw, high_raw = value_at(table, row.index, bounds["min"]), value_at(table, row.index, bounds["max"])
    low, high = parse_number(low_raw), parse_number(high_raw)
    if low is None or high is None or high < low:
        return None
    width = format_number(round(high - low, 10))
    body = (f"**{width}** — {sh.name(row.index)}: {sh.columns[bounds['max']]} {high_raw} − "
            f"{sh.columns[bounds['min']]} {low_raw} = {width}, in {cite_name(table, limits)} {{cite}}.")  # fmt: skip
    upper = cell_of(table, sh, row.index, bounds["max"])
    got = TableAnswer(table.id, "aggregate", body, short_answer=width, cell=upper, sure=True)
    got.strength = row.matched + 2.0  # the row named, and both limit columns by the width asked
    got.used = frozenset(row.used)
    return got
