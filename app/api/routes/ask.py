"""Asking a collection and its question history (API.md, Asking)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from app.api.deps import SessionDep, SettingsDep
from app.services import asking as service

router = APIRouter(prefix="/api/collections", tags=["ask"])


class AskBody(BaseModel):
    # Validated by the service (clear 422 reasons, shared with the CLI); typed loosely here on purpose.
    question: Any = Field(None, description="the question")
    options: dict[str, Any] | None = Field(
        None, description='{"retriever": "kgp"|"gnn"|"tfidf"|"bm25"|"dense", "budget", "branching", "llm"}'
    )


@router.post("/{cid}/ask")
def ask(cid: str, body: AskBody, session: SessionDep, settings: SettingsDep) -> dict[str, Any]:
    payload = service.ask_collection(session, cid, body.question, body.options, settings)
    session.commit()
    return payload


@router.get("/{cid}/questions")
def questions(cid: str, session: SessionDep) -> list[dict[str, Any]]:
    return service.list_questions(session, cid)
