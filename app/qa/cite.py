"""What an answer cites: its citations (document, page, text) and the notes its cited units mark ("threshold,11")."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.db.models import DocTable, Document, Passage
from app.qa.answer import Answer
from app.qa.ask import Citation, EvidenceNode
from app.qa.footnotes import page_notes, table_note_texts, with_notes

CITATION_TEXT_CHARS = 600


def add_footnotes(session: Session, answer: Answer) -> None:
    """The notes that the shown evidence marks ("threshold,11"), read from the cited page (app.qa.footnotes)."""

    pages: dict[tuple[str, int], dict[int, str]] = {}  # two pieces citing one page read it once

    def page(document_id: str, number: int) -> dict[int, str]:
        if (document_id, number) not in pages:
            texts = session.scalars(
                select(Passage.text)
                .where(Passage.document_id == document_id, Passage.page_number == number)
                .order_by(Passage.index)
            ).all()
            pages[document_id, number] = page_notes(list(texts))
        return pages[document_id, number]

    def notes_for(marker: int) -> dict[int, str]:
        if not 0 < marker <= len(answer.cited):
            return {}
        node = answer.cited[marker - 1]
        notes = dict(page(node.document_id, node.page)) if node.page is not None else {}
        table = session.get(DocTable, node.node_id) if node.kind == "table" else None
        if table is not None:
            # A table's own note rows explain its marks before any other note of its page (two tables of one page
            # each have a note 1).
            notes |= page_notes(table_note_texts(table.rows))
        return notes

    answer.text = with_notes(answer.text, notes_for)


def citations(session: Session, cited: list[EvidenceNode]) -> list[Citation]:
    ids = {n.document_id for n in cited}
    rows = session.execute(select(Document.id, Document.filename).where(Document.id.in_(ids))).all() if ids else []
    names = {document_id: filename for document_id, filename in rows}
    return [
        Citation(
            marker=k,
            node_id=n.node_id,
            kind=n.kind,
            document_id=n.document_id,
            filename=names.get(n.document_id, ""),
            page=n.page,
            text=n.text[:CITATION_TEXT_CHARS],
        )
        for k, n in enumerate(cited, start=1)
    ]
