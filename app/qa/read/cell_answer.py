"""A content question answered by cell retrieval (app.qa.read.cells) when the table rules read no cell: the best
cell over the tables read, shown with its row and column and boxed; a short answer only when the question named the
document as a file and the cell leads every other by the settings' margin."""

from __future__ import annotations

from app.db.models import DocTable, Document
from app.qa.analysis.describe import asks_description
from app.qa.answer_types import expected_type
from app.qa.read.cells import choose_cell
from app.qa.tables.matching import description
from app.qa.tables.model import TableAnswer, TableData
from app.qa.tables.render import cell_of, cite_name, row_excerpt
from app.qa.tables.shape import shape
from app.qa.tables.words import tokens
from app.settings import AnswerSettings
from app.settings_reading import TableReadingSettings

Found = tuple[float, TableAnswer, DocTable, Document, TableData]


def _named_by(data: TableData, document: Document, limits: TableReadingSettings) -> set[str]:
    """The words that name the table and its document: caption, label, row-label header, title and file name."""
    words = set(description(data, limits)) | set(tokens(data.caption or ""))
    return words | set(tokens(f"{document.title or ''} {document.filename.replace('-', ' ')}"))


def retrieved_cell(
    offered: list[tuple[DocTable, Document, TableData]],
    question: str,
    document_id: str | None,
    limits: AnswerSettings,
) -> Found | None:
    if not offered or asks_description(question):
        return None  # "What does the statistical table show?" asks for no value
    table_limits = limits.tables
    shapes = [
        (data, shape(data, table_limits), _named_by(data, document, table_limits)) for _, document, data in offered
    ]
    choice = choose_cell(shapes, question, expected_type(question), limits.cell_explained_floor,
                         limits.cell_caption_weight)  # fmt: skip
    if choice is None:
        return None
    table, document, data = offered[choice.table]
    sh = shapes[choice.table][1]
    hit = choice.hit
    cell = cell_of(data, sh, hit.row, hit.column)
    sure = document_id is not None and table.document_id == document_id and hit.margin >= limits.cell_sure_margin
    if sure:
        body = f"**{hit.value}** — {cell['row']}, {cell['column']}, in {cite_name(data, table_limits)} {{cite}}."
    else:
        body = row_excerpt(data, sh, hit.row, hit.column, table_limits)
    got = TableAnswer(table.id, "cell", body, short_answer=hit.value if sure else None, cell=cell)
    got.strength, got.sure, got.column = hit.score, sure, cell["column"]
    got.used = hit.row_words | hit.column_words
    return hit.score, got, table, document, data
