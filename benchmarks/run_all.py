"""Run every performance benchmark in benchmarks/ and record their figures in docs/benchmarks.md.

Each script runs as a subprocess with a timeout; its final markdown snippet (the last table, with the summary
line above it) goes into a `<!-- bench:NAME -->` block together with the exact command, the date and the machine.

    .venv/bin/python benchmarks/run_all.py [--only NAME,...] [--timeout S] [--report docs/benchmarks.md]
"""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from app.eval.report import machine_line, write_block  # noqa: E402

# name → (script, extra arguments, timeout in seconds)
BENCHMARKS: dict[str, tuple[str, list[str], int]] = {
    "ingest_throughput": ("ingest_throughput.py", [], 900),
    "table_recall": ("table_recall.py", [], 900),
    "graph_build": ("graph_build.py", [], 1200),
    "retrieval_latency": ("retrieval_latency.py", [], 1200),
    "concurrent_ask": ("concurrent_ask.py", [], 900),
}


def final_snippet(stdout: str, max_lines: int = 60) -> str:
    """The last markdown table with the paragraph just above it; else the last few lines."""
    lines = stdout.rstrip().splitlines()
    table_end = next((i for i in range(len(lines) - 1, -1, -1) if lines[i].lstrip().startswith("|")), None)
    if table_end is None:
        return "\n".join(lines[-15:])
    start = table_end
    while start > 0 and lines[start - 1].lstrip().startswith("|"):
        start -= 1
    end = table_end + 1
    while end < len(lines) and lines[end].strip():  # notes right under the table
        end += 1
    above = start
    while above > 0 and not lines[above - 1].strip():
        above -= 1
    head = above
    while head > 0 and lines[head - 1].strip() and above - head < 3:
        head -= 1
    snippet = lines[head:above] + ([""] if head < above else []) + lines[start:end]
    return "\n".join(snippet[-max_lines:])


def run_one(name: str, script: Path, args: list[str], timeout: int) -> tuple[str, float, bool]:
    command = [sys.executable, str(script), *args]
    started = time.perf_counter()
    try:
        proc = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired as exc:
        out = exc.stdout.decode() if isinstance(exc.stdout, bytes) else (exc.stdout or "")
        return f"timed out after {timeout} s\n\n{final_snippet(out)}", time.perf_counter() - started, False
    wall = time.perf_counter() - started
    if proc.returncode != 0:
        tail = "\n".join((proc.stderr or proc.stdout).strip().splitlines()[-8:])
        return f"failed (exit {proc.returncode}):\n\n```\n{tail}\n```", wall, False
    return final_snippet(proc.stdout), wall, True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default=None, help="comma-separated benchmark names")
    parser.add_argument("--timeout", type=int, default=None, help="seconds per benchmark (default: its own)")
    parser.add_argument("--report", type=Path, default=REPO / "docs" / "benchmarks.md")
    args = parser.parse_args(argv)
    wanted = [n.strip() for n in args.only.split(",")] if args.only else list(BENCHMARKS)
    failures = 0
    for name in wanted:
        if name not in BENCHMARKS:
            print(f"unknown benchmark {name!r}; known: {', '.join(BENCHMARKS)}", file=sys.stderr)
            return 2
        script_name, extra, timeout = BENCHMARKS[name]
        script = REPO / "benchmarks" / script_name
        if not script.exists():
            print(f"{name}: {script.relative_to(REPO)} not found, skipped")
            continue
        print(f"{name}: running (timeout {args.timeout or timeout} s) ...", flush=True)
        snippet, wall, ok = run_one(name, script, extra, args.timeout or timeout)
        failures += not ok
        command = shlex.join([".venv/bin/python", f"benchmarks/{script_name}", *extra])
        block = (
            f"**{name}** — `{command}` — {datetime.now(UTC):%Y-%m-%d %H:%M} UTC on {machine_line()}; "
            f"wall time {wall:.0f} s.\n\n{snippet}"
        )
        write_block(args.report, f"bench:{name}", block)
        print(f"{name}: {'ok' if ok else 'FAILED'} in {wall:.0f} s\n{snippet}\n", flush=True)
    print(f"figures written to {args.report}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
