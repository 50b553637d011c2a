from __future__ import annotations

from fastapi import APIRouter, Response, status

from app.api.deps import SessionDep, SettingsDep
from app.api.schemas import (
    CollectionCreate,
    CollectionDetail,
    CollectionOut,
    collection_out,
    document_out,
)
from app.services import collections as service

router = APIRouter(prefix="/api/collections", tags=["collections"])


@router.post("", status_code=status.HTTP_201_CREATED, response_model=CollectionOut)
def create_collection(body: CollectionCreate, session: SessionDep) -> CollectionOut:
    collection = service.create_collection(session, body.name)
    return collection_out(collection, 0)


@router.get("", response_model=list[CollectionOut])
def list_collections(session: SessionDep) -> list[CollectionOut]:
    return [collection_out(c, n) for c, n in service.list_collections(session)]


@router.get("/{cid}", response_model=CollectionDetail)
def get_collection(cid: str, session: SessionDep) -> CollectionDetail:
    collection = service.get_collection(session, cid)
    documents = [document_out(d) for d in collection.documents]
    return CollectionDetail(**collection_out(collection, len(documents)).model_dump(), documents=documents)


@router.delete("/{cid}", status_code=status.HTTP_204_NO_CONTENT)
def delete_collection(cid: str, session: SessionDep, settings: SettingsDep) -> Response:
    service.delete_collection(session, settings, cid)
    return Response(status_code=status.HTTP_204_NO_CONTENT)
