"""Structural questions: fetch the named pages and tables straight from their rows, and look up table cells.

"page 4" is page 4 of the named document, or of every ready document when none is named ("the last page" is each
document's own last page). "Table 2" is the table captioned "Table 2" when one exists, else the second table in
document order. A page comes back as its page node (hop 0) with its passages and tables under it (hop 1).
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.db.models import DocTable, Document, Page, Passage
from app.qa.classify import ROMAN, STOPWORDS, ParsedQuery, TableRef, normalise
from app.qa.model import EvidenceNode, Retrieval

MAX_PAGES = 12  # "page 1" over a folder of 300 PDFs must stay a readable answer
MAX_TABLES = 12
NUMERIC = re.compile(r"^[(\[]?[-+−–$€£%]?\d[\d.,:/%]*[)\]]?[%*a-z]?$", re.I)


def _resolve(number: int, count: int) -> int | None:
    """1-based page/ordinal; negative counts from the end; None when out of range."""
    n = count + 1 + number if number < 0 else number
    return n if 1 <= n <= count else None


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
    tables = session.scalars(
        select(DocTable)
        .where(DocTable.document_id == document.id, DocTable.page_number == number)
        .order_by(DocTable.index_on_page)
    )
    for t in tables:
        node = table_node(t, document, hop=1)
        node.parent, node.edge_kind = page.id, "contains"
        nodes.append(node)
    return nodes


def table_label(table: DocTable) -> str:
    return (table.caption or f"Table {table.index_in_document + 1}").strip()[:120]


def table_node(table: DocTable, document: Document, hop: int = 0) -> EvidenceNode:
    label = f"{table_label(table)} ({document.filename} p. {table.page_number})"
    text = f"{table.caption}\n\n{table.markdown}" if table.caption else table.markdown
    return EvidenceNode(table.id, "table", document.id, table.page_number, label, text, hop, 1.0)


def _caption_number(caption: str | None) -> int | None:
    m = re.match(r"\s*(?:table|tab\.)\s*([0-9]+|[ivx]{1,4})\b", caption or "", re.I)
    if not m:
        return None
    token = m.group(1).lower()
    return int(token) if token.isdigit() else ROMAN.get(token)


def _tables_for(session: Session, document: Document, ref: TableRef) -> list[DocTable]:
    query = select(DocTable).where(DocTable.document_id == document.id).order_by(DocTable.index_in_document)
    tables = list(session.scalars(query))
    if ref.page is not None:
        page = _resolve(ref.page, document.page_count or max((t.page_number for t in tables), default=0))
        tables = [t for t in tables if t.page_number == page]
        tables.sort(key=lambda t: t.index_on_page)
    if ref.number is None:
        return tables
    if ref.by_label and ref.page is None:
        captioned = [t for t in tables if _caption_number(t.caption) == ref.number]
        if captioned:
            return captioned[:1]
    position = _resolve(ref.number, len(tables))
    return [tables[position - 1]] if position else []


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


def fetch(session: Session, collection_id: str, parsed: ParsedQuery) -> Retrieval:
    """The evidence a structural question names, in the order it names it (pages, then tables)."""
    document_id = parsed.document.document_id if parsed.document is not None else None
    nodes: list[EvidenceNode] = []
    pages_taken = 0
    for number in parsed.pages:
        if pages_taken >= MAX_PAGES:
            break
        for page, document in _named_pages(session, collection_id, document_id, number, MAX_PAGES - pages_taken):
            nodes.extend(_page_nodes(session, document, page))
            pages_taken += 1
    tables: list[tuple[DocTable, Document]] = []
    if parsed.tables:
        documents = _documents_with_tables(session, collection_id, document_id)
        for ref in parsed.tables:
            for document in documents:
                if len(tables) >= MAX_TABLES:
                    break
                tables.extend((t, document) for t in _tables_for(session, document, ref))
    seen = {n.node_id for n in nodes}
    for table, document in tables[:MAX_TABLES]:
        if table.id not in seen:
            nodes.append(table_node(table, document))
            seen.add(table.id)
    retrieval = Retrieval(question_type="structural", nodes=nodes)
    if parsed.intent == "lookup" and tables:
        cell = lookup_cell([t for t, _ in tables[:MAX_TABLES]], parsed.residual)
        if cell is not None:
            retrieval.extras["cell"] = cell
    return retrieval


# ---------------------------------------------------------------------------------------------------------------
# Cell look-up
# ---------------------------------------------------------------------------------------------------------------


def _is_numeric(cell: str) -> bool:
    return bool(NUMERIC.match(cell.replace(" ", ""))) if cell else False


def header_row_count(rows: list[list[str]]) -> int:
    """Leading rows until the first row that is mostly numbers (the data starts there); 1 to 4."""
    for r, row in enumerate(rows[:5]):
        values = [c for c in row[1:] if c]
        if values and sum(_is_numeric(c) for c in values) >= max(1, len(values) // 2):
            return max(1, min(r, 4))
    return 1


def column_headers(rows: list[list[str]], header_rows: int) -> list[str]:
    """Each column's header text, header rows joined; an empty cell of a spanning header takes its left cell."""
    width = max((len(r) for r in rows), default=0)
    headers = [""] * width
    for row in rows[:header_rows]:
        filled = ""
        for c in range(width):
            cell = row[c] if c < len(row) else ""
            # A spanning group header ("Literacy Status") sits in its first column only: carry it right.
            filled = cell or (filled if c > 0 else "")
            headers[c] = f"{headers[c]} {filled}".strip()
    return headers


def _match(label: str, question_tokens: list[str]) -> float:
    """How well a row label or header is named by the question: matched tokens (+ a bonus for all of them)."""
    tokens = [t for t in normalise(label).split() if t not in STOPWORDS]
    if not tokens:
        return 0.0
    qset = set(question_tokens)
    matched = 0.0
    for t in tokens:
        if t in qset:
            matched += 1
        elif len(t) > 3 and difflib.get_close_matches(t, question_tokens, n=1, cutoff=0.85):
            matched += 0.8  # spelling variants ("Pradesh"/"Pradesh's", "Bihar"/"Bihar's")
    if matched == 0:
        return 0.0
    return matched + matched / len(tokens)


@dataclass(frozen=True, slots=True)
class _Best:
    score: float
    index: int


def lookup_cell(tables: list[DocTable], question: str) -> dict[str, object] | None:
    """The cell whose row label and column header are both named in the question, over the given tables."""
    q_tokens = [t for t in normalise(question).split() if t not in STOPWORDS]
    best: tuple[float, dict[str, object]] | None = None
    for table in tables:
        rows = [[str(c or "") for c in r] for r in table.rows or []]
        if len(rows) < 2:
            continue
        nh = header_row_count(rows)
        headers = column_headers(rows, nh)
        label_col = 0 if any(r and r[0] for r in rows[nh:]) else 1
        col = max(
            (_Best(_match(h, q_tokens), c) for c, h in enumerate(headers) if c != label_col),
            key=lambda b: (b.score, -b.index),
            default=None,
        )
        row = max(
            (_Best(_match(r[label_col], q_tokens), i) for i, r in enumerate(rows[nh:], start=nh) if len(r) > label_col),
            key=lambda b: (b.score, -b.index),
            default=None,
        )
        if col is None or row is None or col.score <= 0 or row.score <= 0:
            continue
        value = rows[row.index][col.index] if col.index < len(rows[row.index]) else ""
        if not value:
            continue
        total = col.score + row.score
        if best is None or total > best[0]:
            best = (
                total,
                {
                    "node_id": table.id,
                    "value": value,
                    "row": rows[row.index][label_col],
                    "column": headers[col.index],
                    "row_index": row.index,
                    "column_index": col.index,
                    "table": table_label(table),
                },
            )
    return best[1] if best else None
