"""Resolve: the documents, pages and tables a question names, found among the collection's (by file name, title,
or what the document is described as), before any retrieval."""

from __future__ import annotations

import threading

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.db.models import Document
from app.db.vectors import graph_version
from app.llm.vector_cache import remembered
from app.qa.ask import AskOptions
from app.qa.classify.documents import DocumentNames
from app.qa.classify.model import DocumentName, ParsedQuery
from app.qa.classify.question import classify
from app.qa.classify.series import series_issue
from app.qa.index import get_index
from app.qa.profiles import described_document
from app.qa.tools import Tools
from app.settings import Settings

_names_cache: dict[str, tuple[int, DocumentNames]] = {}
_names_lock = threading.Lock()


def document_names(session: Session, collection_id: str, version: int | None = None) -> DocumentNames:
    """The ready documents' names, cached per graph_version (a document becoming ready or going away bumps it)."""
    if version is None:
        version = graph_version(session, collection_id)
    with _names_lock:
        cached = _names_cache.get(collection_id)
    if cached is not None and cached[0] == version:
        return cached[1]
    rows = session.execute(
        select(Document.id, Document.filename, Document.title).where(
            Document.collection_id == collection_id, Document.status == "ready"
        )
    )
    documents = [DocumentName(id=r.id, filename=r.filename, title=r.title) for r in rows]
    # The previous version's names with the few documents that changed: building them whole at every version
    # cost the first question after each added document ~1.7 CPU-s at 46k documents.
    names = cached[1].updated(documents) if cached is not None else DocumentNames(documents)
    with _names_lock:
        _names_cache[collection_id] = (version, names)
    return names


def parse_question(
    session: Session,
    collection_id: str,
    question: str,
    options: AskOptions,
    settings: Settings,
    tools: Tools,
    version: int | None = None,
) -> ParsedQuery:
    # The LLM settles unsure classifications only when the user chose it as reader: eval and the local reader
    # stay LLM-free and deterministic.
    llm = None
    if options.reader == "openai" and settings.llm_configured:
        client = tools.chat_client(settings)
        llm = lambda prompt: client.complete(prompt, max_tokens=120)  # noqa: E731
    names = document_names(session, collection_id, version)
    parsed = classify(question, names, llm=llm)
    if parsed.document is None or not parsed.document.explicit:
        index = lambda: get_index(session, collection_id, version, settings.retrieval.ann_threshold)  # noqa: E731
        described = described_document(index, names, question, lambda: remembered(tools.encoder(settings)),
                                       settings.answer)  # fmt: skip
        if described is not None and described.ref is not None:
            # Classified again with the description replaced by the file name it resolves to, so "what is Exhibit 6
            # of the Ulta results release about" is read as "… of ulta-q4.pdf about": the description's words are no
            # cell to look up.
            ref, phrase = described.ref, described.phrase
            named = f"{question[: phrase.start]}{ref.name}{question[phrase.end :]}"
            parsed = classify(named, names, llm=llm)
            parsed.question = question
            parsed.document = ref  # named by a description: surer than no name, less sure than a file name
        elif described is not None:
            parsed.among = described.among
    if parsed.document is None and not parsed.among:
        parsed.document = series_issue(question, names.documents.values())  # "CIBC's net income for Q1 2023"
    return parsed
