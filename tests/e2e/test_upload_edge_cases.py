"""The upload form with the awkward files: an encrypted PDF (unlocked in the table), a duplicate, a scan (OCR)."""

from __future__ import annotations

import uuid

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
