"""The explanation graph in headless Chromium: a content answer's evidence opens on a drawing from the question to
the cited units; a comparison's on two chains meeting in the verdict; the forward tree is one click away."""

from __future__ import annotations

import time

import httpx
import pytest

from tests.e2e.support import INGEST_TIMEOUT_S, SHARED_DATA, PageWatch, api, screenshot

pytestmark = pytest.mark.e2e

FILES = [SHARED_DATA / "pdfs" / p for p in ("reports/issue-982-example.pdf", "tables/twotables_2.pdf")]
ANSWER_TIMEOUT_MS = 120_000


@pytest.fixture(scope="module")
def collection_id(base_url: str) -> str:
    """A collection of one paper and one table PDF, uploaded through the API (the page flow is tested elsewhere)."""
    status, collection = api(base_url, "POST", "/api/collections", {"name": "Explained"})
    assert status == 201, collection
    cid = collection["id"]  # type: ignore[index]
    handles = [path.open("rb") for path in FILES]
    try:
        files = [("files", (path.name, handle, "application/pdf")) for path, handle in zip(FILES, handles, strict=True)]
        response = httpx.post(f"{base_url}/api/collections/{cid}/documents", files=files, timeout=60)
    finally:
        for handle in handles:
            handle.close()
    assert response.status_code == 202, response.text
    ids = [d["id"] for d in response.json()["documents"]]
    deadline = time.monotonic() + INGEST_TIMEOUT_S
    for document_id in ids:
        while (status_now := _status(base_url, document_id)) not in ("ready", "failed"):
            assert time.monotonic() < deadline, "the PDFs were not processed in time"
            time.sleep(0.5)
        assert status_now == "ready"
    return cid


def _status(base_url: str, document_id: str) -> str:
    return str(api(base_url, "GET", f"/api/documents/{document_id}")[1]["status"])  # type: ignore[index]


def ask(page, question: str) -> None:  # type: ignore[no-untyped-def]
    box = page.get_by_test_id("question-input")
    box.fill(question)
    box.press("Enter")
    page.wait_for_function(
        "() => ['done', 'error'].includes(document.querySelector('[data-testid=answer]').dataset.state)"
        " || !document.querySelector('[data-testid=ask-error]').hidden",
        timeout=ANSWER_TIMEOUT_MS,
    )
    error = page.get_by_test_id("ask-error")
    assert error.is_hidden(), f"ask failed: {error.text_content()}"


# Every path the drawing shows, from the question node to the answer (or verdict) node, as node ids.
PATHS = """() => {
    const svg = document.querySelector('[data-testid=explanation-graph] svg');
    const nodes = [...svg.querySelectorAll('[data-testid=explain-node]')];
    const out = {};
    for (const e of svg.querySelectorAll('[data-testid=explain-edge]')) {
        (out[e.dataset.source] = out[e.dataset.source] || []).push(e.dataset.target);
    }
    const start = nodes.find((n) => n.dataset.kind === 'question').dataset.nodeId;
    const end = nodes.find((n) => ['answer', 'verdict'].includes(n.dataset.kind)).dataset.nodeId;
    const paths = [];
    const walk = (path) => {
        const last = path[path.length - 1];
        if (last === end) { paths.push(path); return; }
        for (const next of out[last] || []) walk([...path, next]);
    };
    walk([start]);
    return paths;
}"""


def _shown_paths(page) -> list[list[str]]:  # type: ignore[no-untyped-def]
    graph = page.get_by_test_id("explanation-graph")
    graph.locator("svg").wait_for()
    assert page.get_by_test_id("explanation-view").is_visible()  # the first view of the evidence
    assert page.get_by_test_id("tree-view").is_hidden()
    paths = page.evaluate(PATHS)
    assert paths
    cited = {c.get_attribute("data-node-id") for c in page.get_by_test_id("citation").all()}
    assert cited and {p[-2] for p in paths} == cited  # every chain ends at a cited unit, each cited unit is reached
    reasons = page.locator("[data-testid=explain-edge]").evaluate_all("es => es.map((e) => e.dataset.reason)")
    assert all(r.strip() for r in reasons)  # every edge says why it is there
    return paths  # type: ignore[no-any-return]


def test_a_content_answer_opens_on_its_explanation(page, collection_id: str, watch: PageWatch) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"/collections/{collection_id}/ask")
    ask(page, "How did Nayebi and Vitelli feed music into their network?")
    paths = _shown_paths(page)
    assert all(p[0] == "question" for p in paths)
    assert page.get_by_test_id("explanation-graph").get_attribute("data-chains") == "1"
    screenshot(page, "explanation")
    # The forward tree is one click away, and back.
    page.get_by_test_id("view-tree").click()
    assert page.get_by_test_id("tree-view").is_visible() and page.get_by_test_id("explanation-view").is_hidden()
    assert int(page.get_by_test_id("evidence-graph").get_attribute("data-node-count")) >= 1
    page.get_by_test_id("view-explanation").click()
    assert page.get_by_test_id("explanation-view").is_visible()
    # A stored answer (its own address, after a reload) opens on the explanation too.
    page.reload()
    assert _shown_paths(page) == paths
    assert not watch.errors, watch.errors


def test_a_comparison_shows_two_chains_meeting_in_the_verdict(page, collection_id: str, watch: PageWatch) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"/collections/{collection_id}/ask")
    ask(page, "In which state is the share of households whose male head went to college larger, Madhya Pradesh "
              "or Orissa?")  # fmt: skip
    paths = _shown_paths(page)
    assert page.get_by_test_id("explanation-graph").get_attribute("data-chains") == "2"
    verdict = page.locator("[data-testid=explain-node][data-kind=verdict]")
    assert verdict.count() == 1
    ends = {p[-1] for p in paths}
    assert ends == {verdict.get_attribute("data-node-id")}  # the chains meet in the verdict
    assert {p[1] for p in paths} == {"part-1", "part-2"}  # one chain through each compared thing
    assert page.locator("[data-testid=explain-node][data-kind=part]").count() == 2
    screenshot(page, "explanation-comparison")
    assert not watch.errors, watch.errors


def test_the_explanation_fits_a_phone(browser: object, base_url: str, collection_id: str, watch: PageWatch) -> None:
    status, asked = api(base_url, "POST", f"/api/collections/{collection_id}/ask",
                        {"question": "How did Nayebi and Vitelli feed music into their network?",
                         "options": {"llm": "local"}})  # fmt: skip
    assert status == 200, asked
    assert asked["evidence"]["explanation"]  # type: ignore[index]
    context = browser.new_context(base_url=base_url, viewport={"width": 375, "height": 812})  # type: ignore[attr-defined]
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: watch.errors.append(str(error)))
        page.goto(f"/collections/{collection_id}/questions/{asked['id']}")  # type: ignore[index]
        page.get_by_test_id("explanation-graph").locator("svg").wait_for()
        overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"the answer page is {overflow}px wider than a 375px window"
        assert not watch.errors, watch.errors
    finally:
        context.close()
