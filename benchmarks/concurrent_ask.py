"""Concurrent /ask load on the embedded app: requests/s, p50/p95 latency and errors.

Starts `mdqa serve` on a free loopback port with a temporary data directory (SQLite, in-process worker),
uploads a small collection (HotpotQA documents rendered to PDFs), then runs N concurrent clients for a fixed
time, each POSTing /ask in a loop. Loopback only; the loop is bounded by the deadline and a request timeout.

    .venv/bin/python benchmarks/concurrent_ask.py [--clients 20] [--duration 30] [--documents 20]
"""

from __future__ import annotations

import argparse
import io
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import httpx  # noqa: E402

from app.eval.datasets import load_questions, per_question_documents  # noqa: E402
from app.eval.metrics import percentile  # noqa: E402
from app.eval.pdf_corpus import render_pdf  # noqa: E402

DATA = REPO.parent / "shared" / "data" / "mdqa" / "hotpotqa_100.json"
HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def start_server(data_dir: Path, port: int) -> subprocess.Popen[bytes]:
    env = {k: v for k, v in os.environ.items() if k not in ("MDQA_DATABASE_URL", "MDQA_BROKER_URL")}
    env["MDQA_DATA_DIR"] = str(data_dir)
    command = [
        sys.executable,
        "-m",
        "app.cli",
        "serve",
        "--host",
        HOST,
        "--port",
        str(port),
        "--data-dir",
        str(data_dir),
    ]
    log = (data_dir / "server.log").open("wb")
    return subprocess.Popen(command, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT)


def wait_healthy(base: str, server: subprocess.Popen[bytes], timeout: float = 180) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"mdqa serve exited with {server.returncode}")
        try:
            if httpx.get(f"{base}/healthz", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    raise RuntimeError("mdqa serve did not become healthy")


def build_collection(client: httpx.Client, documents: int) -> tuple[str, list[str]]:
    """Upload `documents` HotpotQA documents as PDFs; wait until all are ready; (collection id, questions)."""
    _, questions = load_questions(DATA, limit=max(1, documents // 10 + 1))
    sources = [d for q in questions for d in per_question_documents(q)][:documents]
    collection = client.post("/api/collections", json={"name": f"bench-{time.time_ns()}"})
    collection.raise_for_status()
    cid = collection.json()["id"]
    files = []
    with tempfile.TemporaryDirectory() as tmp:
        for n, source in enumerate(sources):
            path = Path(tmp) / f"doc{n}.pdf"
            render_pdf(source, path)
            files.append(("files", (f"doc{n}.pdf", io.BytesIO(path.read_bytes()), "application/pdf")))
        response = client.post(f"/api/collections/{cid}/documents", files=files, timeout=120)
    response.raise_for_status()
    ids = [d["id"] for d in response.json()["documents"]]
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline:
        statuses = [client.get(f"/api/documents/{i}").json()["status"] for i in ids]
        if all(s in ("ready", "failed") for s in statuses):
            break
        time.sleep(1)
    else:
        raise RuntimeError("documents were not processed in time")
    return cid, [q.question for q in questions]


def load(base: str, cid: str, questions: list[str], clients: int, duration: float) -> dict[str, float]:
    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    deadline = time.monotonic() + duration

    def worker(offset: int) -> None:
        with httpx.Client(base_url=base, timeout=60) as client:
            n = offset
            while time.monotonic() < deadline:
                question = questions[n % len(questions)]
                n += 1
                started = time.perf_counter()
                try:
                    response = client.post(f"/api/collections/{cid}/ask", json={"question": question})
                    ok = response.status_code == 200
                    detail = f"HTTP {response.status_code}"
                except httpx.HTTPError as exc:
                    ok, detail = False, type(exc).__name__
                elapsed = (time.perf_counter() - started) * 1000
                with lock:
                    if ok:
                        latencies.append(elapsed)
                    else:
                        errors.append(detail)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=duration + 90)
    wall = time.perf_counter() - started
    return {
        "requests": len(latencies) + len(errors),
        "ok": len(latencies),
        "errors": len(errors),
        "wall_s": wall,
        "rps": len(latencies) / wall if wall else 0.0,
        "p50": percentile(latencies, 50) if latencies else float("nan"),
        "p95": percentile(latencies, 95) if latencies else float("nan"),
        "error_kinds": ", ".join(sorted(set(errors))) or "none",  # type: ignore[dict-item]
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--duration", type=float, default=30.0)
    parser.add_argument("--documents", type=int, default=20)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="mdqa-bench-") as tmp:
        data_dir = Path(tmp)
        port = free_port()
        base = f"http://{HOST}:{port}"
        server = start_server(data_dir, port)
        try:
            wait_healthy(base, server)
            with httpx.Client(base_url=base, timeout=60) as client:
                t0 = time.perf_counter()
                cid, questions = build_collection(client, args.documents)
                ingest_s = time.perf_counter() - t0
                client.post(f"/api/collections/{cid}/ask", json={"question": questions[0]}).raise_for_status()  # warm
            result = load(base, cid, questions, args.clients, args.duration)
        finally:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(timeout=10)
    print(
        f"\n{args.documents} documents ingested in {ingest_s:.1f} s; {args.clients} clients for {args.duration:.0f} s"
    )
    print(f"errors: {result['error_kinds']}\n")
    print("| clients | seconds | requests | ok | errors | requests/s | p50 ms | p95 ms |\n" + "|---" * 8 + "|")
    print(
        f"| {args.clients} | {result['wall_s']:.1f} | {result['requests']:.0f} | {result['ok']:.0f} | "
        f"{result['errors']:.0f} | {result['rps']:.2f} | {result['p50']:.0f} | {result['p95']:.0f} |"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
