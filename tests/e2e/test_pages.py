"""The web pages in headless Chromium against a real `mdqa serve`: upload, live status, ask, cite, view, explore."""

from __future__ import annotations

import base64
import re
import uuid
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

from tests.e2e.support import REPORTS, Ingested, PageWatch, api, screenshot, wait_all_ready

pytestmark = pytest.mark.e2e

ANSWER_TIMEOUT_MS = 120_000


def ask(page, question: str) -> None:
    box = page.get_by_test_id("question-input")
    box.fill(question)
    box.press("Enter")  # Enter submits
    page.wait_for_function(  # streamed: wait for the end, not the first words
        "() => ['done', 'error'].includes(document.querySelector('[data-testid=answer]').dataset.state)"
        " || !document.querySelector('[data-testid=ask-error]').hidden",
        timeout=ANSWER_TIMEOUT_MS,
    )
    error = page.get_by_test_id("ask-error")
    assert error.is_hidden(), f"ask failed: {error.text_content()}"


def test_collections_page_lists_the_collection(page, reports: Ingested, watch: PageWatch) -> None:
    page.goto("/")
    row = page.get_by_test_id("collection-row").filter(has_text=reports.name)
    assert row.count() == 1
    assert "8 documents" in row.text_content()
    screenshot(page, "collections")
    # A second collection with the same name is refused with a readable reason, not a stack trace.
    page.get_by_test_id("collection-name-input").fill(reports.name)
    page.get_by_test_id("collection-create").click()
    alert = page.locator("#create-error [role=alert]")
    alert.wait_for()
    assert "already exists" in alert.text_content()
    assert "Traceback" not in page.content()
    assert not watch.errors


def test_folder_upload_ends_ready_with_counts(page, reports: Ingested) -> None:
    page.goto(reports.url)
    rows = page.get_by_test_id("document-row")
    assert rows.count() == 8
    names = {p.name for p in REPORTS.glob("*.pdf")}
    assert set(reports.documents) == names
    for i in range(rows.count()):
        row = rows.nth(i)
        assert row.get_attribute("data-status") == "ready", row.text_content()
        # Folder structure is kept as the display path: "reports/<file>".
        assert row.get_attribute("data-path").startswith("reports/")
        pages = row.locator("td.num").first.text_content().strip()
        assert pages.isdigit() and int(pages) > 0
    # The table stops polling once nothing is queued or processing.
    assert page.locator("#documents-panel").get_attribute("data-busy") == "false"


def test_bad_upload_shows_the_reason(page, reports: Ingested, tmp_path: Path, watch: PageWatch) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("this is not a pdf\n")
    page.goto(reports.url)
    page.get_by_test_id("upload-files-input").set_input_files(notes)
    item = page.get_by_test_id("upload-item").filter(has_text="notes.txt")
    page.wait_for_function(
        "() => [...document.querySelectorAll('[data-testid=upload-item]')].some(i => i.dataset.state === 'rejected')"
    )
    assert "not a PDF" in item.text_content()
    assert page.get_by_test_id("document-row").count() == 8  # nothing was added
    assert not watch.errors


def test_structural_question_cites_and_highlights(page, reports: Ingested, watch: PageWatch) -> None:
    page.goto(f"/collections/{reports.collection_id}/ask")
    ask(page, "What is in table 6.1 of eu-004.pdf?")  # the document's own label
    citations = page.get_by_test_id("citation")
    assert citations.count() >= 1
    graph = page.get_by_test_id("evidence-graph")
    assert int(graph.get_attribute("data-node-count")) >= 1
    first = citations.first
    cited_page = first.get_attribute("data-page")
    node_id = first.get_attribute("data-node-id")
    answer_url = page.url
    first.click()  # opens the cited page beside the answer
    panel = page.get_by_test_id("source-panel")
    panel.wait_for()
    page.wait_for_function("() => document.querySelector('[data-testid=source-panel]').dataset.state === 'ready'")
    assert page.url == answer_url and panel.get_attribute("data-node-id") == node_id
    assert page.get_by_test_id("source-highlight").is_visible()
    page.get_by_test_id("source-open").click()  # and from there, the full viewer
    page.wait_for_url("**/documents/**")
    query = parse_qs(urlparse(page.url).query)
    assert query["highlight"] == [node_id]
    assert query["page"] == [cited_page]
    assert page.get_by_test_id("page-image").get_attribute("data-page") == cited_page
    highlight = page.get_by_test_id("highlight")
    highlight.wait_for()
    assert highlight.get_attribute("data-node-id") == node_id
    page.get_by_test_id("page-image").evaluate("img => img.decode()")
    assert page.get_by_test_id("page-image").evaluate("img => img.naturalWidth") > 0
    assert highlight.is_visible()
    assert highlight.bounding_box()["width"] > 0
    screenshot(page, "viewer", full_page=False)
    assert not watch.errors


def click_first_graph_node(page, graph, detail, attempts: int = 5) -> None:  # type: ignore[no-untyped-def]
    """A real mouse click on the first node, once the drawing has stopped moving (layout and fit animate)."""
    where = "() => { const p = window.mdqa.evidenceGraph.nodes()[0].renderedPosition(); return [p.x, p.y]; }"
    for _ in range(attempts):
        graph.scroll_into_view_if_needed()
        before = page.evaluate(where)
        page.wait_for_timeout(400)
        spot = page.evaluate(where)
        if spot != before:
            continue
        box = graph.bounding_box()
        page.mouse.click(box["x"] + spot[0], box["y"] + spot[1])
        try:
            detail.wait_for(timeout=3000)
            return
        except Exception:  # the click landed while something still moved: look again
            continue
    detail.wait_for(timeout=1000)


def test_content_question_shows_evidence_and_history(page, reports: Ingested, watch: PageWatch) -> None:
    page.goto(f"/collections/{reports.collection_id}/ask")
    page.locator("details.options summary").click()
    page.get_by_test_id("option-retriever").select_option("kgp")
    ask(page, "What share of the students reported that they suffered no illnesses?")
    answer = page.get_by_test_id("answer").text_content()
    assert answer.strip()
    assert page.get_by_test_id("citation").count() >= 1
    # The explanation is the first view (tests/e2e/test_explanation.py); the forward tree is one click away.
    assert page.get_by_test_id("explanation-view").is_visible()
    page.get_by_test_id("view-tree").click()
    graph = page.get_by_test_id("evidence-graph")
    count = int(graph.get_attribute("data-node-count"))
    assert count >= 1
    assert page.locator("#evidence-graph canvas").count() >= 1  # cytoscape drew it
    assert page.get_by_test_id("evidence-item").count() == count
    # Clicking a node in the drawing shows its text and where it is.
    detail = page.get_by_test_id("node-detail")
    click_first_graph_node(page, graph, detail)
    assert detail.locator("a", has_text="Open in viewer").count() == 1
    assert detail.get_by_test_id("node-text").text_content().strip()
    screenshot(page, "ask")
    # History: the two questions asked in this session are listed; clicking one shows its answer again.
    page.reload()
    history = page.get_by_test_id("history-item")
    history.first.wait_for()
    assert history.count() >= 2
    history.filter(has_text="table 6.1 of eu-004").first.click()
    page.wait_for_function("() => document.querySelector('[data-testid=answer]').textContent.trim().length > 0")
    assert page.get_by_test_id("citation").count() >= 1
    assert not watch.errors


def test_a_question_of_invisible_characters_is_refused_plainly(page, reports: Ingested, watch: PageWatch) -> None:
    page.goto(f"/collections/{reports.collection_id}/ask")
    page.get_by_test_id("question-input").fill("\u200b\u200b")
    page.get_by_test_id("ask-submit").click()
    error = page.get_by_test_id("ask-error")
    error.wait_for(state="visible")
    assert "empty" in error.text_content()
    # The answer panel says it was not answered; it does not go on "writing…".
    meta = page.locator("#answer-meta").text_content()
    assert "not answered" in meta and "writing" not in meta, meta
    assert page.get_by_test_id("answer").get_attribute("data-state") == "error"


def test_graph_explorer_recentres(page, reports: Ingested, watch: PageWatch) -> None:
    document_id = reports.documents["eu-021.pdf"]
    page.goto(f"/collections/{reports.collection_id}/graph?node={document_id}")
    page.wait_for_function("() => document.querySelector('[data-testid=graph-stats] .stat') !== null")
    canvas = page.get_by_test_id("graph-canvas")
    page.wait_for_function("() => +document.querySelector('[data-testid=graph-canvas]').dataset.nodeCount > 1")
    detail = page.get_by_test_id("graph-detail")
    assert "document" in detail.text_content()
    # Re-centre on a linked node from the side panel (the same as clicking it in the drawing).
    link = detail.locator("button.linkish").first
    link.click()
    page.wait_for_function("(d) => new URLSearchParams(location.search).get('node') !== d", arg=document_id)
    new_centre = parse_qs(urlparse(page.url).query)["node"][0]
    assert new_centre != document_id
    page.wait_for_function("() => +document.querySelector('[data-testid=graph-canvas]').dataset.nodeCount >= 1")
    assert int(canvas.get_attribute("data-node-count")) >= 1
    screenshot(page, "graph")
    assert not watch.errors


def _script_pdf(path: Path) -> None:
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen import canvas

    c = canvas.Canvas(str(path), pagesize=A4)
    lines = [
        "Quarterly safety notes for the test plant, written to check that the viewer escapes text.",
        "<script>window.__mdqa_xss = 1; alert('xss')</script> appears in this sentence as plain text.",
        '<img src=x onerror="window.__mdqa_xss = 2; alert(2)"> is also only text, never markup.',
        "The script sentence also links [the report](javascript:window.__mdqa_xss=3) in Markdown.",
        "The inspection found the pressure valves in good order and the staff well trained.",
    ]
    y = 780
    for line in lines:
        c.drawString(50, y, line)
        y -= 24
    c.showPage()
    c.save()


def test_pdf_text_with_script_is_shown_not_run(page, base_url: str, tmp_path: Path, watch: PageWatch) -> None:
    status, collection = api(base_url, "POST", "/api/collections", {"name": f"Escaping {uuid.uuid4().hex[:6]}"})
    assert status == 201
    cid = collection["id"]
    pdf = tmp_path / "script-test.pdf"
    _script_pdf(pdf)
    page.goto(f"/collections/{cid}")
    # Dropped onto the drop zone (a synthetic drop: the browser's DataTransfer carrying the PDF's bytes).
    page.locator("[data-dropzone]").evaluate(
        """(zone, b64) => {
            const bytes = Uint8Array.from(atob(b64), c => c.charCodeAt(0));
            const transfer = new DataTransfer();
            transfer.items.add(new File([bytes], 'script-test.pdf', { type: 'application/pdf' }));
            zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
        }""",
        base64.b64encode(pdf.read_bytes()).decode(),
    )
    wait_all_ready(page, 1, timeout_s=120)
    row = page.get_by_test_id("document-row").first
    assert row.get_attribute("data-status") == "ready"
    document_id = row.get_attribute("data-document-id")

    page.goto(f"/documents/{document_id}?page=1")
    passages = page.get_by_test_id("passage-item")
    assert passages.count() >= 1
    text = " ".join(passages.all_text_contents())
    assert "<script>" in text and "onerror" in text  # shown as text
    assert page.locator(".viewer script, .viewer img[src=x]").count() == 0

    page.goto(f"/collections/{cid}/ask")
    ask(page, "What does the script sentence say?")
    evidence = " ".join(page.get_by_test_id("evidence-item").all_text_contents())
    assert "<script>" in evidence or "onerror" in evidence
    assert page.locator("#result script, #result img[src=x]").count() == 0
    # The answer itself quotes the PDF (Markdown rendered to HTML on the server): still no markup from it, no
    # script link, both as streamed and as stored at the answer's own address.
    answer = page.get_by_test_id("answer").text_content()
    assert "script" in answer, answer
    for _ in range(2):
        assert page.locator("#answer script, #answer img, #answer [onerror]").count() == 0
        assert page.locator("#answer a[href^='javascript'], #answer a[href*='script:']").count() == 0
        page.reload()
        page.get_by_test_id("answer").wait_for()

    assert page.evaluate("() => window.__mdqa_xss") is None
    assert watch.dialogs == [], watch.dialogs  # no alert() from the PDF's text ran
    assert not watch.errors

    # Delete the document (confirmed) and then the collection from the collections page.
    page.goto(f"/collections/{cid}")
    page.get_by_test_id("document-row").first.get_by_role("button", name="Delete").click()
    page.wait_for_function("() => document.querySelectorAll('[data-testid=document-row]').length === 0")
    page.goto("/")
    row = page.get_by_test_id("collection-row").filter(has_text=collection["name"])
    row.get_by_test_id("collection-delete").click()
    row.wait_for(state="detached")
    assert api(base_url, "GET", f"/api/collections/{cid}")[0] == 404
    assert any(d.startswith("confirm") for d in watch.dialogs)


def test_not_found_pages_are_friendly(page, base_url: str) -> None:
    for path in ("/no/such/page", "/collections/does-not-exist", "/documents/does-not-exist"):
        response = page.goto(path)
        assert response.status == 404, path
        assert page.get_by_test_id("not-found").is_visible()
        assert page.get_by_role("link", name=re.compile("Back to your collections")).is_visible()
        assert "Traceback" not in page.content()
    screenshot(page, "not-found", full_page=False)
    # The API keeps answering JSON.
    status, body = api(base_url, "GET", "/api/documents/does-not-exist")
    assert status == 404 and body["detail"]
