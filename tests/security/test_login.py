"""Login and logout through the pages: the session cookie's flags, wrong passwords, the rate limit, passwd."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import select

from app.db.models import ApiToken
from app.db.session import session_scope
from app.services import users
from app.settings import Settings
from tests.security.conftest import login, make_user


def test_login_sets_a_safe_session_cookie_and_logout_ends_it(
    app_client: Callable[..., Any], settings: Settings
) -> None:
    make_user(settings, "alice")
    with app_client() as client:
        response = login(client, "alice")
        assert response.status_code == 303 and response.headers["location"] == "/"
        cookie = next(v for k, v in response.headers.multi_items() if k == "set-cookie" and "mdqa_session=" in v)
        assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Secure" not in cookie
        assert client.get("/api/me").json()["name"] == "alice"
        page = client.get("/")
        assert page.status_code == 200 and 'data-testid="account-link">alice<' in page.text
        with session_scope(settings.resolved_database_url) as session:
            stored = session.scalars(select(ApiToken.token_hash).where(ApiToken.kind == "session")).all()
        session_value = client.cookies.get("mdqa_session")
        assert session_value and session_value not in stored and len(stored) == 1  # only a hash is kept

        token = page.text.split('name="csrf_token" value="', 1)[1].split('"', 1)[0]
        out = client.post("/logout", data={"csrf_token": token}, follow_redirects=False)
        assert out.status_code == 303
        client.cookies.set("mdqa_session", session_value)  # replaying the old cookie gets nothing
        assert client.get("/api/me").status_code == 401


def test_the_cookie_is_secure_behind_https(settings: Settings) -> None:
    from fastapi.testclient import TestClient

    from app.main import create_app

    make_user(settings, "alice")
    with TestClient(create_app(settings, start_worker=False), base_url="https://testserver") as client:
        response = login(client, "alice")
        cookie = next(v for k, v in response.headers.multi_items() if k == "set-cookie" and "mdqa_session=" in v)
        assert "Secure" in cookie


def test_wrong_password_and_unknown_user_get_the_same_answer(
    app_client: Callable[..., Any], settings: Settings
) -> None:
    make_user(settings, "alice")
    with app_client() as client:
        wrong = login(client, "alice", "not the password")
        unknown = login(client, "mallory", "not the password")
        assert wrong.status_code == unknown.status_code == 401
        assert "wrong user name or password" in wrong.text and "wrong user name or password" in unknown.text
        assert client.get("/api/me").status_code == 401


def test_login_attempts_are_rate_limited(app_client: Callable[..., Any], settings: Settings) -> None:
    make_user(settings, "alice")
    with app_client(rate_limits={"ask": "60/minute", "upload": "60/minute", "login": "3/minute"}) as client:
        for _ in range(3):
            assert login(client, "alice", "guess guess guess").status_code == 401
        limited = login(client, "alice")  # even the right password waits now
        assert limited.status_code == 429
        assert "too many login attempts" in limited.text
        assert client.get("/api/me").status_code == 401


def test_next_only_leads_to_this_site(app_client: Callable[..., Any], settings: Settings) -> None:
    make_user(settings, "alice")
    with app_client() as client:
        for target in ("//evil.example/x", "https://evil.example/", "/\\evil.example"):
            page = client.get("/login", params={"next": target})
            token = page.text.split('name="csrf_token" value="', 1)[1].split('"', 1)[0]
            response = client.post(
                "/login",
                data={"name": "alice", "password": "correct horse battery", "csrf_token": token, "next": target},
                follow_redirects=False,
            )
            assert response.headers["location"] == "/", target


def test_a_new_password_ends_sessions_and_the_old_one_stops_working(
    app_client: Callable[..., Any], settings: Settings
) -> None:
    make_user(settings, "alice")
    with app_client() as client:
        assert login(client, "alice").status_code == 303
        with session_scope(settings.resolved_database_url) as session:
            users.set_password(session, "alice", "a brand new secret")
        assert client.get("/api/me").status_code == 401
        assert login(client, "alice").status_code == 401
        assert login(client, "alice", "a brand new secret").status_code == 303
