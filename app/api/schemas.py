"""JSON shapes of the API (API.md); built from ORM rows here so routes stay thin."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from fastapi.responses import JSONResponse
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictBool
from pydantic_core import PydanticCustomError

from app.db.models import Collection, DocTable, Document, Page, Passage
from app.services.asking import AskOptionsIn
from app.text.validity import is_blank, problem

BLANK = "is empty (it holds only whitespace or invisible characters)"


def _text(value: str) -> str:
    # JSON and urlencoded bodies were already read by app.api.request_text; a multipart form's fields were not.
    why = problem(value)
    if why is not None:
        raise PydanticCustomError("not_text", why)
    return value


def _visible(value: str) -> str:
    if is_blank(_text(value)):
        raise PydanticCustomError("blank", BLANK)
    return value


# Every text field of a request is one of these two (tests/security/test_text_fields.py walks the OpenAPI schema
# to hold every field to it). A secret is matched, not shown: spaces may be all of a PDF's password.
Text = Annotated[str, AfterValidator(_visible)]
Secret = Annotated[str, AfterValidator(_text), Field(json_schema_extra={"format": "password"})]


class CollectionCreate(BaseModel):
    name: Text = Field(min_length=1, max_length=200)


class CollectionOut(BaseModel):
    id: str
    name: str
    created_at: datetime
    document_count: int


class DocumentOut(BaseModel):
    id: str
    collection_id: str
    filename: str
    path: str
    sha256: str
    size_bytes: int
    status: str
    error: str | None
    progress: float
    page_count: int
    passage_count: int
    table_count: int
    title: str | None
    text_source: str = Field(description='where the text came from: "pdf" (text layer), "ocr", "none"')
    created_at: datetime


class UploadedOut(DocumentOut):
    duplicate: bool = Field(description="the same file was already in this collection: this is that document")
    uploaded_as: str = Field(description="the path the file had in this upload")


class UnlockIn(BaseModel):
    password: Secret = Field(min_length=1, max_length=1024)


class CollectionDetail(CollectionOut):
    documents: list[DocumentOut]


class RejectedOut(BaseModel):
    filename: str
    detail: str


class UploadOut(BaseModel):
    documents: list[UploadedOut]
    rejected: list[RejectedOut]


class PassageOut(BaseModel):
    id: str
    page: int
    index: int
    text: str
    bbox: list[float]


class TableOut(BaseModel):
    id: str
    page: int
    index_on_page: int
    index_in_document: int
    caption: str | None
    label: str | None = None  # the document's own, e.g. "Table 6.4"
    continues: str | None = None  # id of the table (on an earlier page) this one continues
    rows: list[list[str]]
    columns: list[str] | None = None  # one name per column, multi-row headers joined with " / "
    header_rows: int = 1  # leading rows of `rows` that are header
    cell_boxes: list[list[list[float] | None]] | None = None  # per cell [x0, top, x1, bottom], shape of `rows`
    markdown: str
    bbox: list[float]


class PageOut(BaseModel):
    document_id: str
    number: int
    text: str
    width: float
    height: float
    has_text_layer: bool
    text_source: str = Field(description='"pdf" (text layer), "ocr" (read from the page image), "none" (no text)')
    passages: list[PassageOut]
    tables: list[TableOut]


def collection_out(collection: Collection, document_count: int) -> CollectionOut:
    return CollectionOut(
        id=collection.id, name=collection.name, created_at=collection.created_at, document_count=document_count
    )


def document_out(d: Document) -> DocumentOut:
    return DocumentOut(
        id=d.id,
        collection_id=d.collection_id,
        filename=d.filename,
        path=d.path,
        sha256=d.sha256,
        size_bytes=d.size_bytes,
        status=d.status,
        error=d.error,
        progress=round(d.progress, 3),
        page_count=d.page_count,
        passage_count=d.passage_count,
        table_count=d.table_count,
        title=d.title,
        text_source=d.text_source,
        created_at=d.created_at,
    )


def passage_out(p: Passage) -> PassageOut:
    return PassageOut(id=p.id, page=p.page_number, index=p.index, text=p.text, bbox=list(p.bbox))


def table_out(t: DocTable) -> TableOut:
    return TableOut(
        id=t.id,
        page=t.page_number,
        index_on_page=t.index_on_page,
        index_in_document=t.index_in_document,
        caption=t.caption,
        label=t.label,
        continues=t.continues_id,
        rows=t.rows,
        columns=t.columns,
        header_rows=t.header_rows if t.header_rows is not None else 1,
        cell_boxes=t.cell_boxes,
        markdown=t.markdown,
        bbox=list(t.bbox),
    )


def page_out(page: Page, passages: list[Passage], tables: list[DocTable]) -> PageOut:
    return PageOut(
        document_id=page.document_id,
        number=page.number,
        text=page.text,
        width=page.width,
        height=page.height,
        has_text_layer=page.has_text_layer,
        text_source=page.text_source,
        passages=[passage_out(p) for p in passages],
        tables=[table_out(t) for t in tables],
    )


# ------------------------------------------------------------------------------------------------------ errors
class ErrorOut(BaseModel):
    """Every error the API returns, validation errors included: one readable sentence."""

    detail: str = Field(description="what was wrong, fit to show a user")


_ERROR_MEANING = {
    401: "authentication required (a session cookie or `Authorization: Bearer` token), or a bad token",
    403: "the user lacks the role this needs (viewer, editor, owner, administrator), or a form lacks its CSRF token",
    404: "the collection, document, page, node, question, token or member does not exist",
    408: "the request body did not arrive in full within MDQA_BODY_TIMEOUT_S",
    409: "the request conflicts with the state (e.g. no ready document yet, a name already taken)",
    413: "the request body is larger than MDQA_MAX_UPLOAD_MB",
    422: "the request is invalid (a bad field; text that is empty, or not text: a NUL, an unpaired surrogate; a body "
    "that cannot be read); `detail` says which field and why",
    429: "too many requests from this client; `detail` and the Retry-After header say when to retry",
    502: "the configured LLM server failed",
    503: "the database or the queue is unavailable; retry later",
}


def error_responses(*codes: int, notes: dict[int, str] | None = None) -> dict[int | str, dict[str, Any]]:
    """OpenAPI `responses` for the error statuses a route returns, all with the ErrorOut body; `notes` gives a
    status a description of its own."""
    meaning = {**_ERROR_MEANING, **(notes or {})}
    return {code: {"model": ErrorOut, "description": meaning[code]} for code in (*codes, *(notes or {}))}


# What every /api route may answer, whatever it does: no login (401), no role or CSRF token (403), a bad
# parameter or text that is not text anywhere in the request (422, app.api.request_text), the database down
# (503). Each router declares them; a route adds its own (404, 409, ...). With 422 declared, FastAPI's own
# validation-error schema (a list) is never announced: the handler in app.main answers every validation error
# with ErrorOut's one sentence.
API_ERRORS = error_responses(401, 403, 422, 503)
# A route that takes a request body may also meet the body limits (app.api.faults).
BODY_ERRORS = (408, 413)


# ------------------------------------------------------------------------------------------------------ asking
class AskBody(BaseModel):
    question: Text = Field(description="the question (at most MDQA_MAX_QUESTION_CHARS characters)")
    options: AskOptionsIn | None = Field(None, description="retrieval and reading options; defaults from settings")
    stream: StrictBool = Field(False, description="true: answer as server-sent events (see the route's description)")


class CitationOut(BaseModel):
    marker: int
    node_id: str
    kind: str
    document_id: str
    filename: str
    page: int | None
    text: str


class EvidenceNodeOut(BaseModel):
    id: str
    kind: str
    document_id: str
    page: int | None
    label: str
    text: str
    hop: int
    score: float


class EvidenceEdgeOut(BaseModel):
    source: str
    target: str
    kind: str | None
    hop: int


class ExplainNodeOut(BaseModel):
    id: str = Field(description='"question", "answer", "part-N", or a graph node id')
    kind: str = Field(description='"question", "part", "unit", "answer" or "verdict"')
    label: str
    role: str | None = Field(None, description='a unit\'s place on its chain: "seed", "bridge" or "cited"')


class ExplainEdgeOut(BaseModel):
    source: str
    target: str
    kind: str = Field(description="a graph edge kind, or part / seed / cited / verdict")
    reason: str = Field(description='why the edge is there: shared entity "X", keyword "Y", next passage, ...')
    support: str = Field("both", description='"both" (the traversal took it too) or "backward" only')


class ExplanationOut(BaseModel):
    """A DAG from the question to the cited units and the answer (BGR): one chain per part or compared thing."""

    nodes: list[ExplainNodeOut]
    edges: list[ExplainEdgeOut]
    chains: list[list[str]] = []


class EvidenceOut(BaseModel):
    nodes: list[EvidenceNodeOut]
    edges: list[EvidenceEdgeOut]
    explanation: ExplanationOut | None = Field(None, description="content answers that cite: why this answer")


class TimingsOut(BaseModel):
    classify: float = 0.0
    retrieve: float = 0.0
    answer: float = 0.0
    total: float = 0.0


class CellOut(BaseModel):
    """The table cell an answer was read from."""

    model_config = ConfigDict(extra="allow")

    node_id: str
    row: str
    column: str
    value: str
    bbox: list[float] | None = Field(None, description="[x0, top, x1, bottom] in PDF points")


class AskOut(BaseModel):
    """The answer, its citations and the evidence path. Stored answers of older versions may lack newer fields:
    those have defaults, and unknown stored fields pass through."""

    model_config = ConfigDict(extra="allow")

    id: str | None = Field(None, description="the question's id in the collection's history")
    question: str
    question_type: str = Field("content", description='"structural" (pages, tables by name) or "content"')
    answer: str = Field(description="Markdown with [n] citation markers")
    answer_html: str = Field("", description="the answer as sanitised HTML, markers linked to their pages")
    short_answer: str | None = None
    citations: list[CitationOut] = []
    evidence: EvidenceOut = EvidenceOut(nodes=[], edges=[])
    retrieved: list[str] = []
    timings_ms: TimingsOut = TimingsOut()
    llm_calls: int = 0
    cell: CellOut | None = None
    cells: list[CellOut] = Field([], description="every cell the answer was read from: the one cell, or both values "
                                 "an arithmetic or a comparison set side by side")
    options: dict[str, Any] = Field({}, description="the options actually used, defaults filled in")


class QuestionOut(BaseModel):
    id: str
    question: str
    question_type: str
    created_at: str | None
    result: AskOut


class QuestionSummaryOut(QuestionOut):
    answer: str
    options: dict[str, Any]


# ------------------------------------------------------------------------------------------------------- graph
class GraphStatsOut(BaseModel):
    nodes: dict[str, int] = Field(description="node count by kind")
    edges: dict[str, int] = Field(description="edge count by kind")
    density: float = Field(description="edges / (nodes × (nodes − 1))")


class GraphNodeOut(BaseModel):
    id: str
    kind: str
    document_id: str
    page: int | None
    label: str | None
    text: str | None


class GraphEdgeOut(BaseModel):
    source: str
    target: str
    kind: str
    weight: float | None


class NeighbourhoodOut(BaseModel):
    nodes: list[GraphNodeOut]
    edges: list[GraphEdgeOut]


def error_response(status_code: int, detail: str, headers: dict[str, str] | None = None) -> JSONResponse:
    """The one error body (ErrorOut) every handler answers with."""
    # A sentence may quote what was sent; a lone surrogate in it must not make the answer itself unencodable.
    detail = detail.encode("utf-8", "backslashreplace").decode()
    return JSONResponse(ErrorOut(detail=detail).model_dump(), status_code=status_code, headers=headers)
