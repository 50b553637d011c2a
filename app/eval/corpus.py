"""Documents of a benchmark → rows of a collection (Document, Page, Passage) → the graph builder.

The default path inserts the rows directly (one passage per paragraph, long ones split); `--via-pdf` renders each
document to a PDF and ingests it through the real PDF extraction (see pdf_corpus.py). Both end in the same
`app.graph.build.add_documents`, so the graph is the one PDFs get.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from sqlalchemy.orm import Session

from app.db.models import Collection, Document, Page, Passage, content_id, new_id
from app.eval.datasets import ParagraphKey, SourceDocument, passage_texts
from app.llm.embeddings import TextEncoder
from app.settings import Settings

PAGE_WIDTH, PAGE_HEIGHT = 612.0, 792.0


@dataclass(slots=True)
class IngestedCollection:
    collection_id: str
    # passage node id → the paragraph(s) it comes from (one for text ingestion; PDF passages may straddle two)
    passage_keys: dict[str, list[ParagraphKey]] = field(default_factory=dict)
    documents: int = 0


def create_collection(session: Session, name: str) -> Collection:
    collection = Collection(name=name[:200])
    session.add(collection)
    session.flush()
    return collection


def new_document(collection_id: str, title: str, content: str) -> Document:
    raw = content.encode("utf-8")
    filename = f"{title[:240]}.txt"
    return Document(
        id=new_id(),
        collection_id=collection_id,
        filename=filename,
        path=filename,
        sha256=hashlib.sha256(title.encode("utf-8") + b"\0" + raw).hexdigest(),
        size_bytes=len(raw),
        status="processing",
        progress=0.0,
        page_count=1,
        title=title,
    )


def ingest_text(
    session: Session, name: str, documents: list[SourceDocument], settings: Settings, embedder: TextEncoder
) -> IngestedCollection:
    """One collection holding the documents, one page each, one passage per paragraph (split when long)."""
    from app.services.ingestion import add_to_graph

    collection = create_collection(session, name)
    out = IngestedCollection(collection_id=collection.id, documents=len(documents))
    rows: list[Document] = []
    for source in documents:
        content = "\n\n".join(p.text for p in source.paragraphs)
        document = new_document(collection.id, source.title, content)
        session.add(document)
        session.add(
            Page(
                id=content_id(document.sha256, "page", 1, document.id),
                document_id=document.id,
                number=1,
                width=PAGE_WIDTH,
                height=PAGE_HEIGHT,
                text=content,
                has_text_layer=True,
            )
        )
        index = 0
        for paragraph in source.paragraphs:
            for text in passage_texts(paragraph):
                passage = Passage(
                    id=content_id(document.sha256, "passage", index, document.id),
                    document_id=document.id,
                    page_number=1,
                    index=index,
                    text=text,
                    bbox=[0.0, 0.0, 0.0, 0.0],
                )
                session.add(passage)
                out.passage_keys[passage.id] = [paragraph.key]
                index += 1
        document.passage_count = index
        rows.append(document)
    session.flush()
    add_to_graph(session, rows, settings, embedder)
    return out
