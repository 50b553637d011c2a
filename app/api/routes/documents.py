from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, File, Form, Path, Query, Request, Response, UploadFile, status
from fastapi.responses import FileResponse

from app.api.schemas import (
    API_ERRORS,
    BODY_ERRORS,
    DocumentOut,
    PageOut,
    RejectedOut,
    Secret,
    TableOut,
    UnlockIn,
    UploadedOut,
    UploadOut,
    document_out,
    error_responses,
    page_out,
    table_out,
)
from app.dependencies import ActorDep, SessionDep, SettingsDep, UploadLimit
from app.services import access, audit
from app.services import documents as service

router = APIRouter(tags=["documents"], responses=API_ERRORS)

# Page numbers are stored as 32-bit integers; a larger one is refused (422) before it reaches a query, where it
# would overflow the database's integer (SQLite beyond 64 bits, PostgreSQL beyond 2^31).
PageNumber = Annotated[int, Path(ge=1, le=2**31 - 1, description="page number, from 1")]


@router.post(
    "/api/collections/{cid}/documents",
    status_code=status.HTTP_202_ACCEPTED,
    response_model=UploadOut,
    responses=error_responses(404, 409, 429, *BODY_ERRORS),
    dependencies=[UploadLimit],
)
def upload_documents(
    cid: str,
    request: Request,
    session: SessionDep,
    settings: SettingsDep,
    actor: ActorDep,
    files: Annotated[list[UploadFile], File(description="PDF files; a filename may hold a relative folder path")],
    password: Annotated[
        Secret | None, Form(description="opens the encrypted PDFs of this upload; never stored", max_length=1024)
    ] = None,
) -> UploadOut:
    access.require_collection(session, actor, cid, "editor")
    result = service.upload_files(
        session, settings, request.app.state.queue, cid, [(f.filename, f.file) for f in files], password=password
    )
    if result.files:
        names = ", ".join(u.uploaded_as for u in result.files if not u.duplicate) or "(duplicates only)"
        audit.record(session, actor, "document.upload", collection_id=cid, target=names)
    return UploadOut(
        documents=[
            UploadedOut(**document_out(u.document).model_dump(), duplicate=u.duplicate, uploaded_as=u.uploaded_as)
            for u in result.files
        ],
        rejected=[RejectedOut(filename=r.filename, detail=r.detail) for r in result.rejected],
    )


@router.post(
    "/api/documents/{did}/unlock",
    status_code=status.HTTP_202_ACCEPTED,
    response_model=DocumentOut,
    responses=error_responses(
        404, *BODY_ERRORS, notes={409: "the document is not locked", 422: "wrong password, or a bad field"}
    ),
)
def unlock_document(
    did: str, body: UnlockIn, request: Request, session: SessionDep, settings: SettingsDep, actor: ActorDep
) -> DocumentOut:
    """Queue a document that failed with "password required" again, with its password (checked first)."""
    access.require_document(session, actor, did, "editor")
    document = service.unlock_document(session, settings, request.app.state.queue, did, body.password)
    return document_out(document)


@router.get("/api/documents/{did}", response_model=DocumentOut, responses=error_responses(404))
def get_document(did: str, session: SessionDep, actor: ActorDep) -> DocumentOut:
    return document_out(access.require_document(session, actor, did, "viewer"))


@router.delete("/api/documents/{did}", status_code=status.HTTP_204_NO_CONTENT, responses=error_responses(404))
def delete_document(did: str, session: SessionDep, settings: SettingsDep, actor: ActorDep) -> Response:
    document = access.require_document(session, actor, did, "editor")
    audit.record(session, actor, "document.delete", collection_id=document.collection_id, target=document.path)
    service.delete_document(session, settings, did)
    return Response(status_code=status.HTTP_204_NO_CONTENT)


@router.get(
    "/api/documents/{did}/file",
    response_class=FileResponse,
    responses={200: {"content": {"application/pdf": {}}, "description": "the uploaded PDF"}, **error_responses(404)},
)
def get_file(did: str, session: SessionDep, settings: SettingsDep, actor: ActorDep) -> FileResponse:
    access.require_document(session, actor, did, "viewer")
    path, document = service.original_file(session, settings, did)
    return FileResponse(
        path, media_type="application/pdf", filename=document.filename, content_disposition_type="inline"
    )


@router.get("/api/documents/{did}/pages/{n}", response_model=PageOut, responses=error_responses(404))
def get_page(did: str, n: PageNumber, session: SessionDep, actor: ActorDep) -> PageOut:
    access.require_document(session, actor, did, "viewer")
    return page_out(*service.get_page(session, did, n))


@router.get(
    "/api/documents/{did}/pages/{n}/image",
    response_class=Response,
    responses={
        200: {"content": {"image/png": {}}, "description": "the page drawn as PNG"},
        **error_responses(404, notes={409: "the page cannot be drawn"}),
    },
)
def get_page_image(
    did: str,
    n: PageNumber,
    session: SessionDep,
    settings: SettingsDep,
    actor: ActorDep,
    scale: Annotated[float, Query(gt=0.1, le=4.0)] = 1.5,
) -> Response:
    access.require_document(session, actor, did, "viewer")
    png = service.page_image(session, settings, did, n, scale)
    return Response(png, media_type="image/png", headers={"Cache-Control": "private, max-age=86400"})


@router.get("/api/documents/{did}/tables", response_model=list[TableOut], responses=error_responses(404))
def list_tables(did: str, session: SessionDep, actor: ActorDep) -> list[TableOut]:
    document = access.require_document(session, actor, did, "viewer")
    return [table_out(t) for t in service.list_tables(session, document.id)]
