"""Who am I, API tokens, collection members and the audit trail (users themselves are managed with `mdqa user`)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from fastapi import APIRouter, Query, Response, status
from pydantic import BaseModel, Field
from sqlalchemy.orm import Session

from app.api.schemas import API_ERRORS, BODY_ERRORS, Text, error_responses
from app.db.models import User
from app.dependencies import ActorDep, AdminDep, SessionDep
from app.services import access, audit, users
from app.services.access import Actor
from app.services.errors import Invalid

router = APIRouter(prefix="/api", tags=["access"], responses=API_ERRORS)


class Me(BaseModel):
    name: str
    is_admin: bool
    auth: bool = Field(description="false in the single-user embedded default (no login)")


class TokenCreate(BaseModel):
    name: Text = Field(min_length=1, max_length=100, description="what the token is for")


class TokenOut(BaseModel):
    id: str
    name: str
    created_at: datetime


class TokenCreated(TokenOut):
    token: str = Field(description="shown once; only its hash is kept")


class MemberIn(BaseModel):
    user: Text = Field(min_length=1, max_length=64)
    role: Literal["viewer", "editor"]


class MemberOut(BaseModel):
    user: str
    role: str


class AuditEventOut(BaseModel):
    id: int
    at: str = Field(description="ISO 8601 time")
    user: str
    action: str = Field(description='e.g. "collection.create", "document.upload", "ask", "member.set"')
    collection_id: str | None
    target: str
    detail: str


def _user(session: Session, actor: Actor) -> User:
    user = users.account_of(session, actor)
    if user is None:
        raise Invalid("no users exist yet (single-user mode): create one with `mdqa user create NAME --admin`")
    return user


@router.get("/me", response_model=Me)
def me(actor: ActorDep) -> Me:
    return Me(name=actor.name, is_admin=actor.is_admin, auth=actor.user_id is not None)


@router.get("/tokens", response_model=list[TokenOut])
def list_tokens(session: SessionDep, actor: ActorDep) -> list[TokenOut]:
    if actor.user_id is None:
        return []
    return [
        TokenOut(id=t.id, name=t.name, created_at=t.created_at)
        for t in users.list_tokens(session, _user(session, actor))
    ]


@router.post(
    "/tokens",
    status_code=status.HTTP_201_CREATED,
    response_model=TokenCreated,
    responses=error_responses(409, *BODY_ERRORS),
)
def create_token(body: TokenCreate, session: SessionDep, actor: ActorDep) -> TokenCreated:
    issued = users.issue_token(session, _user(session, actor), name=body.name)
    audit.record(session, actor, "token.create", target=issued.row.name)
    return TokenCreated(id=issued.row.id, name=issued.row.name, created_at=issued.row.created_at, token=issued.token)


@router.delete("/tokens/{token_id}", status_code=status.HTTP_204_NO_CONTENT, responses=error_responses(404))
def revoke_token(token_id: str, session: SessionDep, actor: ActorDep) -> Response:
    row = users.revoke_token(session, _user(session, actor), token_id)
    audit.record(session, actor, "token.revoke", target=row.name)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.get("/collections/{cid}/members", response_model=list[MemberOut], responses=error_responses(404))
def list_members(cid: str, session: SessionDep, actor: ActorDep) -> list[MemberOut]:
    return [MemberOut(**m) for m in access.list_members(session, actor, cid)]


@router.put("/collections/{cid}/members", response_model=MemberOut, responses=error_responses(404, *BODY_ERRORS))
def set_member(cid: str, body: MemberIn, session: SessionDep, actor: ActorDep) -> MemberOut:
    member = access.set_member(session, actor, cid, body.user, body.role)
    audit.record(session, actor, "member.set", collection_id=cid, target=body.user, detail=body.role)
    return MemberOut(**member)


@router.delete(
    "/collections/{cid}/members/{user}", status_code=status.HTTP_204_NO_CONTENT, responses=error_responses(404)
)
def remove_member(cid: str, user: str, session: SessionDep, actor: ActorDep) -> Response:
    access.remove_member(session, actor, cid, user)
    audit.record(session, actor, "member.remove", collection_id=cid, target=user)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.get("/audit", response_model=list[AuditEventOut])
def audit_events(
    session: SessionDep,
    _admin: AdminDep,
    limit: Annotated[int, Query(ge=1, le=10_000)] = 100,
    user: Annotated[Text | None, Query(max_length=64)] = None,
    action: Annotated[Text | None, Query(max_length=32)] = None,
) -> list[AuditEventOut]:
    return [AuditEventOut(**event) for event in audit.list_events(session, limit=limit, user=user, action=action)]
