"""Bad input and hostile clients get a clear status, never a 500, through a real uvicorn server on loopback:
concurrent duplicate uploads, page numbers beyond any integer, pages too large to draw, oversize chunked bodies,
stalled headers and bodies. And the logs: one line per request with its id, a line per document state change."""

from __future__ import annotations

import io
import json
import logging
import re
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
import uvicorn
from fastapi.testclient import TestClient
from PIL import Image
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from app.api.faults import BODY_TIMEOUT
from app.logging_setup import make_handler
from app.main import create_app
from app.serving import server_config
from app.settings import Settings
from tests.conftest import PDFS
from tests.integration.test_ask_content import encoder

PDF = PDFS / "tables" / "twotables_2.pdf"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def live_server(settings: Settings) -> Iterator[str]:
    """The app under `mdqa serve`'s uvicorn configuration, in a thread; no ingestion worker (uploads stay queued)."""
    port = _free_port()
    server = uvicorn.Server(server_config(create_app(settings, start_worker=False), settings, "127.0.0.1", port))
    thread = threading.Thread(target=server.run, name="uvicorn", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(15)


def _collection(base: str, name: str) -> str:
    response = httpx.post(f"{base}/api/collections", json={"name": name})
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


def test_concurrent_duplicate_uploads_make_one_document(settings: Settings) -> None:
    """The same bytes posted by three clients at once, 20 times: one document, every client told which (202)."""
    data = PDF.read_bytes()
    with live_server(settings) as base:
        for trial in range(20):
            cid = _collection(base, f"race {trial}")
            barrier = threading.Barrier(3)
            answers: list[httpx.Response] = []

            def post(cid: str = cid, barrier: threading.Barrier = barrier, answers: list = answers) -> None:
                with httpx.Client(timeout=60) as client:
                    barrier.wait()
                    answers.append(
                        client.post(
                            f"{base}/api/collections/{cid}/documents",
                            files=[("files", (PDF.name, data, "application/pdf"))],
                        )
                    )

            threads = [threading.Thread(target=post) for _ in range(3)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert [a.status_code for a in answers] == [202] * 3, [a.text for a in answers]
            documents = [a.json()["documents"][0] for a in answers]
            assert len({d["id"] for d in documents}) == 1, documents
            assert sorted(d["duplicate"] for d in documents) == [False, True, True]
            collection = httpx.get(f"{base}/api/collections/{cid}").json()
            assert [d["id"] for d in collection["documents"]] == [documents[0]["id"]]


def test_page_numbers_beyond_any_integer_are_refused(settings: Settings) -> None:
    with live_server(settings) as base:
        cid = _collection(base, "pages")
        with PDF.open("rb") as handle:
            upload = httpx.post(f"{base}/api/collections/{cid}/documents", files=[("files", (PDF.name, handle))])
        did = upload.json()["documents"][0]["id"]
        for n in ("99999999999999999999", str(2**64), str(2**31), "0", "-1"):
            for suffix in ("", "/image"):
                response = httpx.get(f"{base}/api/documents/{did}/pages/{n}{suffix}")
                assert response.status_code == 422, (n, suffix, response.text)
                assert "n:" in response.json()["detail"]
        # The largest number a page can have is looked up, and not found (the document is not processed).
        for suffix in ("", "/image"):
            response = httpx.get(f"{base}/api/documents/{did}/pages/{2**31 - 1}{suffix}")
            assert response.status_code == 404, response.text
            assert response.json()["detail"].startswith(f"page {2**31 - 1} not found")


def _pages_pdf(path: Path) -> None:
    """Three pages: A4, the PDF format's largest (14,400 points a side), and a 10^7-point MediaBox."""
    pdf = canvas.Canvas(str(path))
    for size in (A4, (14_400, 14_400), (10_000_000, 10_000_000)):
        pdf.setPageSize(size)
        pdf.setFont("Helvetica", 24)
        for line in range(4):
            pdf.drawString(
                72, 72 + 30 * line, f"Line {line} of a page measuring {size[0]:.0f} by {size[1]:.0f} points."
            )
        pdf.showPage()
    pdf.save()


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_huge_pages_are_drawn_scaled_down_or_refused(
    settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("app.services.ingestion.get_embedder", lambda device="auto", backend="auto": encoder())
    path = tmp_path / "sizes.pdf"
    _pages_pdf(path)
    settings = settings.model_copy(update={"extract_in_child_process": False, "render_max_pixels": 4_000_000})
    with TestClient(create_app(settings)) as client:
        cid = client.post("/api/collections", json={"name": "sizes"}).json()["id"]
        upload = client.post(f"/api/collections/{cid}/documents", files=[("files", ("sizes.pdf", path.read_bytes()))])
        did = upload.json()["documents"][0]["id"]
        deadline = time.monotonic() + 300
        while (document := client.get(f"/api/documents/{did}").json())["status"] not in ("ready", "failed"):
            assert time.monotonic() < deadline, document
            time.sleep(0.2)
        assert document["status"] == "ready" and document["page_count"] == 3, document

        a4 = client.get(f"/api/documents/{did}/pages/1/image?scale=1.5")
        assert a4.status_code == 200
        assert Image.open(io.BytesIO(a4.content)).size == (round(A4[0] * 1.5), round(A4[1] * 1.5))

        largest = client.get(f"/api/documents/{did}/pages/2/image?scale=4")
        assert largest.status_code == 200 and largest.headers["content-type"] == "image/png"
        width, height = Image.open(io.BytesIO(largest.content)).size
        assert width == height and 1_900 <= width <= 2_000  # 4 MP, not the 57,600² pixels scale 4 asks for

        hostile = client.get(f"/api/documents/{did}/pages/3/image")
        assert hostile.status_code == 422
        assert hostile.json()["detail"] == (
            "the page is 10,000,000 × 10,000,000 points, beyond the 14,400-point maximum of the PDF format; "
            "it cannot be drawn"
        )
        # The page's text and boxes are still served; only the image is refused.
        assert client.get(f"/api/documents/{did}/pages/3").status_code == 200


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_oversize_chunked_upload_is_413(settings: Settings) -> None:
    settings = settings.model_copy(update={"max_upload_mb": 1})
    boundary = "edgesboundary"
    head = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.pdf"\r\n'
        "Content-Type: application/pdf\r\n\r\nnot a PDF\n"
    ).encode()
    tail = f"\r\n--{boundary}--\r\n".encode()

    def body(size: int) -> Iterator[bytes]:  # a generator: httpx sends it chunked, with no Content-Length
        yield head
        for _ in range(size // 65_536):
            yield b"%" * 65_536
        yield tail

    headers = {"content-type": f"multipart/form-data; boundary={boundary}"}
    with live_server(settings) as base:
        cid = _collection(base, "chunked")
        url = f"{base}/api/collections/{cid}/documents"
        refused = httpx.post(url, content=body(3 << 20), headers=headers, timeout=60)
        assert refused.status_code == 413, refused.text
        assert refused.json() == {"detail": "upload larger than 1 MB (MDQA_MAX_UPLOAD_MB)"}
        # Under the limit the same chunked request reaches the route, which refuses the file for what it is.
        accepted = httpx.post(url, content=body(512 << 10), headers=headers, timeout=60)
        assert accepted.status_code == 202, accepted.text
        assert [r["filename"] for r in accepted.json()["rejected"]] == ["big.pdf"]
        assert accepted.json()["rejected"][0]["detail"].startswith("not a PDF")
        assert httpx.get(f"{base}/api/collections/{cid}").json()["document_count"] == 0


def _read_until_closed(sock: socket.socket) -> bytes:
    received = b""
    while chunk := sock.recv(65_536):
        received += chunk
    return received


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_stalled_clients_are_answered_408_and_let_go(settings: Settings) -> None:
    settings = settings.model_copy(update={"body_timeout_s": 1.0, "header_timeout_s": 1.0})
    with live_server(settings) as base:
        port = int(base.rsplit(":", 1)[1])
        # Headers in full, then 10 of the 1,000 body bytes they announce, then nothing.
        with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
            sock.sendall(
                b"POST /api/collections HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b"Content-Length: 1000\r\n\r\n" + b'{"name": "'
            )
            answer = _read_until_closed(sock)  # the server closes the connection after answering
        status_line, _, rest = answer.partition(b"\r\n")
        assert status_line == b"HTTP/1.1 408 Request Timeout", answer
        assert json.loads(rest.split(b"\r\n\r\n", 1)[1]) == {"detail": BODY_TIMEOUT.format(seconds=1.0)}

        # The same with a chunked body that stops after its first chunk.
        with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
            sock.sendall(
                b"POST /api/collections HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b'Transfer-Encoding: chunked\r\n\r\n5\r\n{"nam\r\n'
            )
            assert _read_until_closed(sock).startswith(b"HTTP/1.1 408 ")

        # Headers that never finish, and a connection that never sends anything, are closed too.
        for partial in (b"GET /healthz HTTP/1.1\r\nHost: te", b""):
            with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
                sock.sendall(partial)
                assert _read_until_closed(sock).startswith(b"HTTP/1.1 408 ")

        # Nothing was created, and the server still answers.
        assert httpx.get(f"{base}/api/collections").json() == []


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_logs_carry_request_ids_and_document_state_changes(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("app.services.ingestion.get_embedder", lambda device="auto", backend="auto": encoder())
    stream = io.StringIO()
    handler = make_handler(settings.model_copy(update={"log_format": "json"}), stream)
    root = logging.getLogger()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    try:
        with TestClient(create_app(settings.model_copy(update={"extract_in_child_process": False}))) as client:
            cid = client.post("/api/collections", json={"name": "logs"}, headers={"X-Request-ID": "given-id-1"}).json()[
                "id"
            ]
            upload = client.post(f"/api/collections/{cid}/documents", files=[("files", (PDF.name, PDF.read_bytes()))])
            request_id = upload.headers["x-request-id"]
            did = upload.json()["documents"][0]["id"]
            deadline = time.monotonic() + 300
            while client.get(f"/api/documents/{did}").json()["status"] not in ("ready", "failed"):
                assert time.monotonic() < deadline
                time.sleep(0.2)
            document = client.get(f"/api/documents/{did}").json()
    finally:
        root.removeHandler(handler)
        root.setLevel(level)
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]

    requests = [line for line in lines if line["logger"] == "mdqa.request"]
    created = next(line for line in requests if line["method"] == "POST" and line["route"] == "/api/collections")
    assert created["request_id"] == "given-id-1" and created["status"] == 201 and created["duration_ms"] >= 0
    uploaded = next(line for line in requests if line["route"] == "/api/collections/{cid}/documents")
    assert uploaded["request_id"] == request_id and uploaded["status"] == 202
    generated = [line["request_id"] for line in requests if line is not created]
    assert all(re.fullmatch(r"[0-9a-f]{16}", r) for r in generated) and len(set(generated)) == len(generated)

    states = [line for line in lines if line.get("document_id") == did and "status" in line]
    assert [line["status"] for line in states] == ["queued", "processing", "ready"], states
    assert states[0]["request_id"] == request_id  # written while the upload request was answered
    ready = states[-1]
    assert document["status"] == "ready"
    assert (ready["pages"], ready["passages"], ready["tables"]) == (
        document["page_count"],
        document["passage_count"],
        document["table_count"],
    )
    assert ready["seconds"] > 0
