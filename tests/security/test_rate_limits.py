"""Rate limits: Retry-After on every 429, the ask limit per client, X-Forwarded-For only from named proxies.

On SQLite and PostgreSQL (the app's database holds the users, tokens and the audit trail). The proxy test runs
through `mdqa serve`'s own uvicorn configuration, where X-Forwarded-For is read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
from fastapi.testclient import TestClient

from app.db.session import session_scope
from app.services import audit
from app.settings import Settings
from tests.integration.test_edges import live_server
from tests.security.conftest import bearer, login, make_token, make_user, page_token

LIMITS = {"ask": "2/minute", "ask_single_user": "3/minute", "upload": "2/minute", "login": "3/minute"}


def retry_after(response: Any) -> int:
    assert response.status_code == 429, response.text
    seconds = int(response.headers["Retry-After"])
    assert 1 <= seconds <= 60
    return seconds


def ask(client: TestClient, cid: str, **kwargs: Any) -> Any:
    return client.post(f"/api/collections/{cid}/ask", json={"question": "q?"}, **kwargs)


def test_every_429_carries_retry_after(app_client: Callable[..., Any], settings: Settings) -> None:
    make_user(settings, "alice")
    alice = bearer(make_token(settings, "alice"))
    with app_client(rate_limits=LIMITS) as client:
        cid = client.post("/api/collections", json={"name": "limited"}, headers=alice).json()["id"]
        for _ in range(2):
            assert ask(client, cid, headers=alice).status_code == 409  # no ready document, but each counts
        limited = ask(client, cid, headers=alice)
        wait = retry_after(limited)
        assert limited.json()["detail"].endswith(f"try again in {wait} s")

        files = [("files", ("x.txt", b"not a pdf", "text/plain"))]
        for _ in range(2):
            assert client.post(f"/api/collections/{cid}/documents", files=files, headers=alice).status_code == 202
        retry_after(client.post(f"/api/collections/{cid}/documents", files=files, headers=alice))

        for _ in range(3):
            assert login(client, "alice", "wrong guess").status_code == 401
        page = login(client, "alice")  # the login page itself answers 429
        retry_after(page)
        assert "too many login attempts" in page.text

    with app_client(rate_limits={**LIMITS, "ask": "1/minute"}) as client:  # the page's own ask form
        cid = client.post("/api/collections", json={"name": "form"}, headers=alice).json()["id"]
        assert client.post(f"/collections/{cid}/ask", data={"question": "q?"}, headers=alice).status_code == 409
        form = client.post(f"/collections/{cid}/ask", data={"question": "q?"}, headers=alice)
        retry_after(form)
        assert "too many questions" in form.text


def test_single_user_asks_are_counted_per_client(app_client: Callable[..., Any]) -> None:
    """On the embedded default a script on this machine must not use up the browser's questions."""
    with app_client(rate_limits=LIMITS) as browser:
        cid = browser.post("/api/collections", json={"name": "shared"}).json()["id"]
        script = TestClient(browser.app)  # another client of the same server, keeping no cookies
        for _ in range(3):  # the single-user limit, not the per-user one of login mode (2)
            script.cookies.clear()
            assert ask(script, cid).status_code == 409
        script.cookies.clear()
        retry_after(ask(script, cid))

        token = page_token(browser)  # a browser: its cookie from the page, the page's CSRF token
        headers = {"X-CSRF-Token": token, "Origin": str(browser.base_url).rstrip("/")}
        assert ask(browser, cid, headers=headers).status_code == 409


def test_logged_in_asks_are_counted_per_token_and_session(app_client: Callable[..., Any], settings: Settings) -> None:
    make_user(settings, "alice")
    first, second = bearer(make_token(settings, "alice", "one")), bearer(make_token(settings, "alice", "two"))
    with app_client(rate_limits=LIMITS) as client:
        cid = client.post("/api/collections", json={"name": "alice's"}, headers=first).json()["id"]
        for _ in range(2):
            assert ask(client, cid, headers=first).status_code == 409
        retry_after(ask(client, cid, headers=first))
        assert ask(client, cid, headers=second).status_code == 409  # the script's token is not the other's

        assert login(client, "alice").status_code == 303  # and the browser's login session has its own
        headers = {"X-CSRF-Token": page_token(client), "Origin": str(client.base_url).rstrip("/")}
        assert ask(client, cid, headers=headers).status_code == 409


def _failed_logins(settings: Settings) -> list[str]:
    with session_scope(settings.resolved_database_url) as session:
        events = audit.list_events(session, action="login.failed") + audit.list_events(session, action="login.limited")
        return sorted(e["detail"] for e in events)


def test_forwarded_for_counts_only_from_a_named_proxy(settings: Settings) -> None:
    make_user(settings, "alice")
    limited = Settings.model_validate({**settings.model_dump(), "rate_limits": LIMITS})
    with live_server(limited) as base:  # no proxy named: the header is the client's word, and ignored
        answers = [
            httpx.post(
                f"{base}/login",
                data={"name": f"guess{k}", "password": "x"},
                headers={"X-Forwarded-For": f"203.0.113.{k}"},
            )
            for k in range(4)
        ]
    assert [a.status_code for a in answers] == [401, 401, 401, 429]  # rotating it escapes nothing
    retry_after(answers[-1])
    assert _failed_logins(settings) == ["127.0.0.1"] * 4  # the address the limit counted, not the claimed one

    proxied = Settings.model_validate({**limited.model_dump(), "trusted_proxies": "127.0.0.1"})
    with live_server(proxied) as base:  # behind a named proxy: its header says who the client is
        response = httpx.post(
            f"{base}/login", data={"name": "alice", "password": "x"}, headers={"X-Forwarded-For": "198.51.100.7"}
        )
    assert response.status_code == 401
    assert "198.51.100.7" in _failed_logins(settings)
