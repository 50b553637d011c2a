"""The upload form with the awkward files: an encrypted PDF (unlocked in the table), a duplicate, a scan (OCR)."""

from __future__ import annotations

import contextlib
import uuid

import httpx
import pytest

from tests.e2e.support import SHARED_DATA, PageWatch, api, screenshot, wait_all_ready

pytestmark = pytest.mark.e2e
EDGE = SHARED_DATA / "pdfs" / "edge_cases"


def test_locked_duplicate_and_scanned_files(page, base_url: str, watch: PageWatch) -> None:
    status, body = api(base_url, "POST", "/api/collections", {"name": f"Edge {uuid.uuid4().hex[:6]}"})
    assert status == 201
    page.goto(f"/collections/{body['id']}")  # type: ignore[index]
    files = page.get_by_test_id("upload-files-input")
    files.set_input_files([EDGE / "encrypted.pdf", EDGE / "image.pdf"])
    wait_all_ready(page, 2)

    locked = page.get_by_test_id("document-row").filter(has_text="encrypted.pdf")
    assert locked.get_attribute("data-status") == "failed"
    assert "password required" in locked.get_by_test_id("document-error").text_content()
    scanned = page.get_by_test_id("document-row").filter(has_text="image.pdf")
    assert scanned.get_attribute("data-status") == "ready"
    assert scanned.get_by_test_id("text-source").text_content().strip() == "OCR"

    # A wrong password is refused in place; the right one queues the document and it ends ready.
    form = locked.get_by_test_id("unlock-form")
    form.locator("input[type=password]").fill("wrong-password")
    form.get_by_role("button", name="Unlock").click()
    error = form.locator("[data-unlock-error]")
    error.wait_for(state="visible")
    assert "wrong password" in error.text_content()
    form.locator("input[type=password]").fill("userpassword")
    form.get_by_role("button", name="Unlock").click()
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-testid=document-row]')]"
        ".some(r => r.dataset.path === 'encrypted.pdf' && r.dataset.status === 'ready')",
        timeout=300_000,
    )

    # The same file again: said to be already there, and nothing new in the table.
    files.set_input_files(EDGE / "image.pdf")
    item = page.get_by_test_id("upload-item").filter(has_text="image.pdf").first
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-testid=upload-item]')].some(i => i.dataset.state === 'duplicate')"
    )
    assert "already in this collection" in item.text_content()
    assert page.get_by_test_id("document-row").count() == 2
    screenshot(page, "upload-edge-cases")
    assert not watch.errors, watch.errors


def test_a_refresh_behind_a_stale_one_is_not_lost(page, base_url: str, watch: PageWatch) -> None:
    """The documents table stops polling once nothing is busy. A refresh asked for while an older one is in flight
    must still land, else a file uploaded meanwhile never shows up (the race behind a flaky CI run)."""
    status, body = api(base_url, "POST", "/api/collections", {"name": f"Race {uuid.uuid4().hex[:6]}"})
    assert status == 201
    collection_id = body["id"]  # type: ignore[index]
    upload = f"{base_url}/api/collections/{collection_id}/documents"
    first = httpx.post(upload, files={"files": ("encrypted.pdf", (EDGE / "encrypted.pdf").read_bytes())}, timeout=60)
    assert first.status_code == 202
    page.goto(f"/collections/{collection_id}")
    wait_all_ready(page, 1)  # failed at once (no password): the table is idle
    assert page.locator("#documents-panel").get_attribute("data-busy") == "false"

    held: list[tuple[object, object]] = []

    def hold_first(route: object) -> None:
        if not held:  # the first refresh gets today's (stale) table, answered only after the second refresh
            held.append((route, route.fetch()))  # type: ignore[attr-defined]
        else:
            route.continue_()  # type: ignore[attr-defined]

    page.route("**/documents-table", hold_first)
    page.evaluate("() => document.body.dispatchEvent(new CustomEvent('mdqa:refresh'))")
    for _ in range(50):  # the route sees the request while the page waits
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the first refresh never reached the server"
    second = httpx.post(upload, files={"files": ("image.pdf", (EDGE / "image.pdf").read_bytes())}, timeout=60)
    assert second.status_code == 202
    page.evaluate("() => document.body.dispatchEvent(new CustomEvent('mdqa:refresh'))")
    route, stale = held[0]
    with contextlib.suppress(Exception):  # already aborted by the newer refresh, which is the point
        route.fulfill(response=stale)  # type: ignore[attr-defined]
    page.wait_for_function("() => document.querySelectorAll('[data-testid=document-row]').length === 2", timeout=15_000)
    assert not watch.errors, watch.errors
