"""One cell named by a row label and a column header in the question, and whether it is named unambiguously
enough for its value to stand alone as the short answer."""

from __future__ import annotations

from collections.abc import Sequence

from app.qa.answer_types import SHARE_ASKS, expected_type
from app.qa.classify.model import normalise
from app.qa.tablelayout import is_number
from app.qa.tables.bound_columns import aside_column, bound_columns, bound_words, row_unit
from app.qa.tables.figure_headers import headed_by_named_figure
from app.qa.tables.fiscal import in_table_calendar, quarter_not_held
from app.qa.tables.flags import stated_flags
from app.qa.tables.label_suffixes import SYMBOL_HEADER
from app.qa.tables.matching import (
    Pick,
    best_column,
    best_row,
    column_ranks,
    keyed_row,
    name_score,
    named_whole,
    numeric_columns,
    percent_column,
    row_named_beside,
    row_picks,
    row_score,
    summary_label,
)
from app.qa.tables.model import Shape, TableAnswer, TableData, value_at
from app.qa.tables.quantities import counting_columns, holds_other_quantity, quantity_column
from app.qa.tables.render import cell_of, cite_name, row_excerpt
from app.qa.tables.row_words import named_by_figures_only, row_named_by_words, worded_column
from app.qa.tables.shape import shape
from app.qa.tables.words import question_tokens, tokens
from app.settings_reading import TableReadingSettings


def cell_sure(
    table: TableData,
    sh: Shape,
    row: Pick,
    rivals: list[Pick],
    col: Pick,
    question: Sequence[str],
    rest: Sequence[str],
    only_numeric: bool,
    limits: TableReadingSettings = TableReadingSettings(),
    naming: set[int] | None = None,
) -> bool:
    """Whether the question names the cell unambiguously, so its value may stand alone as the short answer:
    the row's label is named whole and outscores, by the row margin, every row holding another value in that column;
    the column is the only one named so well (or the table's only numeric column) among columns holding another
    value in that row. A rival holding the same value is no ambiguity: either reading gives the same answer."""
    value = value_at(table, row.index, col.index)
    # The label named whole. A sub-label ("Count" under "Stress") or a section heading above it ("Actual" over
    # "2003") the question may leave out: rows differing in those only are rivals checked below.
    own = sh.primary.get(row.index, row.name).split(" / ")[-1]
    if not named_whole(own, question, limits) and row.coverage < 1.0:
        return False
    # Words naming the column name no row ("constant 2010–11 dollars" does not name the row "2010–11").
    unclaimed = [t for t in question if t not in col.used]
    mine = row_score(row.name, unclaimed, limits)[0]
    for other in rivals:
        held = value_at(table, other.index, col.index)  # an empty cell (a note row) could never be the answer
        differs = other.index != row.index and held != "" and held != value
        if differs and mine - row_score(other.name, unclaimed, limits)[0] < limits.row_margin:
            return False
    if only_numeric:
        return True
    ranks = column_ranks(sh, rest, sh.labels if naming is None else naming, limits)
    if not ranks or ranks[0][2] != col.index and value_at(table, row.index, ranks[0][2]) != value:
        return False  # another header is named better (caption words count here): two readings
    best = ranks[0][:2]
    if _named_apart(sh, rest, col.index, [r[2] for r in ranks[1:] if value_at(table, row.index, r[2]) != value]):
        return False
    return all(r[:2] < best or value_at(table, row.index, r[2]) == value for r in ranks[1:])


def _named_apart(sh: Shape, question: Sequence[str], chosen: int, others: Sequence[int]) -> bool:
    """Whether another column is named by as many question words that the chosen one lacks as the chosen one is
    named by words the other lacks ("pill" of "Modern method / Pill" against "women" of "Number of women"): the
    question names two columns, so two readings remain. "inhabitants per retail outlet" names "inhabitants per
    outlet" by two words "Number of retail outlets" lacks, against one: one reading."""
    said = set(question)
    mine = (set(tokens(sh.columns[chosen])) - sh.shared) & said
    for c in others:
        theirs = (set(tokens(sh.columns[c])) - sh.shared) & said
        if theirs - mine and len(theirs - mine) >= len(mine - theirs):
            return True
    return False


def stated_cells(table: TableData, sh: Shape, row: int, question: Sequence[str]) -> set[int]:
    """The columns of `row` outside the labels whose cell of words the question says whole ("t+6", "Multivariate")."""
    said = set(question)
    cells = table.rows[row]
    return {c for c, cell in enumerate(cells) if c not in sh.labels and cell.strip() and not is_number(cell)
            and (words := set(tokens(cell))) and words <= said} | stated_flags(table, sh, row, question)  # fmt: skip


def row_by_stated_cells(table: TableData, sh: Shape, tied: Sequence[Pick], question: Sequence[str]) -> Pick | None:
    """Of rows tied on their label, the one alone in having the most cells of words the question says; None when no
    one has."""
    stated = {p.index: len(stated_cells(table, sh, p.index, question)) for p in tied}
    most = max(stated.values(), default=0)
    if not most or list(stated.values()).count(most) != 1:
        return None
    return next(p for p in tied if stated[p.index] == most)


def _key_columns(table: TableData, sh: Shape, keyed: Pick) -> set[int]:
    """The columns whose cell in the keyed row is the value the question keyed it by: they hold no answer."""
    cells = table.rows[keyed.index]
    return {
        c for c, cell in enumerate(cells) if c != sh.label_column and (said := set(tokens(cell))) and said <= keyed.used
    }


def cell_answer(
    table: TableData, question: str, limits: TableReadingSettings = TableReadingSettings()
) -> TableAnswer | None:
    """The cell named by a row label and a column header in the question; None when either is not named.
    The short answer is given only when the cell is named unambiguously (`cell_sure`)."""
    sh = shape(table, limits)
    if quarter_not_held(question, sh.columns):
        return None  # the quarter asked is not the one the table reports
    headed = headed_by_named_figure(table, sh.header_rows, question)
    if headed is not table:
        table, sh = headed, shape(headed, limits)
    q = question_tokens(in_table_calendar(question, sh.columns))
    q += [t for t in bound_words(sh, question) if t not in q]  # "the highest …" names a Max column
    keyed = keyed_row(table, sh, q)
    row, tied = (keyed, [keyed]) if keyed is not None else best_row(table, sh, q, limits)
    naming = set(sh.labels)  # the columns that name rows: none of them holds the answer
    key_columns: set[int] = set()
    if keyed is not None:
        key_columns = _key_columns(table, sh, keyed)
        naming |= key_columns
        # "Which sentence has the option letter M": a row keyed by another column's value, and the question names
        # the labels' own header: the row's label is what is asked.
        header = set(tokens(sh.columns[sh.label_column])) - sh.shared if sh.label_column < len(sh.columns) else set()
        heads = {t for c in key_columns for t in tokens(sh.columns[c])}  # the key's header may share a word with it
        if header and header <= set(q) - (keyed.used - heads):
            naming.discard(sh.label_column)
    if row is None:
        row = row_named_beside(table, sh, q, limits)
        tied = [row] if row is not None else []
        naming.add(sh.label_column + 1)
    if row is None or named_by_figures_only(row, q):
        worded = row_named_by_words(table, sh, q)
        row, tied = (worded, [worded]) if worded is not None else (row, tied)
    data = sh.data(table.rows)
    if row is None and len(data) == 1:
        # One row of figures under named columns ("mean | median | sd"): the caption names the row; every column
        # holds a value.
        row, naming = Pick(data[0], "", 0.0, 0.0, set()), set()
        tied = [row]
    if row is None:
        return None
    if summary_label(row.name):
        # "the total arrests for weapons offences" beside a "Total" column: "total" names the column, "weapons" the
        # row ("Weapons—carrying, possessing, etc."), not the Total row.
        headers = {t for c in sh.columns for t in tokens(c.split(" / ")[-1])}
        members = [p for p in row_picks(table, sh, q, limits)[0] if not summary_label(p.name)]
        if members and set(tokens(row.name)) <= headers:
            row = max(members, key=lambda p: (p.matched, -p.index))
            tied = [row]
    caption = frozenset(tokens(table.caption or ""))

    def primary(p: Pick) -> str:
        return normalise(sh.primary.get(p.index, p.name))

    def own_label(p: Pick) -> str:
        return sh.primary.get(p.index, p.name).split(" / ")[-1]

    if len({primary(p) for p in tied}) > 1:
        # "cash and cash equivalents" says the row "Cash and cash equivalents" whole; "…, beginning of period" and
        # "Net change in …" hold words it does not say.
        said_whole = [p for p in tied if name_score(own_label(p), q, limits=limits)[1] >= 1]
        if said_whole and len({primary(p) for p in said_whole}) == 1:
            row, tied = said_whole[0], said_whole
    if len({primary(p) for p in tied}) > 1:
        # Rows tied on their label words: the question's other words must name a column. A row whose words are
        # the column's ("constant 2010–11 dollars" beside the row "2003–04") loses to the one that leaves them.
        # Tied readings that name the same cell value ("the entry for BusRouts and UrbanRail" of a symmetric
        # matrix, read either way round) are one answer.
        joint = []
        for p in tied:
            c = best_column(sh, [t for t in q if t not in p.used], sh.labels, caption, limits)
            joint.append(((c.matched + c.coverage) if c else 0.0, p, value_at(table, p.index, c.index) if c else ""))
        joint.sort(key=lambda x: (-x[0], x[1].index))
        top = [j for j in joint if j[0] == joint[0][0]]
        if len(joint) > 1 and (joint[0][0] > joint[1][0] or (joint[0][0] > 0 and len({j[2] for j in top}) == 1)):
            row = joint[0][1]
            tied = [p for p in tied if primary(p) == primary(row)]
    if len(tied) > 1 and len({primary(p) for p in tied}) == 1:
        # One label on several rows ("ATT_MV" at horizons t+1 and t+6): the row whose other cells of words the
        # question says ("at the t+6 horizon") is meant; those cells are its keys, not the value asked for.
        keyed = row_by_stated_cells(table, sh, tied, q)
        if keyed is not None:
            row, tied = keyed, [keyed]
    keys = stated_cells(table, sh, row.index, q)
    rest = [t for t in q if t not in row.used]
    # A cell the question says is a key when another column is named ("RMSE … at the t+6 horizon"); named alone
    # ("which international route heading …"), it is the answer.
    # "What percentage of women …": a column counting them ("Number of women") holds no share.
    counting = counting_columns(sh.columns) if SHARE_ASKS.said(question) else set()
    col = best_column(sh, rest, naming | keys | counting, caption, limits)
    if col is None and keys:
        col = best_column(sh, rest, naming | counting, caption, limits)
    only_numeric = False
    if col is None:
        numeric = numeric_columns(table, sh, limits)
        # A table of keys and values ("Item | Description": "Audit Method | Whitebox"): its one other column, headed
        # and of words, is read for a named row.
        free = [c for c in range(len(sh.columns)) if c not in naming | keys | {sh.label_column}]
        described = len(free) == 1 and sh.columns[free[0]].strip() and worded_column(table, sh, free[0])
        numeric = free if described and not numeric and row.matched > 0 else numeric
        if len(numeric) > 1:
            # No column named: "how much was spent on X" asks the amount, "what share" the percentage. Of columns
            # of amounts and of percentages, the kind asked for is read when one column is of it.
            share = SHARE_ASKS.said(question)
            numeric = [c for c in numeric if percent_column(table, sh, c) == share]
        if bound_columns(sh):
            # "Low Power Sleep Mode | | 0.5 | | mA" under Min, Typ, Max: the row's one figure is its value (a data
            # sheet's limits; elsewhere one figure of a row says nothing of which column is asked), wherever it
            # stands; a note's number ("Notes | 3") or a unit is none.
            filled = [c for c in range(len(sh.columns)) if c not in naming | keys and not aside_column(sh.columns[c])
                      and is_number(value_at(table, row.index, c))]  # fmt: skip
            numeric = filled if len(filled) == 1 else [c for c in numeric if not aside_column(sh.columns[c])]
        if len(numeric) == 1 and len(table.rows[row.index]) > numeric[0]:
            col = Pick(numeric[0], sh.columns[numeric[0]], 0.0, 0.0, set())
            only_numeric = True
        else:
            return None
    # Rows tied on the same label differ only by a sub-label the question did not name: the first is meant.
    distinct = {primary(p) for p in tied}
    if len(distinct) > 1:
        names = ", ".join(sorted({p.name for p in tied})[: limits.max_tied_rows_listed])
        body = (f"Several rows of {cite_name(table, limits)} match: {names}. Name the row exactly to get one value "
                f"{{cite}}.")  # fmt: skip
        return TableAnswer(table.id, "not_found", body)
    cell = cell_of(table, sh, row.index, col.index)
    value = str(cell["value"]).strip()
    if not value:
        body = f"{cite_name(table, limits)} has no value for {cell['row']} under {cell['column']} {{cite}}."
        return TableAnswer(table.id, "not_found", body, cell=None)
    if holds_other_quantity(question, value, row_unit(table, sh, row.index, col.index), cell["row"], cell["column"]):
        # "what capacitance …": a pin number is none; the row's one cell that says a capacitance answers ("C1 = 220 nF")
        said = quantity_column(question, table.rows[row.index], set(sh.labels))
        if said is None:
            return None
        col, cell = Pick(said, sh.columns[said], 0.0, 0.0, set()), cell_of(table, sh, row.index, said)
        value = str(cell["value"]).strip()
    words_only = any(ch.isalpha() for ch in value) and not any(ch.isdigit() for ch in value)
    if words_only and expected_type(question) == "number":
        # A count or an amount asked for, and the cell holds words ("Domestic PAX FLT" of a header row repeated
        # inside the table): the row and column words met by chance, this cell answers nothing.
        return None
    _, rivals = row_picks(table, sh, q, limits)
    others = [p for p in rivals if primary(p) != primary(row)]
    freed = naming if sh.label_column not in naming else None  # the label asked: the labels may hold it
    sure = cell_sure(table, sh, row, others, col, q, rest, only_numeric, limits, freed)
    if sure:
        named = ", ".join(n for n in (cell["row"], cell["column"]) if n)  # a column may have no header
        if col.index == sh.label_column:  # the label asked: the row is named by its key ("Option: M")
            named = ", ".join(
                [cell["column"], *(f"{sh.columns[c]}: {value_at(table, row.index, c)}" for c in sorted(key_columns))]
            )
        value = f"{value} {unit}" if (unit := row_unit(table, sh, row.index, col.index)) else value
        value = counted_list(question, value)
        body = f"**{value}** — {named}, in {cite_name(table, limits)} {{cite}}."
    else:
        body = row_excerpt(table, sh, row.index, col.index, limits)
    got = TableAnswer(table.id, "cell", body, short_answer=value if sure else None, cell=cell)
    # Words every column shares ("teachers" of "Number of teachers / Public" …) tell no column apart, yet they name
    # what this table counts: they count for the table against another one.
    got.strength = row.matched + col.matched + col.coverage + len(sh.shared & set(q))
    got.column = col.name
    got.coverage = col.coverage
    got.used = frozenset(row.used | col.used)
    symbols = SYMBOL_HEADER in sh.columns[sh.label_column].lower() if sh.label_column < len(sh.columns) else False
    label = own_label(row)
    got.exact_row = named_whole(label, q, limits, symbols) or (
        row.coverage >= 1.0 and row.matched >= limits.exact_row_min_words
    )
    got.sure = sure
    return got


MIN_LISTED = 3  # "5 m, 10 m, 20 m": a list; two items may be one value and its aside


def counted_list(question: str, value: str) -> str:
    """ "How many range settings …" of a cell listing them ("5 m, 10 m, 20 m, …"): the count, then the list."""
    items = [x.strip() for x in value.split(", ")]
    asked = " how many " in f" {question.lower()} " and expected_type(question) == "number"
    if not asked or len(items) < MIN_LISTED or not all(items) or is_number(value):
        return value
    return f"{len(items)} ({value})"
