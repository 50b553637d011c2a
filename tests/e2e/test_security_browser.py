"""Login, CSRF and cross-origin attacks in headless Chromium against a real `mdqa serve` (issue 12)."""

from __future__ import annotations

import base64
import functools
import http.server
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.db.migrate import upgrade
from app.db.session import session_scope
from app.services import users
from app.settings import Settings
from tests.e2e.conftest import _new_page, mdqa_server
from tests.e2e.support import REPORTS, PageWatch, api

pytestmark = pytest.mark.e2e

PASSWORD = "browser test password"


@pytest.fixture
def attacker_site(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """Another loopback origin (another port) serving whatever page the test writes into its folder."""
    root = tmp_path / "attacker"
    root.mkdir()
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", root
    finally:
        server.shutdown()


def _attack_page(base_url: str, cid: str, pdf: bytes) -> str:
    """Plain form posts (no script needed) and script: a no-cors upload and a DELETE, all aimed at mdqa."""
    pdf_b64 = base64.b64encode(pdf).decode()
    return f"""<!doctype html><html><body>
<iframe name="sink" id="sink"></iframe>
<form id="create" method="post" action="{base_url}/collections" target="sink">
  <input name="name" value="planted-by-csrf"></form>
<form id="ask" method="post" action="{base_url}/collections/{cid}/ask" target="sink">
  <input name="question" value="planted question"></form>
<script>
async function attack() {{
  document.getElementById("create").submit();
  await new Promise(r => setTimeout(r, 500));
  document.getElementById("ask").submit();
  const bytes = Uint8Array.from(atob("{pdf_b64}"), c => c.charCodeAt(0));
  const form = new FormData();
  form.append("files", new Blob([bytes], {{type: "application/pdf"}}), "planted-by-csrf.pdf");
  const results = [];
  try {{ await fetch("{base_url}/api/collections/{cid}/documents", {{method: "POST", mode: "no-cors", body: form,
                                                                      credentials: "include"}});
        results.push("upload sent"); }} catch (e) {{ results.push("upload blocked"); }}
  try {{ await fetch("{base_url}/api/collections/{cid}", {{method: "DELETE", credentials: "include"}});
        results.push("delete sent"); }} catch (e) {{ results.push("delete blocked"); }}
  await new Promise(r => setTimeout(r, 1500));
  document.title = "done: " + results.join(", ");
}}
attack();
</script></body></html>"""


def test_another_origin_cannot_create_upload_ask_or_delete(
    browser: object, base_url: str, attacker_site: tuple[str, Path]
) -> None:
    status, created = api(base_url, "POST", "/api/collections", {"name": f"Target {uuid.uuid4().hex[:6]}"})
    assert status == 201
    cid = created["id"]  # type: ignore[index]
    origin, root = attacker_site
    pdf = sorted(REPORTS.glob("*.pdf"))[0].read_bytes()
    (root / "index.html").write_text(_attack_page(base_url, cid, pdf))

    watch = PageWatch(dialogs=[], errors=[])
    context, page = _new_page(browser, origin, watch)
    try:
        # the victim has the app open in the same browser (its cookies are there), then visits the other site
        page.goto(base_url + "/")
        page.goto(origin + "/index.html")
        page.wait_for_function("() => document.title.startsWith('done')", timeout=30_000)
    finally:
        context.close()  # type: ignore[attr-defined]

    status, collections = api(base_url, "GET", "/api/collections")
    assert status == 200
    assert "planted-by-csrf" not in {c["name"] for c in collections}  # type: ignore[union-attr]
    status, target = api(base_url, "GET", f"/api/collections/{cid}")
    assert status == 200, "the target collection was deleted"
    assert target["documents"] == []  # type: ignore[index]
    status, questions = api(base_url, "GET", f"/api/collections/{cid}/questions")
    assert questions == []


def _create_user(data_dir: Path, name: str, admin: bool = False) -> None:
    settings = Settings(data_dir=data_dir)
    data_dir.mkdir(parents=True, exist_ok=True)
    upgrade(settings.resolved_database_url)
    with session_scope(settings.resolved_database_url) as session:
        users.create_user(session, name, PASSWORD, admin=admin)


def test_login_then_work_under_csrf_and_csp_then_logout(browser: object, tmp_path: Path) -> None:
    data_dir = tmp_path / "auth-data"
    _create_user(data_dir, "carol")
    with mdqa_server(data_dir) as url:
        assert api(url, "GET", "/api/collections")[0] == 401
        watch = PageWatch(dialogs=[], errors=[])
        context, page = _new_page(browser, url, watch)
        csp_violations: list[str] = []
        page.on(  # type: ignore[attr-defined]
            "console", lambda m: csp_violations.append(m.text) if "Content Security Policy" in m.text else None
        )
        try:
            page.goto("/collections")
            page.goto("/")
            assert "/login" in page.url
            page.get_by_test_id("login-name").fill("carol")
            page.get_by_test_id("login-password").fill("not it at all")
            page.get_by_test_id("login-submit").click()
            assert "wrong user name or password" in page.get_by_test_id("login-error").text_content()
            page.get_by_test_id("login-name").fill("carol")
            page.get_by_test_id("login-password").fill(PASSWORD)
            page.get_by_test_id("login-submit").click()
            page.get_by_test_id("account-link").wait_for()
            cookies = {c["name"]: c for c in context.cookies()}  # type: ignore[attr-defined]
            assert cookies["mdqa_session"]["httpOnly"] and cookies["mdqa_session"]["sameSite"] == "Lax"

            # htmx form post (token added by static/csrf.js), then an XHR upload and a fetch delete
            name = f"Carol {uuid.uuid4().hex[:6]}"
            page.get_by_test_id("collection-name-input").fill(name)
            page.get_by_test_id("collection-create").click()
            page.wait_for_url("**/collections/*")
            page.get_by_test_id("upload-files-input").set_input_files(sorted(REPORTS.glob("*.pdf"))[0])
            page.get_by_test_id("document-row").first.wait_for()
            page.goto(page.url + "/ask?q=What+is+this+about%3F")
            assert page.get_by_test_id("question-input").input_value() == "What is this about?"
            page.goto("/")
            page.get_by_test_id("collection-row").filter(has_text=name).get_by_test_id("collection-delete").click()
            deadline = time.monotonic() + 15
            while page.get_by_test_id("collection-row").filter(has_text=name).count() and time.monotonic() < deadline:
                time.sleep(0.2)
            assert page.get_by_test_id("collection-row").filter(has_text=name).count() == 0

            page.get_by_test_id("logout").click()
            page.wait_for_url("**/login")
            page.goto("/")
            assert "/login" in page.url
            assert not watch.errors, watch.errors
            assert not csp_violations, csp_violations
        finally:
            context.close()  # type: ignore[attr-defined]
