"""Where one kgp question's CPU goes on an existing collection (retrieve(), as benchmarks/retrieval_latency.py).

    .venv/bin/python benchmarks/ask_profile.py --db /tmp/add-100k.db [--collection bench] [--questions 60] [--top 45]

Warms the collection's index as the app's index warmer does (vectors, graph, TF-IDF, BM25, HNSW, document
names), timed apart, then asks the benchmark questions (kgp, embedding scorer, hybrid seeds, local settings, each
question embedded cold) under cProfile with a process-CPU timer, and prints wall and CPU percentiles, the
profile's top functions (cumulative and own time), the CPU the document names of a later graph version cost (what
the first question after any document added pays), and the process's resident memory. The collection is e.g. the
one benchmarks/graph_add_profile.py keeps with `--db`.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.retrieval_latency import percentile, questions, rss_mb  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", type=Path, required=True)
    parser.add_argument("--collection", default="bench")
    parser.add_argument("--questions", type=int, default=60)
    parser.add_argument("--top", type=int, default=45)
    args = parser.parse_args()

    from sqlalchemy import select

    from app.db.models import Collection
    from app.db.session import get_sessionmaker
    from app.db.vectors import graph_version
    from app.llm.embeddings import get_embedder
    from app.llm.vector_cache import remembered
    from app.qa.ask import AskOptions
    from app.qa.evidence import retrieve
    from app.qa.targets import document_names
    from app.qa.tools import Tools
    from app.qa.warm import warm
    from app.settings import Settings

    url = f"sqlite:///{args.db}"
    settings = Settings(database_url=url)
    session = get_sessionmaker(url)()
    cid = session.scalar(select(Collection.id).where(Collection.name == args.collection))
    if cid is None:
        raise SystemExit(f"{args.db} holds no collection named {args.collection!r}")
    embedder = get_embedder(settings.device)
    tools = Tools(embedder=embedder)
    wall, cpu = time.perf_counter(), time.process_time()
    index = warm(session, cid, settings.retrieval.ann_threshold)  # what the app's index warmer builds
    embedder.encode(["warm up"])
    print(f"warm-up {time.perf_counter() - wall:.1f} s wall, {time.process_time() - cpu:.1f} CPU-s, "
          f"load {os.getloadavg()[0]:.1f}", flush=True)  # fmt: skip

    options = AskOptions(retriever="kgp", budget=10, reader="local")
    profile = cProfile.Profile(timer=time.process_time)
    walls: list[float] = []
    cpus: list[float] = []
    embeds: list[float] = []
    for question in questions(args.questions):
        remembered(tools.encoder(settings)).clear()  # each question embedded cold, as in the app
        wall, cpu = time.perf_counter(), time.process_time()
        profile.enable()
        result = retrieve(session, cid, question, options, settings, tools)
        profile.disable()
        walls.append((time.perf_counter() - wall) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
        embeds.append(result.timings_ms.get("embed", 0.0))
    print(
        f"kgp, {len(walls)} questions: wall p50 {percentile(walls, 0.5):.1f} / p95 {percentile(walls, 0.95):.1f} ms, "
        f"CPU p50 {percentile(cpus, 0.5):.1f} / p95 {percentile(cpus, 0.95):.1f} ms, question embedding wall p50 "
        f"{percentile(embeds, 0.5):.1f} ms, load {os.getloadavg()[0]:.1f}"
    )
    stats = pstats.Stats(profile).strip_dirs()
    stats.sort_stats("cumulative").print_stats(args.top)
    stats.sort_stats("tottime").print_stats(args.top // 2)
    version = graph_version(session, cid)
    document_names(session, cid, version)
    for bump in (1, 2, 3):
        cpu = time.process_time()
        document_names(session, cid, version + bump)  # what the first question of a later version pays for them
        print(f"document names for graph version +{bump}: {time.process_time() - cpu:.3f} CPU-s")
    print(f"resident memory {rss_mb():.0f} MB, {rss_mb() / max(len(index), 1) * 1000:.1f} MB per 1k units "
          f"({len(index):,} units, whole process)")  # fmt: skip
    session.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
