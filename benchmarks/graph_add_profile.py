"""Where the graph build and the warm add of one document go, under cProfile, at one collection size.

    .venv/bin/python benchmarks/graph_add_profile.py --size 25000 [--db /tmp/add-25k.db] [--profile-build]
        [--rounds 2] [--top 25] [--phases] [--cpu-profile] [--callees REGEX]

The collection is benchmarks/graph_build.py's (random vectors, SQLite). With `--db` naming a file that does not
exist yet, the collection without its last (150-passage, 20-page) document is built and kept there, so later runs
skip the build: they read the collection cold by adding the document once, then time `--rounds` warm remove → add
cycles (the builder's state kept in memory, as in a worker) and leave the file as it was. Printed: process
CPU-seconds and wall seconds of each step, the load average, the process's peak resident memory, and the
profile's top functions by cumulative time of the last warm add (and of the build with `--profile-build`).
`--phases` also prints, for every `add_documents` call, the process CPU-seconds of its main steps, each including
the steps it calls (cProfile's times are wall times, which on a shared machine are mostly other people's load;
`--cpu-profile` makes them process CPU time, every thread included). `--callees REGEX` prints what the matching
functions called, with their times.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import resource
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from benchmarks.graph_build import RandomVectors, insert_collection  # noqa: E402

HELD_TITLE = "Held-back report"


def timed(label: str, step: Callable[[], object], profile: cProfile.Profile | None = None) -> float:
    started, cpu_started = time.perf_counter(), time.process_time()
    if profile is not None:
        profile.enable()
    step()
    if profile is not None:
        profile.disable()
    cpu = time.process_time() - cpu_started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"{label}: {time.perf_counter() - started:.2f} s wall, {cpu:.2f} CPU-s, load {os.getloadavg()[0]:.1f}, "
        f"peak RSS {peak:.0f} MB",
        flush=True,
    )
    return cpu


PHASES = {
    # wrapped where they are called from (a module's own name for them)
    "app.graph.build": ("new_nodes", "set_keywords", "with_batch", "load_state", "add_mentions", "rewrite_lists"),
    "app.graph.rows": ("_insert", "_new_edge_ids"),
    "app.graph.derived": ("_write_semantic",),
    "app.graph.ann": ("build",),
    "app.graph.knn": ("approximate_top_k", "reached_by"),
    "app.graph.postings": ("shared_term_edges", "changed_sources", "entered_sources"),
}  # fmt: skip


def count_phases() -> None:
    """Wrap the main steps of a graph update with process-CPU counters, printed after each add_documents."""
    import functools
    import importlib
    from collections import defaultdict

    totals: defaultdict[str, float] = defaultdict(float)  # label → CPU-seconds

    def wrap(module: object, name: str, label: str, report: bool = False) -> None:
        function = getattr(module, name, None)
        if function is None:
            return

        @functools.wraps(function)
        def counted(*args: object, **kwargs: object) -> object:
            if report:
                totals.clear()
            started = time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                totals[label] += time.process_time() - started
                if report:
                    spent = totals.pop(label)
                    steps = ", ".join(f"{step} {cpu:.2f}" for step, cpu in sorted(totals.items(), key=lambda t: -t[1]))
                    print(f"  add_documents {spent:.2f} CPU-s: {steps}", flush=True)

        setattr(module, name, counted)

    for module_name, names in PHASES.items():
        module = importlib.import_module(module_name)
        for name in names:
            wrap(module, name, f"{module_name.rsplit('.', 1)[1]}.{name}")
    wrap(importlib.import_module("app.graph.build"), "add_documents", "add_documents", report=True)


def show(profile: cProfile.Profile, top: int, callees: str | None = None) -> None:
    stats = pstats.Stats(profile).strip_dirs().sort_stats("cumulative")
    stats.print_stats(top)
    if callees:
        stats.print_callees(callees)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=25_000)
    parser.add_argument("--db", type=Path, help="SQLite file kept between runs (built when missing)")
    parser.add_argument("--profile-build", action="store_true")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--phases", action="store_true", help="CPU-seconds of the main steps of each graph update")
    parser.add_argument("--cpu-profile", action="store_true", help="profile process CPU time, not wall time")
    parser.add_argument("--callees", help="also print the callees of functions matching this regex")
    args = parser.parse_args()
    if args.phases:
        count_phases()

    from sqlalchemy import select

    from app.db.migrate import upgrade
    from app.db.models import Document
    from app.db.session import session_scope
    from app.graph import build as graph_build
    from app.settings import GraphSettings

    settings = GraphSettings()
    with tempfile.TemporaryDirectory() as tmp:
        path = args.db or Path(tmp) / "graph.db"
        url = f"sqlite:///{path}"
        if not path.exists():
            upgrade(url)
            ids, passages = insert_collection(url, args.size)
            encoder = RandomVectors(passages)
            profile = cProfile.Profile() if args.profile_build else None

            def build() -> None:
                with session_scope(url) as session:
                    graph_build.add_documents(session, ids[:-1], settings, encoder)

            timed(f"build {passages - 150:,} passages", build, profile)
            if profile is not None:
                show(profile, args.top)
        else:
            encoder = RandomVectors(args.size)
            encoder.used = args.size - 150
        with session_scope(url) as session:
            held = session.scalar(select(Document.id).where(Document.title == HELD_TITLE))
        if held is None:
            raise SystemExit(f"{path} holds no document titled {HELD_TITLE!r}")

        def add() -> None:
            with session_scope(url) as session:
                graph_build.add_documents(session, [held], settings, encoder)

        def remove() -> None:
            with session_scope(url) as session:
                graph_build.remove_document(session, held, settings)

        timed("first add (warm after a build, else cold)", add)
        profile = cProfile.Profile(timer=time.process_time) if args.cpu_profile else cProfile.Profile()
        for round_ in range(args.rounds):
            timed(f"remove, warm, round {round_ + 1}", remove)
            encoder.used = args.size - 150
            last = round_ == args.rounds - 1
            timed(f"add 150 passages, warm, round {round_ + 1}", add, profile if last else None)
        timed("remove (leave the file as it was)", remove)
        if args.rounds:  # `--rounds 0` profiles no add
            show(profile, args.top, args.callees)
    return 0


if __name__ == "__main__":
    sys.exit(main())
