"""A content question (no table named) answered from a table's cells: the candidate tables, the answer each gives,
how sure and how well ranked it is, and the one that answers first."""

from __future__ import annotations

import calendar
from collections.abc import Iterable
from functools import cache, lru_cache, partial

from sqlalchemy import ColumnElement, or_, select
from sqlalchemy.orm import Session

from app.db.models import DocTable, Document
from app.qa.aggregate_intent import superlative
from app.qa.ask import Retrieval
from app.qa.classify.patterns import TABLE_LABEL
from app.qa.read.cell_answer import retrieved_cell
from app.qa.tables.aggregate import aggregate_answer, row_spread_answer
from app.qa.tables.answer import without_named_rows
from app.qa.tables.bounds import names_bound_column, range_width_answer
from app.qa.tables.cell_lookup import cell_answer
from app.qa.tables.contents import is_contents
from app.qa.tables.defined_terms import in_own_terms
from app.qa.tables.extremes import period_peak_answer
from app.qa.tables.fiscal import in_table_calendar
from app.qa.tables.matching import description
from app.qa.tables.model import TableAnswer, TableData, answer_said
from app.qa.tables.question_fit import (
    TWO_ASKS,
    aggregate_unexplained,
    asked_names,
    asks_for_value,
    measures_other,
    names_a_number,
    names_elsewhere,
    names_unheld,
)
from app.qa.tables.stored import (
    Inferred,
    answering_part,
    heading_above,
    infer_labels,
    page_text,
    tables_of,
    with_continuations,
)
from app.qa.tables.tiers import with_ranked_row
from app.qa.tables.words import tokens, without_document_names
from app.settings import AnswerSettings
from app.settings_reading import TableReadingSettings


@lru_cache(maxsize=65536)
def _caption_words(caption: str) -> frozenset[str]:
    # Remembered: every content question reads every caption of the collection (~40 µs each to tokenise).
    return frozenset(tokens(caption))


@lru_cache(maxsize=65536)
def _title_words(caption: str) -> frozenset[str]:
    """The words of a caption's title: its first sentence, without its label ("Table 3: Main results. Average …" →
    {"main", "result"})."""
    label = TABLE_LABEL.match(caption.strip())
    text = caption.strip()[label.end() :] if label else caption
    return frozenset(tokens(text.strip(" :.-–—").split(". ", 1)[0]))


def tables_named_by_caption(
    session: Session, collection_id: str, question: str, limits: TableReadingSettings = TableReadingSettings()
) -> list[str]:
    """The ids of up to `caption_tables` tables of the collection whose caption names the question
    (`caption_names`), the most of its words first.

    Tables whose stored caption names most of the question ("Table 14. Actual and projected numbers for public high
    school graduates, by region and state" for "the number of public high school graduates in California in
    2003–04") are candidates wherever they are: a long table of numbers ranks low as a retrieval unit, so neither it
    nor its page was among the retrieved nodes."""
    asked = set(tokens(question))
    if len(asked) < limits.caption_min_shared:
        return []
    rows = session.execute(
        select(DocTable.id, DocTable.caption)
        .join(Document, Document.id == DocTable.document_id)
        .where(Document.collection_id == collection_id, Document.status == "ready", DocTable.caption.is_not(None))
    ).all()
    scored = [(shared, table_id) for table_id, caption in rows
              if (shared := caption_names(asked, caption or "", limits)) is not None]  # fmt: skip
    scored.sort(key=lambda x: -x[0])
    return [table_id for _, table_id in scored[: limits.caption_tables]]


def caption_names(asked: set[str], caption: str, limits: TableReadingSettings = TableReadingSettings()) -> int | None:
    """How many of the question's words (`asked`) a caption holds when it names the question, else None: enough of
    the question's words, or its title whole ("the thesis main results" names "Table 3: Main results. Average …"),
    or most of a title of several words however long the question ("Table 4: Average WIC benefits by state" for
    "what average annual WIC benefit per recipient … for Alaska")."""
    shared = len(asked & _caption_words(caption))
    title = _title_words(caption)
    titled = len(title) >= limits.caption_title_min_words and title <= asked
    said = len(title & asked)
    mostly = len(title) >= limits.caption_named_min_words and said >= limits.caption_named_share * len(title)
    share = shared >= limits.caption_min_share * len(asked)
    return shared if titled or (shared >= limits.caption_min_shared and (share or mostly)) else None


def _rival(got: TableAnswer, rank: float, other: TableAnswer, other_rank: float, margin: float) -> bool:
    """Another table's answer that is a second reading of the question: nearly as well ranked, a different value,
    and its column named as completely (a header named whole, "inhabitants per outlet", leaves no second reading
    to one named in part, "inhabitants per outlet 1996/7")."""
    return (
        other.table_id != got.table_id
        and rank - other_rank < margin
        and other.coverage >= got.coverage
        and answer_said(other) != answer_said(got)
    )


def named_fallback(
    named: list[tuple[float, TableAnswer, DocTable, Document, TableData]],
    limits: TableReadingSettings = TableReadingSettings(),
) -> tuple[float, TableAnswer, DocTable, Document, TableData] | None:
    """The question names the file and its row or column, yet too loosely for a sure answer: the table of that file
    that answers best, when it leads every other table of the file by `table_margin`, answers without a short answer
    (the cited row or the aggregate sentence, the likeliest value in bold) rather than passages that hold none."""
    if not named:
        return None
    named.sort(key=lambda x: -x[0])
    top = named[0]
    others = [x for x in named[1:] if x[2].id != top[2].id]
    if others and top[0] - others[0][0] < limits.table_margin:
        return None
    top[1].short_answer = None
    return top


def content_table_answer(
    session: Session,
    retrieval: Retrieval,
    question: str,
    document_id: str | None = None,
    collection_id: str = "",
    limits: AnswerSettings | None = None,
    widened: bool = False,
) -> list[tuple[DocTable, Document, TableData]]:
    """A content question a table answers from its cells ("Which member state had the most inhabitants per retail
    outlet?"): the table's answer goes first, the table node leads the evidence. Candidates: the retrieved tables,
    the tables on the pages of the first retrieved nodes, the tables of the collection whose caption names most of
    the question (`tables_named_by_caption`), and every table of a document named as a file.

    Only when the question asks for a value and names the column well (and, for a single cell, the row exactly):
    otherwise the passages' reader answers as before. Returns the tables read."""
    answer_limits = limits or AnswerSettings()
    reading = answer_limits.tables
    if not asks_for_value(question) or TWO_ASKS.said(question):
        return []  # a two-part question is decomposed by the reader: one cell would answer only half of it
    ids = [n.node_id for n in retrieval.nodes if n.kind == "table"]
    if collection_id and document_id is None:
        ids += tables_named_by_caption(session, collection_id, question, reading)
    # Tables on the pages of the first few retrieved nodes are candidates too.
    first = retrieval.nodes[: reading.content_table_pages]
    pages = list(dict.fromkeys((n.document_id, n.page) for n in first if n.page))
    conditions: list[ColumnElement[bool]] = [DocTable.id.in_(ids)] if ids else []
    conditions += [(DocTable.document_id == d) & (DocTable.page_number == p) for d, p in pages]
    if widened:
        # The nearer tables were read and none was sure: only the leading documents' tables are read now.
        leading = list(dict.fromkeys(n.document_id for n in retrieval.nodes if n.document_id))
        conditions = [DocTable.document_id == d for d in leading[: reading.content_table_documents]]
    if document_id is not None:
        conditions.append(DocTable.document_id == document_id)
    if not conditions:
        return []
    query = select(DocTable).where(or_(*conditions)).order_by(DocTable.document_id, DocTable.index_in_document)
    tables = list(session.scalars(query.limit(reading.max_content_tables)))
    question = without_document_names(question)  # the document is resolved; its file name names no cell
    q_tokens = set(tokens(question))
    names = asked_names(question, reading)
    best: tuple[float, TableAnswer, DocTable, Document, TableData] | None = None
    best_key: tuple[bool, float, int] = (False, 0.0, 0)
    named: list[tuple[float, TableAnswer, DocTable, Document, TableData]] = []
    rivals: list[tuple[float, TableAnswer]] = []
    documents: dict[str, tuple[Document | None, list[DocTable], Inferred]] = {}
    merged: set[str] = set()  # continuations read as part of a table before them
    offered: list[tuple[DocTable, Document, TableData]] = []  # every table read, for cell retrieval
    for table in tables:
        if table.document_id not in documents:
            document = session.get(Document, table.document_id)
            every = tables_of(session, document) if document is not None else []
            documents[table.document_id] = (document, every, infer_labels(session, every))
        document, every, inferred = documents[table.document_id]
        if document is None or document.status != "ready" or table.id in merged:
            continue
        table, data, part = with_continuations(table, document, every, inferred, reading)
        if table.id in merged or is_contents(data.rows):
            continue
        merged.update(data.continued)
        offered.append((table, document, data))
        ranked = with_ranked_row(data, in_own_terms(data, question), reading)  # "the lowest income tier": a row
        asked = without_named_rows(data, ranked, reading)  # a row's own "Minimum" asks for no minimum
        # A row's cells over the named periods, or its limits' width ("how wide is the storage temperature range").
        spread = (row_spread_answer(data, ranked, reading) or range_width_answer(data, ranked, reading)
                  or period_peak_answer(data, ranked, reading))  # fmt: skip
        cell = None if spread else cell_answer(data, ranked, reading)
        # "The maximum write cycle time at 1.8 V" over a Max column: that row's bound, when a row is named.
        bound = cell is not None and cell.kind != "not_found" and names_bound_column(data, asked, reading)
        read = (spread or (None if bound else aggregate_answer(data, asked, reading)), cell)
        answers = [g for g in read if g is not None and g.kind != "not_found"]
        if not answers:
            continue
        # Caption words the question shares ("food outlets") tell two tables with the same column apart.
        caption = set(description(data, reading))
        if not data.caption:
            # Two tables alike but for the heading above each ("International" / "Domestic … Traffic"); read only
            # for a table whose cells answer (a query per table).
            caption |= set(tokens(heading_above(session, table, reading)))
        enough = len(caption) >= reading.caption_named_min_words
        title = _title_words(data.caption or "")
        named_whole = (enough and len(q_tokens & caption) >= reading.caption_named_share * len(caption)) or (
            len(title) >= reading.caption_title_min_words and title <= q_tokens
        )
        # Neither the table nor its document named, and the table does not hold what the question names: whatever
        # its cells give is about something else. Worked out once, and only for a table whose cells would answer
        # surely (it reads every cell, maybe the page).
        text = cache(partial(page_text, session, table))  # read once, by whichever check asks first
        elsewhere = cache(partial(names_unheld, names, data, document, text))
        page_words = cache(lambda text=text: set(tokens(text())))
        periods = said_as_periods(question, q_tokens, data)
        for got in answers:
            caption_hits = len((q_tokens | periods) & (caption - set(tokens(got.column))))
            # The caption naming the table too ("public health outlay") makes the table surer, up to a point.
            surety = (
                got.strength
                + reading.caption_surety_weight * min(caption_hits, reading.caption_surety_hits)
                + (reading.caption_named_surety if named_whole else 0.0)
            )
            if got.kind == "aggregate":
                # The page and the cover say what the table is of ("the 2018 Republican primary"): they explain.
                explained = caption | page_words()
                unsaid = 0.0 if document_id is not None else aggregate_unexplained(question, data, explained)
                sure = surety >= reading.aggregate_sure_floor and unsaid <= reading.aggregate_unexplained_share
            else:
                sure = got.exact_row and surety >= reading.cell_sure_floor
            sure = sure and not (document_id is None and names_elsewhere(names, got.used, elsewhere(), reading))
            # A superlative asks for an aggregate: it outranks a cell whose row the question merely lists.
            # Ranking between tables: a column named whole beats one named in part ("inhabitants per outlet" over
            # "inhabitants per outlet 1996/7"), and caption words shared count half.
            rank = got.strength + got.coverage + reading.caption_rank_weight * caption_hits
            rank += reading.superlative_aggregate_bonus if got.kind == "aggregate" and superlative(asked) else 0.0
            # A later part of a labelled table read alone ("—Continued", other rows) answers after the first part.
            rank -= reading.table_margin if part else 0.0
            if got.kind == "cell":
                # A word the question says that neither the row, the column nor the table's description accounts
                # for ("Italy" asked of a topic table whose row "Air passengers rights" matched): a worse reading.
                explained = set(got.used | caption) | set(tokens(data.caption or ""))
                # One unexplained question word costs as much as one named word (the default weight).
                rank -= reading.leftover_weight * len(q_tokens - explained)
                if document_id is None and measures_other(question, explained | set(tokens(got.column))):
                    sure = False  # the cell measures something else than the question asks for
                if document_id is None and names_a_number(question, got.short_answer):
                    sure = False  # a name is asked for, the cell holds a number
            if document_id is not None and table.document_id == document_id:
                named.append((rank, got, table, document, data))
            if sure:
                rivals.append((rank, got))
            # A table that holds every name the question says (nor does its page) answers before one that does not
            # ("Italy" asked of a topic table and of a table by country, the file named).
            # Of two readings ranked alike, the one whose cell accounts for more of the question's words that are no
            # date or figure ("research and development", not "March 31, 2024") reads what is asked (`reading_key`).
            key = reading_key(not (names and elsewhere()), rank, got.used, q_tokens)
            if sure and (best is None or key > best_key):
                best, best_key = (rank, got, table, document, data), key
    if best is None and widened:
        return offered  # tables farther from the evidence answer only when sure
    if best is None:
        best = named_fallback(named, reading)
        farther: list[tuple[DocTable, Document, TableData]] = []
        if best is None and not widened and reading.content_table_documents:
            # No nearer table answers surely: the leading documents' other tables are read (a statement with no
            # caption on a page no retrieved unit stands on) before a nearer table's likeliest cell is guessed.
            had = list(retrieval.table_answers)
            farther = content_table_answer(session, retrieval, question, document_id, collection_id, limits, True)
            if retrieval.table_answers != had:
                return offered
        # The likeliest cell of the nearer tables; when none stands out, of the leading documents' (a paper's results
        # table that only a passage pointing to it was retrieved for).
        best = best or retrieved_cell(offered, question, document_id, answer_limits)
        nearer = {table.id for table, _, _ in offered}
        best = best or retrieved_cell([t for t in farther if t[0].id not in nearer], question, document_id,
                                      answer_limits)  # fmt: skip
        if best is None:
            return offered
    rank, got, table, document, data = best
    # The margin is one caption word's weight: on dev + paraphrases no shown table answer was wrong; the closest
    # right one led by 0.5.
    if not got.sure or any(_rival(got, rank, r, x, reading.table_margin) for x, r in rivals):
        got.short_answer = None  # another table answers nearly as well, and differently: no short answer
    if document_id is None:
        # Neither the table nor its document named: which table answers is itself a guess (on dev, both short
        # answers shown this way were cells of the wrong table), so the cell leads the text but is no short answer.
        got.short_answer = None
    retrieval.nodes = [n for n in retrieval.nodes if n.node_id != table.id]
    retrieval.nodes.insert(0, answering_part(session, table, document, data, got, reading))
    retrieval.table_answers = [got]
    if got.cell:
        retrieval.cell = got.cell
    return offered


MONTHS = frozenset(tokens(" ".join(calendar.month_name[1:])))  # as the question's words are stemmed


def reading_key(holds_names: bool, rank: float, used: Iterable[str], asked: set[str]) -> tuple[bool, float, int]:
    """How a table's reading ranks among the tables': holding the question's names, its rank, then how many of the
    question's words that are no figure, no date and no month (what a cell is of, not when) its cell accounts for."""
    return holds_names, rank, len({w for w in asked.intersection(used) if w.isalpha() and w not in MONTHS})


def said_as_periods(question: str, asked: set[str], data: TableData) -> set[str]:
    """The words a table heads the question's period with ("Q4" is its caption's "13 Weeks Ended"): of two tables
    dated alike, a quarter's and a year's, the caption of the quarter's names the quarter asked for. Years aside (a
    fiscal year moved to the calendar is a column's business, not the caption's)."""
    heads = [*(data.columns or []), data.caption or ""]
    return {t for t in set(tokens(in_table_calendar(question, heads))) - asked if not (t.isdigit() and len(t) == 4)}
