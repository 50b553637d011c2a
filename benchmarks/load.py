"""Load on scaled mode: askers and uploaders at once against PostgreSQL + Redis + Celery workers + uvicorn.

Starts, on loopback: a fresh database on the PostgreSQL server (MDQA_LOAD_PG_ADMIN, default the local one), a
queue of its own on the Redis server (MDQA_LOAD_REDIS), `--workers` `mdqa worker` processes and one `mdqa serve`.
Builds two collections from HotpotQA/MuSiQue documents rendered to PDFs (reportlab) and ingested by the workers:
one of 5 documents and one of at least `--passages` passages. Then, for each collection in turn, `--askers`
clients POST /ask in a loop while `--uploaders` clients each upload a new one-document PDF (into a collection of
their own), wait until it is ready, and upload the next, for `--duration` seconds. Reports errors (any non-2xx
answer or transport error), ask p50/p95, uploads per minute, and whether every document ended `ready`.

    nice .venv/bin/python benchmarks/load.py [--askers 20] [--uploaders 10] [--duration 120] [--workers 2]
"""

from __future__ import annotations

import argparse
import io
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import httpx  # noqa: E402
import psycopg  # noqa: E402

from app.eval.datasets import SourceDocument, load_questions, per_question_documents, pooled_documents  # noqa: E402
from app.eval.metrics import percentile  # noqa: E402
from app.eval.pdf_corpus import render_pdf  # noqa: E402

DATA = REPO.parent / "shared" / "data" / "mdqa"
HOST = "127.0.0.1"
PG_ADMIN = os.environ.get("MDQA_LOAD_PG_ADMIN", "host=127.0.0.1 port=5432 user=postgres dbname=test")
REDIS = os.environ.get("MDQA_LOAD_REDIS", "redis://127.0.0.1:6379/0")
DOCS_PER_BUNDLE = 40  # source documents per PDF of the large collection


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def cpu_seconds(pgids: list[int]) -> float:
    """utime + stime of every live process in these process groups (server, workers and their pool children)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) in pgids:  # field 5 (pgrp), counted after the command name
            total += int(fields[11]) + int(fields[12])
    return total / tick


class Stack:
    """Database, queue, workers and web server of one run; everything stopped and dropped on exit."""

    def __init__(self, workers: int, work_dir: Path) -> None:
        self.db_name = f"mdqa_load_{uuid.uuid4().hex[:10]}"
        self.work_dir = work_dir
        self.port = free_port()
        self.base = f"http://{HOST}:{self.port}"
        with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{self.db_name}"')
        params = dict(p.split("=", 1) for p in PG_ADMIN.split())
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("MDQA_")}
        self.env.update(
            MDQA_DATA_DIR=str(work_dir / "data"),
            MDQA_DATABASE_URL=f"postgresql+psycopg://{params.get('user', 'postgres')}@{params.get('host', HOST)}:"
            f"{params.get('port', '5432')}/{self.db_name}",
            MDQA_BROKER_URL=REDIS,
            MDQA_QUEUE_NAME=f"mdqa-load-{uuid.uuid4().hex[:8]}",
            PYTHONPATH=str(REPO),
        )
        self.processes: list[subprocess.Popen[bytes]] = []
        # Migrate once before anything starts (web and workers would wait on the lock anyway).
        subprocess.run([sys.executable, "-m", "app.cli", "migrate"], cwd=REPO, env=self.env, check=True)
        for n in range(workers):
            self._start(["worker", "--concurrency", "1", "--loglevel", "WARNING"], f"worker{n}.log")
        self._start(["serve", "--host", HOST, "--port", str(self.port)], "server.log")

    def _start(self, args: list[str], log: str) -> None:
        self.processes.append(
            subprocess.Popen(
                [sys.executable, "-m", "app.cli", *args],
                cwd=REPO,
                env=self.env,
                stdout=(self.work_dir / log).open("wb"),
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        )

    @property
    def pgids(self) -> list[int]:
        return [p.pid for p in self.processes]

    def wait_healthy(self, timeout: float = 300) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                response = httpx.get(f"{self.base}/healthz", timeout=5)
                if response.status_code == 200 and response.json()["checks"]["workers"] >= 1:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(1)
        raise RuntimeError("the stack did not become healthy")

    def close(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=10)
        with psycopg.connect(PG_ADMIN, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{self.db_name}" WITH (FORCE)')


def render_bundle(sources: list[SourceDocument], path: Path) -> None:
    """Several source documents in one PDF: each title a heading, then its paragraphs."""
    merged = SourceDocument(sources[0].title, [p for s in sources for p in s.paragraphs])
    render_pdf(merged, path)


def upload_and_wait(client: httpx.Client, cid: str, paths: list[Path], timeout: float = 3600) -> list[dict]:
    files = [("files", (p.name, io.BytesIO(p.read_bytes()), "application/pdf")) for p in paths]
    response = client.post(f"/api/collections/{cid}/documents", files=files, timeout=600)
    response.raise_for_status()
    ids = [d["id"] for d in response.json()["documents"]]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        docs = [client.get(f"/api/documents/{i}").json() for i in ids]
        if all(d["status"] in ("ready", "failed") for d in docs):
            return docs
        time.sleep(2)
    raise RuntimeError("documents were not processed in time")


@dataclass
class Tally:
    lock: threading.Lock = field(default_factory=threading.Lock)
    ask_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    uploads: int = 0
    uploaded_ids: list[str] = field(default_factory=list)
    upload_failed: int = 0


def run_phase(
    base: str, cid: str, incoming: str, questions: list[str], pdfs: list[Path], args: argparse.Namespace
) -> tuple[Tally, float]:
    tally = Tally()
    deadline = time.monotonic() + args.duration
    next_pdf = iter(pdfs)
    pdf_lock = threading.Lock()

    def error(kind: str) -> None:
        with tally.lock:
            tally.errors.append(kind)

    def asker(offset: int) -> None:
        with httpx.Client(base_url=base, timeout=120) as client:
            n = offset
            while time.monotonic() < deadline:
                question = questions[n % len(questions)]
                n += 1
                started = time.perf_counter()
                try:
                    response = client.post(f"/api/collections/{cid}/ask", json={"question": question})
                except httpx.HTTPError as exc:
                    error(f"ask {type(exc).__name__}")
                    continue
                if response.status_code != 200:
                    error(f"ask HTTP {response.status_code}")
                    continue
                with tally.lock:
                    tally.ask_ms.append((time.perf_counter() - started) * 1000)

    def uploader() -> None:
        with httpx.Client(base_url=base, timeout=120) as client:
            while time.monotonic() < deadline:
                with pdf_lock:
                    path = next(next_pdf)
                try:
                    files = [("files", (path.name, path.read_bytes(), "application/pdf"))]
                    response = client.post(f"/api/collections/{incoming}/documents", files=files)
                    if response.status_code != 202:
                        error(f"upload HTTP {response.status_code}")
                        continue
                    (doc,) = response.json()["documents"]
                    with tally.lock:
                        tally.uploaded_ids.append(doc["id"])
                    while True:  # like a user: wait for this one before the next
                        status = client.get(f"/api/documents/{doc['id']}")
                        if status.status_code != 200:
                            error(f"poll HTTP {status.status_code}")
                        elif status.json()["status"] in ("ready", "failed"):
                            with tally.lock:
                                if status.json()["status"] == "ready" and time.monotonic() < deadline:
                                    tally.uploads += 1
                            break
                        time.sleep(0.5)
                except httpx.HTTPError as exc:
                    error(f"upload {type(exc).__name__}")

    threads = [threading.Thread(target=asker, args=(i,)) for i in range(args.askers)]
    threads += [threading.Thread(target=uploader) for _ in range(args.uploaders)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=args.duration + 1800)
    return tally, time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--askers", type=int, default=20)
    parser.add_argument("--uploaders", type=int, default=10)
    parser.add_argument("--duration", type=float, default=120.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--passages", type=int, default=2000, help="passages of the large collection (at least)")
    args = parser.parse_args(argv)

    _, hotpot = load_questions(DATA / "hotpotqa_100.json")
    _, musique = load_questions(DATA / "musique_100.json")
    questions = [q.question for q in hotpot]
    five = per_question_documents(hotpot[0])[:5]
    large_sources = pooled_documents(hotpot) + pooled_documents(musique)[:500]
    spare = pooled_documents(musique)[500:]

    with tempfile.TemporaryDirectory(prefix="mdqa-load-") as tmp:
        work = Path(tmp)
        (work / "pdfs").mkdir()
        five_pdfs = []
        for n, source in enumerate(five):
            five_pdfs.append(work / "pdfs" / f"five-{n}.pdf")
            render_pdf(source, five_pdfs[-1])
        large_pdfs = []
        for n in range(0, len(large_sources), DOCS_PER_BUNDLE):
            large_pdfs.append(work / "pdfs" / f"large-{n // DOCS_PER_BUNDLE}.pdf")
            render_bundle(large_sources[n : n + DOCS_PER_BUNDLE], large_pdfs[-1])
        upload_pdfs = []
        for n, source in enumerate(spare):
            upload_pdfs.append(work / "pdfs" / f"upload-{n}.pdf")
            render_pdf(source, upload_pdfs[-1])

        stack = Stack(args.workers, work)
        try:
            stack.wait_healthy()
            with httpx.Client(base_url=stack.base, timeout=120) as client:
                cids = {}
                for name, pdfs in (("five", five_pdfs), ("large", large_pdfs)):
                    cids[name] = client.post("/api/collections", json={"name": name}).json()["id"]
                    t0 = time.perf_counter()
                    docs = upload_and_wait(client, cids[name], pdfs)
                    passages = sum(d["passage_count"] for d in docs)
                    failed = [d["filename"] for d in docs if d["status"] != "ready"]
                    print(
                        f"{name}: {len(docs)} documents, {passages} passages, ingested in "
                        f"{time.perf_counter() - t0:.0f} s; not ready: {failed or 'none'}",
                        flush=True,
                    )
                    if name == "large" and passages < args.passages:
                        print(f"warning: the large collection has {passages} passages, fewer than {args.passages}")
                    client.post(f"/api/collections/{cids[name]}/ask", json={"question": questions[0]})  # warm
            rows = []
            spare_pdfs = iter([upload_pdfs[i::2] for i in range(2)])
            for name in ("five", "large"):
                with httpx.Client(base_url=stack.base, timeout=120) as client:
                    incoming = client.post("/api/collections", json={"name": f"incoming-{name}"}).json()["id"]
                cpu0 = cpu_seconds(stack.pgids)
                tally, wall = run_phase(stack.base, cids[name], incoming, questions, next(spare_pdfs), args)
                cpu = cpu_seconds(stack.pgids) - cpu0
                with httpx.Client(base_url=stack.base, timeout=120) as client:
                    statuses = [client.get(f"/api/documents/{i}").json()["status"] for i in tally.uploaded_ids]
                rows.append((name, tally, wall, cpu, statuses))
                print(f"{name}: done ({len(tally.ask_ms)} asks, {len(tally.errors)} errors)", flush=True)
        finally:
            stack.close()

    print(f"\n{args.askers} askers + {args.uploaders} uploaders for {args.duration:.0f} s, {args.workers} workers\n")
    print(
        "| collection | asks | ask errors+upload errors | ask p50 ms | ask p95 ms | asks/s | uploads ready "
        "| uploads/min | uploaded docs ready | CPU-s (server+workers) | wall s |\n" + "|---" * 11 + "|"
    )
    for name, tally, wall, cpu, statuses in rows:
        ready = sum(s == "ready" for s in statuses)
        print(
            f"| {name} | {len(tally.ask_ms)} | {len(tally.errors)} | {percentile(tally.ask_ms, 50):.0f} | "
            f"{percentile(tally.ask_ms, 95):.0f} | {len(tally.ask_ms) / args.duration:.1f} | {tally.uploads} | "
            f"{tally.uploads * 60 / args.duration:.1f} | {ready}/{len(statuses)} | {cpu:.0f} | {wall:.0f} |"
        )
        if tally.errors:
            print(f"  errors in {name}: {sorted(set(tally.errors))}")
    return 0 if all(not t.errors and all(s == "ready" for s in st) for _, t, _, _, st in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
