"""A cell question asked in headless Chromium, as a user asks it, on PDFs given on the command line: the answer, the
cell the API returns, and the box the page draws over the cited page, converted back to PDF points (issue 32's
check on a booktabs table of a fetched paper and a rotated table). A screenshot of the source panel per question.

    PYTHONPATH=. .venv/bin/python benchmarks/browser_cell_check.py OUT_DIR QUESTIONS.json PDF [PDF ...]

QUESTIONS.json: [["question", "expected value"], ...]. Starts its own `mdqa serve` (embedded default) on a temporary
data directory and Chromium at tests.e2e.conftest.CHROMIUM.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
PORT = 8791
ANSWER_TIMEOUT_MS = 300_000
DONE = "() => ['done','error'].includes(document.querySelector('[data-testid=answer]').dataset.state)"


def _serve(data: Path) -> subprocess.Popen[bytes]:
    own = ("MDQA_DATABASE_URL", "MDQA_BROKER_URL", "MDQA_LLM_")  # the embedded default, no LLM
    env = {k: v for k, v in os.environ.items() if not k.startswith(own)}
    env.update(MDQA_DATA_DIR=str(data), PYTHONPATH=str(ROOT))
    command = [str(ROOT / ".venv/bin/python"), "-m", "app.cli", "serve", "--host", "127.0.0.1", "--port", str(PORT),
               "--data-dir", str(data)]  # fmt: skip
    with (data / "server.log").open("wb") as log:
        return subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)


def _upload(url: str, pdfs: list[Path]) -> str:
    for _ in range(240):
        try:
            if httpx.get(url + "/healthz", timeout=2).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    cid: str = httpx.post(url + "/api/collections", json={"name": "Browser cell check"}).json()["id"]
    handles = [p.open("rb") for p in pdfs]
    try:
        files = [("files", (p.name, h, "application/pdf")) for p, h in zip(pdfs, handles, strict=True)]
        documents = httpx.post(f"{url}/api/collections/{cid}/documents", files=files, timeout=120).json()["documents"]
    finally:
        for h in handles:
            h.close()
    for d in documents:
        while (status := httpx.get(f"{url}/api/documents/{d['id']}").json()["status"]) not in ("ready", "failed"):
            time.sleep(1)
        print(d["filename"], status)
    return cid


def _check(page: Any, url: str, cid: str, question: str, expected: str, shot: Path) -> None:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page.goto(f"/collections/{cid}/ask")
    page.get_by_test_id("question-input").fill(question)
    page.get_by_test_id("ask-submit").click()
    page.wait_for_function(DONE, timeout=ANSWER_TIMEOUT_MS)
    answer = " ".join((page.get_by_test_id("answer").text_content() or "").split())
    result = httpx.get(f"{url}/api/collections/{cid}/questions/{page.url.rsplit('/', 1)[-1]}").json()["result"]
    cell = result.get("cell") or {}
    found = expected.lower() in answer.lower()  # a caption word as the question's writer spelled it
    print(f"Q: {question}\n  answer: {answer[:300]}\n  expected {expected!r} in answer (any case): {found}")
    print(f"  cell: {cell}\n  citations: {[(c['filename'], c['page']) for c in result['citations']]}")
    if not result["citations"]:  # nothing cited (a table said missing): no source panel to look at
        page.get_by_test_id("answer").screenshot(path=str(shot))
        return
    page.get_by_test_id("citation").first.click()
    if not cell:  # a passage or a whole table cited, or the parts' cells: the source panel as it shows it
        page.wait_for_function("() => document.querySelector('[data-testid=source-panel]').dataset.state === 'ready'")
        parts = [(c["value"], c.get("bbox")) for c in result.get("cells", [])]
        boxed = page.get_by_test_id("cell-highlight").count()
        print(f"  the parts' cells {parts}; boxed in the first citation's panel: {boxed}")
        page.get_by_test_id("source-panel").screenshot(path=str(shot))
        return
    highlight = page.get_by_test_id("cell-highlight")
    try:
        highlight.wait_for(timeout=30_000)
    except PlaywrightTimeout:
        print("  no cell box drawn within 30 s")
        page.get_by_test_id("source-panel").screenshot(path=str(shot))
        return
    page.get_by_test_id("source-image").evaluate("img => img.decode()")
    page.wait_for_timeout(500)
    cited = result["citations"][0]
    size = httpx.get(f"{url}/api/documents/{cited['document_id']}/pages/{cited['page']}").json()
    canvas, box = page.locator("#source-canvas").bounding_box(), highlight.bounding_box()
    sx, sy = size["width"] / canvas["width"], size["height"] / canvas["height"]
    drawn = [(box["x"] - canvas["x"]) * sx, (box["y"] - canvas["y"]) * sy,
             (box["x"] + box["width"] - canvas["x"]) * sx, (box["y"] + box["height"] - canvas["y"]) * sy]  # fmt: skip
    print(f"  drawn box (PDF points) {[round(v, 1) for v in drawn]}, stored {cell.get('bbox')}, page {cited['page']}")
    page.get_by_test_id("source-panel").screenshot(path=str(shot))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", type=Path)
    parser.add_argument("questions", type=Path)
    parser.add_argument("pdfs", type=Path, nargs="+")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    questions = json.loads(args.questions.read_text(encoding="utf-8"))
    from playwright.sync_api import sync_playwright

    from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS

    data = Path(tempfile.mkdtemp(prefix="mdqa-cell-check-"))
    server = _serve(data)
    url = f"http://127.0.0.1:{PORT}"
    try:
        cid = _upload(url, args.pdfs)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 1000}, base_url=url)
            for n, (question, expected) in enumerate(questions):
                _check(page, url, cid, question, expected, args.out / f"cell-check-{n}.png")
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
