"""Cells by retrieval: a cell's address is (row path, column path); rows and columns are scored against the question
separately and the best pair wins.

A row's path is every word of the row that is not a value (its label, a sub-label, the section above it), so a table
whose first column groups rows ("Single" / "Multi") and whose second names them ("ORQA (Lee et al., 2019)") is read
by either. A column's path is its header rows joined. A question word counts by how rare it is in the table: a word
every row holds ("Single") tells no row from another, one row's word ("ORQA") names it. A word names the row or the
column, never both. Nothing here knows a document's or a table's words.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass

from app.qa.analysis.head import asked_noun
from app.qa.answer_types import SHARE_ASKS
from app.qa.tablelayout import is_number
from app.qa.tables.defined_terms import in_own_terms
from app.qa.tables.fiscal import in_table_calendar
from app.qa.tables.matching import SUMMARY_WORDS, summary_label
from app.qa.tables.model import Shape, TableData
from app.qa.tables.quantities import counting_columns
from app.qa.tables.words import question_tokens, tokens

MIN_BLOCK_HEADS = 3  # a row naming at least this many columns (and half of them) heads a block of the table
UNASKED_ROW_WORD = 0.01  # what each word of a row's name the question does not say takes off its score
TOP = 5  # cells ranked with their margin; the rest are only rivals
# A cell of more words is prose caught in a table (a caption, a note), no value.
MAX_VALUE_WORDS = 8
NAME_TYPES = ("person", "place")  # app.qa.answer_types: the asked types a cell of words can answer
SUMMING = frozenset(tokens(" ".join(SUMMARY_WORDS)))  # stemmed as the question's words are
QUOTED = re.compile(r"['‘’\"“”]([^'‘’\"“”]{3,60})['‘’\"“”]")


@dataclass(frozen=True, slots=True)
class CellHit:
    row: int
    column: int
    value: str
    score: float  # row score + column score (rarity-weighted words named)
    row_words: frozenset[str]  # the question's words the row's path holds
    column_words: frozenset[str]  # … and the column's
    margin: float  # how far the best cell holding another value trails


def _weights(paths: list[set[str]]) -> dict[str, float]:
    """A word's weight among the rows (or the columns): log(1 + n / holders), so one row's word weighs most."""
    held = Counter(t for words in paths for t in words)
    n = max(len(paths), 1)
    return {t: math.log(1.0 + n / c) for t, c in held.items()}


def row_paths(table: TableData, sh: Shape) -> dict[int, list[set[str]]]:
    """Each data row's words, per cell that is not a value (a value's own words never name its row), the last entry
    the row's name as the table shape reads it (a label filled down, a wrapped label joined) and the section above."""
    paths: dict[int, list[set[str]]] = {}
    for i in sh.data(table.rows):
        if i in sh.names and not sh.names[i]:
            continue  # a section heading, a repeated header or a wrapped label's first line: no row of values
        # A cell of digits and signs outside the labels ("2.2 × 1088", its exponent lost) is a value, no name.
        cells = [set(tokens(cell)) if cell.strip() and not is_number(cell) and (k in sh.labels or not _numeric(cell))
                 else set() for k, cell in enumerate(table.rows[i])]  # fmt: skip
        cells.append(set(tokens(sh.name(i))) | set(tokens(sh.sections.get(i, ""))))
        if any(cells):
            paths[i] = cells
    return paths


def totals_measure(paths: dict[int, list[set[str]]], sh: Shape) -> dict[int, set[str]]:
    """A total row says what the rows it adds up measure ("Services" above "Total net sales" is Services' net
    sales): the total's words for each member row, from the row after the previous total (or the section's first
    row) to the total."""
    implied: dict[int, set[str]] = {}
    members: list[int] = []
    section: str | None = None
    for i in sorted(paths):
        label = sh.name(i).split(" / ")[-1]
        if sh.sections.get(i, "") != section:
            members, section = [], sh.sections.get(i, "")
        words = tokens(label)
        if words[:1] in (["total"], ["totals"]) and summary_label(label):
            measure = set(words) - SUMMARY_WORDS
            for k in members:
                implied[k] = measure
            members = []
        else:
            members.append(i)
    return implied


def _numeric(cell: str) -> bool:
    """A cell of digits and signs, no letters ("2.2 × 1088"): a value however it is printed ("t+6", "BM25": names)."""
    return any(c.isdigit() for c in cell) and not any(c.isalpha() for c in cell)


def column_paths(table: TableData, sh: Shape) -> dict[int, set[str]]:
    """Each column's header words, less those every column shares (a title row over all of them)."""
    return {c: set(tokens(name)) - sh.shared for c, name in enumerate(sh.columns) if name.strip()}


def block_columns(table: TableData, sh: Shape) -> dict[int, dict[int, set[str]]]:
    """A table printed as stacked blocks, each under a row naming its own columns ("| #TP | Swift | R | Rust |"
    halfway down, under "| #TP | Python | Java |"): each later row → its block's column words (its head row's cell
    over the column); rows above any such head row are absent."""
    value_columns = [c for c in range(len(sh.columns)) if c not in sh.labels]
    out: dict[int, dict[int, set[str]]] = {}
    current: dict[int, set[str]] | None = None
    for i in sh.data(table.rows):
        cells = table.rows[i]
        named = {c: set(tokens(cells[c])) for c in value_columns if c < len(cells) and cells[c].strip()}
        if len(named) >= max(MIN_BLOCK_HEADS, len(value_columns) // 2) and all(
            words and not _numeric(cells[c]) and not is_number(cells[c]) for c, words in named.items()
        ):
            current = named
        elif current is not None:
            out[i] = current
    return out


def _quoted(question: str) -> list[set[str]]:
    """The words of each phrase the question quotes ('Market Loan Suspense'): a quoted name is named whole."""
    return [set(tokens(m.group(1))) for m in QUOTED.finditer(question) if tokens(m.group(1))]


def rank_cells(table: TableData, sh: Shape, question: str, expected: str) -> list[CellHit]:
    """The table's cells the question names by row and column, best first. Only a question asking for a name (a
    person or organisation, a place) is answered by a cell of words; a value holding a word of the question is no
    answer to it (a question does not say its answer). A table with one column of values needs no column named."""
    question = in_table_calendar(in_own_terms(table, question), sh.columns)
    asked = set(question_tokens(question))
    quoted = _quoted(question)
    words_allowed = expected in NAME_TYPES
    rows = row_paths(table, sh)
    columns = column_paths(table, sh)
    if not rows:
        return []
    summing = asked & SUMMING  # "overall", "in all": the question names the table's total row by it
    for i in rows if summing else ():
        if summary_label(sh.name(i)):
            rows[i].append(set(summing))
    row_weight = _weights([set().union(*cells) for cells in rows.values()])
    implied = totals_measure(rows, sh)
    blocks = block_columns(table, sh)
    heads = list({id(head): head for head in blocks.values()}.values())
    column_weight = _weights([*columns.values(), *(words for head in heads for words in head.values())])

    def column_of(i: int, c: int) -> set[str]:
        return columns.get(c, set()) | blocks.get(i, {}).get(c, set())

    said_numbers = {w.strip("?.,;:()[]%$").replace(",", "") for w in question.split()}

    def answers(value: str) -> bool:
        """A value of the asked kind that the question does not already say: none of its words, nor its number whole
        ("pass@1" does not say 89.1)."""
        if not value or len(value.split()) > MAX_VALUE_WORDS:
            return False
        if {t for t in tokens(value) if not t.isdigit()} & asked or value.replace(",", "") in said_numbers:
            return False
        return is_number(value) or (words_allowed and not any(ch.isdigit() for ch in value))

    # "What percentage of births …": a column counting them ("Number of births") holds no share.
    counting = counting_columns(sh.columns) if SHARE_ASKS.said(question) else set()
    candidates = {(i, c) for i in rows for c in range(len(sh.columns))
                  if c not in sh.labels | counting and answers(cell_value(table, i, c))}  # fmt: skip
    value_columns = {c for _, c in candidates}
    scored: list[tuple[float, int, int, frozenset[str], frozenset[str]]] = []
    unasked: dict[int, int] = {}  # row → the words of its name the question does not say
    for i, c in candidates:
        path = set().union(*(words for k, words in enumerate(rows[i]) if k != c))
        if any(not phrase <= path | column_of(i, c) for phrase in quoted):
            continue
        column_words = frozenset(asked & column_of(i, c))
        row_words = frozenset((asked & path) - column_words)
        if row_words:  # a row named by its own words is named by its total's measure too
            row_words |= (asked & implied.get(i, set())) - column_words
        if not row_words or (not column_words and len(value_columns) > 1):
            continue
        score = sum(row_weight.get(t, 0.0) for t in row_words)
        score += sum(column_weight.get(t, 0.0) for t in column_words)
        scored.append((score, i, c, row_words, column_words))
        unasked[i] = len(path - asked)
    # Of rows named by the same words, the one whose name says least else ("V2-Instruct" before "V2-Lite-Instruct").
    alike = Counter((s[2], s[3]) for s in scored)
    scored = [(score - UNASKED_ROW_WORD * unasked[i] if alike[(c, row_words)] > 1 else score, i, c, row_words,
               column_words) for score, i, c, row_words, column_words in scored]  # fmt: skip
    # The noun whose amount is asked ("the inertia about the elevation axis") names the cell's row or column when
    # a cell holds it with a word of its modifiers: a row holding only the modifiers ("distance from elevation
    # axis") measures something else. A row holding the noun alone ("Total revenues" for "personal income tax
    # revenue") is no better named.
    head = asked_noun(question)
    measure = next(iter(tokens(head)), None) if head else None
    measured = [s for s in scored if measure in s[3] | s[4] and s[3] - {measure}]
    if measure in asked and measured:
        scored = measured
    # Of columns named alike, the one whose header says least else ("# Rules" before "# Preds per Rule").
    scored.sort(key=lambda s: (-s[0], s[1], len(column_of(s[1], s[2]) - asked), s[2]))
    hits: list[CellHit] = []
    for score, i, c, row_words, column_words in scored[:TOP]:
        value = cell_value(table, i, c)
        other = next((s[0] for s in scored if cell_value(table, s[1], s[2]) != value), 0.0)
        hits.append(CellHit(i, c, value, round(score, 4), row_words, column_words, round(score - other, 4)))
    return hits


def cell_value(table: TableData, row: int, column: int) -> str:
    cells = table.rows[row]
    return " ".join(cells[column].split()) if column < len(cells) else ""


@dataclass(frozen=True, slots=True)
class CellChoice:
    table: int  # index into the tables offered
    hit: CellHit
    explained: float  # share of the question's words the row, column, caption and document account for


def choose_cell(
    tables: list[tuple[TableData, Shape, set[str]]], question: str, expected: str, explained_floor: float,
    caption_weight: float,
) -> CellChoice | None:
    """The best cell over the tables offered (each with the words its caption and document name it by), when it
    is the only best one (no cell holding another value scores as high) and the row, the column and the table's
    names together account for `explained_floor` of the question's words: a question whose words the table leaves
    unaccounted for is about something else."""
    asked = set(question_tokens(question))
    if not asked:
        return None
    best: CellChoice | None = None
    best_score = runner_up = 0.0
    for k, (table, sh, named_by) in enumerate(tables):
        hits = rank_cells(table, sh, question, expected)
        if not hits:
            continue
        hit = hits[0]
        # The words that name the table (its caption, its document) and neither its row nor its column tell two
        # tables holding the same row and column apart ("top-20 accuracy" names Table 2, not Table 4).
        naming = len((asked & named_by) - hit.row_words - hit.column_words) * caption_weight
        explained = len(asked & (hit.row_words | hit.column_words | named_by)) / len(asked)
        score = hit.score + naming
        if best is None or score > best_score:
            runner_up = max(runner_up, best_score if best else 0.0, score - hit.margin)
            best, best_score = CellChoice(k, hit, round(explained, 4)), score
        else:
            runner_up = max(runner_up, score)
    if best is None or best.explained < explained_floor or best_score <= runner_up:
        return None
    return best
