"""`--via-pdf`: each benchmark document rendered to a PDF (reportlab) and ingested by the real PDF extraction.

The extracted passages do not line up with the paragraphs, so each passage is mapped back to the paragraph(s) of
its document whose words it shares most (a passage spanning two paragraphs maps to both).
"""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import escape

from sqlalchemy.orm import Session

from app.db.models import Document, Passage
from app.eval.corpus import IngestedCollection, create_collection, new_document
from app.eval.datasets import ParagraphKey, SourceDocument
from app.eval.metrics import word_tokens
from app.llm.embeddings import TextEncoder
from app.settings import Settings

MIN_SHARE = 0.5  # fraction of a passage's words a paragraph must hold to be one of its sources


def render_pdf(source: SourceDocument, path: Path) -> None:
    """Title as a heading, then each paragraph; the title also goes into the PDF metadata."""
    from reportlab.lib.pagesizes import letter
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer

    styles = getSampleStyleSheet()
    story = [Paragraph(escape(source.title), styles["Heading1"]), Spacer(1, 6)]
    for paragraph in source.paragraphs:
        story.append(Paragraph(escape(paragraph.text), styles["BodyText"]))
        story.append(Spacer(1, 10))
    SimpleDocTemplate(str(path), pagesize=letter, title=source.title).build(story)


def map_passage(text: str, source: SourceDocument) -> list[ParagraphKey]:
    """The paragraphs of the document a passage comes from, best match first."""
    words = set(word_tokens(text))
    if not words:
        return []
    shares = []
    for paragraph in source.paragraphs:
        share = len(words & set(word_tokens(paragraph.text))) / len(words)
        shares.append((share, paragraph.key))
    shares.sort(key=lambda s: -s[0])
    keys = [key for share, key in shares if share >= MIN_SHARE]
    return keys or [shares[0][1]]


def ingest_pdfs(
    session: Session,
    name: str,
    documents: list[SourceDocument],
    settings: Settings,
    embedder: TextEncoder,
    work_dir: Path,
) -> IngestedCollection:
    from app.ingest.pdf import extract_pdf
    from app.services.ingestion import add_to_graph  # what the real ingestion job stores
    from app.services.stored_rows import store_extraction

    collection = create_collection(session, name)
    out = IngestedCollection(collection_id=collection.id, documents=len(documents))
    work_dir.mkdir(parents=True, exist_ok=True)
    rows: list[Document] = []
    for number, source in enumerate(documents):
        pdf_path = work_dir / f"{collection.id}-{number}.pdf"
        render_pdf(source, pdf_path)
        extracted = extract_pdf(
            pdf_path,
            max_pages=settings.max_pages,
            min_words=settings.passage_min_words,
            max_words=settings.passage_max_words,
        )
        content = "\n\n".join(p.text for p in source.paragraphs)
        document = new_document(collection.id, source.title, content)
        document.filename = document.path = f"{source.title[:240]}.pdf"
        document.size_bytes = pdf_path.stat().st_size
        session.add(document)
        session.flush()
        store_extraction(session, document, extracted)
        session.flush()
        for passage in session.query(Passage).filter(Passage.document_id == document.id):
            out.passage_keys[passage.id] = map_passage(passage.text, source)
        rows.append(document)
        pdf_path.unlink(missing_ok=True)
    add_to_graph(session, rows, settings, embedder)
    return out
