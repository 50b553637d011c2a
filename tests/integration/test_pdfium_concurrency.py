"""pdfium forbids concurrent calls from different threads, even on different documents. In the embedded app the
ingestion thread extracts PDFs while request threads draw page images for the viewer: this runs both for real
(real threads, real PDFs, the real API) and checks that no two threads are ever inside pdfium at once, that the
results are those of a quiet run, and that page images keep coming while a document is being extracted.

The check wraps every function of pypdfium2's raw bindings (which both our code and pypdfium2's helpers call
through the module) with a counter of threads inside. Before the one lock of app.ingest.pdfium, extraction
called pdfium without the viewer's lock: run on that code (commit e9ff872) this test failed with 30,807 pdfium
calls made while another thread was inside pdfium (FPDF_LoadDocument, FPDFText_GetText, ...).
"""

from __future__ import annotations

import shutil
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pypdfium2.raw as pdfium_raw
import pytest
from fastapi.testclient import TestClient

from app.ingest.ocr import make_ocr
from app.ingest.pdf import extract_pdf
from app.main import create_app
from app.settings import Settings
from tests.conftest import PDFS
from tests.integration.helpers import upload, wait_until_done

VIEWED = PDFS / "reports" / "eu-013.pdf"
INGESTED = [PDFS / "reports" / name for name in ("diesel_engines.pdf", "federal-register-2020-17221.pdf")]


class OverlapDetector:
    """Counts pdfium calls and the calls made while another thread was inside pdfium."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._inside: dict[int, int] = {}
        self.calls = 0
        self.overlaps = 0
        self.examples: list[str] = []

    def wrap(self, name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any) -> Any:
            me = threading.get_ident()
            with self._guard:
                self.calls += 1
                others = [t for t, n in self._inside.items() if n and t != me]
                if others:
                    self.overlaps += 1
                    if len(self.examples) < 5:
                        self.examples.append(name)
                self._inside[me] = self._inside.get(me, 0) + 1
            try:
                return fn(*args)
            finally:
                with self._guard:
                    self._inside[me] -= 1

        return wrapper


@pytest.fixture
def detector(monkeypatch: pytest.MonkeyPatch) -> OverlapDetector:
    found = OverlapDetector()
    for name in dir(pdfium_raw):
        fn = getattr(pdfium_raw, name)
        if name.startswith("FPDF") and callable(fn) and hasattr(fn, "argtypes"):
            monkeypatch.setattr(pdfium_raw, name, found.wrap(name, fn))
    return found


@pytest.fixture
def client(sqlite_url: str, tmp_path: Path) -> Iterator[TestClient]:
    # Extraction in the web process's own worker threads (the fallback path of the pipeline, and the setting's off
    # position): pdfium is then shared by ingestion and page rendering, which is what the lock is for.
    settings = Settings(data_dir=tmp_path / "data", database_url=sqlite_url, extract_in_child_process=False)
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def test_page_images_while_documents_ingest(client: TestClient, detector: OverlapDetector, tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    cid = client.post("/api/collections", json={"name": "concurrency"}).json()["id"]
    viewed = upload(client, cid, [VIEWED])["documents"][0]
    (viewed,) = wait_until_done(client, [viewed["id"]])
    assert viewed["status"] == "ready"
    pages = viewed["page_count"]
    quiet_calls = detector.calls
    assert quiet_calls > 1000 and detector.overlaps == 0  # one thread at a time so far: the detector is quiet

    ingesting = [d["id"] for d in upload(client, cid, INGESTED)["documents"]]
    renders: list[tuple[float, float, float]] = []  # (seconds, progress of the first document, ended at)
    images: dict[tuple[int, float], bytes] = {}
    stop = threading.Event()

    def progress() -> tuple[str, float]:
        body = client.get(f"/api/documents/{ingesting[0]}").json()
        return body["status"], body["progress"]

    def viewer(worker: int) -> None:
        # Requests ask for (page, scale) pairs not asked before (hundreds of them), so each one draws with pdfium.
        step = 0
        while not stop.is_set():
            number = 1 + (step % pages)
            scale = round(0.3 + 0.01 * ((worker * 35 + step // pages) % 70), 2)
            started = time.perf_counter()
            response = client.get(f"/api/documents/{viewed['id']}/pages/{number}/image?scale={scale}")
            elapsed = time.perf_counter() - started
            assert response.status_code == 200, response.text
            assert response.content[:8] == b"\x89PNG\r\n\x1a\n"
            images[(number, scale)] = response.content
            renders.append((elapsed, progress()[1], time.monotonic()))
            step += 1
            time.sleep(0.05)  # a person paging through, not a benchmark: leave the cores to ingestion

    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = [pool.submit(viewer, w) for w in range(2)]
        try:
            done = wait_until_done(client, ingesting, timeout=600)
        finally:
            stop.set()
        for future in futures:
            future.result()

    assert [d["status"] for d in done] == ["ready"] * len(INGESTED), done
    assert detector.calls > quiet_calls
    assert detector.overlaps == 0, f"{detector.overlaps} pdfium calls overlapped another thread's: {detector.examples}"
    # Images kept coming while the first document was being extracted (progress 0..0.9 is extraction):
    # the lock is held per page, not for a whole document.
    during_extraction = [r for r in renders if 0.0 < r[1] < 0.85]
    assert len(renders) >= 10 and during_extraction, renders[:20]

    # What was drawn under load is what a quiet run draws, and what was extracted matches a quiet extraction.
    shutil.rmtree(data_dir / "renders")
    for (number, scale), png in list(images.items())[:6]:
        redrawn = client.get(f"/api/documents/{viewed['id']}/pages/{number}/image?scale={scale}").content
        assert redrawn == png
    settings: Settings = client.app.state.settings  # type: ignore[attr-defined]
    for path, document in zip(INGESTED, done, strict=True):
        quiet = extract_pdf(path, max_pages=settings.max_pages, ocr=make_ocr(settings.ocr))
        assert document["passage_count"] == sum(len(p.passages) for p in quiet.pages)
        assert document["table_count"] == sum(len(p.tables) for p in quiet.pages)
