"""Asking a collection and its question history (API.md, Asking).

`POST /api/collections/{cid}/ask` answers with the whole JSON response, or, with `"stream": true` in the body, as
server-sent events (`text/event-stream`), each `event: <name>` with one JSON `data:` line:

- `citation` `{"marker", "node_id", "kind", "document_id", "filename", "page", "text"}`: a marker first used in the
  answer, sent before the `delta` whose text contains it (so `[n]` can be linked the moment it appears);
- `delta` `{"text"}`: the next piece of the answer's Markdown (an LLM reader streams many; the built-in reader
  sends its answer a paragraph at a time);
- `citations` `{"citations": [...]}` and `evidence` `{"evidence": {...}, "retrieved": [...]}` once it is written;
- `done`: the whole response object, exactly what the non-streamed call returns (with its history `id`, and the
  answer's canonical text: it may differ from the deltas joined in whitespace around dropped markers);
- `error` `{"status", "detail"}` when the answer failed after the stream began: 502 when the LLM server broke off,
  404 when the collection was deleted meanwhile, 500 with a fixed sentence for anything else (never the exception).

A bad request (unknown collection, empty question, bad option, no ready document) is refused before any event, as
a JSON error with its 4xx status, streamed or not.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from fastapi import APIRouter
from fastapi.responses import StreamingResponse

from app.api.schemas import API_ERRORS, BODY_ERRORS, AskBody, AskOut, QuestionOut, QuestionSummaryOut, error_responses
from app.dependencies import ActorDep, AskLimit, SessionDep, SettingsDep
from app.services import access, ask_stream, audit
from app.services import asking as service

router = APIRouter(prefix="/api/collections", tags=["ask"], responses=API_ERRORS)


def sse(events: Iterator[tuple[str, Any]]) -> Iterator[bytes]:
    for name, data in events:
        yield f"event: {name}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n".encode()


@router.post(
    "/{cid}/ask",
    response_model=AskOut,
    responses={
        200: {"content": {"text/event-stream": {"schema": {"type": "string"}}}},
        **error_responses(404, 409, 429, 502, *BODY_ERRORS),
    },
    dependencies=[AskLimit],
)
def ask(cid: str, body: AskBody, session: SessionDep, settings: SettingsDep, actor: ActorDep) -> Any:
    access.require_collection(session, actor, cid, "viewer")
    audit.record_apart(settings.resolved_database_url, actor, "ask", collection_id=cid, target=body.question)
    if body.stream:
        request = service.prepare_ask(session, cid, body.question, body.options, settings)
        return StreamingResponse(
            sse(ask_stream.stream_answer(request, settings)),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},  # proxies must not hold events back
        )
    return service.ask_collection(session, cid, body.question, body.options, settings)


@router.get("/{cid}/questions", response_model=list[QuestionSummaryOut], responses=error_responses(404))
def questions(cid: str, session: SessionDep, actor: ActorDep) -> Any:
    access.require_collection(session, actor, cid, "viewer")
    return service.list_questions(session, cid)


@router.get("/{cid}/questions/{qid}", response_model=QuestionOut, responses=error_responses(404))
def question(cid: str, qid: str, session: SessionDep, actor: ActorDep) -> Any:
    """One past question with its stored response (`result`, the ask response, with `answer_html`)."""
    access.require_collection(session, actor, cid, "viewer")
    return service.get_question(session, cid, qid)
