"""Retrieve: the evidence for a question (structural fetch, or a retriever over the graph), and what the built-in
reader reads beyond it. Reads only (the database and in-memory caches), so `mdqa eval` can run every retriever on
the same collection side by side."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import partial

import numpy as np
from sqlalchemy.orm import Session

from app.db.vectors import graph_version
from app.llm.vector_cache import remembered
from app.qa import seeds as seed_rankers
from app.qa.absent_codes import absent_codes
from app.qa.analysis.people import people
from app.qa.answer import Answer, far_from_question
from app.qa.ask import AskOptions, EvidenceNode, Retrieval
from app.qa.critique import SelfCritique
from app.qa.extractive_reader.items import ContextItem
from app.qa.index import CollectionIndex, edge_kinds_of, get_index
from app.qa.multistep import StepSettings, read_bridge, rgnn_retrieve
from app.qa.named import fetch as named_fetch
from app.qa.named.documents import missing_document
from app.qa.profiles import Profiles, absent_kind, dated_elsewhere, names_held_apart, period_unreported, profiles_of
from app.qa.propagate import gnn_retrieve, propagate
from app.qa.reader.reading import read
from app.qa.tables.content import content_table_answer
from app.qa.tables.shown import shown_table
from app.qa.targets import document_names, parse_question
from app.qa.tools import QueryVector, Tools, _ms
from app.qa.traverse import EmbeddingScorer, LlmScorer, Scorer, TfidfScorer, evidence_node, traverse
from app.settings import Settings
from app.vocabulary import RETRIEVERS


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
    if options.retriever == "rgnn":
        encoder = remembered(tools.encoder(settings))
        critique = None
        if options.scorer == "llm":
            client = tools.chat_client(settings)
            critique = SelfCritique(lambda prompt: client.complete(prompt, max_tokens=160))
        steps = r.rgnn_llm_steps if critique is not None else r.rgnn_steps
        limits = StepSettings(r.gnn_alpha, r.gnn_layers, r.gnn_top_k, r.rgnn_beta, steps, r.rgnn_per_step,
                              r.rgnn_names, r.rgnn_bridge_said)
        advance = critique if critique is not None else read_bridge(partial(_best_span, encoder))
        found = rgnn_retrieve(index, question, lambda text: query() if text == question else encoder.encode([text])[0],
                              advance, budget, limits)  # fmt: skip
        nodes = [n for n in found.nodes if document_id is None or n.document_id == document_id]
        return nodes, critique.calls if critique is not None else 0
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


def _best_span(encode: Callable[[list[str]], np.ndarray], question: str, texts: Sequence[str]) -> str | None:
    """The built-in reader's best answer span to `question` over `texts`, shown or not (RGNN-Ret's bridge)."""
    items = [ContextItem(marker=k, node_id=str(k), kind="passage", text=t) for k, t in enumerate(texts, start=1)]
    found = read(question, items, encode).candidate
    return found.text if found is not None else None


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
    missing = missing_document(session, collection_id, parsed)
    # A page or table of "the retail report" when two documents' names say "retail": ask which, pick none.
    unanswerable = missing.message if missing is not None else parsed.ambiguous
    if unanswerable is not None:
        # A file the collection does not hold (deleted, not ready, never uploaded): say so, answer from no other.
        retrieval = Retrieval(question_type=parsed.question_type, nodes=[])
        retrieval.missing = unanswerable
    elif parsed.question_type == "structural":
        retrieval = named_fetch.fetch(session, collection_id, parsed, settings.answer.tables)
        if not retrieval.nodes and retrieval.missing is None:
            retrieval = None
    index = get_index(session, collection_id, version, settings.retrieval.ann_threshold) if retrieval is None else None
    names = document_names(session, collection_id, version).documents.values() if index is not None else []
    known = lambda: " ".join(f"{d.filename} {d.title or ''}" for d in names)  # noqa: E731 - read only if needed
    by_id = lambda: {d.id: (d.filename, d.title) for d in names}  # noqa: E731 - read only when profiles are built
    limits = settings.answer
    opening, period = limits.profile_opening_chars, limits.profile_period_pages

    def profiles() -> Profiles:  # built when first read
        assert index is not None
        return profiles_of(index, by_id, opening, period)

    if index is not None and (codes := absent_codes(index, question, known)):
        # "the MQ-2 sensor's data sheet" beside the MQ-3's, even when the name resolved to that one: not this model.
        retrieval = Retrieval(question_type="content", nodes=[])
        retrieval.missing = (f"No document in this collection mentions {' or '.join(codes)}, so the documents do not "
                             "answer this.")  # fmt: skip
    elif index is not None and (unreported := period_unreported(profiles, by_id, question)):
        # "the fourth quarter of 2023" of a company whose reports here end in September 2023, even when the name
        # resolved to one of them: say so.
        retrieval = Retrieval(question_type="content", nodes=[])
        retrieval.missing = unreported
    elif index is not None and parsed.document is None:
        absent = seed_rankers.absent_names(index, question, known, settings.answer.near_spelling)
        if not absent and (asked := seed_rankers.question_names(question)):
            absent = names_held_apart(profiles(), asked, lambda: people(question))
        if absent:
            # What the question asks about is nowhere in the collection: say so, and show nothing about other things.
            retrieval = Retrieval(question_type="content", nodes=[])
            said = " or ".join(absent)
            retrieval.missing = f"No document in this collection mentions {said}, so the documents do not answer this."
        elif (kind := absent_kind(profiles(), question)) is not None:
            # A kind of document no document says it is ("the drone battery datasheet"): say so, show nothing else.
            retrieval = Retrieval(question_type="content", nodes=[])
            retrieval.missing = (f"No document in this collection is {kind}: no document's title or first page says "
                                 "it is one, so the documents do not answer this.")  # fmt: skip
        elif (dated := dated_elsewhere(profiles(), question)) is not None:
            # "the 2012 Census of …" where only the 2007 one is held: another edition answers nothing about this one.
            retrieval = Retrieval(question_type="content", nodes=[])
            retrieval.missing = (f"No document in this collection is {dated}: the documents that say its name never "
                                 "say its year, so the documents do not answer this.")  # fmt: skip
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
        # A table asked for whole is looked for in the document named, or in the one that alone holds a name given.
        fence = named.document_id if named is not None else seed_rankers.named_document(index, question)
        if named is None:
            retrieval.nodes = held_by_named(retrieval.nodes, seed_rankers.named_document(index, question, True))
        if not shown_table(session, retrieval, question, fence, settings.answer.tables):
            content_table_answer(session, retrieval, question, by_file, collection_id, settings.answer)
    retrieval.llm_calls = llm_calls
    # "embed" (the question's embedding, part of "retrieve") is reported separately for benchmarks.
    retrieval.timings_ms = {"classify": classify_ms, "retrieve": _ms(start), "embed": embed_ms}
    retrieval.intent = parsed.intent
    return retrieval


# Units of the lexical (BM25) ranking the reader reads besides the hybrid ranking's (`widen_for_reading`).
LEXICAL_EXTRA = 2


def held_by_named(nodes: list[EvidenceNode], document_id: str | None) -> list[EvidenceNode]:
    """The evidence of the one document that says a part number the question gives (`seeds.named_document`), when
    any was retrieved: "Up to what data rate does the RFD77402's I2C interface work?" is not answered by what another
    document says of I2C rates."""
    held = [n for n in nodes if document_id is not None and n.document_id == document_id]
    return held or nodes


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
    named_in = seed_rankers.named_document(index, question) if retrieval.document_id is None else None
    if named_in is not None:
        # The further units are read only in the document that holds the question's name: another data sheet's
        # "Storage Temperature" row answers nothing about "the ADIS16477".
        unread = [i for i in unread if index.document_ids[i] == named_in]
    retrieval.reading_extra = [evidence_node(index, i, 0, float(index.matrix[i] @ q)) for i in unread]
    _table_among_extra(session, question, retrieval, settings)
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


def _table_among_extra(session: Session, question: str, retrieval: Retrieval, settings: Settings) -> None:
    """A table of the further units that answers from its cells, as a retrieved one would
    (content_table_answer): "the number of students assessed in Finland" is a cell of a table the seed
    ranking put eighth, below passages about students assessed in the United States. The reader uses the answer
    only when its table is among the units it reads (app.qa.answer.local_answer)."""
    tables = [n for n in retrieval.reading_extra if n.kind == "table"]
    if not tables or far_from_question(retrieval):
        # Evidence far from the question ("What is the unemployment rate in Spain?" over school surveys): a row
        # of a table read further down names Spain and answers something else.
        return
    probe = Retrieval(question_type="content", nodes=list(tables))
    # No collection: the tables whose caption names the question were read by `retrieve` already, and answered not.
    content_table_answer(session, probe, question, retrieval.document_id, limits=settings.answer)
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
