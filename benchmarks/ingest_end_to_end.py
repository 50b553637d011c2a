"""Upload → `ready` throughput of a folder of PDFs (issue 14, part 2), every mode in one run.

- embedded default: the in-process pipeline (app.queue.InlineQueue: 2 jobs in flight, extraction in a
  child process), SQLite in a fresh data dir; and, for comparison, the same queue one document at a time
  (1 thread, extraction in the thread: the former behaviour).
- scaled mode: Celery workers (`mdqa worker --concurrency 1`) started and stopped here, real Redis on
  127.0.0.1:6379 with a queue name of its own, a fresh PostgreSQL database; with 1 and with 2 workers.
- embed alone: the same process's embedder over exactly the texts the ingestion embedded (title-prefixed passages
  and tables, read back from the embedded run's graph), the floor any pipeline must pay.

Every mode is warmed first (model loaded, workers up and through one small document), so the figures are the
throughput of a running service, not its start-up. Prints pages/s from upload to `ready` per mode and the ratio
of the embedded default's wall time to the embed-alone time (target <= 1.15).

    PYTHONPATH=. .venv/bin/python benchmarks/ingest_end_to_end.py [--folder .../pdfs/reports] [--skip-celery]
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import select  # noqa: E402

from app.db.migrate import upgrade  # noqa: E402
from app.db.models import Document, Node  # noqa: E402
from app.db.session import get_engine, session_scope  # noqa: E402
from app.services.collections import create_collection  # noqa: E402
from app.services.documents import upload_files  # noqa: E402
from app.settings import Settings  # noqa: E402

PG_ADMIN_DSN = "postgresql://postgres@127.0.0.1:5432/test"
REDIS_URL = "redis://127.0.0.1:6379/0"
WARMUP_PDF = Path("/work/shared/data/pdfs/tables/twotables_2.pdf")


def _upload(settings: Settings, queue: object, name: str, files: list[Path]) -> list[str]:
    with session_scope(settings.resolved_database_url) as session:
        collection = create_collection(session, name)
        session.commit()
        handles = [(f.name, f.open("rb")) for f in files]
        try:
            result = upload_files(session, settings, queue, collection.id, handles)  # type: ignore[arg-type]
        finally:
            for _, handle in handles:
                handle.close()
        return [d.id for d in result.documents]


def _wait_ready(url: str, ids: list[str], timeout: float = 3600) -> tuple[int, int]:
    """(pages, failed) once every document is ready or failed."""
    deadline = time.monotonic() + timeout
    while True:
        with session_scope(url) as session:
            rows = session.execute(select(Document.status, Document.page_count).where(Document.id.in_(ids))).all()
        if len(rows) == len(ids) and all(status in ("ready", "failed") for status, _ in rows):
            return sum(p or 0 for _, p in rows), sum(status == "failed" for status, _ in rows)
        if time.monotonic() > deadline:
            raise TimeoutError("documents not done")
        time.sleep(0.1)


def _embedded(files: list[Path], workers: int, processes: int, label: str) -> dict[str, object]:
    from app.llm.embeddings import get_embedder
    from app.queue import InlineQueue

    data = Path(tempfile.mkdtemp(prefix="mdqa-e2e-"))
    settings = Settings(data_dir=data, device="cpu")
    data.mkdir(exist_ok=True)
    upgrade(settings.resolved_database_url)
    get_embedder(settings.device).encode(["warm up"])
    queue = InlineQueue(settings, workers=workers, extract_processes=processes)
    queue.start(recover=False)
    try:
        _wait_ready(settings.resolved_database_url, _upload(settings, queue, "warmup", [WARMUP_PDF]))
        cpu0, wall0 = time.process_time(), time.perf_counter()
        ids = _upload(settings, queue, "bench", files)
        pages, failed = _wait_ready(settings.resolved_database_url, ids)
        wall = time.perf_counter() - wall0
        cpu = time.process_time() - cpu0  # this process only: the extraction child is not counted
    finally:
        queue.stop()
    texts = _embedded_texts(settings, ids)
    return {"mode": label, "wall_s": wall, "pages": pages, "failed": failed, "cpu_s_main": cpu, "texts": texts,
            "peak_running": queue.peak_running, "data": data}  # fmt: skip


def _embedded_texts(settings: Settings, ids: list[str]) -> list[str]:
    """The texts add_documents embedded for these documents, rebuilt as it builds them (title + passage, tables)."""
    from app.db.models import DocTable

    url = settings.resolved_database_url
    with session_scope(url) as session:
        titles = {d.id: (d.title or "").strip() for d in session.scalars(select(Document).where(Document.id.in_(ids)))}
        passages = session.execute(
            select(Node.document_id, Node.text).where(Node.document_id.in_(ids), Node.kind == "passage")
        ).all()
        tables = session.execute(select(DocTable.caption, DocTable.markdown).where(DocTable.document_id.in_(ids))).all()
    texts = [f"{titles[d]}\n{t}" if settings.graph.embed_title and titles[d] else t for d, t in passages]
    texts += [f"{c}\n{m}" if c else m for c, m in tables]
    return texts


def _embed_alone(texts: list[str], rounds: int) -> float:
    from app.llm.embeddings import get_embedder

    embedder = get_embedder("cpu")
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        embedder.encode(texts)
        times.append(time.perf_counter() - start)
    return min(times)


def _celery(files: list[Path], workers: int, logs: Path) -> dict[str, object]:
    import psycopg

    name = f"mdqa_e2e_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(PG_ADMIN_DSN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    url = f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}"
    data = Path(tempfile.mkdtemp(prefix="mdqa-e2e-celery-"))
    settings = Settings(
        data_dir=data, database_url=url, broker_url=REDIS_URL, queue_name=f"mdqa-e2e-{uuid.uuid4().hex[:8]}",
        device="cpu",
    )  # fmt: skip
    procs: list[subprocess.Popen[bytes]] = []
    try:
        upgrade(url)
        from app.queue import CeleryQueue

        env = {k: v for k, v in os.environ.items() if not k.startswith("MDQA_")}
        env.update(
            MDQA_DATA_DIR=str(data), MDQA_DATABASE_URL=url, MDQA_BROKER_URL=REDIS_URL,
            MDQA_QUEUE_NAME=settings.queue_name, MDQA_DEVICE="cpu", PYTHONPATH=str(ROOT),
        )  # fmt: skip
        for i in range(workers):
            procs.append(
                subprocess.Popen(
                    [sys.executable, "-m", "app.cli", "worker", "--concurrency", "1", "--loglevel", "WARNING"],
                    cwd=ROOT,
                    env=env,
                    stdout=(logs / f"worker-{workers}-{i}.log").open("ab"),
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                )  # fmt: skip
            )
        queue = CeleryQueue(settings)
        # One small document per worker loads each worker's model before the clock starts.
        _wait_ready(url, _upload(settings, queue, "warmup", [WARMUP_PDF] * 1))
        if workers > 1:
            warm = Path(tempfile.mkdtemp()) / "w.pdf"
            shutil.copy("/work/shared/data/pdfs/tables/health.pdf", warm)
            ids = []
            for i in range(workers):
                ids += _upload(settings, queue, f"warmup{i}", [warm])
            _wait_ready(url, ids)
        wall0 = time.perf_counter()
        ids = _upload(settings, queue, "bench", files)
        pages, failed = _wait_ready(url, ids)
        wall = time.perf_counter() - wall0
    finally:
        for proc in procs:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in procs:
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)
        get_engine(url).dispose()
        with psycopg.connect(PG_ADMIN_DSN, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        shutil.rmtree(data, ignore_errors=True)
    return {"mode": f"scaled, {workers} Celery worker{'s' if workers > 1 else ''}", "wall_s": wall, "pages": pages,
            "failed": failed}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--folder", type=Path, default=Path("/work/shared/data/pdfs/reports"))
    parser.add_argument("--skip-celery", action="store_true")
    parser.add_argument("--skip-sequential", action="store_true")
    parser.add_argument("--embed-rounds", type=int, default=2)
    args = parser.parse_args()
    files = sorted(args.folder.glob("*.pdf"))
    logs = Path(tempfile.mkdtemp(prefix="mdqa-e2e-logs-"))
    rows = []
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())

    def done(row: dict[str, object]) -> dict[str, object]:
        rows.append(row)  # a line as each mode ends: on a loaded machine the whole run can take long
        print(f"  {row['mode']}: {row['pages']} pages in {row['wall_s']:.1f} s", flush=True)  # type: ignore[str-format]
        return row

    pipelined = done(_embedded(files, workers=2, processes=1, label="embedded default (pipeline, 2 in flight)"))
    embed_s = _embed_alone(pipelined["texts"], args.embed_rounds)  # type: ignore[arg-type]
    print(f"  embed alone: {embed_s:.1f} s", flush=True)
    if not args.skip_sequential:
        done(_embedded(files, workers=1, processes=0, label="embedded, one at a time (former)"))
    if not args.skip_celery:
        done(_celery(files, 1, logs))
        done(_celery(files, 2, logs))
    texts = pipelined["texts"]
    print(f"{args.folder} ({len(files)} PDFs), {started}, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}")
    print(f"{'mode':<44} {'pages':>6} {'wall s':>8} {'pages/s':>8} {'failed':>7}")
    for r in rows:
        print(f"{r['mode']:<44} {r['pages']:>6} {r['wall_s']:>8.1f} {r['pages'] / r['wall_s']:>8.2f} {r['failed']:>7}")
    print(f"embed alone: {len(texts)} texts (passages with titles + tables) in {embed_s:.1f} s")  # type: ignore[arg-type]
    print(f"ratio embedded default / embed alone: {pipelined['wall_s'] / embed_s:.2f} (target <= 1.15)")  # type: ignore[operator]
    print(f"peak jobs running at once in the pipeline: {pipelined['peak_running']}")
    for r in rows:
        if "data" in r:
            shutil.rmtree(r["data"], ignore_errors=True)  # type: ignore[arg-type]
    shutil.rmtree(logs, ignore_errors=True)


if __name__ == "__main__":
    main()
