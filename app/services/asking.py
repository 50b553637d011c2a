"""Asking a collection: validate, run the QA pipeline, shape the API's JSON, keep the question in the history."""

from __future__ import annotations

from dataclasses import fields
from typing import Any, get_args

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.db.models import Document, Question
from app.llm.chat import LLMError
from app.qa.model import AskOptions, AskResult, ReaderName, RetrieverName, ScorerName
from app.qa.pipeline import Tools, ask
from app.services import metrics
from app.services.collections import get_collection
from app.services.errors import Conflict, Invalid, ServiceError
from app.settings import Settings

SEED_RANKERS = ("hybrid", "tfidf", "bm25", "dense", "gnn")
MAX_BUDGET = 100
MAX_BRANCHING = 20


class NoReadyDocuments(Conflict):
    def __init__(self) -> None:
        super().__init__("the collection has no ready document yet: upload PDFs and wait until they are processed")


class InvalidQuestion(Invalid):
    pass


class LLMUnavailable(ServiceError):
    """The configured LLM server failed; 502 because the fault is upstream, not in the request."""

    status_code = 502


def _choice(name: str, value: Any, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise InvalidQuestion(f"options.{name} must be one of {', '.join(allowed)}, not {value!r}")
    return str(value)


def _int(name: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidQuestion(f"options.{name} must be an integer from {low} to {high}, not {value!r}")
    return value


def parse_options(raw: dict[str, Any] | None, settings: Settings) -> AskOptions:
    """API/CLI options over the configured defaults; unknown keys and bad values are refused with a reason."""
    raw = dict(raw or {})
    known = {f.name for f in fields(AskOptions)}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise InvalidQuestion(f"unknown option(s): {', '.join(unknown)}")
    r = settings.retrieval
    options = AskOptions(
        retriever=r.retriever,  # type: ignore[arg-type]
        scorer=r.scorer,  # type: ignore[arg-type]
        budget=r.budget,
        branching=r.branching,
        llm="openai" if settings.llm_configured else "local",
        seed_ranker=r.seed_ranker,
    )
    if raw.get("retriever") is not None:
        options.retriever = _choice("retriever", raw["retriever"], get_args(RetrieverName))  # type: ignore[assignment]
    if raw.get("scorer") is not None:
        options.scorer = _choice("scorer", raw["scorer"], get_args(ScorerName))  # type: ignore[assignment]
    if raw.get("llm") is not None:
        options.llm = _choice("llm", raw["llm"], get_args(ReaderName))  # type: ignore[assignment]
    if raw.get("seed_ranker") is not None:
        options.seed_ranker = _choice("seed_ranker", raw["seed_ranker"], SEED_RANKERS)
    if raw.get("budget") is not None:
        options.budget = _int("budget", raw["budget"], 1, MAX_BUDGET)
    if raw.get("branching") is not None:
        options.branching = _int("branching", raw["branching"], 1, MAX_BRANCHING)
    if raw.get("seeds") is not None:
        options.seeds = _int("seeds", raw["seeds"], 1, MAX_BUDGET)
    if (options.llm == "openai" or options.scorer == "llm") and not settings.llm_configured:
        raise InvalidQuestion("no LLM is configured (MDQA_LLM_BASE_URL): use llm 'local' and scorer 'embedding'")
    return options


def _clean_question(question: Any, settings: Settings) -> str:
    if not isinstance(question, str) or not question.strip():
        raise InvalidQuestion("the question is empty")
    question = " ".join(question.split())
    if len(question) > settings.max_question_chars:
        raise InvalidQuestion(
            f"the question is too long: {len(question)} characters (the limit is {settings.max_question_chars})"
        )
    return question


def result_json(result: AskResult, question_id: str | None = None) -> dict[str, Any]:
    """The API's ask response (API.md, Asking)."""
    nodes = result.retrieval.nodes
    payload: dict[str, Any] = {
        "question": result.question,
        "question_type": result.question_type,
        "answer": result.answer,
        "short_answer": result.short_answer,
        "citations": [
            {
                "marker": c.marker,
                "node_id": c.node_id,
                "kind": c.kind,
                "document_id": c.document_id,
                "filename": c.filename,
                "page": c.page,
                "text": c.text,
            }
            for c in result.citations
        ],
        "evidence": {
            "nodes": [
                {
                    "id": n.node_id,
                    "kind": n.kind,
                    "document_id": n.document_id,
                    "page": n.page,
                    "label": n.label,
                    "text": n.text,
                    "hop": n.hop,
                    "score": round(float(n.score), 6),
                }
                for n in nodes
            ],
            "edges": [
                {"source": n.parent, "target": n.node_id, "kind": n.edge_kind, "hop": n.hop}
                for n in nodes
                if n.parent is not None
            ],
        },
        "retrieved": [n.node_id for n in nodes],
        "timings_ms": {k: result.timings_ms.get(k, 0.0) for k in ("classify", "retrieve", "answer", "total")},
        "llm_calls": result.llm_calls,
    }
    # The table cell the answer was read from (node_id, row, column, value, bbox), null for other answers.
    payload["cell"] = result.retrieval.extras.get("cell")
    if question_id is not None:
        payload["id"] = question_id
    return payload


def ask_collection(
    session: Session,
    collection_id: str,
    question: Any,
    options_dict: dict[str, Any] | None,
    settings: Settings,
    tools: Tools | None = None,
) -> dict[str, Any]:
    """Answer `question` over the collection's ready documents and record it; the API's JSON."""
    get_collection(session, collection_id)  # NotFound (404) first: an unknown collection is not a bad question
    question = _clean_question(question, settings)
    options = parse_options(options_dict, settings)
    ready = session.scalar(
        select(Document.id).where(Document.collection_id == collection_id, Document.status == "ready").limit(1)
    )
    if ready is None:
        raise NoReadyDocuments()
    try:
        result = ask(session, collection_id, question, options, settings, tools)
    except LLMError as exc:
        metrics.record_llm_error()
        raise LLMUnavailable(str(exc)) from exc
    seconds = result.timings_ms.get("total", 0.0) / 1000.0
    metrics.record_ask(result.question_type, options.llm, seconds, result.llm_calls)
    record = Question(
        collection_id=collection_id,
        question=question,
        question_type=result.question_type,
        answer=result.answer,
        options={f.name: getattr(options, f.name) for f in fields(AskOptions)},
        result={},
    )
    session.add(record)
    session.flush()
    payload = result_json(result, record.id)
    payload["options"] = record.options  # what was actually used, defaults filled in
    record.result = payload
    session.flush()
    return payload


def list_questions(session: Session, collection_id: str, limit: int = 100) -> list[dict[str, Any]]:
    """Past questions of a collection with their answers, newest first."""
    get_collection(session, collection_id)
    rows = session.scalars(
        select(Question)
        .where(Question.collection_id == collection_id)
        .order_by(Question.created_at.desc(), Question.id.desc())
        .limit(limit)
    )
    return [
        {
            "id": q.id,
            "question": q.question,
            "question_type": q.question_type,
            "answer": q.answer,
            "options": q.options,
            "created_at": q.created_at.isoformat() if q.created_at else None,
            "result": q.result,
        }
        for q in rows
    ]
