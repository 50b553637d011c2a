"""The document viewer page: one page of a stored PDF, its passages and tables boxed where they lie, the cited unit
(`highlight`) marked."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import HTMLResponse

from app.db.models import DocTable
from app.dependencies import ActorDep, SessionDep
from app.services import access
from app.services import collections as collection_service
from app.services import documents as document_service
from app.services.errors import NotFound
from app.web.routes import document_view, int_or, not_found_page, templates

router = APIRouter(include_in_schema=False)


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
    number = int_or(page, 0)
    if number < 1:
        number = (document_service.page_of_node(session, document.id, highlight) if highlight else None) or 1
    page_number = number
    if highlight == document.id:  # a cited document as a whole: nothing on the page to box
        highlight = ""
    context: dict[str, Any] = {
        "document": document_view(document),
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
