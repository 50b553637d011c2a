"""End-to-end fixtures: one real `mdqa serve` on loopback, one headless Debian Chromium, one ingested collection.

Set MDQA_E2E_BASE_URL to drive an already running server instead of starting one;
MDQA_E2E_CHROMIUM names another Chromium binary (default /usr/bin/chromium, Debian's package).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.e2e.support import REPO_ROOT, REPORTS, Ingested, PageWatch, screenshot, wait_all_ready

CHROMIUM = os.environ.get("MDQA_E2E_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


# Server logs of this run, shown beside a failing test: the browser only sees what the server got wrong.
_SERVER_LOGS: list[Path] = []


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    if report.failed:
        for log in _SERVER_LOGS:
            if log.exists():
                report.sections.append((f"mdqa serve log, last lines ({log})", log.read_text(errors="replace")[-6000:]))


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str, timeout: float = 5.0) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def _mdqa_command() -> list[str]:
    local = Path(sys.executable).parent / "mdqa"
    if local.exists():
        return [str(local)]
    found = shutil.which("mdqa")
    return [found] if found else [sys.executable, "-m", "app.cli"]


@contextmanager
def mdqa_server(data_dir: Path, env_extra: dict[str, str] | None = None) -> Iterator[str]:
    """A real `mdqa serve` on a free loopback port over `data_dir` (embedded default); yields its URL."""
    port = _free_port()
    log_path = data_dir / "server.log"
    _SERVER_LOGS.append(log_path)
    env = {**os.environ, "MDQA_DATA_DIR": str(data_dir)}
    for key in ("MDQA_DATABASE_URL", "MDQA_BROKER_URL"):  # the embedded default: SQLite + in-process worker
        env.pop(key, None)
    for key in [k for k in env if k.startswith("MDQA_LLM_")]:  # no LLM unless the caller configures one
        env.pop(key)
    env.update(env_extra or {})
    # The server under test runs this checkout's code, even where the `mdqa` script was installed from another.
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO_ROOT), env.get("PYTHONPATH", "")) if p)
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [*_mdqa_command(), "serve", "--host", "127.0.0.1", "--port", str(port), "--data-dir", str(data_dir)],
            cwd=REPO_ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            if process.poll() is not None:
                pytest.fail(f"mdqa serve exited with {process.returncode}:\n{log_path.read_text()[-4000:]}")
            try:
                if _get(url + "/healthz", timeout=2)[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"mdqa serve did not answer /healthz in 120 s:\n{log_path.read_text()[-4000:]}")
            time.sleep(0.3)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="session")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    external = os.environ.get("MDQA_E2E_BASE_URL")
    if external:
        yield external.rstrip("/")
        return
    with mdqa_server(tmp_path_factory.mktemp("mdqa-e2e-data")) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: scripts/setup.sh --test installs it (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def watch() -> PageWatch:
    return PageWatch(dialogs=[], errors=[])


def _new_page(browser: object, base_url: str, watch: PageWatch) -> tuple[object, object]:
    context = browser.new_context(base_url=base_url, viewport={"width": 1400, "height": 950})  # type: ignore[attr-defined]
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.on("pageerror", lambda error: watch.errors.append(str(error)))

    def on_dialog(dialog: object) -> None:
        watch.dialogs.append(f"{dialog.type}: {dialog.message}")  # type: ignore[attr-defined]
        # Confirmations for deletes are accepted; anything else (an alert from injected script) is recorded.
        dialog.accept() if dialog.type == "confirm" else dialog.dismiss()  # type: ignore[attr-defined]

    page.on("dialog", on_dialog)
    return context, page


@pytest.fixture
def page(browser: object, base_url: str, watch: PageWatch) -> Iterator[object]:
    context, page = _new_page(browser, base_url, watch)
    yield page
    context.close()  # type: ignore[attr-defined]


@pytest.fixture(scope="session")
def reports(browser: object, base_url: str) -> Ingested:
    """The shared collection: created through the UI, the reports folder uploaded through the folder picker."""
    watch = PageWatch(dialogs=[], errors=[])
    context, page = _new_page(browser, base_url, watch)
    try:
        name = f"Reports {uuid.uuid4().hex[:6]}"
        page.goto("/")
        page.get_by_test_id("collection-name-input").fill(name)
        page.get_by_test_id("collection-create").click()
        page.wait_for_url("**/collections/*")
        collection_id = page.url.rstrip("/").rsplit("/", 1)[-1]
        pdfs = sorted(REPORTS.glob("*.pdf"))
        assert len(pdfs) == 8
        page.get_by_test_id("upload-input").set_input_files(REPORTS)
        wait_all_ready(page, len(pdfs))
        rows = page.get_by_test_id("document-row")
        documents = {}
        for i in range(rows.count()):
            row = rows.nth(i)
            path = row.get_attribute("data-path") or ""
            documents[path.rsplit("/", 1)[-1]] = row.get_attribute("data-document-id") or ""
        screenshot(page, "collection")
        assert not watch.errors, watch.errors
        return Ingested(collection_id=collection_id, name=name, url=page.url, documents=documents)
    finally:
        context.close()  # type: ignore[attr-defined]
