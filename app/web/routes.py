"""HTML pages: server-rendered with Jinja2 (autoescaped); htmx and small scripts call the JSON API for the rest.

Every text that comes from a PDF reaches the browser either through Jinja's autoescaping or, in scripts,
through `textContent`; never as markup. The one exception is an answer's HTML, which is Markdown rendered and then
sanitised by an allow-list (app.qa.markdown) before it is marked safe.

Asking changes state, so it is a POST (the page's script streams it from the API; without script the form posts
here and is redirected to the answer). Every answer has its own address, /collections/{cid}/questions/{qid}, that
shows the stored answer without asking again; /collections/{cid}/ask?q=… only fills in the box.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Form, Query, Request, Response
from fastapi.responses import HTMLResponse, RedirectResponse
from fastapi.templating import Jinja2Templates
from markupsafe import Markup

from app.db.models import Collection, Document
from app.dependencies import ActorDep, SessionDep, SettingsDep, limit_asks
from app.services import access, audit
from app.services import asking as asking_service
from app.services import collections as collection_service
from app.services import documents as document_service
from app.services.errors import NotFound, ServiceError
from app.vocabulary import MAX_BRANCHING, MAX_BUDGET, RETRIEVERS

ROOT = Path(__file__).resolve().parents[2]
templates = Jinja2Templates(directory=ROOT / "templates")

router = APIRouter(include_in_schema=False)

BUSY = ("queued", "processing")


def not_found_page(request: Request, message: str | None = None) -> Response:
    """The friendly 404 page for any non-API path."""
    return templates.TemplateResponse(
        request,
        "not_found.html",
        {"message": message or "There is no page at this address.", "path": request.url.path},
        status_code=404,
    )


def int_or(value: str, default: int) -> int:
    """A number from a query string typed by hand; anything else falls back to the default (no 422 page)."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def document_view(d: Document) -> dict[str, Any]:
    return {
        "id": d.id,
        "filename": d.filename,
        "path": d.path,
        "status": d.status,
        "error": d.error,
        "progress": round(float(d.progress or 0.0), 3),
        "page_count": d.page_count,
        "passage_count": d.passage_count,
        "table_count": d.table_count,
        "size_bytes": d.size_bytes,
        "text_source": d.text_source,
        "locked": document_service.is_locked(d),
    }


def _collection_documents(collection: Collection) -> list[dict[str, Any]]:
    return [document_view(d) for d in sorted(collection.documents, key=lambda d: (d.path or d.filename).lower())]


# ---------------------------------------------------------------------------------------------- collections


@router.get("/", response_class=HTMLResponse)
def collections_page(request: Request, session: SessionDep, actor: ActorDep) -> Response:
    rows = access.visible_collections(session, actor)
    return templates.TemplateResponse(
        request,
        "collections.html",
        {"collections": [{"id": c.id, "name": c.name, "created_at": c.created_at, "count": n} for c, n in rows]},
    )


@router.post("/collections", response_class=HTMLResponse)
def create_collection(
    request: Request, session: SessionDep, actor: ActorDep, name: Annotated[str, Form()] = ""
) -> Response:
    """The create form; works with htmx (HX-Redirect) and as a plain form post (303)."""
    try:
        collection = collection_service.create_collection(session, name)
        access.set_owner(collection, actor)
        audit.record(session, actor, "collection.create", collection_id=collection.id, target=collection.name)
    except ServiceError as exc:
        if request.headers.get("HX-Request"):
            return templates.TemplateResponse(
                request, "_error.html", {"message": str(exc)}, status_code=200, headers={"HX-Reswap": "innerHTML"}
            )
        rows = access.visible_collections(session, actor)
        return templates.TemplateResponse(
            request,
            "collections.html",
            {
                "collections": [{"id": c.id, "name": c.name, "created_at": c.created_at, "count": n} for c, n in rows],
                "error": str(exc),
                "name": name,
            },
            status_code=exc.status_code,
        )
    url = f"/collections/{collection.id}"
    if request.headers.get("HX-Request"):
        return Response(status_code=200, headers={"HX-Redirect": url})
    return RedirectResponse(url, status_code=303)


@router.get("/collections/{cid}", response_class=HTMLResponse)
def collection_page(cid: str, request: Request, session: SessionDep, actor: ActorDep) -> Response:
    try:
        collection = access.require_collection(session, actor, cid)
    except NotFound:
        return not_found_page(request, "This collection does not exist (it may have been deleted).")
    documents = _collection_documents(collection)
    return templates.TemplateResponse(
        request,
        "collection.html",
        {
            "collection": collection,
            "documents": documents,
            "busy": any(d["status"] in BUSY for d in documents),
            "active": "documents",
        },
    )


@router.get("/collections/{cid}/documents-table", response_class=HTMLResponse)
def documents_fragment(cid: str, request: Request, session: SessionDep, actor: ActorDep) -> Response:
    """The live documents table (htmx polls it while any document is queued or processing)."""
    try:
        collection = access.require_collection(session, actor, cid)
    except NotFound:
        return templates.TemplateResponse(
            request, "_error.html", {"message": "This collection no longer exists."}, status_code=200
        )
    documents = _collection_documents(collection)
    return templates.TemplateResponse(
        request,
        "_documents.html",
        {"collection": collection, "documents": documents, "busy": any(d["status"] in BUSY for d in documents)},
    )


HISTORY_ON_ASK_PAGE = 15


def _history(session: SessionDep, cid: str, limit: int) -> list[dict[str, Any]]:
    return [
        {
            "id": q["id"],
            "question": q["question"],
            "question_type": q["question_type"],
            "created_at": q["created_at"],
            "url": f"/collections/{cid}/questions/{q['id']}",
        }
        for q in asking_service.list_questions(session, cid, limit=limit)
    ]


def _ask_page(
    request: Request,
    session: SessionDep,
    settings: SettingsDep,
    collection: Collection,
    question: str = "",
    stored: dict[str, Any] | None = None,
    error: str | None = None,
    status_code: int = 200,
    headers: dict[str, str] | None = None,
) -> Response:
    documents = _collection_documents(collection)
    result = stored["result"] if stored else None
    return templates.TemplateResponse(
        request,
        "ask.html",
        {
            "collection": collection,
            "documents": documents,
            "ready_count": sum(1 for d in documents if d["status"] == "ready"),
            "doc_labels": {d["id"]: d["path"] for d in documents},
            "question": question,
            "retrievers": RETRIEVERS,
            "defaults": settings.retrieval,
            "limits": {"budget": MAX_BUDGET, "branching": MAX_BRANCHING},
            "llm_configured": settings.llm_configured,
            "active": "ask",
            "stored": stored,
            "result": result,
            # Sanitised by app.qa.markdown (allow-listed tags, attributes and URL schemes) before it is trusted.
            "answer_html": Markup(result["answer_html"]) if result else None,
            "history": _history(session, collection.id, HISTORY_ON_ASK_PAGE),
            "error": error,
        },
        status_code=status_code,
        headers=headers,
    )


@router.get("/collections/{cid}/ask", response_class=HTMLResponse)
def ask_page(
    cid: str,
    request: Request,
    session: SessionDep,
    settings: SettingsDep,
    actor: ActorDep,
    q: Annotated[str, Query(max_length=4000)] = "",
) -> Response:
    """The ask page; `q` only fills in the box (a GET never asks: asking records a question)."""
    try:
        collection = access.require_collection(session, actor, cid)
    except NotFound:
        return not_found_page(request, "This collection does not exist (it may have been deleted).")
    return _ask_page(request, session, settings, collection, question=q)


@router.post("/collections/{cid}/ask", response_class=HTMLResponse)
def ask_form(
    cid: str,
    request: Request,
    session: SessionDep,
    settings: SettingsDep,
    actor: ActorDep,
    question: Annotated[str, Form()] = "",
    retriever: Annotated[str, Form()] = "",
    reader: Annotated[str, Form()] = "",
) -> Response:
    """The ask form without script: answer, record, and redirect (303) to the answer's own page."""
    try:
        collection = access.require_collection(session, actor, cid)
    except NotFound:
        return not_found_page(request, "This collection does not exist (it may have been deleted).")
    options = {k: v for k, v in (("retriever", retriever), ("reader", reader)) if v}
    try:
        limit_asks(request, actor)
        audit.record_apart(settings.resolved_database_url, actor, "ask", collection_id=cid, target=question)
        payload = asking_service.ask_collection(session, cid, question, options, settings)
    except asking_service.CollectionDeleted as exc:
        session.rollback()  # the failed answer's transaction: the page is drawn and the request ends in a clean one
        return not_found_page(request, str(exc)[:1].upper() + str(exc)[1:] + ".")
    except ServiceError as exc:
        status, headers = exc.status_code, exc.headers
        return _ask_page(request, session, settings, collection, question, None, str(exc), status, headers)
    return RedirectResponse(f"/collections/{cid}/questions/{payload['id']}", status_code=303)


@router.get("/collections/{cid}/questions/{qid}", response_class=HTMLResponse)
def answer_page(
    cid: str, qid: str, request: Request, session: SessionDep, settings: SettingsDep, actor: ActorDep
) -> Response:
    """A stored answer at its own address: shown as it was given, without asking again."""
    try:
        collection = access.require_collection(session, actor, cid)
        stored = asking_service.get_question(session, cid, qid)
    except NotFound as exc:
        return not_found_page(request, str(exc)[:1].upper() + str(exc)[1:] + ".")
    return _ask_page(request, session, settings, collection, question=stored["question"], stored=stored)


@router.get("/collections/{cid}/questions", response_class=HTMLResponse)
def history_page(cid: str, request: Request, session: SessionDep, actor: ActorDep) -> Response:
    """Every question asked of the collection, newest first, each linking to its answer."""
    try:
        collection = access.require_collection(session, actor, cid)
    except NotFound:
        return not_found_page(request, "This collection does not exist (it may have been deleted).")
    return templates.TemplateResponse(
        request,
        "history.html",
        {"collection": collection, "history": _history(session, cid, 500), "active": "history"},
    )


@router.get("/collections/{cid}/graph", response_class=HTMLResponse)
def graph_page(
    cid: str,
    request: Request,
    session: SessionDep,
    actor: ActorDep,
    node: str = "",
    depth: str = "1",
) -> Response:
    node = node[:64]
    try:
        collection = access.require_collection(session, actor, cid)
    except NotFound:
        return not_found_page(request, "This collection does not exist (it may have been deleted).")
    documents = _collection_documents(collection)
    ready = [d for d in documents if d["status"] == "ready"]
    return templates.TemplateResponse(
        request,
        "graph.html",
        {
            "collection": collection,
            "documents": ready,
            "doc_labels": {d["id"]: d["path"] for d in documents},
            "node": node or (ready[0]["id"] if ready else ""),
            "depth": min(max(int_or(depth, 1), 1), 3),
            "active": "graph",
        },
    )
