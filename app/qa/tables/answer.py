"""The answer a question about one table gets: a cell, an aggregate, the whole table, or what the table holds.

Pure functions over `TableData` (no database): the row is found by its label (fuzzy match on the row-label column),
the column by its header (one name per column, a header spanning several rows joined with " / "). Rows of two
different tables are never mixed; a table's continuation on the next page is the same table (`TableData.extend`).
"""

from __future__ import annotations

from app.qa.aggregate_intent import superlative
from app.qa.analysis.describe import asks_description
from app.qa.tables.aggregate import aggregate_answer, row_spread_answer
from app.qa.tables.bounds import names_bound_column, range_width_answer
from app.qa.tables.cell_lookup import cell_answer
from app.qa.tables.defined_terms import in_own_terms
from app.qa.tables.extremes import period_peak_answer
from app.qa.tables.model import TableAnswer, TableData
from app.qa.tables.render import not_found, whole_table
from app.qa.tables.shape import shape
from app.qa.tables.tiers import with_ranked_row
from app.qa.tables.words import tokens, without_document_names
from app.settings_reading import TableReadingSettings

# Words that ask for the table itself, not for a cell of it.
SHOW_WORDS = frozenset(
    """contain contains list lists show shows include includes describe describes present presents display summarise
    summarize summary about whole full entire in there""".split()
)


# The verbs that end "What does Table 1 … show?": the question asks for what the table holds.
SHOWING_VERBS = frozenset(
    "show shows contain contains list lists include includes describe describes present presents display about".split()
)


def _ends_asking_what_it_shows(question: str) -> bool:
    """The question's last word is a verb or word asking for a table's content ("… show?", "… about?")."""
    words = question.lower().rstrip(" ?.!").split()
    return bool(words) and words[0] in ("what", "which") and words[-1] in SHOWING_VERBS


def without_named_rows(table: TableData, question: str, limits: TableReadingSettings = TableReadingSettings()) -> str:
    """The question less the row labels it says whole: "Minimum read Latency" names a row, it asks for no minimum."""
    sh = shape(table, limits)
    low = " ".join(question.split())
    for i in sh.data(table.rows):
        label = " ".join(sh.primary.get(i, sh.name(i)).split(" / ")[-1].split())
        if len(label.split()) > 1:
            start = low.lower().find(label.lower())
            if start >= 0:
                low = low[:start] + low[start + len(label) :]
    return low


def best_answer(
    table: TableData, question: str, limits: TableReadingSettings = TableReadingSettings()
) -> TableAnswer | None:
    """A cell or an aggregate. A superlative ("which … highest") asks for an aggregate even when it names rows
    ("Which of EU15, the USA and Japan …"); otherwise a named row wins over aggregate words that are part of a
    header ("% growth in total retail sales")."""
    question = with_ranked_row(table, in_own_terms(table, without_document_names(question)), limits)
    spread = (row_spread_answer(table, question, limits) or range_width_answer(table, question, limits)
              or period_peak_answer(table, question, limits))  # fmt: skip
    if spread is not None:
        return spread
    asked = without_named_rows(table, question, limits)
    if superlative(asked) and not names_bound_column(table, asked, limits):
        return aggregate_answer(table, asked, limits) or cell_answer(table, question, limits)
    return cell_answer(table, question, limits) or aggregate_answer(table, asked, limits)


def answer(
    table: TableData, question: str, intent: str, limits: TableReadingSettings = TableReadingSettings()
) -> TableAnswer:
    """The answer a question about one named table gets: an aggregate, a cell, the whole table, or what it holds."""
    question = without_document_names(question)  # the file name named the document, not a row or column
    if intent in ("show", "summarise"):
        agg = aggregate_answer(table, question, limits) if intent != "summarise" else None
        return agg or whole_table(table, limits)
    if _ends_asking_what_it_shows(question) or asks_description(question):
        # "What does Table 1 in the lab report for the assembly-line cart show?": the words before the verb name the
        # table and its document (a row may share them by chance): the table itself is asked for.
        return whole_table(table, limits)
    found = best_answer(table, question, limits)
    if found is not None:
        return found
    if not [t for t in tokens(question) if t not in SHOW_WORDS]:
        return whole_table(table, limits)  # "What does Table 1 list?": nothing to look up but the table itself
    return not_found(table, question, limits)
