"""Modes: single-user only on loopback with no user; otherwise every route but /healthz and /login needs a login."""

from __future__ import annotations

import stat
from collections.abc import Callable
from typing import Any

import pytest
from pydantic import SecretStr

from app.main import create_app
from app.security import NoUserOnPublicAddress
from app.settings import Settings
from tests.security.conftest import bearer, make_token, make_user

PROTECTED_API = [
    ("GET", "/api/collections"),
    ("POST", "/api/collections"),
    ("GET", "/api/collections/x"),
    ("DELETE", "/api/collections/x"),
    ("POST", "/api/collections/x/documents"),
    ("POST", "/api/collections/x/ask"),
    ("GET", "/api/collections/x/questions"),
    ("GET", "/api/collections/x/graph/stats"),
    ("GET", "/api/documents/x"),
    ("GET", "/api/documents/x/file"),
    ("DELETE", "/api/documents/x"),
    ("GET", "/api/tokens"),
    ("GET", "/api/audit"),
    ("GET", "/openapi.json"),
    ("GET", "/docs"),
    ("GET", "/metrics"),
]
PAGES = ["/", "/collections/x", "/collections/x/ask?q=hi", "/documents/x", "/account", "/admin/audit"]


def test_loopback_without_users_is_single_user(app_client: Callable[..., Any]) -> None:
    with app_client() as client:
        assert client.get("/api/me").json() == {"name": "local", "is_admin": True, "auth": False}
        assert client.post("/api/collections", json={"name": "mine"}).status_code == 201
        assert client.get("/").status_code == 200
        assert client.get("/openapi.json").status_code == 200


def test_a_user_existing_turns_login_on_everywhere(app_client: Callable[..., Any], settings: Settings) -> None:
    make_user(settings, "alice")
    with app_client() as client:
        for method, path in PROTECTED_API:
            response = client.request(method, path)
            assert response.status_code == 401, (method, path, response.text)
            assert "authentication required" in response.json()["detail"]
        for path in PAGES:
            response = client.get(path, follow_redirects=False)
            assert response.status_code == 303, path
            assert response.headers["location"].startswith("/login?next=")
        assert "database" in client.get("/healthz").json()  # open (503 here only because no worker runs)
        assert client.get("/login").status_code == 200
        assert client.get("/static/app.css").status_code == 200
        htmx = client.get("/collections/x/documents-table", headers={"HX-Request": "true"})
        assert htmx.status_code == 401 and htmx.headers["HX-Redirect"].startswith("/login")


def test_auth_on_needs_credentials_even_without_users(app_client: Callable[..., Any]) -> None:
    with app_client(auth="on") as client:
        assert client.post("/api/collections", json={"name": "x"}).status_code == 401
        assert client.get("/api/collections").status_code == 401


def test_a_bogus_bearer_token_is_refused(app_client: Callable[..., Any], settings: Settings) -> None:
    with app_client(auth="on") as client:
        response = client.post("/api/collections", json={"name": "x"}, headers=bearer("bogus"))
        assert response.status_code == 401
        assert response.json()["detail"] == "invalid or revoked API token"
    with app_client() as client:  # single-user mode too: a token that is no token is an error, not ignored
        assert client.get("/api/collections", headers=bearer("mdqa_nothing")).status_code == 401


def test_a_valid_token_works_and_a_revoked_one_does_not(app_client: Callable[..., Any], settings: Settings) -> None:
    make_user(settings, "alice")
    token = make_token(settings, "alice", "script")
    with app_client() as client:
        created = client.post("/api/collections", json={"name": "alice docs"}, headers=bearer(token))
        assert created.status_code == 201
        assert client.get("/api/me", headers=bearer(token)).json() == {"name": "alice", "is_admin": False, "auth": True}
        listed = client.get("/api/tokens", headers=bearer(token)).json()
        assert [t["name"] for t in listed] == ["script"]
        assert client.delete(f"/api/tokens/{listed[0]['id']}", headers=bearer(token)).status_code == 204
        assert client.get("/api/collections", headers=bearer(token)).status_code == 401


def test_non_loopback_bind_without_users_refuses_to_start(settings: Settings) -> None:
    public = settings.model_copy(update={"host": "0.0.0.0"})
    with pytest.raises(NoUserOnPublicAddress, match="mdqa user create NAME --admin"):
        create_app(public, start_worker=False)


def test_non_loopback_bind_with_a_user_requires_login(app_client: Callable[..., Any], settings: Settings) -> None:
    make_user(settings, "alice")
    with app_client(host="0.0.0.0") as client:
        assert client.get("/api/collections").status_code == 401
        assert "database" in client.get("/healthz").json()  # open (503 here only because no worker runs)


def test_session_secret_is_generated_once_and_kept_private(app_client: Callable[..., Any], settings: Settings) -> None:
    path = settings.data_dir / "secret_key"
    with app_client() as client:
        first = client.get("/").text
    secret = path.read_text()
    assert len(secret) >= 32
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    with app_client() as client:
        client.get("/")
    assert path.read_text() == secret  # a restart keeps it: tokens in open pages stay valid
    assert secret not in first


def test_secret_from_the_environment_writes_no_file(app_client: Callable[..., Any], settings: Settings) -> None:
    with app_client(secret_key=SecretStr("s" * 40)) as client:
        assert client.get("/").status_code == 200
    assert not (settings.data_dir / "secret_key").exists()
