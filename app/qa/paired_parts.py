"""The two parts of a comparison or an arithmetic question read as one table's pair of cells (app.qa.read.cell_pair)
when each part, read alone, did not read a cell of the same table as the other: the tables either part retrieved
(and those on the pages of its first units) are offered, and each part gets back the evidence of its cell.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import ColumnElement, or_, select
from sqlalchemy.orm import Session

from app.db.models import DocTable, Document
from app.qa.analysis.model import QuestionAnalysis
from app.qa.answer_types import expected_type
from app.qa.ask import Cell, Retrieval
from app.qa.read.cell_answer import cell_table_answer, named_by
from app.qa.read.cell_pair import choose_pair
from app.qa.tables import stored
from app.qa.tables.content import tables_named_by_caption
from app.qa.tables.model import TableData
from app.qa.tables.shape import shape
from app.settings import AnswerSettings
from app.settings_reading import TableReadingSettings

Offered = tuple[DocTable, Document, TableData]


def one_table(cells: Sequence[tuple[str, Cell] | None]) -> bool:
    """Both parts were read from two different cells of one table."""
    first, second = cells
    return first is not None and second is not None and first[0] == second[0] and first[1] != second[1]


def aligned(cells: Sequence[tuple[str, Cell] | None]) -> bool:
    """Both parts were read from two cells of one table that share a row or a column, as the two values a comparison
    sets side by side do; two cells sharing neither were read apart, one of them likely from a row its part never
    named ("than the revised estimate for 2025-26")."""
    first, second = cells
    if first is None or second is None or not one_table(cells):
        return False
    return first[1]["row"] == second[1]["row"] or first[1]["column"] == second[1]["column"]


def _offered(
    session: Session, collection_id: str, questions: Sequence[str], retrievals: Sequence[Retrieval],
    limits: TableReadingSettings,
) -> list[Offered]:
    """The tables the parts retrieved, those on the pages of their first units and those whose caption a part
    names (`tables_named_by_caption`), each with its continuations."""
    ids = {n.node_id for r in retrievals for n in r.nodes if n.kind == "table"}
    ids |= {t for q in questions for t in tables_named_by_caption(session, collection_id, q, limits)}
    pages = {(n.document_id, n.page) for r in retrievals for n in r.nodes[: limits.content_table_pages] if n.page}
    conditions: list[ColumnElement[bool]] = [DocTable.id.in_(ids)] if ids else []
    conditions += [(DocTable.document_id == d) & (DocTable.page_number == p) for d, p in pages]
    if not conditions:
        return []
    named = {r.document_id for r in retrievals if r.document_id}
    query = select(DocTable).where(or_(*conditions)).order_by(DocTable.document_id, DocTable.index_in_document)
    offered: list[Offered] = []
    merged: set[str] = set()
    documents: dict[str, tuple[Document | None, list[DocTable], stored.Inferred]] = {}
    for table in session.scalars(query.limit(limits.max_content_tables)):
        if (named and table.document_id not in named) or table.id in merged:
            continue
        if table.document_id not in documents:
            document = session.get(Document, table.document_id)
            every = stored.tables_of(session, document) if document is not None else []
            documents[table.document_id] = (document, every, stored.infer_labels(session, every))
        document, every, inferred = documents[table.document_id]
        if document is None or document.status != "ready":
            continue
        head, data, _ = stored.with_continuations(table, document, every, inferred, limits)
        if head.id in merged:
            continue
        merged.update({*data.continued, head.id})
        offered.append((head, document, data))
    return offered


def read_as_pair(
    session: Session,
    collection_id: str,
    analysis: QuestionAnalysis,
    retrievals: Sequence[Retrieval],
    limits: AnswerSettings,
) -> list[Retrieval] | None:
    """Per part, its retrieval led by its cell of the pair (the cell its table answer); None when no one table
    holds both parts' values."""
    if len(analysis.parts) != 2 or (analysis.arithmetic is None and analysis.comparison is None):
        return None
    questions = (analysis.parts[0].question, analysis.parts[1].question)
    offered = _offered(session, collection_id, questions, retrievals, limits.tables)
    if not offered:
        return None
    tables = limits.tables
    shapes = [(data, shape(data, tables), named_by(data, document, tables)) for _, document, data in offered]
    choice = choose_pair(shapes, questions, expected_type(questions[0]), limits.pair_explained_floor,
                         limits.cell_caption_weight, limits.pair_own_share)  # fmt: skip
    if choice is None:
        return None
    table, document, data = offered[choice.table]
    sh = shapes[choice.table][1]
    paired: list[Retrieval] = []
    for hit, before in zip((choice.first, choice.second), retrievals, strict=True):
        got = cell_table_answer(table, data, sh, hit, False, False, limits.tables)
        node = stored.answering_part(session, table, document, data, got, limits.tables)
        nodes = [node, *(n for n in before.nodes if n.node_id not in {table.id, node.node_id})]
        paired.append(Retrieval(question_type="content", nodes=nodes, table_answers=[got], cell=got.cell,
                                document_id=before.document_id, relevance=before.relevance))  # fmt: skip
    return paired
