"""Text-PDF extraction time of this tree against another git revision, in one run, as a ratio.

The other revision's `app/` is exported to a temporary directory; each round times both versions
in fresh subprocesses (alternating which goes first, so drift in machine load hits both), over every
PDF in reports/ (import time excluded). Within a round each file is extracted `--repeats` times and
its least CPU time kept: another process on a shared machine only ever adds time, so the minimum is
the steadiest estimate of the work itself (as `timeit` advises), and the first call's lazy imports
drop out for both versions alike. The headline ratio is new/old of each file's least CPU time
over all rounds, summed; beside it the per-round medians of those sums and of the whole-run wall and
CPU times. The other revision defaults to the merge base of HEAD and main: the code before
this branch.

    .venv/bin/python benchmarks/table_speed.py [--ref main] [--rounds 5] [--repeats 3] [DATA_DIR]
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
import json, sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from app.ingest.pdf import extract_pdf
import camelot  # noqa: F401  (imported before timing in both versions)
files = sorted(Path(sys.argv[2]).glob("*.pdf"))
repeats = int(sys.argv[3])
t0, c0 = time.perf_counter(), time.process_time()
pages = tables = 0
least = 0.0
per_file = {}
for f in files:
    times = []
    for _ in range(repeats):
        start = time.process_time()
        doc = extract_pdf(f, max_pages=10_000)
        times.append(time.process_time() - start)
    least += min(times)
    per_file[f.name] = min(times)
    pages += doc.page_count
    tables += sum(len(p.tables) for p in doc.pages)
seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
result = {"seconds": seconds, "cpu": cpu, "least": least, "per_file": per_file, "pages": pages, "tables": tables}
print(json.dumps(result))
"""


def run(root: Path, data: Path, repeats: int) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(root), str(data), str(repeats)], check=True, capture_output=True, text=True
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--ref", default=None, help="the other revision (default: merge-base of HEAD and main)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=3, help="extractions of each file per round (least kept)")
    parser.add_argument("data", nargs="?", default=str(REPO.parent / "shared" / "data" / "pdfs" / "reports"))
    args = parser.parse_args()
    data = Path(args.data)
    if args.ref is None:
        base = subprocess.run(["git", "-C", str(REPO), "merge-base", "HEAD", "main"], check=True, capture_output=True)
        args.ref = base.stdout.decode().strip()
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "-C", str(REPO), "archive", args.ref, "app"], check=True, capture_output=True)
        with tarfile.open(fileobj=BytesIO(archive.stdout)) as tar:
            tar.extractall(tmp, filter="data")
        old_times: list[float] = []
        new_times: list[float] = []
        old_cpu: list[float] = []
        new_cpu: list[float] = []
        old_least: list[float] = []
        new_least: list[float] = []
        best: dict[str, dict[str, float]] = {"old": {}, "new": {}}  # each file's least CPU time over every round
        for i in range(args.rounds):
            order = [("old", Path(tmp)), ("new", REPO)] if i % 2 == 0 else [("new", REPO), ("old", Path(tmp))]
            for name, root in order:
                result = run(root, data, args.repeats)
                (old_times if name == "old" else new_times).append(result["seconds"])
                (old_cpu if name == "old" else new_cpu).append(result["cpu"])
                (old_least if name == "old" else new_least).append(result["least"])
                for f, t in result["per_file"].items():
                    best[name][f] = min(t, best[name].get(f, t))
                print(
                    f"round {i + 1} {name}: {result['seconds']:.2f} s wall, {result['cpu']:.2f} s CPU, "
                    f"{result['least']:.2f} s least CPU per pass, "
                    f"{result['pages']} pages, {result['tables']} tables"
                )
    old, new = statistics.median(old_times), statistics.median(new_times)
    cold, cnew = statistics.median(old_cpu), statistics.median(new_cpu)
    lold, lnew = statistics.median(old_least), statistics.median(new_least)
    print(f"\nold = {args.ref}, new = this tree, medians of {args.rounds} rounds of {args.repeats} passes")
    bold, bnew = sum(best["old"].values()), sum(best["new"].values())
    print(f"each file's least CPU over all rounds: old {bold:.2f} s, new {bnew:.2f} s, ratio new/old {bnew / bold:.3f}")
    print(f"least CPU per file per round: old {lold:.2f} s, new {lnew:.2f} s, ratio new/old {lnew / lold:.3f}")
    print(f"wall: old {old:.2f} s, new {new:.2f} s, ratio new/old {new / old:.3f}")
    print(f"CPU:  old {cold:.2f} s, new {cnew:.2f} s, ratio new/old {cnew / cold:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
