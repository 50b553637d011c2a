"""A content question answered by cell retrieval (app.qa.read.cells) when the table rules read no cell: the best
cell over the tables read, shown with its row and column and boxed; a short answer only when the question named the
document as a file and the cell leads every other by the settings' margin."""

from __future__ import annotations

from app.db.models import DocTable, Document
from app.qa.analysis.describe import asks_description
from app.qa.answer_types import expected_type
from app.qa.read.cells import CellHit, choose_cell
from app.qa.tables.matching import description
from app.qa.tables.model import Shape, TableAnswer, TableData
from app.qa.tables.render import cell_of, cite_name, row_excerpt
from app.qa.tables.shape import shape
from app.qa.tables.words import tokens
from app.settings import AnswerSettings
from app.settings_reading import TableReadingSettings

Found = tuple[float, TableAnswer, DocTable, Document, TableData]


def named_by(data: TableData, document: Document, limits: TableReadingSettings) -> set[str]:
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
        (data, shape(data, table_limits), named_by(data, document, table_limits)) for _, document, data in offered
    ]
    choice = choose_cell(shapes, question, expected_type(question), limits.cell_explained_floor,
                         limits.cell_caption_weight)  # fmt: skip
    if choice is None:
        return None
    table, document, data = offered[choice.table]
    hit = choice.hit
    sure = document_id is not None and table.document_id == document_id and hit.margin >= limits.cell_sure_margin
    got = cell_table_answer(table, data, shapes[choice.table][1], hit, sure, not sure, table_limits)
    return hit.score, got, table, document, data


def cell_table_answer(
    table: DocTable, data: TableData, sh: Shape, hit: CellHit, sure: bool, whole_row: bool,
    limits: TableReadingSettings,
) -> TableAnswer:  # fmt: skip
    """The table answer of one cell: its value with its row and column named, or (`whole_row`) the row it stands in
    with the value in bold, for a reader to check when the column was not named unambiguously."""
    cell = cell_of(data, sh, hit.row, hit.column)
    if whole_row:
        body = row_excerpt(data, sh, hit.row, hit.column, limits)
    else:
        body = f"**{hit.value}** — {cell['row']}, {cell['column']}, in {cite_name(data, limits)} {{cite}}."
    got = TableAnswer(table.id, "cell", body, short_answer=hit.value if sure else None, cell=cell)
    got.strength, got.sure, got.column = hit.score, sure, cell["column"]
    got.used = hit.row_words | hit.column_words
    return got
