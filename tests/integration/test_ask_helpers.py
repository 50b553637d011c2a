"""Building small collections for the ask tests: rows for paragraphs, then the graph by app.graph.

Named test_ask_helpers.py to sit with the ask tests; it holds no tests itself.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

from sqlalchemy.orm import Session

from app.db.models import Document, Page, Passage
from app.llm.embeddings import get_embedder
from app.settings import Settings


def embedder():  # noqa: ANN201
    return get_embedder("cpu")


def add_paragraph_documents(session: Session, collection_id: str, paragraphs: Sequence[dict]) -> list[str]:
    """One ready document per paragraph: title = paragraph title, one page, one passage."""
    ids = []
    for k, p in enumerate(paragraphs):
        digest = hashlib.sha256(f"{k}:{p['title']}:{p['text']}".encode()).hexdigest()
        doc = Document(
            collection_id=collection_id,
            filename=f"{re.sub(r'[^A-Za-z0-9]+', '_', p['title'])[:60]}_{k}.pdf",
            path=p["title"],
            sha256=digest,
            size_bytes=len(p["text"]),
            status="ready",
            progress=1.0,
            page_count=1,
            passage_count=1,
            title=p["title"],
        )
        session.add(doc)
        session.flush()
        session.add(Page(document_id=doc.id, number=1, width=612, height=792, text=p["text"]))
        session.add(Passage(document_id=doc.id, page_number=1, index=0, text=p["text"], bbox=[0, 0, 612, 100]))
        ids.append(doc.id)
    session.flush()
    return ids


def build_graph(session: Session, collection_id: str, document_ids: list[str], settings: Settings) -> None:
    """The real graph builder (nodes with vectors, all edge kinds), as ingestion runs it."""
    from app.graph.build import add_documents

    add_documents(session, document_ids, settings.graph, embedder())
    session.flush()
