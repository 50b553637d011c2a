"""An extracted document stored: its pages, passages and tables as rows of the current attempt (the ingestion job
and the evaluation's corpora write them alike)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from app.db.models import DocTable, Document, Page, Passage, content_id
from app.ingest.extracted import ExtractedDocument


def store_extraction(session: Session, document: Document, extracted: ExtractedDocument) -> None:
    """The document's pages, passages and tables as rows (ids from its content), its counts and title set."""
    passage_index = 0
    table_index = 0
    previous_page_tables: list[DocTable] = []
    for page in extracted.pages:
        session.add(
            Page(
                id=content_id(document.sha256, "page", page.number, document.id),
                document_id=document.id,
                number=page.number,
                width=page.width,
                height=page.height,
                text=page.text,
                has_text_layer=page.has_text_layer,
                text_source=page.text_source,
            )
        )
        for passage in page.passages:
            session.add(
                Passage(
                    id=content_id(document.sha256, "passage", passage_index, document.id),
                    document_id=document.id,
                    page_number=page.number,
                    index=passage_index,
                    text=passage.text,
                    bbox=list(passage.bbox),
                )
            )
            passage_index += 1
        page_tables: list[DocTable] = []
        for table in page.tables:
            row = DocTable(
                id=content_id(document.sha256, "table", table_index, document.id),
                document_id=document.id,
                page_number=page.number,
                index_on_page=table.index_on_page,
                index_in_document=table_index,
                caption=table.caption,
                label=table.label,
                rows=table.rows,
                columns=table.columns,
                header_rows=table.header_rows,
                continues_id=_continued(previous_page_tables) if table.continues_previous else None,
                cell_boxes=[[None if b is None else list(b) for b in r] for r in table.cell_boxes]
                if table.cell_boxes is not None
                else None,
                markdown=table.markdown,
                bbox=list(table.bbox),
            )
            session.add(row)
            page_tables.append(row)
            table_index += 1
        previous_page_tables = page_tables
    document.page_count = extracted.page_count
    document.passage_count = passage_index
    document.table_count = table_index
    document.title = extracted.title
    document.text_source = extracted.text_source


def _continued(previous_page_tables: list[DocTable]) -> str | None:
    """The table a continuation goes on with: the lowest one on the page before (extraction
    links a page's first table to it, see app.ingest.pdf)."""
    if not previous_page_tables:
        return None
    return max(previous_page_tables, key=lambda t: t.bbox[3]).id
