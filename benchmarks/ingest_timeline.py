"""Where the embedded default's ingestion time goes (issue 14, part 2): a timeline of one upload, with CPU-seconds.

Runs the embedded default (app.queue.InlineQueue, SQLite in a fresh data dir, warmed with one small document as
benchmarks/ingest_end_to_end.py does) over a folder and records, per document, when its extraction, row writes,
embedding and graph update ran, and in which thread; then the CPU-seconds of the web process and of the
extraction child, and, in the same run, the embedding of the same texts alone with 2 and with 1 torch thread and
the extraction alone. Prints the timeline, the idle share of each second, and the floor
(CPU-seconds of the work / cores).

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


def run_pipeline(files: list[Path], share_cores: bool = True) -> dict[str, Any]:
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
    share = _TorchModel._share_cores
    if not share_cores:  # the former behaviour, to compare in the same run: torch keeps all its threads
        _TorchModel._share_cores = lambda self: None  # type: ignore[method-assign]
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
        _TorchModel._share_cores = share  # type: ignore[method-assign]
        queue.stop()
    texts = _embedded_texts(settings, ids)
    shutil.rmtree(data, ignore_errors=True)
    return {"wall": wall, "pages": pages, "failed": failed, "cpu_main": cpu_main, "cpu_child": cpu_child,
            "events": sorted(rec.events, key=lambda e: e[2]), "texts": texts}  # fmt: skip


def embed_alone(texts: list[str], threads: int) -> tuple[float, float]:
    import torch

    from app.llm.embeddings import get_embedder

    before = torch.get_num_threads()
    torch.set_num_threads(threads)
    try:
        cpu0, wall0 = time.process_time(), time.perf_counter()
        get_embedder("cpu").encode(texts)
        return time.perf_counter() - wall0, time.process_time() - cpu0
    finally:
        torch.set_num_threads(before)


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
    parser.add_argument("--rounds", type=int, default=1, help="pairs of runs (former, shared) to alternate")
    parser.add_argument("--verbose", action="store_true", help="the timeline of every run, not just the last pair")
    args = parser.parse_args()
    files = sorted(args.folder.glob("*.pdf"))
    print(f"{time.strftime('%H:%M UTC', time.gmtime())}, load {os.getloadavg()[0]:.1f}", flush=True)
    runs = []
    for k in range(args.rounds):
        for share in (False, True):
            run = run_pipeline(files, share_cores=share)
            runs.append(run)
            label = "cores shared with the child" if share else "torch keeps its threads (former)"
            print(f"round {k + 1}, {label}: {run['pages']} pages, {run['failed']} failed, wall {run['wall']:.1f} s, "
                  f"CPU main {run['cpu_main']:.1f} s, child {run['cpu_child']:.1f} s, load {os.getloadavg()[0]:.1f}",
                  flush=True)  # fmt: skip
            if args.verbose or k == args.rounds - 1:
                _print_timeline(run)
    for threads in (2, 1):
        wall, cpu = embed_alone(runs[-1]["texts"], threads)
        print(f"embed alone, {threads} torch thread(s): {len(run['texts'])} texts, wall {wall:.2f} s, CPU {cpu:.2f} s")
    wall, cpu = extract_alone(files)
    print(f"extract alone (this process): wall {wall:.2f} s, CPU {cpu:.2f} s")
    print(f"load at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
