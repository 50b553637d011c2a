"""Run one benchmark file in one setting: build the collection(s), ask every retriever every question, score."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy.orm import Session

from app.db.session import session_scope
from app.eval.corpus import IngestedCollection, ingest_text
from app.eval.datasets import EvalQuestion, SourceDocument, passage_texts, per_question_documents, pooled_documents
from app.eval.metrics import best_em_f1
from app.eval.retrievers import options_for
from app.eval.scoring import QuestionScore, score_retrieval, summarise
from app.llm.embeddings import TextEncoder
from app.qa.ask import AskOptions, Retrieval
from app.settings import Settings
from app.vocabulary import ReaderName

log = logging.getLogger(__name__)

SETTINGS = ("per-question", "pooled")


@dataclass(slots=True)
class EvalConfig:
    retrievers: list[str]
    budget: int
    answer_with: list[str]  # retrievers whose answers are read and scored (EM/F1)
    reader: ReaderName = "local"
    via_pdf: bool = False
    progress: bool = True
    # Retrievers only: skip the question classifier (structural routing and its named-document filter), as the
    # published baselines do. Default off: the real pipeline.
    no_classify: bool = False


@dataclass(slots=True)
class EvalRun:
    dataset: str
    setting: str
    questions: int
    retrievers: dict[str, dict[str, Any]]
    per_question: list[dict[str, Any]]
    timings_s: dict[str, float] = field(default_factory=dict)
    corpus: dict[str, int] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {
            "dataset": self.dataset,
            "setting": self.setting,
            "questions": self.questions,
            "retrievers": self.retrievers,
            "per_question": self.per_question,
            "timings_s": self.timings_s,
            "corpus": self.corpus,
        }


def _progress(total: int, desc: str, enabled: bool) -> Any:
    from tqdm import tqdm

    return tqdm(total=total, desc=desc, unit="q", disable=not enabled, dynamic_ncols=True)


def warm_embeddings(embedder: TextEncoder, documents: list[SourceDocument], settings: Settings, enabled: bool) -> None:
    """Embed every passage text once, in large length-sorted batches, before the graph builder asks for them
    (the same strings it embeds: with `graph.embed_title`, the title line first)."""
    from tqdm import tqdm

    with_title = bool(getattr(settings.graph, "embed_title", False))
    texts = list(
        dict.fromkeys(
            f"{d.title}\n{t}" if with_title and d.title.strip() else t
            for d in documents
            for p in d.paragraphs
            for t in passage_texts(p)
        )
    )
    step = 256
    with tqdm(total=len(texts), desc="embedding", unit="passage", disable=not enabled, dynamic_ncols=True) as bar:
        for start in range(0, len(texts), step):
            embedder.encode(texts[start : start + step])
            bar.update(min(step, len(texts) - start))


def _ingest(
    session: Session,
    name: str,
    documents: list[SourceDocument],
    settings: Settings,
    embedder: TextEncoder,
    config: EvalConfig,
    work_dir: Path,
) -> IngestedCollection:
    if config.via_pdf:
        from app.eval.pdf_corpus import ingest_pdfs

        return ingest_pdfs(session, name, documents, settings, embedder, work_dir / "pdf")
    return ingest_text(session, name, documents, settings, embedder)


def _tools(embedder: TextEncoder) -> Any:
    from app.qa.tools import Tools

    return Tools(embedder=embedder)


def _retrieve(
    session: Session,
    collection_id: str,
    question: str,
    options: AskOptions,
    settings: Settings,
    tools: Any,
    no_classify: bool = False,
) -> Retrieval:
    from app.qa.evidence import content_retrieve, retrieve

    if not no_classify:
        return retrieve(session, collection_id, question, options, settings, tools)
    from app.qa import pipeline
    from app.qa.index import get_index

    index = get_index(session, collection_id)
    query_vector = getattr(pipeline, "QueryVector", None)  # lazy question vector (newer pipeline) or an array
    query = (
        query_vector(lambda: tools.encoder(settings), question)
        if query_vector is not None
        else tools.encoder(settings).encode([question])[0]
    )
    nodes, calls = content_retrieve(index, question, query, options, settings, tools)
    return Retrieval(question_type="content", nodes=nodes, llm_calls=calls)


def _answer(
    session: Session, collection_id: str, question: str, options: AskOptions, settings: Settings, tools: Any
) -> tuple[str, str | None, str | None]:
    """(the whole answer, the reader's short answer or None, its best span shown or not)."""
    from app.qa.pipeline import ask

    result = ask(session, collection_id, question, options, settings, tools)
    return result.answer, result.short_answer, result.candidate


def evaluate_question(
    url: str,
    settings: Settings,
    collection: IngestedCollection,
    question: EvalQuestion,
    config: EvalConfig,
    embedder: TextEncoder,
) -> dict[str, QuestionScore]:
    """Every retriever on one question. The question's vector is computed once (by the warm-up) and shared, so
    latency is each retriever's own work on warm caches."""
    scores: dict[str, QuestionScore] = {}
    tools = _tools(embedder)
    with session_scope(url) as session:
        # Warm the collection's caches (index, vectors) so each retriever's latency is its own work.
        try:
            _retrieve(
                session,
                collection.collection_id,
                question.question,
                options_for("dense", settings, 1),
                settings,
                tools,
                config.no_classify,
            )
        except Exception:  # noqa: BLE001 - reported below, per retriever
            log.debug("warm-up retrieval failed", exc_info=True)
        for name in config.retrievers:
            options = options_for(name, settings, config.budget)
            started = time.perf_counter()
            failed = False
            try:
                retrieval = _retrieve(
                    session, collection.collection_id, question.question, options, settings, tools, config.no_classify
                )
            except Exception as exc:  # noqa: BLE001 - one failing question must not end the run
                log.warning("%s failed on %s: %s", name, question.id, exc, exc_info=log.isEnabledFor(logging.DEBUG))
                retrieval, failed = Retrieval(question_type="content", nodes=[]), True
            latency = (time.perf_counter() - started) * 1000
            score = score_retrieval(question, retrieval, collection.passage_keys, latency)
            if failed:
                score.question_type = "error"
            if name in config.answer_with:
                answer_options = options_for(name, settings, config.budget)
                answer_options.reader = config.reader
                short: str | None = None
                candidate: str | None = None
                try:
                    score.answer, short, candidate = _answer(
                        session, collection.collection_id, question.question, answer_options, settings, tools
                    )
                except Exception as exc:  # noqa: BLE001
                    log.warning("answering failed on %s: %s", question.id, exc)
                    score.answer = ""
                # EM/F1 score the direct answer when the reader gave one, else the whole answer.
                score.em, score.f1 = best_em_f1(short or score.answer, question.answers)
                # The reader's best span whether shown or not: how good its extraction is, apart from the gate.
                score.span_em, score.span_f1 = best_em_f1(candidate or short or "", question.answers)
            scores[name] = score
    return scores


def _question_record(question: EvalQuestion, scores: dict[str, QuestionScore]) -> dict[str, Any]:
    return {
        "id": question.id,
        "question": question.question,
        "answer": question.answer,
        "question_type": question.question_type,
        "supporting_paragraph_idx": question.supporting_idx,
        "supporting_titles": [p.title for p in question.paragraphs if p.idx in question.supporting_idx],
        "retrievers": {name: score.as_json() for name, score in scores.items()},
    }


def run_setting(
    url: str,
    settings: Settings,
    embedder: TextEncoder,
    dataset: str,
    questions: list[EvalQuestion],
    setting: str,
    config: EvalConfig,
    work_dir: Path,
) -> EvalRun:
    if setting not in SETTINGS:
        raise ValueError(f"setting must be one of {', '.join(SETTINGS)}")
    timings = {"ingest": 0.0, "questions": 0.0}
    all_scores: dict[str, list[QuestionScore]] = {name: [] for name in config.retrievers}
    records: list[dict[str, Any]] = []
    corpus = {"documents": 0, "passages": 0, "collections": 0}

    def ingest(name: str, documents: list[SourceDocument]) -> IngestedCollection:
        started = time.perf_counter()
        with session_scope(url) as session:
            collection = _ingest(session, name, documents, settings, embedder, config, work_dir)
        timings["ingest"] += time.perf_counter() - started
        corpus["documents"] += collection.documents
        corpus["passages"] += len(collection.passage_keys)
        corpus["collections"] += 1
        return collection

    pooled: IngestedCollection | None = None
    if setting == "pooled":
        documents = pooled_documents(questions)
        if not config.via_pdf:
            started = time.perf_counter()
            warm_embeddings(embedder, documents, settings, config.progress)
            timings["embed"] = time.perf_counter() - started
        pooled = ingest(f"eval:{dataset}:pooled:{time.time_ns()}", documents)
    elif not config.via_pdf:
        started = time.perf_counter()
        warm_embeddings(embedder, pooled_documents(questions), settings, config.progress)
        timings["embed"] = time.perf_counter() - started

    with _progress(len(questions), f"{dataset} {setting}", config.progress) as bar:
        for question in questions:
            collection = pooled or ingest(
                f"eval:{dataset}:{question.id}:{time.time_ns()}", per_question_documents(question)
            )
            started = time.perf_counter()
            scores = evaluate_question(url, settings, collection, question, config, embedder)
            timings["questions"] += time.perf_counter() - started
            for name, score in scores.items():
                all_scores[name].append(score)
            records.append(_question_record(question, scores))
            bar.update(1)
    return EvalRun(
        dataset=dataset,
        setting=setting,
        questions=len(questions),
        retrievers={name: summarise(scores) for name, scores in all_scores.items()},
        per_question=records,
        timings_s={k: round(v, 2) for k, v in timings.items()},
        corpus=corpus,
    )
