"""Where the embedded default's ingestion time goes (issue 14, part 2): a timeline of one upload, with CPU-seconds.

Runs the embedded default (app.queue.InlineQueue, SQLite in a fresh data dir, warmed with one small document as
benchmarks/ingest_end_to_end.py does) over a folder and records, per document, when its extraction, row writes,
embedding and graph update ran, and in which thread; then the CPU-seconds of the web process and of the
extraction child, and, in the same run, the embedding of the same texts alone and the extraction alone. The
pipeline and the embedding alone each run the former way (every batch on all of torch's OpenMP threads, one after
the other) and the current one (one single-thread batch per core at once), alternated in the same process, so the
two compare under the same load.

    PYTHONPATH=. .venv/bin/python benchmarks/ingest_timeline.py [--folder .../pdfs/reports]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.ingest_end_to_end import WARMUP_PDF, _embedded_texts, _upload, _wait_ready  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")


def _proc_cpu(pid: int) -> float:
    """utime + stime of a process, in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


class Recorder:
    def __init__(self) -> None:
        self.t0 = time.perf_counter()
        self.events: list[tuple[str, str, float, float, float]] = []  # (what, thread, start, end, thread CPU s)
        self.lock = threading.Lock()

    def wrap(self, what: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def wrapped(*args: Any, **kwargs: Any) -> Any:
            start, cpu = time.perf_counter(), time.thread_time()
            try:
                return function(*args, **kwargs)
            finally:
                with self.lock:
                    self.events.append(
                        (what, threading.current_thread().name, start - self.t0, time.perf_counter() - self.t0,
                         time.thread_time() - cpu)
                    )  # fmt: skip

        return wrapped


def _former(model: Any) -> None:
    """Every batch on all of torch's OpenMP threads, one batch after the other (before overlap3)."""
    import torch

    from app.llm.embeddings import _CORES

    model._cores = 1
    torch.set_num_threads(_CORES[0])


def _current(model: Any, cores: int) -> None:
    import torch

    model._cores = cores
    torch.set_num_threads(1)


def run_pipeline(files: list[Path], per_core: bool = True) -> dict[str, Any]:
    import app.services.ingestion as ingestion
    from app.db.migrate import upgrade
    from app.llm.embeddings import Embedder, _TorchModel, get_embedder
    from app.queue import InlineQueue
    from app.settings import Settings

    data = Path(tempfile.mkdtemp(prefix="mdqa-timeline-"))
    settings = Settings(data_dir=data, device="cpu")
    upgrade(settings.resolved_database_url)
    get_embedder(settings.device).encode(["warm up"])
    queue = InlineQueue(settings)
    queue.start(recover=False)
    _wait_ready(settings.resolved_database_url, _upload(settings, queue, "warmup", [WARMUP_PDF]))
    rec = Recorder()
    originals = (Embedder.encode, InlineQueue._extract, ingestion.store_extraction, ingestion.add_to_graph)
    model = get_embedder(settings.device)._model
    assert isinstance(model, _TorchModel)
    cores = model._cores
    if not per_core:  # the former behaviour, to compare in the same run
        _former(model)
    Embedder.encode = rec.wrap("embed", Embedder.encode)  # type: ignore[method-assign]
    InlineQueue._extract = rec.wrap("extract", InlineQueue._extract)  # type: ignore[method-assign]
    ingestion.store_extraction = rec.wrap("store", ingestion.store_extraction)
    ingestion.add_to_graph = rec.wrap("graph", ingestion.add_to_graph)
    children = [p.pid for p in (queue._pool._processes.values() if queue._pool else [])]  # type: ignore[union-attr]
    child0 = sum(_proc_cpu(pid) for pid in children)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    rec.t0 = wall0
    try:
        ids = _upload(settings, queue, "bench", files)
        pages, failed = _wait_ready(settings.resolved_database_url, ids)
        wall = time.perf_counter() - wall0
        cpu_main = time.process_time() - cpu0
        cpu_child = sum(_proc_cpu(pid) for pid in children) - child0
    finally:
        Embedder.encode, InlineQueue._extract, ingestion.store_extraction, ingestion.add_to_graph = originals  # type: ignore[method-assign]
        _current(model, cores)
        queue.stop()
    texts = _embedded_texts(settings, ids)
    shutil.rmtree(data, ignore_errors=True)
    return {"wall": wall, "pages": pages, "failed": failed, "cpu_main": cpu_main, "cpu_child": cpu_child,
            "events": sorted(rec.events, key=lambda e: e[2]), "texts": texts}  # fmt: skip


def embed_alone(texts: list[str], former: bool) -> tuple[float, float]:
    from app.llm.embeddings import get_embedder

    model = get_embedder("cpu")._model
    cores = model._cores  # type: ignore[union-attr]
    if former:
        _former(model)
    try:
        cpu0, wall0 = time.process_time(), time.perf_counter()
        get_embedder("cpu").encode(texts)
        return time.perf_counter() - wall0, time.process_time() - cpu0
    finally:
        _current(model, cores)


def extract_alone(files: list[Path]) -> tuple[float, float]:
    from app.ingest.ocr import make_ocr
    from app.ingest.pdf import extract_pdf
    from app.settings import Settings

    s = Settings(device="cpu")
    cpu0, wall0 = time.process_time(), time.perf_counter()
    for path in files:
        extract_pdf(path, max_pages=s.max_pages, min_words=s.passage_min_words, max_words=s.passage_max_words,
                    ocr=make_ocr(s.ocr))  # fmt: skip
    return time.perf_counter() - wall0, time.process_time() - cpu0


def _print_timeline(run: dict[str, Any]) -> None:
    print(f"  {'what':<8} {'thread':<16} {'start':>6} {'end':>6} {'wall':>6} {'thr CPU':>7}")
    for what, thread, start, end, cpu in run["events"]:
        print(f"  {what:<8} {thread:<16} {start:>6.2f} {end:>6.2f} {end - start:>6.2f} {cpu:>7.2f}")
    for what in ("extract", "store", "embed", "graph"):
        spans = [e for e in run["events"] if e[0] == what]
        print(f"    {what}: {sum(e[3] - e[2] for e in spans):.2f} s wall in all, {sum(e[4] for e in spans):.2f} "
              f"CPU-s of the calling threads")  # fmt: skip
    embeds = [e for e in run["events"] if e[0] == "embed"]
    if embeds:
        print(f"    first embedding starts at {min(e[2] for e in embeds):.2f} s, last ends at "
              f"{max(e[3] for e in embeds):.2f} s of {run['wall']:.2f}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--folder", type=Path, default=Path("/work/shared/data/pdfs/reports"))
    parser.add_argument("--rounds", type=int, default=1, help="pairs of runs (former, current) to alternate")
    parser.add_argument("--verbose", action="store_true", help="the timeline of every run, not just the last pair")
    args = parser.parse_args()
    files = sorted(args.folder.glob("*.pdf"))
    print(f"{time.strftime('%H:%M UTC', time.gmtime())}, load {os.getloadavg()[0]:.1f}", flush=True)
    runs = []
    for k in range(args.rounds):
        for per_core in (False, True) if k % 2 == 0 else (True, False):  # neither always goes first
            run = run_pipeline(files, per_core=per_core)
            runs.append(run)
            label = "one-thread batch per core" if per_core else "former (OpenMP threads per batch)"
            print(f"round {k + 1}, {label}: {run['pages']} pages, {run['failed']} failed, wall {run['wall']:.1f} s, "
                  f"CPU main {run['cpu_main']:.1f} s, child {run['cpu_child']:.1f} s, load {os.getloadavg()[0]:.1f}",
                  flush=True)  # fmt: skip
            if args.verbose or k == args.rounds - 1:
                _print_timeline(run)
    for former in (True, False):
        wall, cpu = embed_alone(runs[-1]["texts"], former)
        label = "former (OpenMP threads)" if former else "batch per core"
        print(f"embed alone, {label}: {len(runs[-1]['texts'])} texts, wall {wall:.2f} s, CPU {cpu:.2f} s, "
              f"load {os.getloadavg()[0]:.1f}", flush=True)  # fmt: skip
    wall, cpu = extract_alone(files)
    print(f"extract alone (this process): wall {wall:.2f} s, CPU {cpu:.2f} s")
    print(f"load at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
