"""Helpers shared by the end-to-end tests (the fixtures live in conftest.py)."""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
SHARED_DATA = Path(os.environ.get("MDQA_SHARED_DATA", REPO_ROOT.parent / "shared" / "data"))
REPORTS = SHARED_DATA / "pdfs" / "reports"
SCREENSHOTS = REPO_ROOT / "docs" / "screenshots"
INGEST_TIMEOUT_S = float(os.environ.get("MDQA_E2E_INGEST_TIMEOUT", "300"))


def api(base_url: str, method: str, path: str, body: dict | None = None) -> tuple[int, object]:
    """A small JSON client for setting up and checking state around the browser."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        base_url + path, data=data, method=method, headers={"Content-Type": "application/json"} if data else {}
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            raw = response.read()
            return response.status, json.loads(raw) if raw else None
    except urllib.error.HTTPError as exc:
        raw = exc.read()
        return exc.code, json.loads(raw) if raw else None


@dataclass
class PageWatch:
    """What a page did that it should not: dialogs it opened and script errors it raised."""

    dialogs: list[str]
    errors: list[str]


def screenshot(page: object, name: str, full_page: bool = True) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=full_page)  # type: ignore[attr-defined]


def wait_all_ready(page: object, expected: int, timeout_s: float = INGEST_TIMEOUT_S) -> None:
    """Wait until the live table shows `expected` rows, none queued or processing (it polls by itself)."""
    page.wait_for_function(  # type: ignore[attr-defined]
        """(n) => {
            const rows = document.querySelectorAll('[data-testid=document-row]');
            const done = (r) => r.dataset.status === 'ready' || r.dataset.status === 'failed';
            return rows.length >= n && [...rows].every(done);
        }""",
        arg=expected,
        timeout=timeout_s * 1000,
        polling=500,
    )


@dataclass
class Ingested:
    collection_id: str
    name: str
    url: str
    documents: dict[str, str]  # file name -> document id
