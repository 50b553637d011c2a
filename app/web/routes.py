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

from app.db.models import Collection, DocTable, Document
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


def _int_or(value: str, default: int) -> int:
    """A number from a query string typed by hand; anything else falls back to the default (no 422 page)."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _document_view(d: Document) -> dict[str, Any]:
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
    return [_document_view(d) for d in sorted(collection.documents, key=lambda d: (d.path or d.filename).lower())]


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
            "depth": min(max(_int_or(depth, 1), 1), 3),
            "active": "graph",
        },
    )


# ---------------------------------------------------------------------------------------------- viewer


def _box(bbox: list[float] | None, width: float, height: float) -> dict[str, float] | None:
    """A PDF-point bbox [x0, top, x1, bottom] (origin top-left) as percentages of the page, for CSS."""
    if not bbox or len(bbox) != 4 or width <= 0 or height <= 0:
        return None
    x0, top, x1, bottom = (float(v) for v in bbox)
    x0, x1 = sorted((max(0.0, min(x0, width)), max(0.0, min(x1, width))))
    top, bottom = sorted((max(0.0, min(top, height)), max(0.0, min(bottom, height))))
    return {
        "left": round(100 * x0 / width, 3),
        "top": round(100 * top / height, 3),
        "width": round(max(100 * (x1 - x0) / width, 0.3), 3),
        "height": round(max(100 * (bottom - top) / height, 0.3), 3),
    }


@router.get("/documents/{did}", response_class=HTMLResponse)
def document_page(
    did: str,
    request: Request,
    session: SessionDep,
    actor: ActorDep,
    page: str = "",
    highlight: str = "",
) -> Response:
    highlight = highlight[:64]
    try:
        document = access.require_document(session, actor, did)
    except NotFound:
        return not_found_page(request, "This document does not exist (it may have been deleted).")
    collection = collection_service.get_collection(session, document.collection_id)
    number = _int_or(page, 0)
    if number < 1:
        number = (document_service.page_of_node(session, document.id, highlight) if highlight else None) or 1
    page_number = number
    if highlight == document.id:  # a cited document as a whole: nothing on the page to box
        highlight = ""
    context: dict[str, Any] = {
        "document": _document_view(document),
        "collection": collection,
        "page_number": page_number,
        "highlight": highlight,
        "page": None,
        "passages": [],
        "page_tables": [],
        "tables": [],
        "message": None,
    }
    if document.status != "ready":
        context["message"] = {
            "queued": "This document is waiting to be processed.",
            "processing": "This document is being processed; its pages appear when it is ready.",
            "failed": f"This document could not be processed: {document.error or 'unknown reason'}",
        }.get(document.status, f"This document is {document.status}.")
    elif document.page_count < 1:
        context["message"] = "This document has no pages."
    else:
        if page_number > document.page_count:
            return not_found_page(
                request, f"Page {page_number} does not exist: {document.path} has {document.page_count} pages."
            )
        page_row, passages, page_tables = document_service.get_page(session, document.id, page_number)
        w, h = page_row.width, page_row.height
        context["page"] = {
            "id": page_row.id,
            "number": page_row.number,
            "width": w,
            "height": h,
            "text": page_row.text,
            "text_source": page_row.text_source,
        }
        context["passages"] = [
            {"id": p.id, "index": p.index, "text": p.text, "box": _box(p.bbox, w, h)} for p in passages
        ]
        context["page_tables"] = [
            {"id": t.id, "index": t.index_in_document, "caption": t.caption, "box": _box(t.bbox, w, h)}
            for t in page_tables
        ]
        all_tables = document_service.list_tables(session, document.id)
        by_id = {t.id: t for t in all_tables}
        continued_by = {t.continues_id: t for t in all_tables if t.continues_id}

        def link(t: DocTable | None) -> dict[str, object] | None:
            if t is None:
                return None
            return {"id": t.id, "page": t.page_number, "index_in_document": t.index_in_document}

        context["tables"] = [
            {
                "id": t.id,
                "page": t.page_number,
                "index_in_document": t.index_in_document,
                "index_on_page": t.index_on_page,
                "caption": t.caption,
                "label": t.label,
                "rows": t.rows or [],
                "columns": t.columns,
                "header_rows": t.header_rows if t.header_rows is not None else 1,
                # a table split over a page break: links to the part before and the part after
                "continues": link(by_id.get(t.continues_id)) if t.continues_id else None,
                "continued_by": link(continued_by.get(t.id)),
            }
            for t in all_tables
        ]
    return templates.TemplateResponse(request, "document.html", context)
