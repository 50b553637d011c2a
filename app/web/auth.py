"""Login, logout, the account page (API tokens) and the administrator's audit page."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request, Response
from fastapi.responses import RedirectResponse
from fastapi.templating import Jinja2Templates

from app.dependencies import ActorDep, SessionDep, SettingsDep
from app.security.gate import SESSION_COOKIE, cookies_of
from app.security.ratelimit import RateLimits
from app.services import access, audit, users
from app.services.access import actor_for
from app.services.errors import NotFound, ServiceError
from app.web.routes import not_found_page, templates

router = APIRouter(include_in_schema=False)
_templates: Jinja2Templates = templates


def _safe_next(target: str) -> str:
    """Only a path on this site: never another host (open redirect), never a protocol-relative //host."""
    if not target.startswith("/") or target.startswith("//") or "\\" in target:
        return "/"
    return target


@router.get("/login")
def login_page(request: Request, next: str = "/") -> Response:
    return _templates.TemplateResponse(request, "login.html", {"next": _safe_next(next), "name": "", "error": None})


@router.post("/login")
def login(
    request: Request,
    session: SessionDep,
    settings: SettingsDep,
    name: Annotated[str, Form(max_length=200)] = "",
    password: Annotated[str, Form(max_length=1024)] = "",
    next: Annotated[str, Form(max_length=2000)] = "/",
) -> Response:
    limits: RateLimits = request.app.state.rate_limits
    client = request.client.host if request.client else "unknown"
    context = {"next": _safe_next(next), "name": name[:64]}
    try:
        limits.hit("login", f"user:{name.strip().lower()[:64]}", f"ip:{client}")
    except ServiceError as exc:
        audit.record(session, None, "login.limited", target=name[:64], detail=client)
        page = {**context, "error": str(exc)}
        return _templates.TemplateResponse(request, "login.html", page, status_code=429, headers=exc.headers)
    user = users.authenticate(session, name, password)
    if user is None:
        audit.record(session, None, "login.failed", target=name[:64], detail=client)
        return _templates.TemplateResponse(
            request, "login.html", {**context, "error": "wrong user name or password"}, status_code=401
        )
    issued = users.issue_token(session, user, kind="session", hours=settings.session_hours)
    audit.record(session, actor_for(user), "login", detail=client)
    response = RedirectResponse(_safe_next(next), status_code=303)
    response.set_cookie(
        SESSION_COOKIE,
        issued.token,
        max_age=settings.session_hours * 3600,
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
        path="/",
    )
    return response


@router.post("/logout")
def logout(request: Request, session: SessionDep) -> Response:
    token = cookies_of(request.headers).get(SESSION_COOKIE)
    if token:
        users.end_session(session, token)
    response = RedirectResponse("/login", status_code=303)
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax")
    return response


def _account(request: Request, session: SessionDep, actor: ActorDep, **extra: object) -> Response:
    user = users.account_of(session, actor)
    tokens = users.list_tokens(session, user) if user else []
    status = extra.pop("status_code", 200)
    status_code = status if isinstance(status, int) else 200
    context = {"actor": actor, "tokens": tokens, "new_token": None, "error": None, **extra}
    return _templates.TemplateResponse(request, "account.html", context, status_code=status_code)


@router.get("/account")
def account_page(request: Request, session: SessionDep, actor: ActorDep) -> Response:
    return _account(request, session, actor)


@router.post("/account/tokens")
def create_token(
    request: Request, session: SessionDep, actor: ActorDep, name: Annotated[str, Form(max_length=200)] = ""
) -> Response:
    user = users.account_of(session, actor)
    if user is None:
        return _account(request, session, actor, error="no users exist yet: create one with mdqa user create")
    try:
        issued = users.issue_token(session, user, name=name)
    except ServiceError as exc:
        return _account(request, session, actor, error=str(exc), status_code=exc.status_code)
    audit.record(session, actor, "token.create", target=issued.row.name)
    return _account(request, session, actor, new_token={"name": issued.row.name, "token": issued.token})


@router.post("/account/tokens/{token_id}/revoke")
def revoke_token(token_id: str, request: Request, session: SessionDep, actor: ActorDep) -> Response:
    user = users.account_of(session, actor)
    if user is None:
        return not_found_page(request)
    try:
        row = users.revoke_token(session, user, token_id)
    except ServiceError:
        return not_found_page(request, "There is no such token.")
    audit.record(session, actor, "token.revoke", target=row.name)
    return RedirectResponse("/account", status_code=303)


@router.get("/admin/audit")
def audit_page(request: Request, session: SessionDep, actor: ActorDep) -> Response:
    if not actor.is_admin:  # a page asked for, so a page answers (not the API's JSON body)
        return _templates.TemplateResponse(
            request, "forbidden.html", {"message": "Only an administrator may see the audit trail."}, status_code=403
        )
    return _templates.TemplateResponse(request, "audit.html", {"events": audit.list_events(session, limit=500)})


def _members_page(
    request: Request, session: SessionDep, actor: ActorDep, cid: str, error: str | None = None, status_code: int = 200
) -> Response:
    try:
        collection = access.require_collection(session, actor, cid)
    except NotFound:
        return not_found_page(request, "This collection does not exist (it may have been deleted).")
    context = {
        "collection": collection,
        "members": access.list_members(session, actor, cid),
        "can_share": access.role_in(session, actor, collection) == "owner",
        "active": "members",
        "error": error,
    }
    return _templates.TemplateResponse(request, "members.html", context, status_code=status_code)


@router.get("/collections/{cid}/members")
def members_page(cid: str, request: Request, session: SessionDep, actor: ActorDep) -> Response:
    return _members_page(request, session, actor, cid)


@router.post("/collections/{cid}/members")
def share(
    cid: str,
    request: Request,
    session: SessionDep,
    actor: ActorDep,
    user: Annotated[str, Form(max_length=200)] = "",
    role: Annotated[str, Form(max_length=20)] = "viewer",
) -> Response:
    try:
        access.set_member(session, actor, cid, user.strip(), role)
    except NotFound:
        return not_found_page(request, "This collection does not exist (it may have been deleted).")
    except ServiceError as exc:
        return _members_page(request, session, actor, cid, error=str(exc), status_code=exc.status_code)
    audit.record(session, actor, "member.set", collection_id=cid, target=user.strip(), detail=role)
    return RedirectResponse(f"/collections/{cid}/members", status_code=303)


@router.post("/collections/{cid}/members/{user}/remove")
def unshare(cid: str, user: str, request: Request, session: SessionDep, actor: ActorDep) -> Response:
    try:
        access.remove_member(session, actor, cid, user)
    except NotFound:
        return not_found_page(request, "There is no such member.")
    except ServiceError as exc:
        return _members_page(request, session, actor, cid, error=str(exc), status_code=exc.status_code)
    audit.record(session, actor, "member.remove", collection_id=cid, target=user)
    return RedirectResponse(f"/collections/{cid}/members", status_code=303)
