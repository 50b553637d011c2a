"""Structural questions: fetch the named pages and tables straight from their rows, and look up table cells.

"page 4" is page 4 of the named document, or of every ready document when none is named ("the last page" is each
document's own last page). "Table 2" is the table captioned "Table 2" when one exists, else the second table in
document order. A page comes back as its page node (hop 0) with its passages and tables under it (hop 1).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache, partial
from itertools import islice

from sqlalchemy import ColumnElement, func, or_, select
from sqlalchemy.orm import Session

from app.db.models import DocTable, Document, Page, Passage
from app.qa import tablequery
from app.qa.ask import EvidenceNode, Retrieval
from app.qa.classify import STOPWORDS, ParsedQuery, TableRef, label_key, normalise
from app.qa.read.cell_answer import retrieved_cell
from app.qa.resolve import (
    DocInfo,
    Missing,
    TableInfo,
    caption_key,
    missing_file,
    missing_page,
    named_files,
    resolve_page,
    resolve_tables,
)
from app.settings import AnswerSettings

MAX_PAGES = 12  # "page 1" over a folder of 300 PDFs must stay a readable answer
MAX_TABLES = 12
OVERVIEW_PASSAGES = 3
OVERVIEW_MIN_WORDS = 12


def _page_nodes(session: Session, document: Document, page: Page) -> list[EvidenceNode]:
    number = page.number
    name = document.filename
    nodes = [EvidenceNode(page.id, "page", document.id, number, f"{name} p. {number}", page.text, 0, 1.0)]
    passages = session.scalars(
        select(Passage).where(Passage.document_id == document.id, Passage.page_number == number).order_by(Passage.index)
    )
    for p in passages:
        nodes.append(
            EvidenceNode(
                p.id, "passage", document.id, number, f"{name} p. {number}", p.text, 1, 1.0, page.id, "contains"
            )  # fmt: skip
        )
    tables = list(
        session.scalars(
            select(DocTable)
            .where(DocTable.document_id == document.id, DocTable.page_number == number)
            .order_by(DocTable.index_on_page)
        )
    )
    every = _tables_of(session, document) if tables else []
    for t in tables:
        node = table_node(t, document, hop=1, data=table_data(t, document, every))
        node.parent, node.edge_kind = page.id, "contains"
        nodes.append(node)
    return nodes


def table_label(table: DocTable) -> str:
    return " ".join((table.caption or table.label or f"Table {table.index_in_document + 1}").split())[:120]


def table_node(
    table: DocTable, document: Document, hop: int = 0, data: tablequery.TableData | None = None
) -> EvidenceNode:
    """A table's evidence node; `data` (the table with its continuations) gives the whole table's markdown."""
    caption = table.caption or (data.caption if data is not None else None)
    label = f"{' '.join((caption or table_label(table)).split())[:120]} ({document.filename} p. {table.page_number})"
    body = tablequery.markdown(data) if data is not None else table.markdown
    text = f"{caption}\n\n{body}" if caption else body
    return EvidenceNode(table.id, "table", document.id, table.page_number, label, text, hop, 1.0)


def tables_labelled(session: Session, collection_id: str, label: str) -> list[tuple[DocTable, Document]]:
    """Each ready document's first table that carries `label` as its own ("Table 6.1"), in document order."""
    key = label_key(label)
    if key is None:
        return []
    query = (
        select(DocTable, Document)
        .join(Document, Document.id == DocTable.document_id)
        .where(*_ready(collection_id, None), DocTable.label.is_not(None))
        .order_by(*ORDER, DocTable.index_in_document)
    )
    found: dict[str, tuple[DocTable, Document]] = {}
    for table, document in session.execute(query).all():
        if document.id not in found and label_key(table.label) == key:
            found[document.id] = (table, document)
    return list(found.values())


def _ready(collection_id: str, document_id: str | None):  # noqa: ANN202 - a SQLAlchemy where-clause list
    conditions = [Document.collection_id == collection_id, Document.status == "ready"]
    if document_id is not None:
        conditions.append(Document.id == document_id)
    return conditions


ORDER = (Document.created_at, Document.filename, Document.id)


def _named_pages(
    session: Session, collection_id: str, document_id: str | None, number: int, limit: int
) -> list[tuple[Page, Document]]:
    """Page `number` (negative: from the end) of each ready document, in document order, at most `limit`.

    One joined query with a limit: "page 1" over a folder of 10k PDFs reads a dozen rows, not 10k documents.
    """
    target = Page.number == number if number > 0 else Page.number == Document.page_count + 1 + number
    rows = session.execute(
        select(Page, Document)
        .join(Document, Page.document_id == Document.id)
        .where(*_ready(collection_id, document_id), target)
        .order_by(*ORDER)
        .limit(limit)
    )
    return [(page, document) for page, document in rows]


def _documents_with_tables(session: Session, collection_id: str, document_id: str | None) -> list[Document]:
    query = select(Document).where(*_ready(collection_id, document_id)).order_by(*ORDER)
    if document_id is None:
        # Documents known to hold no table are skipped without reading their table rows.
        query = query.where(Document.table_count > 0)
    return list(session.scalars(query.limit(MAX_TABLES * 20)))


def _doc_info(document: Document) -> DocInfo:
    return DocInfo(document.id, document.filename, document.page_count or 0, document.title)


Inferred = dict[str, tuple[str, str]]  # table id -> (label, caption) read from its page's text


def _table_info(table: DocTable, inferred: Inferred | None = None) -> TableInfo:
    label, caption = (inferred or {}).get(table.id, (table.label, table.caption))
    return TableInfo(
        table.id, table.document_id, table.page_number, table.index_on_page, table.index_in_document,
        caption, label, table.continues_id,
    )  # fmt: skip


# A caption line in a page's text: "Table 14. Actual and …", "Table 1 : Document …" (a capital after the label, so
# "Table 6.2 is confined …" and "Source: table 14, p.18" in running text are not captions).
CAPTION_LINE = re.compile(
    r"(?m)^[ \t]*(?:Table|TABLE|Exhibit|EXHIBIT|Schedule|SCHEDULE)[ \t]*[:#]?[ \t]*"
    r"([A-Z]{0,2}(?:[.\-–](?=\d))?\d+(?:[.\-–]\d+)*[a-z]?)[ \t]*[.:]?[ \t]+"
    r"([A-Z(].*)$"
)


def infer_labels(session: Session, tables: list[DocTable]) -> Inferred:
    """Labels for tables extracted without a caption, from the caption lines of their page's text: the page's
    captions not already carried by a labelled table, in order, given to its unlabelled tables in order."""
    bare = [t for t in tables if not t.label and caption_key(t.caption) is None]
    if not bare:
        return {}
    document_id = bare[0].document_id
    numbers = sorted({t.page_number for t in bare})
    rows = session.execute(
        select(Page.number, Page.text).where(Page.document_id == document_id, Page.number.in_(numbers))
    )
    texts = {number: text for number, text in rows}
    inferred: Inferred = {}
    for number in numbers:
        on_page = sorted((t for t in tables if t.page_number == number), key=lambda t: t.index_on_page)
        taken = {k for t in on_page if (k := label_key(t.label) if t.label else caption_key(t.caption))}
        lines = [(label_key(m.group(1)), m.group(0).strip()) for m in CAPTION_LINE.finditer(texts.get(number) or "")]
        free = [(k, line) for k, line in lines if k and k not in taken]
        unlabelled = [t for t in on_page if t in bare]
        for table, (key, line) in zip(unlabelled, free, strict=False):
            inferred[table.id] = (f"Table {key}", " ".join(line.split()))
    return inferred


def _tables_of(session: Session, document: Document) -> list[DocTable]:
    query = select(DocTable).where(DocTable.document_id == document.id).order_by(DocTable.index_in_document)
    return list(session.scalars(query))


def table_data(
    table: DocTable,
    document: Document,
    all_tables: list[DocTable],
    inferred: Inferred | None = None,
    same_label: list[DocTable] | None = None,
) -> tablequery.TableData:
    """The table with its continuations on the following pages appended (the same table, never another): those
    linked by `continues_id`, or `same_label` (the same label repeated on the next pages, "Table 14 (continued)")."""
    label, caption = (inferred or {}).get(table.id, (table.label, table.caption))
    data = tablequery.TableData(
        id=table.id,
        rows=[[str(c or "") for c in r] for r in table.rows or []],
        caption=" ".join(caption.split()) if caption else None,
        label=label,
        columns=list(table.columns) if table.columns else None,
        header_rows=table.header_rows if table.columns else None,
        cell_boxes=[list(r) for r in table.cell_boxes] if table.cell_boxes else None,
        where=f"{document.filename} p. {table.page_number}",
    )
    by_parent = {t.continues_id: t for t in all_tables if t.continues_id}
    current, seen = table.id, {table.id}
    while (nxt := by_parent.get(current)) is not None and nxt.id not in seen:
        more = tablequery.TableData(
            id=nxt.id,
            rows=[[str(c or "") for c in r] for r in nxt.rows or []],
            columns=list(nxt.columns) if nxt.columns else None,
            header_rows=nxt.header_rows if nxt.columns else None,
            cell_boxes=[list(r) for r in nxt.cell_boxes] if nxt.cell_boxes else None,
        )
        if not data.extend(more):
            break  # columns of its own: a table of its own (read when named), never rows under these headers
        current = nxt.id
        seen.add(nxt.id)
    for nxt in same_label or []:
        if nxt.id not in seen:
            data.extend(tablequery.TableData(id=nxt.id, rows=[[str(c or "") for c in r] for r in nxt.rows or []],
                                             header_rows=data.header_rows if data.columns else None,
                                             columns=data.columns))  # fmt: skip
            seen.add(nxt.id)
    _pages_spanned(data, document, [*all_tables, *(same_label or [])])
    return data


def _pages_spanned(data: tablequery.TableData, document: Document, tables: list[DocTable]) -> None:
    """ "us-020.pdf pp. 4–5" for a table read with its continuations: a cell of a later part is on a later page."""
    if data.continued:
        pages = {t.id: t.page_number for t in tables}
        first, last = pages.get(data.id), pages.get(data.continued[-1])
        if first is not None and last is not None and last != first:
            data.where = f"{document.filename} pp. {first}–{last}"


def ready_documents(session: Session, collection_id: str) -> list[DocInfo]:
    rows = session.execute(
        select(Document.id, Document.filename, Document.page_count, Document.title).where(*_ready(collection_id, None))
    )
    return [DocInfo(r.id, r.filename, r.page_count or 0, r.title) for r in rows]


def missing_document(session: Session, collection_id: str, parsed: ParsedQuery) -> Missing | None:
    """A file named in the question that no ready document of the collection carries (deleted, never uploaded or
    not ready): the question must not be answered from another document."""
    names = named_files(parsed.question)
    if not names:
        return None
    named = parsed.document.name if parsed.document is not None else None
    for name in names:
        if named is not None and normalise(name) == normalise(named):
            continue
        wanted = normalise(name)
        ready = ready_documents(session, collection_id)
        if any(normalise(d.filename) == wanted for d in ready):
            continue
        status = session.scalar(
            select(Document.status)
            .where(Document.collection_id == collection_id, func.lower(Document.filename) == name.lower())
            .limit(1)
        )
        return missing_file(name, ready, status)
    return None


@dataclass(slots=True)
class _Found:
    table: DocTable
    document: Document
    data: tablequery.TableData


def _found(
    document: Document, tables: list[DocTable], inferred: Inferred, match_tables: list, how: str
) -> list[_Found]:
    by_id = {t.id: t for t in tables}
    chosen = [by_id[m.id] for m in match_tables]
    found = [_Found(t, document, table_data(t, document, tables, inferred)) for t in chosen]
    if how == "label" and len(found) > 1:
        # One label on consecutive pages: one table continued. Read as one when the columns are the same; a
        # continuation with columns of its own ("2013–14" … after "2003–04" …) stays a table of its own.
        first = tablequery.shape(found[0].data).columns
        same = [f.table for f in found[1:] if tablequery.shape(f.data).columns[1:] == first[1:]]
        if len(same) == len(found) - 1:
            return [_Found(chosen[0], document, table_data(chosen[0], document, tables, inferred, same))]
    return found


def _resolve_table_ref(
    session: Session, collection_id: str, document: Document | None, ref: TableRef, notes: list[str]
) -> list[_Found] | Missing:
    """Tables a reference names in the named document, or in each document that has one (at most MAX_TABLES)."""
    if document is not None:
        tables = _tables_of(session, document)
        inferred = infer_labels(session, tables)
        match = resolve_tables(ref, _doc_info(document), [_table_info(t, inferred) for t in tables])
        if isinstance(match, Missing):
            return match
        if match.note:
            notes.append(match.note)
        return _found(document, tables, inferred, match.tables, match.how)
    found: list[_Found] = []
    for doc in _documents_with_tables(session, collection_id, None):
        if len(found) >= MAX_TABLES:
            break
        tables = _tables_of(session, doc)
        inferred = infer_labels(session, tables)
        match = resolve_tables(ref, _doc_info(doc), [_table_info(t, inferred) for t in tables])
        if isinstance(match, Missing):
            continue
        found.extend(_found(doc, tables, inferred, match.tables, match.how))
    if not found and ref.caption:
        return []  # caption words found in no table of any document: a content question after all
    if not found:
        article = "an" if ref.word[:1].lower() in "aeiou" else "a"
        what = (f"{article} {ref.word} {ref.label}" if ref.label else f"a table about “{ref.caption}”" if ref.caption
                else "a table on that page" if ref.page is not None else "such a table")  # fmt: skip
        return Missing(f"No document in this collection has {what}.")
    return found[:MAX_TABLES]


def fetch(session: Session, collection_id: str, parsed: ParsedQuery) -> Retrieval:
    """The evidence a structural question names, in the order it names it (pages, then tables).

    A page or table that does not exist gives no evidence and `missing`, the sentence that says what does
    exist; a question about one table gets `table_answers` (and `cell`) read from its cells."""
    retrieval = Retrieval(question_type="structural", nodes=[])
    document = session.get(Document, parsed.document.document_id) if parsed.document is not None else None
    document_id = document.id if document is not None else None
    if parsed.overview and document is not None:
        return _overview(session, document)
    nodes: list[EvidenceNode] = []
    notes: list[str] = []
    missing: list[str] = []
    pages_taken = 0
    longest: int | None = None
    for number in parsed.pages:
        if pages_taken >= MAX_PAGES:
            break
        if document is not None:
            if resolve_page(number, _doc_info(document)) is None:
                missing.append(missing_page(number, _doc_info(document), []).message)
                continue
        else:
            if longest is None:
                longest = session.scalar(select(func.max(Document.page_count)).where(*_ready(collection_id, None))) or 0
            if abs(number) > longest:  # never sent to the database: "page 99999999999999999999" overflows it
                missing.append(missing_page(number, None, [DocInfo("", "", longest)]).message)
                continue
        for page, doc in _named_pages(session, collection_id, document_id, number, MAX_PAGES - pages_taken):
            nodes.extend(_page_nodes(session, doc, page))
            pages_taken += 1
    found: list[_Found] = []
    for ref in parsed.tables:
        resolved = _resolve_table_ref(session, collection_id, document, ref, notes)
        if isinstance(resolved, Missing):
            missing.append(resolved.message)
            continue
        for f in resolved:
            if len(found) < MAX_TABLES and all(g.table.id != f.table.id for g in found):
                found.append(f)
    seen = {n.node_id for n in nodes}
    for f in found:
        if f.table.id not in seen:
            nodes.append(table_node(f.table, f.document, data=f.data))
            seen.add(f.table.id)
    retrieval.nodes = nodes
    if missing and not nodes:
        retrieval.missing = " ".join(dict.fromkeys(missing))
        return retrieval
    notes.extend(missing)
    if notes:
        retrieval.notes = list(dict.fromkeys(notes))
    if found and not parsed.pages:
        answers = _table_answers(found, parsed)
        if answers:
            retrieval.table_answers = answers
            cells = [a.cell for a in answers if a.cell]
            if len(answers) == 1 and cells:
                retrieval.cell = cells[0]
                answered = next((f for f in found if f.table.id == answers[0].table_id), None)
                if answered is not None:
                    part = _answering_part(session, answered.table, answered.document, answered.data, answers[0])
                    retrieval.nodes = [part if n.node_id == answered.table.id else n for n in retrieval.nodes]
    return retrieval


def _answering_part(
    session: Session, table: DocTable, document: Document, data: tablequery.TableData, got: tablequery.TableAnswer
) -> EvidenceNode:
    """The table's evidence node, cited as the part (the first page or a continuation) that holds the answered cell:
    the citation opens the page the cell is on, where the viewer draws its box."""
    part = table
    if got.cell and got.cell["node_id"] != table.id:
        part = session.get(DocTable, got.cell["node_id"]) or table
    got.table_id = part.id
    return table_node(part, document, data=data)


def _overview(session: Session, document: Document) -> Retrieval:
    """A named document as a whole: what it is (pages, tables), how it opens, and its tables by caption."""
    passages = session.scalars(
        select(Passage)
        .where(Passage.document_id == document.id)
        .order_by(Passage.page_number, Passage.index)
        .execution_options(yield_per=OVERVIEW_PASSAGES * 8)  # a long document's passages are not all read
    )
    # Its opening passages of some substance: a running header or a title line alone says nothing of the content.
    opening = list(islice((p for p in passages if len(p.text.split()) >= OVERVIEW_MIN_WORDS), OVERVIEW_PASSAGES))
    passages.close()
    tables = _tables_of(session, document)
    name = document.filename
    nodes = [
        EvidenceNode(p.id, "passage", document.id, p.page_number, f"{name} p. {p.page_number}", p.text, 0, 1.0)
        for p in opening
    ]
    nodes += [table_node(t, document) for t in tables[:MAX_TABLES]]
    pages = f"{document.page_count} page{'s' if document.page_count != 1 else ''}"
    count = f"{len(tables)} table{'s' if len(tables) != 1 else ''}"
    title = f" “{' '.join(document.title.split())}”" if document.title else ""
    retrieval = Retrieval(question_type="structural", nodes=nodes, intent="summarise")
    retrieval.overview = f"**{document.filename}**{title}: {pages}, {count}."
    return retrieval


def _table_answers(found: list[_Found], parsed: ParsedQuery) -> list[tablequery.TableAnswer]:
    """One table: its cell, aggregate or whole. Several (a label in several documents, the tables of a page):
    the single table whose cells answer, else each whole table — rows of two tables are never mixed."""
    question = parsed.residual or parsed.question
    if len(found) == 1:
        return [tablequery.answer(found[0].data, question, parsed.intent)]
    if parsed.intent == "lookup":
        answers = [tablequery.best_answer(f.data, question) for f in found]
        good = sorted((a for a in answers if a is not None and a.kind != "not_found"), key=lambda a: -a.strength)
        if good:
            close = len(good) > 1 and good[0].strength - good[1].strength < TABLE_MARGIN
            if close and _said(good[0]) != _said(good[1]):
                good[0].short_answer = None  # two tables answer about as well, and differently
            return good[:1]
    return [tablequery.whole_table(f.data) for f in found]


CONTENT_TABLE_PAGES = 5  # tables on the pages of the first few retrieved nodes are candidates too
TWO_ASKS = re.compile(r"\band\s+(?:what|how|which|who|where|when)\b", re.I)
# "How high was the drop-out rate?", "How big a change is projected …?": a measure asks for a value too.
MEASURED = r"(?:many|much|big|large|small|high|low|long|far|old|tall|often|fast)"
ASKS_FOR_VALUE = re.compile(rf"\b(?:what|which|who|how {MEASURED}|where)\b", re.I)
# A question that asks for something other than a value ("Why …", "How does …", "Describe …"); one with neither
# this nor a value word is a bare noun phrase ("Hong Kong's student response rate in us-020.pdf?"): a value.
ASKS_OTHER = re.compile(rf"\b(?:why|how(?! {MEASURED}\b)|when|explain|describe|summari[sz]e|discuss|compare|"
                        r"tell me about|list)\b", re.I)  # fmt: skip


def asks_for_value(question: str) -> bool:
    """The question asks for a value a cell could hold (not "why", "how does", "describe")."""
    return bool(ASKS_FOR_VALUE.search(question)) or not ASKS_OTHER.search(question)


MAX_CONTENT_TABLES = 60  # a named document's tables read for a content question, at most
# Tables whose stored caption names most of the question ("Table 14. Actual and projected numbers for public high
# school graduates, by region and state" for "the number of public high school graduates in California in
# 2003–04") are candidates wherever they are: a long table of numbers ranks low as a retrieval unit, so neither it nor
# its page was among the retrieved nodes.
CAPTION_TABLES = 3
CAPTION_MIN_SHARED = 3


@lru_cache(maxsize=65536)
def _caption_words(caption: str) -> frozenset[str]:
    # Remembered: every content question reads every caption of the collection (~40 µs each to tokenise).
    return frozenset(tablequery.tokens(caption))


def tables_named_by_caption(session: Session, collection_id: str, question: str) -> list[str]:
    """The ids of up to CAPTION_TABLES tables of the collection whose caption holds at least CAPTION_MIN_SHARED of
    the question's words and at least half of them, the most first."""
    asked = set(tablequery.tokens(question))
    if len(asked) < CAPTION_MIN_SHARED:
        return []
    rows = session.execute(
        select(DocTable.id, DocTable.caption)
        .join(Document, Document.id == DocTable.document_id)
        .where(Document.collection_id == collection_id, Document.status == "ready", DocTable.caption.is_not(None))
    ).all()
    scored = []
    for table_id, caption in rows:
        shared = len(asked & _caption_words(caption or ""))
        if shared >= CAPTION_MIN_SHARED and 2 * shared >= len(asked):
            scored.append((shared, table_id))
    scored.sort(key=lambda x: -x[0])
    return [table_id for _, table_id in scored[:CAPTION_TABLES]]


# Rank a table's answer must lead every other table's differing answer by for its short answer to be shown: one
# caption word's weight (0.5). On dev + paraphrases no shown table answer was wrong; the closest right one led by 0.5.
TABLE_MARGIN = 0.5


def _said(got: tablequery.TableAnswer) -> str:
    return got.short_answer or (got.cell["value"] if got.cell else "") or got.body


def _rival(got: tablequery.TableAnswer, rank: float, other: tablequery.TableAnswer, other_rank: float) -> bool:
    """Another table's answer that is a second reading of the question: nearly as well ranked, a different value,
    and its column named as completely (a header named whole, "inhabitants per outlet", leaves no second reading
    to one named in part, "inhabitants per outlet 1996/7")."""
    return (
        other.table_id != got.table_id
        and rank - other_rank < TABLE_MARGIN
        and other.coverage >= got.coverage
        and _said(other) != _said(got)
    )


LEFTOVER_WEIGHT = 1.0  # one unexplained question word costs as much as one named word


def _named_fallback(
    named: list[tuple[float, tablequery.TableAnswer, DocTable, Document, tablequery.TableData]],
) -> tuple[float, tablequery.TableAnswer, DocTable, Document, tablequery.TableData] | None:
    """The question names the file and its row or column, yet too loosely for a sure answer: the table of that file
    that answers best, when it leads every other table of the file by TABLE_MARGIN, answers without a short answer
    (the cited row or the aggregate sentence, the likeliest value in bold) rather than passages that hold none."""
    if not named:
        return None
    named.sort(key=lambda x: -x[0])
    top = named[0]
    others = [x for x in named[1:] if x[2].id != top[2].id]
    if others and top[0] - others[0][0] < TABLE_MARGIN:
        return None
    top[1].short_answer = None
    return top


# What a value measures, as tablequery.tokens writes it ("share" and "%" are "percent"): a question and the cell
# answering it must measure the same ("average annual growth rate" is not "% growth 1990-94").
MEASURES = frozenset({"percent", "rate", "growth", "chang", "averag", "mean", "annual", "ratio", "index", "increas",
                      "decreas", "capita"})  # fmt: skip
# A measure word a header says in other words: "(in kWh/year)" is an annual figure.
SAID_OTHERWISE = {"annual": "year"}
CHANGES = frozenset({"growth", "chang", "increas", "decreas"})  # a table of changes answers no question of levels
COUNTED = re.compile(r"\bhow many\s+((?:[\w'’-]+\s+){0,2}[\w'’-]+)", re.I)


# "Which countries …", "Who …", "Where …": the question asks for a name. A cell holding only a number (with its
# unit or sign) cannot be that name; "which year", "which share" and the like ask for a value.
ASKS_NAME = re.compile(r"^\s*(?:(?:in|at|from|for|of|to|by)\s+)?(?:who|whom|whose|where|which(?!\s+(?:year|years|"
                       r"date|month|day|decade|percentage|share|proportion|number|amount|value|rate)\b))\b",
                       re.I)  # fmt: skip
NUMBER_ONLY = re.compile(r"^[\s$€£¥+−–-]*\d[\d\s,.]*(?:%|[a-zA-Z]{0,3}\.?)?\s*$")


# A capitalised word inside the question ("Vote Yes for Strong Schools", "Twitter", "Kerala") names what it asks
# about. Month and day names are dates, which a table writes as numbers as often as not.
NAME_WORD = re.compile(r"(?<=\s)[A-Z][\w&'’-]+")
CALENDAR = frozenset(
    """january february march april may june july august september october november december monday tuesday
    wednesday thursday friday saturday sunday""".split()
)


def question_names(question: str) -> set[str]:
    """The tokens of the question's capitalised words after its first ("Vote Yes for Strong Schools" → vote, yes,
    strong, school), month and day names left out."""
    return {
        t
        for w in NAME_WORD.findall(" ".join(question.split()))
        if w.lower() not in CALENDAR
        for t in tablequery.tokens(w)
        if len(t) > 2
    }


def names_unheld(
    names: set[str], data: tablequery.TableData, document: Document, page_text: Callable[[], str]
) -> set[str]:
    """Those of `names` (question_names) the table does not hold anywhere: not in its caption, label or cells, nor in
    its document's file name or title, nor on its page (`page_text`, read only when needed: "PIRLS 2011" heads the
    page, not the table). Answered from such a table, a question about "Vote Yes for Strong Schools" got the total
    of an education table of another document."""
    if not names:
        return set()
    text = " ".join([data.caption or "", data.label or "", document.filename, document.title or ""])
    held = set(tablequery.tokens(f"{text} {' '.join(cell for row in data.rows for cell in row)}"))
    missing = names - held
    return missing - set(tablequery.tokens(page_text())) if missing else set()


def names_elsewhere(names: set[str], used: frozenset[str], unheld: set[str]) -> bool:
    """The question's names point away from the table: some it does not hold (`names_unheld`), and fewer than twice
    as many name the row or column read. "How many votes did Brian Calley get in the Republican primary?" names the
    column twice and an election the results sheet never calls "Republican": the table answers it."""
    return bool(unheld) and len(names & used) < 2 * len(unheld)


def names_a_number(question: str, value: str | None) -> bool:
    """The question asks for a name (who, where, which + a noun that is no quantity) and `value` is a number."""
    return bool(value) and bool(ASKS_NAME.match(question)) and bool(NUMBER_ONLY.match(value or ""))


def measures_other(question: str, explained: set[str]) -> bool:
    """A cell that measures something other than the question asks for, when neither the table nor its document is
    named: a measure word of the question ("average", "annual", "rate") the row, column and caption leave
    unexplained; a table of changes ("percentage changes") for a question that asks for no change; or a count
    of things ("how many different occupations") the table does not name (it counts persons)."""
    asked = set(tablequery.tokens(question))
    if {w for w in (asked & MEASURES) - explained if SAID_OTHERWISE.get(w) not in explained}:
        return True
    if (explained & CHANGES) and not (asked & CHANGES):
        return True
    counted = COUNTED.search(question)
    if counted:
        words = []
        for word in counted.group(1).split():
            if word.lower() in STOPWORDS:
                break
            words.extend(tablequery.tokens(word))
        if words and not set(words) & explained:
            return True
    return False


def _page_text(session: Session, table: DocTable) -> str:
    query = select(Page.text).where(Page.document_id == table.document_id, Page.number == table.page_number)
    return session.scalar(query) or ""


# A heading this far at most above a table without a caption of its own names it ("1.1 JAL Group International
# Passenger Traffic Data" over a table headed "Pax | y.o.y(%) | RPK …"); longer text is a paragraph, not a heading.
HEADING_GAP = 72.0  # points (one inch)
HEADING_WORDS = 40


def heading_above(session: Session, table: DocTable) -> str:
    """The text of the passage right above a table on its page when it reads as the table's heading, else ''."""
    if not table.bbox:
        return ""
    top = table.bbox[1]
    query = select(Passage.text, Passage.bbox).where(
        Passage.document_id == table.document_id, Passage.page_number == table.page_number
    )
    above = [(bbox[3], text) for text, bbox in session.execute(query) if bbox and bbox[3] <= top + 2.0]
    if not above:
        return ""
    bottom, text = max(above)
    return text if top - bottom <= HEADING_GAP and len(text.split()) <= HEADING_WORDS else ""


def _label(table: DocTable, inferred: Inferred) -> str | None:
    return inferred.get(table.id, (table.label, table.caption))[0] or table.caption


def _with_continuations(
    table: DocTable, document: Document, every: list[DocTable], inferred: Inferred
) -> tuple[DocTable, tablequery.TableData, bool]:
    """The table with the tables of the next pages that carry its label ("Table A-1 …—Continued"), or the first table
    of such a run when `table` continues one: one table, its rows read together (a highest value over the whole of
    it), and whether `table` is a later part with the same columns read alone. A continuation whose columns are
    others, or whose rows are another group ("Benchmarking education systems" under "Education system"), stays a
    table of its own."""
    key = label_key(_label(table, inferred))
    if key is None:
        return table, table_data(table, document, every, inferred), False
    run = sorted((t for t in every if label_key(_label(t, inferred)) == key), key=lambda t: t.index_in_document)
    at = next(k for k, t in enumerate(run) if t.id == table.id)
    start = at
    while start > 0 and run[start - 1].page_number == run[start].page_number - 1:
        start -= 1
    head = run[start]
    data = table_data(head, document, every, inferred)
    group: str | None = None
    for k in range(start + 1, len(run)):
        nxt = run[k]
        if nxt.page_number != run[k - 1].page_number + 1 or nxt.id in data.continued:
            break
        rows = [[str(c or "") for c in r] for r in nxt.rows or []]
        more = tablequery.TableData(id=nxt.id, rows=rows, columns=list(nxt.columns) if nxt.columns else None,
                                    header_rows=nxt.header_rows if nxt.columns else None)  # fmt: skip
        # Compared as read (the stored header of a continuation may be its repeated caption): the same columns.
        head_shape, more_shape = tablequery.shape(data), tablequery.shape(more)
        mine, theirs = head_shape.columns, more_shape.columns
        if len(mine) != len(theirs) or not tablequery.same_columns(mine, theirs):
            break
        rows_of = [set(tablequery.tokens(sh.columns[sh.label_column].split(" / ")[-1])) if sh.columns else set()
                   for sh in (head_shape, more_shape)]  # fmt: skip
        if rows_of[0] and rows_of[0] < rows_of[1]:
            group = nxt.id  # its rows are another group ("Benchmarking education systems"): counted apart
            break
        data.extend(tablequery.TableData(id=nxt.id, rows=rows, header_rows=more_shape.header_rows))
    _pages_spanned(data, document, every)
    if head.id != table.id and table.id not in data.continued:
        # Read alone; a part with the first part's columns answers after it, one with columns of its own does not.
        return table, table_data(table, document, every, inferred), table.id == group
    return head, data, False


def content_table_answer(
    session: Session,
    retrieval: Retrieval,
    question: str,
    document_id: str | None = None,
    collection_id: str = "",
    limits: AnswerSettings | None = None,
) -> None:
    """A content question a table answers from its cells ("Which member state had the most inhabitants per retail
    outlet?"): the table's answer goes first, the table node leads the evidence. Candidates: the retrieved tables,
    the tables on the pages of the first retrieved nodes, the tables of the collection whose caption names most of
    the question (`tables_named_by_caption`), and every table of a document named as a file.

    Only when the question asks for a value and names the column well (and, for a single cell, the row exactly):
    otherwise the passages' reader answers as before."""
    if not asks_for_value(question) or TWO_ASKS.search(question):
        return  # a two-part question is decomposed by the reader: one cell would answer only half of it
    ids = [n.node_id for n in retrieval.nodes if n.kind == "table"]
    if collection_id and document_id is None:
        ids += tables_named_by_caption(session, collection_id, question)
    pages = list(dict.fromkeys((n.document_id, n.page) for n in retrieval.nodes[:CONTENT_TABLE_PAGES] if n.page))
    conditions: list[ColumnElement[bool]] = [DocTable.id.in_(ids)] if ids else []
    conditions += [(DocTable.document_id == d) & (DocTable.page_number == p) for d, p in pages]
    if document_id is not None:
        conditions.append(DocTable.document_id == document_id)
    if not conditions:
        return
    query = select(DocTable).where(or_(*conditions)).order_by(DocTable.document_id, DocTable.index_in_document)
    tables = list(session.scalars(query.limit(MAX_CONTENT_TABLES)))
    q_tokens = set(tablequery.tokens(question))
    names = question_names(question)
    best: tuple[float, tablequery.TableAnswer, DocTable, Document, tablequery.TableData] | None = None
    named: list[tuple[float, tablequery.TableAnswer, DocTable, Document, tablequery.TableData]] = []
    rivals: list[tuple[float, tablequery.TableAnswer]] = []
    documents: dict[str, tuple[Document | None, list[DocTable], Inferred]] = {}
    merged: set[str] = set()  # continuations read as part of a table before them
    offered: list[tuple[DocTable, Document, tablequery.TableData]] = []  # every table read, for cell retrieval
    for table in tables:
        if table.document_id not in documents:
            document = session.get(Document, table.document_id)
            every = _tables_of(session, document) if document is not None else []
            documents[table.document_id] = (document, every, infer_labels(session, every))
        document, every, inferred = documents[table.document_id]
        if document is None or document.status != "ready" or table.id in merged:
            continue
        table, data, part = _with_continuations(table, document, every, inferred)
        if table.id in merged:
            continue
        merged.update(data.continued)
        offered.append((table, document, data))
        answers = [g for g in (tablequery.aggregate_answer(data, question), tablequery.cell_answer(data, question))
                   if g is not None and g.kind != "not_found"]  # fmt: skip
        if not answers:
            continue
        # Caption words the question shares ("food outlets") tell two tables with the same column apart.
        caption = set(tablequery.description(data))
        if not data.caption:
            # Two tables alike but for the heading above each ("International" / "Domestic … Traffic"); read only
            # for a table whose cells answer (a query per table).
            caption |= set(tablequery.tokens(heading_above(session, table)))
        named_whole = len(caption) >= 3 and len(q_tokens & caption) * 4 >= len(caption) * 3
        # Neither the table nor its document named, and the table does not hold what the question names: whatever
        # its cells give is about something else. Worked out once, and only for a table whose cells would answer
        # surely (it reads every cell, maybe the page).
        elsewhere = cache(partial(names_unheld, names, data, document, partial(_page_text, session, table)))
        for got in answers:
            caption_hits = len(q_tokens & (caption - set(tablequery.tokens(got.column))))
            # The caption naming the table too ("public health outlay") makes the table surer, up to a point.
            surety = got.strength + 0.5 * min(caption_hits, 2) + (0.5 if named_whole else 0.0)
            sure = surety >= 2.5 if got.kind == "aggregate" else got.exact_row and surety >= 4.0
            sure = sure and not (document_id is None and names_elsewhere(names, got.used, elsewhere()))
            # A superlative asks for an aggregate: it outranks a cell whose row the question merely lists.
            # Ranking between tables: a column named whole beats one named in part ("inhabitants per outlet" over
            # "inhabitants per outlet 1996/7"), and caption words shared count half.
            rank = got.strength + got.coverage + 0.5 * caption_hits
            rank += 10.0 if got.kind == "aggregate" and tablequery.superlative(question) else 0.0
            # A later part of a labelled table read alone ("—Continued", other rows) answers after the first part.
            rank -= TABLE_MARGIN if part else 0.0
            if got.kind == "cell":
                # A word the question says that neither the row, the column nor the table's description accounts
                # for ("Italy" asked of a topic table whose row "Air passengers rights" matched): a worse reading.
                explained = set(got.used | caption) | set(tablequery.tokens(data.caption or ""))
                rank -= LEFTOVER_WEIGHT * len(q_tokens - explained)
                if document_id is None and measures_other(question, explained | set(tablequery.tokens(got.column))):
                    sure = False  # the cell measures something else than the question asks for
                if document_id is None and names_a_number(question, got.short_answer):
                    sure = False  # a name is asked for, the cell holds a number
            if document_id is not None and table.document_id == document_id:
                named.append((rank, got, table, document, data))
            if sure:
                rivals.append((rank, got))
            if sure and (best is None or rank > best[0]):
                best = (rank, got, table, document, data)
    if best is None:
        best = _named_fallback(named) or retrieved_cell(offered, question, document_id, limits or AnswerSettings())
        if best is None:
            return
    rank, got, table, document, data = best
    if not got.sure or any(_rival(got, rank, r, x) for x, r in rivals):
        got.short_answer = None  # another table answers nearly as well, and differently: no short answer
    if document_id is None:
        # Neither the table nor its document named: which table answers is itself a guess (on dev, both short
        # answers shown this way were cells of the wrong table), so the cell leads the text but is no short answer.
        got.short_answer = None
    retrieval.nodes = [n for n in retrieval.nodes if n.node_id != table.id]
    retrieval.nodes.insert(0, _answering_part(session, table, document, data, got))
    retrieval.table_answers = [got]
    if got.cell:
        retrieval.cell = got.cell
