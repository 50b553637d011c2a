"""The answer page in headless Chromium: a streamed LLM answer, citations in a side panel, a table cell boxed, the
answer's own address across reload and Back, and the layout at phone width.

A second real `mdqa serve` is started here with an LLM configured: the real llama.cpp server with SmolLM2-135M
(tests/fixtures/llm/llama.py), so the answer really streams token by token. Its collection holds one table PDF.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from tests.e2e.conftest import _new_page, mdqa_server
from tests.e2e.support import SHARED_DATA, PageWatch, api, screenshot
from tests.fixtures.llm.llama import llama_server

pytestmark = [pytest.mark.e2e, pytest.mark.llm]

TABLE_PDF = SHARED_DATA / "pdfs" / "tables" / "twotables_2.pdf"
CELL_QUESTION = "What is the Illiterate value for Kerala in table 6 of twotables_2.pdf?"  # its own label
DIFFERENCE_QUESTION = ("How much higher is the Illiterate value for Karnataka than for Kerala in table 6 of "
                       "twotables_2.pdf?")
CONTENT_QUESTION = "What share of male household heads in Kerala are illiterate?"
ANSWER_TIMEOUT_MS = 480_000  # SmolLM2 on a shared 2-core CPU


@dataclass
class LlmApp:
    url: str
    collection_id: str
    document_id: str
    data_dir: Path


@pytest.fixture(scope="module")
def llm_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LlmApp]:
    with llama_server(n_ctx=8192) as llama:
        data_dir = tmp_path_factory.mktemp("mdqa-e2e-llm")
        env = {
            "MDQA_LLM_BASE_URL": llama + "/v1",
            "MDQA_LLM_MODEL": "smollm2",
            "MDQA_LLM_TIMEOUT_S": "180",
            "MDQA_LLM_MAX_RETRIES": "0",
        }
        with mdqa_server(data_dir, env) as url:
            status, collection = api(url, "POST", "/api/collections", {"name": "Tables with an LLM"})
            assert status == 201, collection
            cid = collection["id"]
            with TABLE_PDF.open("rb") as f:
                response = httpx.post(
                    f"{url}/api/collections/{cid}/documents",
                    files=[("files", (TABLE_PDF.name, f, "application/pdf"))],
                    timeout=60,
                )
            assert response.status_code == 202, response.text
            document_id = response.json()["documents"][0]["id"]
            deadline = time.monotonic() + 300
            while api(url, "GET", f"/api/documents/{document_id}")[1]["status"] not in ("ready", "failed"):
                assert time.monotonic() < deadline, "the table PDF was not processed in 300 s"
                time.sleep(0.5)
            assert api(url, "GET", f"/api/documents/{document_id}")[1]["status"] == "ready"
            yield LlmApp(url, cid, document_id, data_dir)


@pytest.fixture
def llm_page(browser: object, llm_app: LlmApp, watch: PageWatch) -> Iterator[object]:
    context, page = _new_page(browser, llm_app.url, watch)
    yield page
    context.close()  # type: ignore[attr-defined]


RECORD_ANSWER = r"""() => {
    window.__answerStates = [];
    const answer = document.querySelector('[data-testid=answer]');
    new MutationObserver(() => window.__answerStates.push(
        [answer.dataset.state, answer.textContent.replace(/\s+/g, ''), answer.querySelectorAll('a.citation').length]
    )).observe(answer, { childList: true, subtree: true, characterData: true, attributes: true });
}"""


def ask_and_wait(page, question: str) -> None:  # type: ignore[no-untyped-def]
    box = page.get_by_test_id("question-input")
    box.fill(question)
    page.get_by_test_id("ask-submit").click()
    page.wait_for_function(
        "() => ['done', 'error'].includes(document.querySelector('[data-testid=answer]').dataset.state)",
        timeout=ANSWER_TIMEOUT_MS,
    )
    error = page.get_by_test_id("ask-error")
    assert error.is_hidden(), f"ask failed: {error.text_content()}"


def question_count(app: LlmApp) -> int:
    return len(api(app.url, "GET", f"/api/collections/{app.collection_id}/questions")[1])  # type: ignore[arg-type]


def test_streamed_llm_answer_side_panel_reload_and_back(llm_page, llm_app: LlmApp, watch: PageWatch) -> None:
    page = llm_page
    page.goto(f"/collections/{llm_app.collection_id}/ask")
    assert page.get_by_test_id("option-llm").input_value() == "openai"  # the configured LLM is the reader
    page.evaluate(RECORD_ANSWER)
    ask_and_wait(page, CONTENT_QUESTION)

    # Progressive: many growing states of the text while streaming (each one the start of the next; spaces
    # aside, as paragraph breaks settle), before the final rendering.
    states = page.evaluate("() => window.__answerStates")
    streaming = [text for state, text, _ in states if state == "streaming" and text]
    assert len(set(streaming)) >= 3, states
    assert all(b.startswith(a) for a, b in zip(streaming, streaming[1:], strict=False)), streaming
    assert states[-1][0] == "done"
    # It ends with clickable citations, and the page now has the answer's own address.
    citations = page.get_by_test_id("citation")
    assert citations.count() >= 1
    assert re.search(rf"/collections/{llm_app.collection_id}/questions/\w+$", page.url)
    answer_url = page.url
    answer_text = page.get_by_test_id("answer").text_content()
    asked = question_count(llm_app)

    # A citation opens the cited page beside the answer, which stays where it was.
    first = citations.first
    first.click()
    panel = page.get_by_test_id("source-panel")
    panel.wait_for()
    page.wait_for_function("() => document.querySelector('[data-testid=source-panel]').dataset.state === 'ready'")
    assert page.url == answer_url
    assert panel.get_attribute("data-node-id") == first.get_attribute("data-node-id")
    page.get_by_test_id("source-image").evaluate("img => img.decode()")
    assert page.get_by_test_id("source-image").evaluate("img => img.naturalWidth") > 0
    answer_box = page.locator(".answer-card").bounding_box()
    panel_box = panel.bounding_box()
    assert panel_box["x"] >= answer_box["x"] + answer_box["width"] - 1  # beside it, to the right
    assert panel_box["y"] < answer_box["y"] + answer_box["height"]  # and level with it
    assert page.get_by_test_id("answer").is_visible()
    screenshot(page, "answer-panel", full_page=False)

    # Reload: the stored answer, not a new question.
    page.reload()
    page.get_by_test_id("answer").wait_for()
    assert page.get_by_test_id("answer").get_attribute("data-state") == "done"
    assert page.get_by_test_id("answer").text_content() == answer_text
    assert question_count(llm_app) == asked
    # Into the viewer from the panel, then Back: the same answer at the same address.
    page.get_by_test_id("citation").first.click()
    page.wait_for_function("() => document.querySelector('[data-testid=source-panel]').dataset.state === 'ready'")
    page.get_by_test_id("source-open").click()
    page.wait_for_url("**/documents/**")
    page.go_back()
    page.wait_for_url(answer_url)
    page.get_by_test_id("answer").wait_for()
    assert page.get_by_test_id("answer").text_content() == answer_text
    assert page.get_by_test_id("citation").count() >= 1
    # Back once more: the empty ask page the question was asked from.
    page.go_back()
    page.wait_for_url(f"**/collections/{llm_app.collection_id}/ask")
    assert question_count(llm_app) == asked
    assert not watch.errors, watch.errors


def test_table_cell_answer_is_boxed_in_the_side_panel(llm_page, llm_app: LlmApp, watch: PageWatch) -> None:
    status, first = api(llm_app.url, "POST", f"/api/collections/{llm_app.collection_id}/ask",
                        {"question": CELL_QUESTION, "options": {"llm": "local"}})  # fmt: skip
    assert status == 200, first
    cell = first.get("cell")
    assert cell and cell["value"] == "7.2", first
    # The extractor stores every cell's box; the look-up hands it on.
    assert cell.get("bbox") and len(cell["bbox"]) == 4, first

    page = llm_page
    page.goto(f"/collections/{llm_app.collection_id}/ask")
    page.locator("details.options summary").click()
    page.get_by_test_id("option-llm").select_option("local")
    ask_and_wait(page, CELL_QUESTION)
    result = api(llm_app.url, "GET", f"/api/collections/{llm_app.collection_id}/questions/"
                 + page.url.rsplit("/", 1)[-1])[1]["result"]  # type: ignore[index]  # fmt: skip
    bbox = result["cell"]["bbox"]
    assert bbox and len(bbox) == 4
    page.get_by_test_id("citation").first.click()
    highlight = page.get_by_test_id("cell-highlight")
    highlight.wait_for()
    page.get_by_test_id("source-image").evaluate("img => img.decode()")
    page.wait_for_timeout(300)  # the panel's scroll into view settles
    cited = result["citations"][0]
    pdf_page = api(llm_app.url, "GET", f"/api/documents/{cited['document_id']}/pages/{cited['page']}")[1]
    canvas = page.locator("#source-canvas").bounding_box()
    box = highlight.bounding_box()
    drawn = [
        (box["x"] - canvas["x"]) / canvas["width"] * pdf_page["width"],
        (box["y"] - canvas["y"]) / canvas["height"] * pdf_page["height"],
        (box["x"] + box["width"] - canvas["x"]) / canvas["width"] * pdf_page["width"],
        (box["y"] + box["height"] - canvas["y"]) / canvas["height"] * pdf_page["height"],
    ]
    assert drawn == pytest.approx(bbox, abs=1.5), (drawn, bbox)
    # The passage/table highlight is there too, and the cell lies inside it.
    table_box = page.get_by_test_id("source-highlight").bounding_box()
    assert table_box["x"] <= box["x"] + 2 and box["x"] + box["width"] <= table_box["x"] + table_box["width"] + 2
    screenshot(page, "answer-cell", full_page=False)
    assert not watch.errors, watch.errors


def test_phone_width_has_no_horizontal_scrolling(browser: object, llm_app: LlmApp, watch: PageWatch) -> None:
    context = browser.new_context(base_url=llm_app.url, viewport={"width": 375, "height": 812})  # type: ignore[attr-defined]
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: watch.errors.append(str(error)))
        status, asked = api(llm_app.url, "POST", f"/api/collections/{llm_app.collection_id}/ask",
                            {"question": CELL_QUESTION, "options": {"llm": "local"}})  # fmt: skip
        assert status == 200, asked
        stored = f"/collections/{llm_app.collection_id}/questions/{asked['id']}"  # type: ignore[index]
        for path, name in (
            (f"/collections/{llm_app.collection_id}/ask", "ask-phone"),
            (stored, "answer-phone"),
            (f"/collections/{llm_app.collection_id}/questions", "history-phone"),
        ):
            page.goto(path)
            page.wait_for_load_state("networkidle")
            if path == stored:
                page.get_by_test_id("citation").first.click()
                page.wait_for_function(
                    "() => document.querySelector('[data-testid=source-panel]').dataset.state === 'ready'"
                )
            overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"{path} is {overflow}px wider than a 375px window"
            screenshot(page, name)
        assert not watch.errors, watch.errors
    finally:
        context.close()


def test_the_two_cells_of_a_difference_are_both_boxed(llm_page, llm_app: LlmApp, watch: PageWatch) -> None:
    page = llm_page
    page.goto(f"/collections/{llm_app.collection_id}/ask")
    page.locator("details.options summary").click()
    page.get_by_test_id("option-llm").select_option("local")
    ask_and_wait(page, DIFFERENCE_QUESTION)
    assert "30.2" in (page.get_by_test_id("answer").text_content() or "")
    result = api(llm_app.url, "GET", f"/api/collections/{llm_app.collection_id}/questions/"
                 + page.url.rsplit("/", 1)[-1])[1]["result"]  # type: ignore[index]  # fmt: skip
    assert sorted(c["value"] for c in result["cells"]) == ["37.4", "7.2"], result["cells"]
    assert all(c["bbox"] and len(c["bbox"]) == 4 for c in result["cells"])
    page.get_by_test_id("citation").first.click()
    page.wait_for_function("() => document.querySelector('[data-testid=source-panel]').dataset.state === 'ready'")
    boxes = page.get_by_test_id("cell-highlight")
    assert boxes.count() == 2
    drawn = sorted(json.loads(boxes.nth(k).get_attribute("data-bbox") or "[]") for k in range(2))
    assert drawn == sorted(c["bbox"] for c in result["cells"])
    assert "2 cells" in (page.get_by_test_id("source-panel").text_content() or "")
    assert not watch.errors, watch.errors
