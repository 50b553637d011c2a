"""Asking a collection: validate, run the QA pipeline, shape the API's JSON, keep the question in the history.

Two ways out: `ask_collection` returns the whole response; app.services.ask_stream yields it as events while the
answer is being written. Both answer through `answer_and_record`.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, fields
from typing import Any

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, StrictInt, ValidationError
from sqlalchemy import select
from sqlalchemy.orm import Session

from app.db.models import Collection, DocTable, Document, Question
from app.llm.chat import LLMError
from app.qa.ask import AskOptions, AskResult
from app.qa.llm_reader import AnswerSink
from app.qa.markdown import answer_html
from app.qa.pipeline import ask
from app.qa.tools import Tools
from app.services import metrics
from app.services.collections import get_collection
from app.services.errors import Conflict, Invalid, NotFound, ServiceError
from app.settings import Settings
from app.text.validity import is_blank, problem
from app.vocabulary import (
    MAX_BRANCHING,
    MAX_BUDGET,
    MAX_SEEDS,
    ReaderName,
    RetrieverName,
    ScorerName,
    SeedRankerName,
)


class NoReadyDocuments(Conflict):
    def __init__(self) -> None:
        super().__init__("the collection has no ready document yet: upload PDFs and wait until they are processed")


class InvalidQuestion(Invalid):
    pass


class CollectionDeleted(NotFound):
    def __init__(self) -> None:
        super().__init__("the collection was deleted while the question was answered")


class LLMUnavailable(ServiceError):
    """The configured LLM server failed; 502 because the fault is upstream, not in the request."""

    status_code = 502


class AskOptionsIn(BaseModel):
    """Per-question options over the configured defaults; unknown keys and bad values are refused."""

    model_config = ConfigDict(extra="forbid")

    retriever: RetrieverName | None = None
    scorer: ScorerName | None = Field(None, description="how KGP scores the neighbours to visit next")
    seed_ranker: SeedRankerName | None = None
    # "llm" is the name API.md gave it first; both are accepted.
    reader: ReaderName | None = Field(
        None, validation_alias=AliasChoices("reader", "llm"), description="local (built-in) or openai (LLM server)"
    )
    budget: StrictInt | None = Field(None, ge=1, le=MAX_BUDGET, description="passages the retriever may return")
    branching: StrictInt | None = Field(None, ge=1, le=MAX_BRANCHING)
    seeds: StrictInt | None = Field(None, ge=1, le=MAX_SEEDS)


def readable(error: ValidationError, prefix: str = "") -> str:
    """A ValidationError as one sentence: `where: what` for each problem."""
    parts = []
    for item in error.errors():
        where = ".".join(str(p) for p in item.get("loc", ()))
        parts.append(f"{prefix}{where}: {item.get('msg')}" if where else str(item.get("msg")))
    return "; ".join(parts) or "invalid request"


def parse_options(raw: AskOptionsIn | dict[str, Any] | None, settings: Settings) -> AskOptions:
    """API/CLI options over the configured defaults; unknown keys and bad values are refused with a reason."""
    if not isinstance(raw, AskOptionsIn):
        try:
            raw = AskOptionsIn.model_validate(raw or {})
        except ValidationError as exc:
            raise InvalidQuestion(readable(exc, "options.")) from None
    r = settings.retrieval
    options = AskOptions(
        retriever=raw.retriever or r.retriever,
        scorer=raw.scorer or r.scorer,
        budget=raw.budget or r.budget,
        branching=raw.branching or r.branching,
        reader=raw.reader or ("openai" if settings.llm_configured else "local"),
        seed_ranker=raw.seed_ranker or r.seed_ranker,
        seeds=raw.seeds,
    )
    if (options.reader == "openai" or options.scorer == "llm") and not settings.llm_configured:
        raise InvalidQuestion("no LLM is configured (MDQA_LLM_BASE_URL): use reader 'local' and scorer 'embedding'")
    return options


def _clean_question(question: Any, settings: Settings) -> str:
    # The API refused such text while reading the request; the web form and the CLI come through here.
    if not isinstance(question, str) or is_blank(question):
        raise InvalidQuestion("the question is empty (it holds only whitespace or invisible characters)")
    if (why := problem(question)) is not None:
        raise InvalidQuestion(f"the question {why}")
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
            # The DAG from the question to the cited units (nodes, edges with their reasons); null when none.
            "explanation": explanation.to_json() if (explanation := result.retrieval.explanation) else None,
        },
        "retrieved": [n.node_id for n in nodes],
        "timings_ms": {k: result.timings_ms.get(k, 0.0) for k in ("classify", "retrieve", "answer", "total")},
        "llm_calls": result.llm_calls,
    }
    # The table cell the answer was read from (node_id, row, column, value, bbox), null for other answers.
    payload["cell"] = result.retrieval.cell
    # Every cell the answer was read from (both values of an arithmetic or a comparison), each boxed in the viewer.
    read = result.retrieval.cells or ([result.retrieval.cell] if result.retrieval.cell else [])
    payload["cells"] = [dict(c) for c in read]
    if question_id is not None:
        payload["id"] = question_id
    return payload


@dataclass(slots=True)
class AskRequest:
    """A validated question, ready to be answered (checked before any streaming starts, so a bad one is a 4xx)."""

    collection_id: str
    question: str
    options: AskOptions
    filenames: dict[str, str]  # document id -> file name, for citations sent while the answer streams


def prepare_ask(
    session: Session,
    collection_id: str,
    question: Any,
    options_dict: AskOptionsIn | dict[str, Any] | None,
    settings: Settings,
) -> AskRequest:
    """Validate a question: NotFound, InvalidQuestion or NoReadyDocuments with a reason, else the request."""
    get_collection(session, collection_id)  # NotFound (404) first: an unknown collection is not a bad question
    question = _clean_question(question, settings)
    options = parse_options(options_dict, settings)
    rows = session.execute(
        select(Document.id, Document.filename, Document.status).where(Document.collection_id == collection_id)
    ).all()
    if not any(r.status == "ready" for r in rows):
        raise NoReadyDocuments()
    return AskRequest(collection_id, question, options, {r.id: r.filename for r in rows})


def ask_collection(
    session: Session,
    collection_id: str,
    question: Any,
    options_dict: AskOptionsIn | dict[str, Any] | None,
    settings: Settings,
    tools: Tools | None = None,
) -> dict[str, Any]:
    """Answer `question` over the collection's ready documents and record it; the API's JSON."""
    request = prepare_ask(session, collection_id, question, options_dict, settings)
    return answer_and_record(session, request, settings, tools)


def answer_and_record(
    session: Session,
    request: AskRequest,
    settings: Settings,
    tools: Tools | None = None,
    sink: AnswerSink | None = None,
) -> dict[str, Any]:
    """Answer a prepared question and keep it in the history; the API's JSON. LLMUnavailable when the LLM failed,
    CollectionDeleted when the collection went away meanwhile (whatever that broke on the way)."""
    with _deletion_is_not_found(session, request.collection_id):
        try:
            result = ask(session, request.collection_id, request.question, request.options, settings, tools, sink=sink)
        except LLMError as exc:
            metrics.record_llm_error()
            raise LLMUnavailable(str(exc)) from exc
        return _record(session, request.collection_id, result, request.options)


@contextmanager
def _deletion_is_not_found(session: Session, collection_id: str) -> Iterator[None]:
    """CollectionDeleted for whatever fails once the collection is gone: a delete may strike at any point of an
    answer (its rows vanish under the reader, or recording the question breaks the foreign key), and what the
    client needs to hear is that, not the failure it caused."""
    try:
        yield
    except LLMUnavailable:
        raise
    except Exception as exc:
        if _collection_gone(session, collection_id):
            raise CollectionDeleted() from exc
        raise


def _collection_gone(session: Session, collection_id: str) -> bool:
    # A session of its own: the caller's transaction may be the one that failed (PostgreSQL refuses any further
    # statement in it). If even this look-up fails, the original error is the one to report.
    try:
        with Session(bind=session.get_bind()) as fresh:
            return fresh.get(Collection, collection_id) is None
    except Exception:  # noqa: BLE001 - e.g. the database went away: not evidence of a delete
        return False


def _cell_with_box(session: Session, cell: dict[str, Any]) -> dict[str, Any]:
    """The cited cell with its box from the table's cell boxes when the look-up did not give one."""
    if cell.get("bbox") is not None:
        return cell
    row, column = cell.get("row_index"), cell.get("column_index")
    boxes = session.scalar(select(DocTable.cell_boxes).where(DocTable.id == cell.get("node_id")))
    bbox = None
    if isinstance(row, int) and isinstance(column, int) and boxes and 0 <= row < len(boxes):
        line = boxes[row] or []
        bbox = line[column] if 0 <= column < len(line) else None
    return {**cell, "bbox": bbox}


def _record(session: Session, collection_id: str, result: AskResult, options: AskOptions) -> dict[str, Any]:
    """Keep the question and its whole response in the history; the response (with its id)."""
    seconds = result.timings_ms.get("total", 0.0) / 1000.0
    metrics.record_ask(result.question_type, options.reader, seconds, result.llm_calls)
    record = Question(
        collection_id=collection_id,
        question=result.question,
        question_type=result.question_type,
        answer=result.answer,
        options={f.name: getattr(options, f.name) for f in fields(AskOptions)},
        result={},
    )
    session.add(record)
    session.flush()
    payload = result_json(result, record.id)
    if payload.get("cell"):  # always present, null when the answer is not a table cell
        payload["cell"] = _cell_with_box(session, payload["cell"])
    payload["cells"] = [_cell_with_box(session, c) for c in payload.get("cells", [])]
    payload["options"] = record.options  # what was actually used, defaults filled in
    payload["answer_html"] = answer_html(payload["answer"], payload["citations"])
    record.result = payload
    session.flush()
    return payload


def get_question(session: Session, collection_id: str, question_id: str) -> dict[str, Any]:
    """One recorded question with its stored response (404 when it is not in this collection)."""
    get_collection(session, collection_id)
    record = session.get(Question, question_id)
    if record is None or record.collection_id != collection_id:
        raise NotFound("this question is not in the collection's history (it may have been deleted)")
    result = dict(record.result or {})
    result.setdefault("question", record.question)
    result.setdefault("answer", record.answer)
    result.setdefault("citations", [])
    result["answer_html"] = answer_html(result.get("answer") or "", result["citations"])
    return {
        "id": record.id,
        "question": record.question,
        "question_type": record.question_type,
        "created_at": record.created_at.isoformat() if record.created_at else None,
        "result": result,
    }


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
