from __future__ import annotations

from fastapi import APIRouter, Response, status

from app.api.schemas import (
    API_ERRORS,
    BODY_ERRORS,
    CollectionCreate,
    CollectionDetail,
    CollectionOut,
    collection_out,
    document_out,
    error_responses,
)
from app.dependencies import ActorDep, SessionDep, SettingsDep
from app.services import access, audit
from app.services import collections as service

router = APIRouter(prefix="/api/collections", tags=["collections"], responses=API_ERRORS)


@router.post(
    "",
    status_code=status.HTTP_201_CREATED,
    response_model=CollectionOut,
    responses=error_responses(409, *BODY_ERRORS),
)
def create_collection(body: CollectionCreate, session: SessionDep, actor: ActorDep) -> CollectionOut:
    collection = service.create_collection(session, body.name)
    access.set_owner(collection, actor)
    audit.record(session, actor, "collection.create", collection_id=collection.id, target=collection.name)
    return collection_out(collection, 0)


@router.get("", response_model=list[CollectionOut])
def list_collections(session: SessionDep, actor: ActorDep) -> list[CollectionOut]:
    return [collection_out(c, n) for c, n in access.visible_collections(session, actor)]


@router.get("/{cid}", response_model=CollectionDetail, responses=error_responses(404))
def get_collection(cid: str, session: SessionDep, actor: ActorDep) -> CollectionDetail:
    collection = access.require_collection(session, actor, cid, "viewer")
    documents = [document_out(d) for d in collection.documents]
    return CollectionDetail(**collection_out(collection, len(documents)).model_dump(), documents=documents)


@router.delete("/{cid}", status_code=status.HTTP_204_NO_CONTENT, responses=error_responses(404))
def delete_collection(cid: str, session: SessionDep, settings: SettingsDep, actor: ActorDep) -> Response:
    collection = access.require_collection(session, actor, cid, "owner")
    audit.record(session, actor, "collection.delete", collection_id=cid, target=collection.name)
    service.delete_collection(session, settings, cid)
    return Response(status_code=status.HTTP_204_NO_CONTENT)
