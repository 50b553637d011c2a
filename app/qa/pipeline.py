"""retrieve(): classify, then structural fetch or a retriever. ask(): retrieve, then read.

`retrieve` only reads (the database and in-memory caches), so `mdqa eval` can run every retriever on the same
collection side by side; `ask` adds the reader. Neither knows about HTTP, queues or templates.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from app.db.models import DocTable, Document, Page, Passage
from app.db.vectors import graph_version
from app.llm.chat import ChatClient, LLMError
from app.llm.embeddings import TextEncoder, get_embedder
from app.llm.vector_cache import remembered
from app.qa import seeds as seed_rankers
from app.qa import structural
from app.qa.analysis.listing import concept_predicate
from app.qa.analysis.operation import arithmetic_question
from app.qa.answer import (
    Answer,
    combine,
    comparison_verdict,
    documents_answer,
    far_from_question,
    labelled_answer,
    local_answer,
    table_verdict,
)
from app.qa.ask import AskOptions, AskResult, Cell, Citation, EvidenceNode, Retrieval
from app.qa.classify import DocumentName, DocumentNames, ParsedQuery, classify
from app.qa.compose import arithmetic_working, described_answer
from app.qa.decompose import FILE_NAME, comparative, split_question
from app.qa.documents_question import documents_with_label, which_documents_in_tables, which_documents_topic
from app.qa.footnotes import page_notes, table_note_texts, with_notes
from app.qa.index import CollectionIndex, edge_kinds_of, get_index
from app.qa.llm_reader import AnswerSink, llm_answer
from app.qa.profiles import described_document
from app.qa.propagate import gnn_retrieve, propagate
from app.qa.traverse import EmbeddingScorer, LlmScorer, Scorer, TfidfScorer, evidence_node, traverse
from app.qa.which_documents import PageText, documents_by_meaning, find_documents, topic_words
from app.settings import Settings
from app.vocabulary import RETRIEVERS

CITATION_TEXT_CHARS = 600


@dataclass(slots=True)
class Tools:
    """What retrieval and reading may use; tests and `mdqa eval` pass their own, the app builds defaults."""

    embedder: TextEncoder | None = None
    chat: ChatClient | None = None

    def encoder(self, settings: Settings) -> TextEncoder:
        if self.embedder is None:
            self.embedder = get_embedder(settings.device, settings.embedding_backend)
        return self.embedder

    def chat_client(self, settings: Settings) -> ChatClient:
        if self.chat is None:
            self.chat = ChatClient.from_settings(settings)
        return self.chat


def _ms(start: float) -> float:
    return round((time.perf_counter() - start) * 1000.0, 2)


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
        if described is not None:
            # Classified again with the description replaced by the file name it resolves to, so "what is Exhibit 6
            # of the Ulta results release about" is read as "… of ulta-q4.pdf about": the description's words are no
            # cell to look up.
            ref, phrase = described
            named = f"{question[: phrase.start]}{ref.name}{question[phrase.end :]}"
            parsed = classify(named, names, llm=llm)
            parsed.question = question
            parsed.document = ref  # named by a description: surer than no name, less sure than a file name
    return parsed


def _restrict(ranking: seed_rankers.Ranking, index: CollectionIndex, document_id: str | None, k: int):  # noqa: ANN202
    if document_id is None:
        return ranking[:k]
    return [(i, s) for i, s in ranking if index.document_ids[i] == document_id][:k]


def _scorer(
    name: str, index: CollectionIndex, query: Callable[[], np.ndarray], settings: Settings, tools: Tools
) -> Scorer:
    if name == "embedding":
        return EmbeddingScorer(index, query())
    if name == "tfidf":
        return TfidfScorer(index)
    if name == "llm":
        client = tools.chat_client(settings)
        encoder = tools.encoder(settings)
        return LlmScorer(
            index,
            generate=lambda prompt: client.complete(prompt, max_tokens=96),
            encode=lambda text: encoder.encode([text])[0],
        )
    raise ValueError(f"unknown scorer {name!r}: embedding, llm or tfidf")


class QueryVector:
    """The question's embedding, computed on first use (TF-IDF and BM25 need it only for the evidence's relevance)
    and kept in the encoder's vector cache (app.llm.vector_cache): `mdqa eval` asks the same question of five
    retrievers, and the reader scores sentences against the same vector."""

    def __init__(self, encoder: Callable[[], TextEncoder], question: str) -> None:
        self._encoder = encoder
        self.question = question
        self.ms = 0.0

    def __call__(self) -> np.ndarray:
        start = time.perf_counter()
        vector = remembered(self._encoder()).encode([self.question])[0]
        self.ms += _ms(start)
        return vector


def content_retrieve(
    index: CollectionIndex,
    question: str,
    query: Callable[[], np.ndarray],
    options: AskOptions,
    settings: Settings,
    tools: Tools,
    document_id: str | None = None,
) -> tuple[list[EvidenceNode], int]:
    """(evidence nodes, LLM calls) of one retriever over the collection's passages and tables."""
    budget = options.budget
    # With a document filter, rank everything and keep that document's units (a small, rare case).
    depth = len(index) if document_id else budget
    r = settings.retrieval
    if options.retriever in ("tfidf", "bm25"):
        ranking = seed_rankers.rank(index, options.retriever, question, None, depth)
        return [evidence_node(index, i, 0, s) for i, s in _restrict(ranking, index, document_id, budget)], 0
    if options.retriever == "dense":
        ranking = seed_rankers.rank_dense(index, query(), depth)
        return [evidence_node(index, i, 0, s) for i, s in _restrict(ranking, index, document_id, budget)], 0
    if options.retriever == "gnn":
        if document_id is None:
            return gnn_retrieve(index, query(), budget, r.gnn_alpha, r.gnn_layers, r.gnn_top_k), 0
        ranking = propagate(index, query(), r.gnn_alpha, r.gnn_layers, r.gnn_top_k).ranking(len(index))
        return [evidence_node(index, i, 0, s) for i, s in _restrict(ranking, index, document_id, budget)], 0
    if options.retriever == "kgp":
        seeds = options.seeds or r.seeds
        # The seed ranking is `budget` deep: its tail restarts the traversal when the graph runs dry.
        if options.seed_ranker == "gnn":
            ranking = propagate(index, query(), r.gnn_alpha, r.gnn_layers, r.gnn_top_k).ranking(depth)
        elif options.seed_ranker in ("tfidf", "bm25"):
            ranking = seed_rankers.rank(index, options.seed_ranker, question, None, depth)
        else:
            ranking = seed_rankers.rank(index, options.seed_ranker, question, query(), depth)
        ranking = _restrict(ranking, index, document_id, budget)
        if options.seed_ranker != "tfidf" and options.seed_ranker != "bm25":
            # Seeds keep their rank order but show the same kind of score as the nodes reached from them (cosine
            # to the question), not a fused-rank value on another scale.
            q = query()
            ranking = [(i, float(index.matrix[i] @ q)) for i, _ in ranking]
        scorer = _scorer(options.scorer, index, query, settings, tools)
        nodes = traverse(index, question, ranking, scorer, budget, options.branching, seeds, document_id=document_id)
        return nodes, scorer.llm_calls
    raise ValueError(f"unknown retriever {options.retriever!r}: {', '.join(RETRIEVERS)}")


def _relevance(index: CollectionIndex, nodes: list[EvidenceNode], query: Callable[[], np.ndarray]) -> float | None:
    """The best cosine between the question and the retrieved passages and tables (None when none has a vector)."""
    rows = [index.index_of[n.node_id] for n in nodes if n.kind in ("passage", "table") and n.node_id in index.index_of]
    rows = [i for i in rows if index.matrix[i].any()]
    return float(np.max(index.matrix[rows] @ query())) if rows else None


def retrieve(
    session: Session,
    collection_id: str,
    question: str,
    options: AskOptions,
    settings: Settings,
    tools: Tools | None = None,
) -> Retrieval:
    """Evidence for `question` in evidence order; reads only. Timings in ms: classify, retrieve."""
    tools = tools or Tools()
    start = time.perf_counter()
    version = graph_version(session, collection_id)  # read once: the names and the index below both key on it
    parsed = parse_question(session, collection_id, question, options, settings, tools, version)
    classify_ms = _ms(start)
    llm_calls = int(parsed.used_llm)
    start = time.perf_counter()
    retrieval: Retrieval | None = None
    embed_ms = 0.0
    missing = structural.missing_document(session, collection_id, parsed)
    # A page or table of "the retail report" when two documents' names say "retail": ask which, pick none.
    unanswerable = missing.message if missing is not None else parsed.ambiguous
    if unanswerable is not None:
        # A file the collection does not hold (deleted, not ready, never uploaded): say so, answer from no other.
        retrieval = Retrieval(question_type=parsed.question_type, nodes=[])
        retrieval.missing = unanswerable
    elif parsed.question_type == "structural":
        retrieval = structural.fetch(session, collection_id, parsed)
        if not retrieval.nodes and retrieval.missing is None:
            retrieval = None
    index = get_index(session, collection_id, version, settings.retrieval.ann_threshold) if retrieval is None else None
    if index is not None and parsed.document is None:
        names = document_names(session, collection_id, version).documents.values()
        known = lambda: " ".join(f"{d.filename} {d.title or ''}" for d in names)  # noqa: E731 - read only if needed
        absent = seed_rankers.absent_names(index, question, known, settings.answer.near_spelling)
        if absent:
            # What the question asks about is nowhere in the collection: say so, and show nothing about other things.
            retrieval = Retrieval(question_type="content", nodes=[])
            said = " or ".join(absent)
            retrieval.missing = f"No document in this collection mentions {said}, so the documents do not answer this."
    if retrieval is None:
        assert index is not None
        query = QueryVector(lambda: tools.encoder(settings), question)
        named = parsed.document
        # Only a file named as a file fences retrieval in; a bare stem or title ("If Gallu is a demon…" over
        # Gallu.txt) is an ordinary entity of a content question and must not.
        document_id = named.document_id if named is not None and named.explicit else None
        nodes, calls = content_retrieve(index, question, query, options, settings, tools, document_id)
        llm_calls += calls
        embed_ms = query.ms
        retrieval = Retrieval(question_type="content", nodes=nodes, document_id=document_id)
        retrieval.relevance = _relevance(index, nodes, query)
        retrieval.rare_names = seed_rankers.rare_names(index, question)
        # A document found by its description fences the evidence, but which of its tables' cells answers is read
        # as warily as in a collection (a cell's value is no short answer on a guess about the document).
        by_file = document_id if named is not None and named.matched_by != "description" else None
        structural.content_table_answer(session, retrieval, question, by_file, collection_id)
    retrieval.llm_calls = llm_calls
    # "embed" (the question's embedding, part of "retrieve") is reported separately for benchmarks.
    retrieval.timings_ms = {"classify": classify_ms, "retrieve": _ms(start), "embed": embed_ms}
    retrieval.intent = parsed.intent
    return retrieval


# Units of the lexical (BM25) ranking the reader reads besides the hybrid ranking's (`widen_for_reading`).
LEXICAL_EXTRA = 2


def widen_for_reading(
    session: Session,
    collection_id: str,
    question: str,
    retrieval: Retrieval,
    options: AskOptions,
    settings: Settings,
    tools: Tools,
) -> None:
    """Give the built-in reader, beyond a content question's evidence, the seed ranking's best units the traversal
    did not visit, up to RetrievalSettings.reading_extra (`retrieval.reading_extra`). The traversal starts from three
    seeds and spends the rest of its budget on their neighbours, which suits a multi-hop question; a one-passage
    fact ranked fourth by the seed ranker was then never read (on fresh PDF dev questions, 7 of 11 lost answers
    were never in the evidence). The reader takes them in turn with the traversal's hops (app.qa.answer
    .reading_order); the cited ones join the evidence path as the seeds they are (`adopt_cited`). `nodes`, what
    retrieval metrics and the API's `retrieved` report, is unchanged."""
    extra = settings.retrieval.reading_extra
    if (
        extra <= 0
        or options.reader != "local"
        or retrieval.question_type != "content"
        or retrieval.missing is not None
        or retrieval.table_answers
        or retrieval.overview is not None
        or not retrieval.nodes
    ):
        return
    index = get_index(session, collection_id, None, settings.retrieval.ann_threshold)
    query = QueryVector(lambda: tools.encoder(settings), question)
    ranker = options.seed_ranker if options.seed_ranker in ("tfidf", "bm25", "dense") else "hybrid"
    have = {n.node_id for n in retrieval.nodes}
    depth = len(index) if retrieval.document_id else len(have) + extra
    q = query()  # the retriever's vector, remembered: not encoded again
    ranking = _restrict(seed_rankers.rank(index, ranker, question, q, depth), index, retrieval.document_id, depth)
    unread = [i for i, _ in ranking if index.ids[i] not in have and index.texts[i].strip()][:extra]
    if ranker == "hybrid":
        # The fusion weighs dense 3:1, and a table embeds poorly: the one unit holding every rare word of the question
        # ("enquiries", "youth": a table BM25 scored far above all else) could rank below ten passages that are
        # merely about its topic. The lexical ranking's best units are read too.
        lexical = seed_rankers.rank(index, "bm25", question, None, depth)
        lexical = _restrict(lexical, index, retrieval.document_id, depth)
        unread += [i for i, _ in lexical[:LEXICAL_EXTRA] if index.ids[i] not in have and i not in unread
                   and index.texts[i].strip()]  # fmt: skip
    # The few units that hold a name the question gives. They do not make the evidence "about the question"
    # (`retrieval.relevance`): "Who is the CEO of Marvell Semiconductor?" names a company a layoff row holds, and
    # the row does not answer it.
    named = _restrict([(i, 0.0) for i in seed_rankers.rank_named(index, question)], index, retrieval.document_id, depth)
    unread += [i for i, _ in named if index.ids[i] not in have and i not in unread]
    retrieval.reading_extra = [evidence_node(index, i, 0, float(index.matrix[i] @ q)) for i in unread]
    _table_among_extra(session, question, retrieval)
    retrieval.windows = following_passages(index, [*retrieval.nodes, *retrieval.reading_extra])


def following_passages(index: CollectionIndex, nodes: list[EvidenceNode]) -> list[EvidenceNode]:
    """The passage after each passage of `nodes` (its "next" edge), its `parent` the passage it follows. A passage
    ends where the extractor cut the text, not where the statement ends: "Diesel engines installed on ships without
    automation notations are to be equipped with monitoring equipment ..." ends one passage and "The alarms are to be
    visual and audible." opens the next."""
    have: set[str] = set()
    out: list[EvidenceNode] = []
    for n in nodes:
        if n.kind != "passage" or n.node_id not in index.graph:
            continue
        for other, data in index.graph.succ[n.node_id].items():
            j = index.index_of.get(other)
            if "next" in edge_kinds_of(data) and j is not None and other not in have and index.kinds[j] == "passage":
                have.add(other)
                out.append(evidence_node(index, j, n.hop + 1, 0.0, index.index_of[n.node_id], "next"))
    return out


def _table_among_extra(session: Session, question: str, retrieval: Retrieval) -> None:
    """A table of the further units that answers from its cells, as a retrieved one would
    (structural.content_table_answer): "the number of students assessed in Finland" is a cell of a table the seed
    ranking put eighth, below passages about students assessed in the United States. The reader uses the answer
    only when its table is among the units it reads (app.qa.answer.local_answer)."""
    tables = [n for n in retrieval.reading_extra if n.kind == "table"]
    if not tables or far_from_question(retrieval):
        # Evidence far from the question ("What is the unemployment rate in Spain?" over school surveys): a row
        # of a table read further down names Spain and answers something else.
        return
    probe = Retrieval(question_type="content", nodes=list(tables))
    # No collection: the tables whose caption names the question were read by `retrieve` already, and answered not.
    structural.content_table_answer(session, probe, question, retrieval.document_id)
    # The table is read where it stands among the further units; cited, it joins the evidence (`adopt_cited`).
    if probe.table_answers and probe.nodes[0].node_id not in {n.node_id for n in retrieval.reading_extra}:
        # The cell is in the first part of a table continued on the next page, and the unit read was that part: the
        # answering part is read in its place.
        at = next(k for k, n in enumerate(retrieval.reading_extra) if n.kind == "table")
        retrieval.reading_extra.insert(at, probe.nodes[0])
    retrieval.table_answers = probe.table_answers
    retrieval.cell = probe.cell


def adopt_cited(retrieval: Retrieval, answer: Answer) -> None:
    """The units of `retrieval.reading_extra` (as the seeds they are) and of `retrieval.windows` (as the hop after
    the passage they follow) the answer cites, appended to the evidence."""
    cited = {n.node_id for n in answer.cited}
    have = {n.node_id for n in retrieval.nodes}
    retrieval.nodes.extend(
        n for n in [*retrieval.reading_extra, *retrieval.windows] if n.node_id in cited and n.node_id not in have
    )


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


def _citations(session: Session, cited: list[EvidenceNode]) -> list[Citation]:
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


def _read(
    question: str,
    retrieval: Retrieval,
    options: AskOptions,
    settings: Settings,
    tools: Tools,
    sink: AnswerSink | None = None,
) -> Answer:
    if retrieval.missing is not None:
        # The named document, page or table does not exist: one sentence that says what does, whatever the reader.
        return Answer(text=retrieval.missing)
    if options.reader == "openai":
        client = tools.chat_client(settings)
        return llm_answer(question, retrieval, client.chat, stream=client.stream_chat, sink=sink)
    if options.reader == "local":
        encoder = tools.encoder(settings)
        # Sentence vectors are remembered per encoder (a popular passage's sentences are embedded once), and the
        # question's vector is the retriever's (the same cache), so the reader encodes only new sentences.
        encode: Callable[[list[str]], np.ndarray] = remembered(encoder)
        content = retrieval.question_type == "content"
        question_vector = QueryVector(lambda: encoder, question)() if content else None
        return local_answer(
            question,
            retrieval,
            encode,
            intent=retrieval.intent,
            question_vector=question_vector,
        )
    raise LLMError(f"unknown reader {options.reader!r}: local or openai")


def _answer(
    session: Session,
    collection_id: str,
    question: str,
    retrieval: Retrieval,
    options: AskOptions,
    settings: Settings,
    tools: Tools,
    sink: AnswerSink | None = None,
) -> Answer:
    """Read a retrieval (a whole question's or one part's): the further units, the reader, the notes its evidence
    marks, and the cited further units joined to the evidence."""
    widen_for_reading(session, collection_id, question, retrieval, options, settings, tools)
    answer = _read(question, retrieval, options, settings, tools, sink)
    if options.reader == "local":
        # The LLM reader has the notes in its context already; the local one shows sentences as they stand.
        add_footnotes(session, answer)
    adopt_cited(retrieval, answer)
    return answer


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
    names = _filenames(session, [m.document_id for m in matches])
    retrieval = Retrieval(question_type="content", nodes=[m.node for m in matches])
    retrieval.timings_ms = {"embed": query.ms}
    said = f"{topic} in a table" if in_tables else topic  # "1 document mentions the weather in a table"
    return retrieval, documents_answer(said, [(names.get(m.document_id, m.document_id), m) for m in matches])


def documents_described(
    session: Session, collection_id: str, predicate: str, settings: Settings, tools: Tools
) -> tuple[Retrieval, Answer]:
    """ "Which documents <predicate>?": the documents closest to the predicate in meaning, each with its reason."""
    index = get_index(session, collection_id, graph_version(session, collection_id))
    query = QueryVector(lambda: tools.encoder(settings), predicate)
    limits = settings.answer
    matches = documents_by_meaning(index, query(), limits.concept_list_floor, limits.concept_list_margin)
    names = _filenames(session, [m.document_id for m in matches])
    retrieval = Retrieval(question_type="content", nodes=[m.node for m in matches])
    retrieval.timings_ms = {"embed": query.ms}
    return retrieval, described_answer(predicate, [(names.get(m.document_id, m.document_id), m) for m in matches])


def composite(
    session: Session,
    collection_id: str,
    question: str,
    options: AskOptions,
    settings: Settings,
    tools: Tools,
) -> tuple[Retrieval, Answer] | None:
    """Content questions that are several (two parts, a comparison) or ask for a list of documents: each part
    retrieved and read on its own, with its own citations. None for every other question (asked whole)."""
    label = documents_with_label(question)
    if label is not None:
        found = structural.tables_labelled(session, collection_id, label)
        tables = [structural.table_node(table, document) for table, document in found]
        listed = [(d.filename, node, table.caption) for (table, d), node in zip(found, tables, strict=True)]
        return Retrieval(question_type="structural", nodes=tables), labelled_answer(label, listed)
    topic = which_documents_topic(question)
    predicate = concept_predicate(question) if topic is None else None
    if predicate is not None:
        return documents_described(session, collection_id, predicate, settings, tools)
    arithmetic = arithmetic_question(question) if topic is None else None
    parts = list(arithmetic.parts) if arithmetic else split_question(question) if topic is None else None
    if topic is None and not parts:
        return None
    version = graph_version(session, collection_id)
    parsed = parse_question(session, collection_id, question, options, settings, tools, version)
    # "Which documents have a table about the weather?" names no table: its caption words are the list's topic.
    in_tables = topic is not None and which_documents_in_tables(question)
    named = parsed.document is not None or parsed.pages or any(t.label or t.number for t in parsed.tables)
    if parsed.question_type != "content" and not (in_tables and not named):
        return None  # a named page or table: the structural path answers it whole
    if topic is not None:
        return which_documents(session, collection_id, topic, settings, tools, version, in_tables)
    assert parts is not None
    answered: list[tuple[str, Answer]] = []
    cells: list[tuple[str, Cell] | None] = []  # the table cell each part's answer was read from
    nodes: list[EvidenceNode] = []
    seen: set[str] = set()
    timings: dict[str, float] = {}
    llm_calls = int(parsed.used_llm)
    for part in parts:
        asked = part.question
        retrieval = retrieve(session, collection_id, asked, options, settings, tools)
        given = FILE_NAME.search(asked)
        if part.unscoped is not None and given is not None and _weak(retrieval):
            # The file this part was given from another part does not seem to answer it ("In twotables_2.pdf, what
            # share … and what was Rajasthan's debt …?"): the whole collection is asked, and the answer says so.
            wider = retrieve(session, collection_id, part.unscoped, options, settings, tools)
            if not _weak(wider):
                asked, retrieval = part.unscoped, wider
        part_answer = _answer(session, collection_id, asked, retrieval, options, settings, tools)
        if asked != part.question and given is not None:
            part_answer.text = f"{_NOT_IN_FILE.format(file=given.group(0))}\n\n{part_answer.text}"
        answered.append((part.label, part_answer))
        cells.append(_cell_read(retrieval, part_answer))
        llm_calls += retrieval.llm_calls
        for key, value in retrieval.timings_ms.items():
            timings[key] = round(timings.get(key, 0.0) + value, 2)
        for n in retrieval.nodes:
            if n.node_id not in seen:
                seen.add(n.node_id)
                nodes.append(n)
    answer = combine(answered)
    compared = comparative(question)
    worked = arithmetic_working(arithmetic, answered, cells, answer) if arithmetic is not None else None
    if worked:
        answer.text = f"{worked}\n\n{answer.text}"
    elif compared is not None:
        labels = [label for label, _ in answered]
        verdict = comparison_verdict(labels, [a.short_answer for _, a in answered], compared)
        verdict = verdict or table_verdict(labels, cells, compared)
        if verdict:
            answer.text = f"{verdict}\n\n{answer.text}"
    retrieval = Retrieval(question_type="content", nodes=nodes, llm_calls=llm_calls, timings_ms=timings)
    return retrieval, answer


_NOT_IN_FILE = "{file} does not seem to answer this part. From the other documents:"


def _cell_read(retrieval: Retrieval, answer: Answer) -> tuple[str, Cell] | None:
    """(table node id, cell) when `answer` was read from one cell of a table (a lookup, or a total's cell)."""
    got = retrieval.table_answers[0] if len(retrieval.table_answers) == 1 else None
    if got is None or got.cell is None or not any(n.node_id == got.table_id for n in answer.cited):
        return None
    return got.table_id, got.cell


def _weak(retrieval: Retrieval) -> bool:
    return not retrieval.nodes or far_from_question(retrieval)


def ask(
    session: Session,
    collection_id: str,
    question: str,
    options: AskOptions,
    settings: Settings,
    tools: Tools | None = None,
    sink: AnswerSink | None = None,
) -> AskResult:
    """retrieve → read. Raises LLMError when the chosen LLM cannot be reached (the caller decides what to say).

    `sink`: the LLM reader streams its answer into it as it is written (the local reader does not stream)."""
    tools = tools or Tools()
    total = time.perf_counter()
    if options.reader not in ("local", "openai"):
        raise LLMError(f"unknown reader {options.reader!r}: local or openai")
    start = time.perf_counter()
    several = composite(session, collection_id, question, options, settings, tools)
    if several is not None:
        retrieval, answer = several
    else:
        retrieval = retrieve(session, collection_id, question, options, settings, tools)
        start = time.perf_counter()
        answer = _answer(session, collection_id, question, retrieval, options, settings, tools, sink)
    timings = {
        **retrieval.timings_ms,
        "answer": _ms(start),
        "total": _ms(total),
    }
    llm_calls = retrieval.llm_calls + answer.llm_calls
    return AskResult(
        question=question,
        question_type=retrieval.question_type,
        answer=answer.text,
        citations=_citations(session, answer.cited),
        retrieval=retrieval,
        llm_calls=llm_calls,
        timings_ms=timings,
        short_answer=answer.short_answer,
        candidate=answer.candidate,
    )
