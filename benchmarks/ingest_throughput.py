"""Pages/s and peak memory of extract_pdf over the reports folder, in one process.

    .venv/bin/python benchmarks/ingest_throughput.py [DATA_DIR]   # default ../shared/data/pdfs
"""

from __future__ import annotations

import resource
import sys
import time
import tracemalloc
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from app.ingest.pdf import extract_pdf  # noqa: E402


def main() -> int:
    data_dir = Path(sys.argv[1]) if len(sys.argv) > 1 else REPO.parent / "shared" / "data" / "pdfs"
    files = sorted((data_dir / "reports").glob("*.pdf"))
    # Import-time work (camelot, pdfplumber, their dependencies) is not ingestion: warm up once.
    extract_pdf(files[0], max_pages=10_000)
    pages = passages = tables = 0
    started, cpu_started = time.perf_counter(), time.process_time()
    for path in files:
        t0 = time.perf_counter()
        doc = extract_pdf(path, max_pages=10_000)
        pages += doc.page_count
        passages += sum(len(p.passages) for p in doc.pages)
        tables += sum(len(p.tables) for p in doc.pages)
        print(f"{path.name}: {doc.page_count} pages in {time.perf_counter() - t0:.2f} s")
    seconds = time.perf_counter() - started
    # CPU seconds too: on a shared machine wall time includes waiting for a core.
    cpu_seconds = time.process_time() - cpu_started
    # tracemalloc slows allocation-heavy Python several-fold, so memory is measured in a second,
    # untimed pass.
    tracemalloc.start()
    for path in files:
        extract_pdf(path, max_pages=10_000)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    maxrss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    rate = pages / seconds
    print(f"\n{len(files)} files, {pages} pages, {passages} passages, {tables} tables")
    print(f"CPU {cpu_seconds:.2f} s = {pages / cpu_seconds:.1f} pages per CPU-second")
    peak_mb = peak / 2**20
    print(f"{seconds:.2f} s, {rate:.1f} pages/s, tracemalloc peak {peak_mb:.1f} MB, ru_maxrss {maxrss_mb:.0f} MB\n")
    print(
        "| files | pages | seconds | pages/s | pages/CPU-s | tracemalloc peak MB | ru_maxrss MB |\n"
        "|---|---|---|---|---|---|---|"
    )
    cpu_rate = pages / cpu_seconds
    print(f"| {len(files)} | {pages} | {seconds:.2f} | {rate:.1f} | {cpu_rate:.1f} | {peak_mb:.1f} | {maxrss_mb:.0f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
