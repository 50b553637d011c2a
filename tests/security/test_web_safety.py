"""Web safety through the real HTTP stack: headers, allowed hosts, CSRF, no state change on GET, rate limits."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.conftest import PDFS
from tests.security.conftest import bearer, make_token, make_user, page_token

BROWSER = {"Origin": "http://testserver", "Sec-Fetch-Site": "same-origin"}


def test_every_response_carries_the_security_headers(app_client: Callable[..., Any]) -> None:
    with app_client() as client:
        responses = [
            client.get("/"),
            client.get("/api/collections"),
            client.get("/no/such/page"),
            client.get("/api/documents/nope"),
            client.get("/static/app.js"),
            client.post("/api/collections", json={"name": "x"}, headers={"Origin": "http://evil.example"}),
            client.get("/healthz"),
        ]
        for r in responses:
            csp = r.headers["content-security-policy"]
            assert "script-src 'self';" in csp and "unsafe-inline" not in csp.split("script-src", 1)[1].split(";")[0]
            assert "frame-ancestors 'none'" in csp
            assert r.headers["x-content-type-options"] == "nosniff"
            assert r.headers["x-frame-options"] == "DENY"
            assert r.headers["referrer-policy"] == "same-origin"


def test_no_page_holds_an_inline_script(app_client: Callable[..., Any]) -> None:
    with app_client() as client:
        cid = client.post("/api/collections", json={"name": "pages"}).json()["id"]
        for path in ("/", f"/collections/{cid}", f"/collections/{cid}/ask", f"/collections/{cid}/graph", "/login"):
            html = client.get(path).text
            for chunk in html.split("<script")[1:]:
                head = chunk.split(">", 1)[0]
                assert "src=" in head or 'type="application/json"' in head, (path, head)
            assert " onclick=" not in html and "javascript:" not in html


def test_other_hosts_are_refused(app_client: Callable[..., Any]) -> None:
    with app_client(allowed_hosts="") as client:  # the default: loopback names only
        assert client.get("/", headers={"Host": "127.0.0.1:8000"}).status_code == 200
        assert client.get("/", headers={"Host": "localhost"}).status_code == 200
        rebound = client.get("/api/collections", headers={"Host": "attacker.example"})
        assert rebound.status_code == 400
        assert client.get("/api/collections").status_code == 400  # TestClient's own "testserver" too
    with app_client(allowed_hosts="docs.example.org") as client:
        assert client.get("/healthz", headers={"Host": "docs.example.org"}).status_code in (200, 503)
        assert client.get("/healthz", headers={"Host": "127.0.0.1"}).status_code == 400


def test_cross_origin_state_changes_are_refused(app_client: Callable[..., Any]) -> None:
    with app_client() as client:
        token = page_token(client)
        cid = client.post("/api/collections", json={"name": "target"}).json()["id"]
        pdf = (PDFS / "reports").glob("*.pdf").__next__().read_bytes()
        attempts = [
            ("POST", "/collections", {"data": {"name": "planted", "csrf_token": token}}),
            ("POST", "/api/collections", {"json": {"name": "planted"}}),
            (
                "POST",
                f"/api/collections/{cid}/documents",
                {"files": [("files", ("planted.pdf", pdf, "application/pdf"))]},
            ),
            ("DELETE", f"/api/collections/{cid}", {}),
            ("POST", f"/collections/{cid}/ask", {"data": {"question": "q", "csrf_token": token}}),
        ]
        foreign = [
            {"Origin": "http://127.0.0.1:9999"},
            {"Origin": "null"},
            {"Referer": "http://evil.example/page"},
            {"Sec-Fetch-Site": "cross-site"},
            {"Sec-Fetch-Site": "same-site", "Origin": "http://testserver"},
        ]
        for method, path, kwargs in attempts:
            for headers in foreign:
                response = client.request(method, path, headers={**headers, "X-CSRF-Token": token}, **kwargs)
                assert response.status_code == 403, (method, path, headers, response.text)
                assert "cross-origin request refused" in response.json()["detail"]
        listed = client.get("/api/collections").json()
        assert [c["name"] for c in listed] == ["target"]
        assert client.get(f"/api/collections/{cid}").json()["documents"] == []


def test_browser_requests_need_the_token(app_client: Callable[..., Any]) -> None:
    with app_client() as client:
        token = page_token(client)
        missing = client.post("/api/collections", json={"name": "a"}, headers=BROWSER)
        assert missing.status_code == 403 and "CSRF token" in missing.json()["detail"]
        forged = client.post("/api/collections", json={"name": "a"}, headers={**BROWSER, "X-CSRF-Token": "0" * 64})
        assert forged.status_code == 403
        assert (
            client.post("/api/collections", json={"name": "a"}, headers={**BROWSER, "X-CSRF-Token": token}).status_code
            == 201
        )
        form = client.post(
            "/collections", data={"name": "b", "csrf_token": token}, headers=BROWSER, follow_redirects=False
        )
        assert form.status_code == 303
        no_field = client.post("/collections", data={"name": "c"}, headers=BROWSER, follow_redirects=False)
        assert no_field.status_code == 403
        # the token belongs to this browser's cookie: another browser's token does not fit
        client.cookies.clear()
        stale = client.post("/api/collections", json={"name": "d"}, headers={**BROWSER, "X-CSRF-Token": token})
        assert stale.status_code == 403
        names = sorted(c["name"] for c in client.get("/api/collections").json())
        assert names == ["a", "b"]


def test_api_tokens_need_no_csrf_token(app_client: Callable[..., Any], settings: Any) -> None:
    make_user(settings, "alice")
    token = make_token(settings, "alice")
    with app_client() as client:
        response = client.post("/api/collections", json={"name": "scripted"}, headers=bearer(token))
        assert response.status_code == 201


def test_a_link_never_asks(app_client: Callable[..., Any]) -> None:
    with app_client() as client:
        cid = client.post("/api/collections", json={"name": "linked"}).json()["id"]
        page = client.get(f"/collections/{cid}/ask", params={"q": "What was planted?"})
        assert page.status_code == 200 and 'value="What was planted?"' in page.text
        assert client.get(f"/api/collections/{cid}/questions").json() == []
        assert client.get("/api/audit", params={"action": "ask"}).json() == []


def test_ask_and_upload_are_rate_limited_per_user(app_client: Callable[..., Any], settings: Any) -> None:
    make_user(settings, "alice")
    make_user(settings, "bob")
    alice, bob = bearer(make_token(settings, "alice")), bearer(make_token(settings, "bob"))
    limits = {"ask": "2/minute", "upload": "2/minute", "login": "10/minute"}
    with app_client(rate_limits=limits) as client:
        cid = client.post("/api/collections", json={"name": "limited"}, headers=alice).json()["id"]
        for _ in range(2):  # no ready document: 409, but each counts
            assert client.post(f"/api/collections/{cid}/ask", json={"question": "q?"}, headers=alice).status_code == 409
        limited = client.post(f"/api/collections/{cid}/ask", json={"question": "q?"}, headers=alice)
        assert limited.status_code == 429
        assert limited.json()["detail"].startswith("too many questions: at most 2 per 60 s; try again in")
        bob_cid = client.post("/api/collections", json={"name": "bob's"}, headers=bob).json()["id"]
        assert client.post(f"/api/collections/{bob_cid}/ask", json={"question": "q?"}, headers=bob).status_code == 409

        files = [("files", ("x.txt", b"not a pdf", "text/plain"))]
        for _ in range(2):
            assert client.post(f"/api/collections/{cid}/documents", files=files, headers=alice).status_code == 202
        refused = client.post(f"/api/collections/{cid}/documents", files=files, headers=alice)
        assert refused.status_code == 429 and "too many uploads" in refused.json()["detail"]
