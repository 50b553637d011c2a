"""Where text-PDF extraction spends its CPU, per phase, in this tree and in other git revisions:
the breakdown behind table_speed.py's ratio.

Each revision's `app/` is exported to a temporary directory and run in fresh subprocesses over every
PDF in reports/, alternating the revisions each round. In the child, the phases are wrapped by
name (a phase a revision lacks is left out) and timed with time.process_time; garbage collection
is timed through gc.callbacks. Phases nest (lattice is part of tables, camelot too), and the
wrappers cost a little, so the totals are a few per cent above table_speed.py's. Medians per phase.

    .venv/bin/python benchmarks/table_phases.py [--ref e9ff872 --ref main] [--rounds 3] [DATA_DIR]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

CHILD = """
import gc, json, sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[1])
import app.ingest.pdf as P
import app.ingest.tables as T
import camelot  # noqa: F401  (imported before timing in every revision)
spent = {}
import importlib
# the table code split into modules (app/ingest/table_*.py): a name is wrapped wherever it is bound, so the calls
# made from each module are timed (each wrapper calls the function itself, so nothing is counted twice)
PARTS = []
for mod in ("table_text", "table_words", "table_ruled", "table_stream", "table_captions"):
    try:
        PARTS.append(importlib.import_module("app.ingest." + mod))
    except ImportError:
        pass
def wrap_one(owner, name, phase):
    f = getattr(owner, name, None)
    if f is None:
        return
    def timed(*a, **k):
        c = time.process_time()
        try:
            return f(*a, **k)
        finally:
            spent[phase] = spent.get(phase, 0.0) + time.process_time() - c
    setattr(owner, name, timed)
def wrap(owner, name, phase):
    wrap_one(owner, name, phase)
    if owner is T:
        for part in PARTS:
            if name in vars(part):
                wrap_one(part, name, phase)
wrap(P, "read_page_geometry", "page geometry (pdfium)")
wrap(P, "_finish_page", "passages")
wrap(T, "extract_tables", "tables, all")
wrap(T.CamelotStream, "__call__", "  camelot stream")
wrap(T, "page_signals", "  page signals")
wrap(T, "lattice_tables", "  ruled tables")
wrap(T, "_plumber_chars", "    pdfplumber char dicts")
wrap(T, "without_text_frames", "    text-frame search")
wrap(T, "_cell_texts", "    cell texts")
wrap(T, "stream_grids", "  whitespace tables from our words")
wrap(T, "finish_table", "  captions, headers, columns")
gc_start = [0.0]
def on_gc(phase, info):
    if phase == "start":
        gc_start[0] = time.process_time()
    else:
        spent["garbage collection"] = spent.get("garbage collection", 0.0) + time.process_time() - gc_start[0]
gc.callbacks.append(on_gc)
c0 = time.process_time()
for f in sorted(Path(sys.argv[2]).glob("*.pdf")):
    P.extract_pdf(f, max_pages=10_000)
spent["total"] = time.process_time() - c0
print(json.dumps(spent))
"""

ORDER = [
    "total",
    "page geometry (pdfium)",
    "passages",
    "tables, all",
    "  page signals",
    "  ruled tables",
    "    pdfplumber char dicts",
    "    text-frame search",
    "    cell texts",
    "  camelot stream",
    "  whitespace tables from our words",
    "  captions, headers, columns",
    "garbage collection",
]


def export(ref: str, into: Path) -> Path:
    archive = subprocess.run(["git", "-C", str(REPO), "archive", ref, "app"], check=True, capture_output=True)
    with tarfile.open(fileobj=BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    return into


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--ref", action="append", default=None, help="another revision (repeatable)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("data", nargs="?", default=str(REPO.parent / "shared" / "data" / "pdfs" / "reports"))
    args = parser.parse_args()
    refs = args.ref or ["e9ff872"]
    with tempfile.TemporaryDirectory() as tmp:
        roots = {ref: export(ref, Path(tmp) / str(i)) for i, ref in enumerate(refs)} | {"this tree": REPO}
        runs: dict[str, list[dict[str, float]]] = {name: [] for name in roots}
        for i in range(args.rounds):
            order = list(roots.items()) if i % 2 == 0 else list(reversed(roots.items()))
            for name, root in order:
                out = subprocess.run(
                    [sys.executable, "-c", CHILD, str(root), args.data], check=True, capture_output=True, text=True
                )
                runs[name].append(json.loads(out.stdout.strip().splitlines()[-1]))
    seen = {p for rs in runs.values() for r in rs for p in r}
    phases = [p for p in ORDER if p in seen]
    print(f"CPU seconds, medians of {args.rounds} rounds\n")
    print("| phase | " + " | ".join(runs) + " |")
    print("|---|" + "---|" * len(runs))
    for phase in phases:
        cells = [
            f"{statistics.median(r.get(phase, 0.0) for r in rs):.3f}" if phase in rs[0] else "–" for rs in runs.values()
        ]
        print(f"| {phase} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
