"""Lists of documents: those holding a table label, those mentioning a word, those described by a meaning; each
document with a cited reason."""

from __future__ import annotations

from functools import partial

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from app.db.models import Document, Page
from app.db.vectors import graph_version
from app.qa.answer import Answer, documents_answer, labelled_answer
from app.qa.ask import Retrieval
from app.qa.compose import described_answer
from app.qa.index import CollectionIndex, get_index
from app.qa.named.tables import tables_labelled
from app.qa.profiles import Profiles, named_profiles, words_of
from app.qa.tables.stored import table_node
from app.qa.targets import document_names
from app.qa.tools import QueryVector, Tools
from app.qa.which_documents import PageText, documents_by_meaning, find_documents, named_within, topic_words
from app.settings import AnswerSettings, Settings
from app.text.stemming import stem


def pages_naming(session: Session, index: CollectionIndex, topic: str) -> list[PageText]:
    """The collection's pages whose text holds a word of `topic` (a prefilter; find_documents decides)."""
    needles = topic_words(topic)
    if not needles or not len(index):
        return []
    rows = session.execute(
        select(Page.document_id, Page.number, Page.text).where(
            Page.document_id.in_(set(index.document_ids)), or_(*(Page.text.ilike(f"%{w}%") for w in needles))
        )
    ).all()
    return [PageText(document_id=d, number=n, text=t) for d, n, t in rows]


def _filenames(session: Session, ids: list[str]) -> dict[str, str]:
    rows = session.execute(select(Document.id, Document.filename).where(Document.id.in_(ids))).all() if ids else []
    return dict(rows)


def which_documents(
    session: Session,
    collection_id: str,
    topic: str,
    settings: Settings,
    tools: Tools,
    version: int,
    in_tables: bool = False,
) -> tuple[Retrieval, Answer]:
    index = get_index(session, collection_id, version)
    query = QueryVector(lambda: tools.encoder(settings), topic)
    kinds = ("table",) if in_tables else ("passage", "table")
    matches = find_documents(index, topic, query(), pages_naming(session, index, topic), kinds)
    said = f"{topic} in a table" if in_tables else topic  # "1 document mentions the weather in a table"
    lead = ""
    if not any(m.naming for m in matches):
        pages = partial(pages_naming, session, index)
        if (by_name := named_within(index, topic, query(), pages, kinds)) is not None:
            name, matches = by_name
            said = f"{name} in a table" if in_tables else name
            lead = f"No document says {topic} in so many words. Those naming {name}, each cited where closest:\n\n"
    names = _filenames(session, [m.document_id for m in matches])
    retrieval = Retrieval(question_type="content", nodes=[m.node for m in matches])
    retrieval.timings_ms = {"embed": query.ms}
    answer = documents_answer(said, [(names.get(m.document_id, m.document_id), m) for m in matches])
    answer.text = lead + answer.text
    return retrieval, answer


def documents_described(
    session: Session, collection_id: str, predicate: str, settings: Settings, tools: Tools, kind: str | None = None
) -> tuple[Retrieval, Answer]:
    """ "Which documents <predicate>?": the documents closest to the predicate in meaning, each with its reason;
    and, when the predicate says what the documents are (`kind`: "datasheets"), those whose title, file name or
    first page names it, each cited by its unit closest to the predicate: a document's passages may be far from
    the words that say what it is."""
    index = get_index(session, collection_id, graph_version(session, collection_id))
    query = QueryVector(lambda: tools.encoder(settings), predicate)
    limits = settings.answer
    floor, margin = limits.concept_list_floor, limits.concept_list_margin
    if kind is None:
        matches = documents_by_meaning(index, query(), floor, margin)
    else:
        # Every document ranked once: those near the best by meaning, then those that name the kind.
        closest = documents_by_meaning(index, query(), -1.0, 2.0)
        top = closest[0].node.score if closest else 0.0
        near = [m.node.score >= max(floor, top - margin) for m in closest]
        named = documents_naming(index, session, collection_id, kind, limits)
        matches = [m for m, kept in zip(closest, near, strict=True) if kept]
        matches += [m for m, kept in zip(closest, near, strict=True) if not kept and m.document_id in named]
    names = _filenames(session, [m.document_id for m in matches])
    retrieval = Retrieval(question_type="content", nodes=[m.node for m in matches])
    retrieval.timings_ms = {"embed": query.ms}
    return retrieval, described_answer(predicate, [(names.get(m.document_id, m.document_id), m) for m in matches])


def documents_naming(
    index: CollectionIndex, session: Session, collection_id: str, kind: str, limits: AnswerSettings
) -> set[str]:
    """The documents whose profile (file name, title, opening) holds every word of `kind`, in any form."""
    return profiles_naming(named_profiles(index, document_names(session, collection_id), limits), kind)


def profiles_naming(profiles: Profiles, kind: str) -> set[str]:
    wanted = {stem(w) for w in words_of(kind)}
    return {p.document_id for p in profiles.profiles if wanted <= {stem(w) for w in p.words}}


def labelled_tables(session: Session, collection_id: str, label: str) -> tuple[Retrieval, Answer]:
    """ "Which documents have a Table 3?": every table carrying the label, with its document and caption."""
    found = tables_labelled(session, collection_id, label)
    tables = [table_node(table, document) for table, document in found]
    listed = [(d.filename, node, table.caption) for (table, d), node in zip(found, tables, strict=True)]
    return Retrieval(question_type="structural", nodes=tables), labelled_answer(label, listed)
