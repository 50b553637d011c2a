"""A content question asking what a table shows without its label ("What does the single table in the EIA
supplement show?", "What does the table reconciling reported and adjusted figures show?"): the table its words name,
answered as a whole (its caption, what it compares, the table), as "What does Table 1 show?" is."""

from __future__ import annotations

from dataclasses import replace

from sqlalchemy.orm import Session

from app.db.models import DocTable, Document
from app.qa.analysis.describe import requests_whole
from app.qa.ask import Retrieval
from app.qa.tables.answer import SHOW_WORDS, SHOWING_VERBS
from app.qa.tables.contents import is_contents
from app.qa.tables.model import TableData
from app.qa.tables.render import whole_table
from app.qa.tables.stored import answering_part, heading_above, infer_labels, tables_of, with_continuations
from app.qa.tables.words import tokens, without_document_names
from app.settings_reading import TableReadingSettings

TABLE_NOUNS = frozenset({"table", "tables"})


def asks_what_a_table_shows(question: str) -> bool:
    """ "What does the <words> table <…> show/list/contain …?", "Can you reproduce the <words> table …?": a table
    named by its words, asked for whole."""
    words = [w.strip(",;:'’") for w in question.lower().rstrip(" ?.!").split()]
    at = next((k for k, w in enumerate(words) if w in TABLE_NOUNS), None)
    if at is None or not words:
        return False
    return requests_whole(words[:at]) or (words[0] == "what" and any(w in SHOWING_VERBS for w in words[at + 1 :]))


def shown_table(
    session: Session,
    retrieval: Retrieval,
    question: str,
    document_id: str | None,
    limits: TableReadingSettings = TableReadingSettings(),
) -> bool:
    """Put the table the question names first in the evidence, answered whole; False when no table is named clearly:
    the only table of the document the question names, else the one whose caption and headers hold the most of the
    question's own words, at least `shown_min_words` and `shown_margin` more than any other's."""
    if not asks_what_a_table_shows(question):
        return False
    if document_id is not None:
        documents = [session.get(Document, document_id)]
    else:
        ids = [n.node_id for n in retrieval.nodes if n.kind == "table"]
        held = {t.document_id for t in (session.get(DocTable, i) for i in ids) if t is not None}
        documents = [session.get(Document, d) for d in sorted(held)]
    asked = set(tokens(without_document_names(question))) - SHOW_WORDS - TABLE_NOUNS
    found: list[tuple[int, DocTable, Document, TableData, frozenset[str]]] = []
    for document in documents:
        if document is None or document.status != "ready":
            continue
        every = tables_of(session, document)
        inferred = infer_labels(session, every, limits)
        seen: set[str] = set()
        for table in every:
            if table.id in seen:
                continue
            table, data, _ = with_continuations(table, document, every, inferred, limits)
            seen.update({table.id, *data.continued})
            if is_contents(data.rows):
                continue
            # A table with no caption is named by the heading above it ("Reconciliation of IFRS to non-IFRS …").
            # So is one whose caption is only its label ("Table 3." under "ABSOLUTE MAXIMUM RATINGS").
            caption = data.caption or ""
            bare = not set(tokens(caption)) - set(tokens(data.label or ""))
            heading = heading_above(session, table, limits).removesuffix(caption).strip() if bare else ""
            title = f"{caption} {heading}".strip()
            said = set(tokens(" ".join([title, *(data.columns or [])])))
            named = data if title == caption else replace(data, caption=title)
            found.append((len(asked & said), table, document, named, frozenset(said)))
    if not found:
        return False
    found, need = _by_telling_words(found, asked, limits.shown_min_words)
    found.sort(key=lambda f: -f[0])
    # The one table of the document named, or of the documents retrieved when the first retrieved unit is its.
    first = retrieval.nodes[0].document_id if retrieval.nodes else None
    only = len(found) == 1 and (document_id is not None or found[0][2].id == first)
    # A table printed twice (again in an appendix, its rows reordered) is no rival of its first printing.
    rivals = [f for f in found[1:] if not _same_header(f[3], found[0][3])]
    lead = found[0][0] - (rivals[0][0] if rivals else 0)
    if not only and (found[0][0] < need or lead < limits.shown_margin):
        return False
    _, table, document, data, _ = found[0]
    got = whole_table(data, limits)
    retrieval.nodes = [n for n in retrieval.nodes if n.node_id != table.id]
    retrieval.nodes.insert(0, answering_part(session, table, document, data, got, limits))
    retrieval.table_answers = [got]
    return True


MIN_TABLES_TOLD_APART = 3  # among fewer tables no word is said by "most" of them


def _by_telling_words(
    found: list[tuple[int, DocTable, Document, TableData, frozenset[str]]], asked: set[str], least: int
) -> tuple[list[tuple[int, DocTable, Document, TableData, frozenset[str]]], int]:
    """Each table scored by the question's words that most of the tables do not say, and how many of them must be
    said: "Novant Health's liquidity table for March 31, 2026" among a report's tables that all say the company and
    the date is named by "liquidity" alone."""
    if len(found) < MIN_TABLES_TOLD_APART:
        return found, least
    common = {w for w in asked if 2 * sum(w in f[4] for f in found) > len(found)}
    telling = asked - common
    if not common or not telling:
        return found, least
    return [(len(telling & f[4]), *f[1:]) for f in found], min(least, len(telling))


def _same_header(one: TableData, other: TableData) -> bool:
    """Both tables head their columns with the same words, column by column."""
    heads = [[tokens(c) for c in t.columns or []] for t in (one, other)]
    return bool(heads[0]) and heads[0] == heads[1]
