"""Tables a question names ("Table 2", "the table on page 4", a caption's words): found in the named document or
in each document that has one, read as one table with their continuations, and answered from their cells."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.db.models import DocTable, Document, Page
from app.qa.classify.model import ParsedQuery, TableRef
from app.qa.classify.patterns import TABLE_LABEL
from app.qa.classify.question import label_key
from app.qa.named.documents import DOCUMENT_ORDER, doc_info, ready_conditions
from app.qa.resolve import Missing, TableInfo, resolve_tables
from app.qa.tables.answer import answer, best_answer
from app.qa.tables.model import TableAnswer, TableData, answer_said
from app.qa.tables.render import whole_table
from app.qa.tables.shape import shape
from app.qa.tables.stored import Inferred, infer_labels, table_data, tables_of
from app.settings_reading import TableReadingSettings


def tables_labelled(session: Session, collection_id: str, label: str) -> list[tuple[DocTable, Document]]:
    """Each ready document's first table that carries `label` as its own ("Table 6.1"), in document order."""
    key = label_key(label)
    if key is None:
        return []
    query = (
        select(DocTable, Document)
        .join(Document, Document.id == DocTable.document_id)
        .where(*ready_conditions(collection_id, None), DocTable.label.is_not(None))
        .order_by(*DOCUMENT_ORDER, DocTable.index_in_document)
    )
    found: dict[str, tuple[DocTable, Document]] = {}
    for table, document in session.execute(query).all():
        if document.id not in found and label_key(table.label) == key:
            found[document.id] = (table, document)
    return list(found.values())


def _documents_with_tables(
    session: Session, collection_id: str, document_id: str | None, limits: TableReadingSettings,
    among: tuple[str, ...] = (),
) -> list[Document]:
    query = select(Document).where(*ready_conditions(collection_id, document_id)).order_by(*DOCUMENT_ORDER)
    if among:
        query = query.where(Document.id.in_(among))
    if document_id is None:
        # Documents known to hold no table are skipped without reading their table rows.
        query = query.where(Document.table_count > 0)
    return list(session.scalars(query.limit(limits.max_tables * limits.documents_per_named_table)))


def _table_info(table: DocTable, inferred: Inferred | None = None) -> TableInfo:
    label, caption = (inferred or {}).get(table.id, (table.label, table.caption))
    return TableInfo(
        table.id, table.document_id, table.page_number, table.index_on_page, table.index_in_document,
        caption, label, table.continues_id,
    )  # fmt: skip


@dataclass(slots=True)
class FoundTable:
    table: DocTable
    document: Document
    data: TableData


def _found(
    document: Document,
    tables: list[DocTable],
    inferred: Inferred,
    match_tables: list,
    how: str,
    limits: TableReadingSettings,
) -> list[FoundTable]:
    by_id = {t.id: t for t in tables}
    chosen = [by_id[m.id] for m in match_tables]
    found = [FoundTable(t, document, table_data(t, document, tables, inferred, limits=limits)) for t in chosen]
    if how == "label" and len(found) > 1:
        # One label on consecutive pages: one table continued. Read as one when the columns are the same; a
        # continuation with columns of its own ("2013–14" … after "2003–04" …) stays a table of its own.
        first = shape(found[0].data, limits).columns
        same = [f.table for f in found[1:] if shape(f.data, limits).columns[1:] == first[1:]]
        if len(same) == len(found) - 1:
            whole = table_data(chosen[0], document, tables, inferred, same, limits)
            return [FoundTable(chosen[0], document, whole)]
    return found


def mentioned_labels(session: Session, document: Document) -> frozenset[str]:
    """The table labels the document's pages speak of ("see Table 2"); `resolve_tables` asks only when none of its
    tables carries a label and a number names one."""
    texts = session.scalars(select(Page.text).where(Page.document_id == document.id))
    return frozenset(k for text in texts for m in TABLE_LABEL.finditer(text or "") if (k := label_key(m.group(0))))


def resolve_table_ref(
    session: Session,
    collection_id: str,
    document: Document | None,
    ref: TableRef,
    notes: list[str],
    limits: TableReadingSettings = TableReadingSettings(),
    among: tuple[str, ...] = (),
) -> list[FoundTable] | Missing:
    """Tables a reference names in the named document, or in each document that has one (at most `max_tables`);
    only in the documents `among` when a description fitted several alike."""
    if document is not None:
        tables = tables_of(session, document)
        inferred = infer_labels(session, tables)
        infos = [_table_info(t, inferred) for t in tables]
        match = resolve_tables(ref, doc_info(document), infos, partial(mentioned_labels, session, document))
        if isinstance(match, Missing):
            return match
        if match.note:
            notes.append(match.note)
        return _found(document, tables, inferred, match.tables, match.how, limits)
    found: list[FoundTable] = []
    candidates = _documents_with_tables(session, collection_id, None, limits, among)
    for doc in candidates:
        if len(found) >= limits.max_tables:
            break
        tables = tables_of(session, doc)
        inferred = infer_labels(session, tables)
        infos = [_table_info(t, inferred) for t in tables]
        match = resolve_tables(ref, doc_info(doc), infos, partial(mentioned_labels, session, doc))
        if isinstance(match, Missing):
            continue
        found.extend(_found(doc, tables, inferred, match.tables, match.how, limits))
    if found and len(among) > 1:
        held = sorted({f.document.filename for f in found})
        notes.append(f"The question's description fits {_listed(_filenames(session, among))} alike; the table shown "
                     f"is from {_listed(held)}.")
    if not found and ref.caption:
        return []  # caption words found in no table of any document: a content question after all
    if not found:
        article = "an" if ref.word[:1].lower() in "aeiou" else "a"
        what = (f"{article} {ref.word} {ref.label}" if ref.label else f"a table about “{ref.caption}”" if ref.caption
                else "a table on that page" if ref.page is not None else "such a table")  # fmt: skip
        if among:
            fitted = _filenames(session, among)
            bare = what.split(" ", 1)[1] if what.startswith(("a ", "an ")) else what
            return Missing(f"{_listed(fitted)} {'have' if len(fitted) != 1 else 'has'} no {bare}.")
        return Missing(f"No document in this collection has {what}.")
    return found[: limits.max_tables]


def _filenames(session: Session, ids: tuple[str, ...]) -> list[str]:
    return sorted(session.scalars(select(Document.filename).where(Document.id.in_(ids))))


def _listed(names: list[str]) -> str:
    """ "a.pdf", "a.pdf and b.pdf", "a.pdf, b.pdf and c.pdf"."""
    return f"{', '.join(names[:-1])} and {names[-1]}" if len(names) > 1 else "".join(names) or "no document"


def table_answers(
    found: list[FoundTable], parsed: ParsedQuery, limits: TableReadingSettings = TableReadingSettings()
) -> list[TableAnswer]:
    """One table: its cell, aggregate or whole. Several (a label in several documents, the tables of a page):
    the single table whose cells answer, else each whole table — rows of two tables are never mixed."""
    question = parsed.residual or parsed.question
    if len(found) == 1:
        return [answer(found[0].data, question, parsed.intent, limits)]
    if parsed.intent == "lookup":
        answers = [best_answer(f.data, question, limits) for f in found]
        good = sorted((a for a in answers if a is not None and a.kind != "not_found"), key=lambda a: -a.strength)
        if good:
            close = len(good) > 1 and good[0].strength - good[1].strength < limits.table_margin
            if close and answer_said(good[0]) != answer_said(good[1]):
                good[0].short_answer = None  # two tables answer about as well, and differently
            return good[:1]
    return [whole_table(f.data, limits) for f in found]
