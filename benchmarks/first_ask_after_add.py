"""What the first question after a document is added costs, without and with the index warmer.

    .venv/bin/python benchmarks/first_ask_after_add.py --db /tmp/add-100k.db [--size 100000] [--rounds 2]

The collection is the one benchmarks/graph_add_profile.py keeps with `--db` (random vectors, SQLite; its
150-passage "Held-back report" is not in the graph). Each round adds that document (graph_version moves), then
asks one kgp question (embedding scorer, hybrid seeds) and times it: once as the first question of the new version
(it builds the index: the whole graph read, TF-IDF and BM25 fitted, HNSW synced, document names), once after the
index warmer (app.services.index_warmer) has rebuilt it, the warm-up's own cost printed apart. Each round removes
the document again, so the file is left as it was. Wall and process CPU seconds, and the load average, per step.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.graph_add_profile import HELD_TITLE  # noqa: E402
from benchmarks.graph_build import RandomVectors  # noqa: E402
from benchmarks.retrieval_latency import questions  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", type=Path, required=True)
    parser.add_argument("--size", type=int, default=100_000, help="the --size the file was built with")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()

    from sqlalchemy import select

    from app.db.models import Collection, Document
    from app.db.session import get_sessionmaker, session_scope
    from app.graph import build as graph_build
    from app.llm.embeddings import get_embedder
    from app.qa.ask import AskOptions
    from app.qa.evidence import retrieve
    from app.qa.tools import Tools
    from app.qa.warm import warm
    from app.services.index_warmer import IndexWarmer
    from app.settings import GraphSettings, Settings

    url = f"sqlite:///{args.db}"
    settings = Settings(database_url=url)
    graph = GraphSettings()
    encoder = RandomVectors(args.size)
    session = get_sessionmaker(url)()
    cid = session.scalar(select(Collection.id))
    held = session.scalar(select(Document.id).where(Document.title == HELD_TITLE))
    if cid is None or held is None:
        raise SystemExit(f"{args.db} is not a collection kept by benchmarks/graph_add_profile.py --db")
    tools = Tools(embedder=get_embedder(settings.device))
    options = AskOptions(retriever="kgp", budget=10, reader="local")
    asked = questions(2 * args.rounds + 1)

    def timed(label: str, step) -> None:  # type: ignore[no-untyped-def]
        wall, cpu = time.perf_counter(), time.process_time()
        step()
        print(f"{label}: {time.perf_counter() - wall:.2f} s wall, {time.process_time() - cpu:.2f} CPU-s, "
              f"load {os.getloadavg()[0]:.1f}", flush=True)  # fmt: skip

    def change(action: str) -> None:
        encoder.used = args.size - 150
        with session_scope(url) as own:
            if action == "add":
                graph_build.add_documents(own, [held], graph, encoder)
            else:
                graph_build.remove_document(own, held, graph)
        session.expire_all()

    def ask(question: str) -> None:
        session.rollback()  # a new transaction: see the committed version, as a new request does
        retrieve(session, cid, question, options, settings, tools)

    timed("warm-up of the current version (untimed in the app: a question already asked)", lambda: warm(
        session, cid, settings.retrieval.ann_threshold))  # fmt: skip
    timed("a question of a version already read", lambda: ask(asked[0]))
    warmer = IndexWarmer(settings)
    for round_ in range(args.rounds):
        timed(f"round {round_ + 1}: add the document (graph work)", lambda: change("add"))
        timed(f"round {round_ + 1}: first question, no warmer", lambda q=asked[2 * round_ + 1]: ask(q))
        timed(f"round {round_ + 1}: remove the document (graph work)", lambda: change("remove"))
        timed(f"round {round_ + 1}: re-read the version without it (untimed in the app)", lambda: warm(
            session, cid, settings.retrieval.ann_threshold))  # fmt: skip
        timed(f"round {round_ + 1}: add the document again (graph work)", lambda: change("add"))
        session.rollback()
        warmer.step(now=0.0)
        timed(f"round {round_ + 1}: the warmer's rebuild (in the background)", lambda: warmer.step(now=1e9))
        timed(f"round {round_ + 1}: first question after the warmer", lambda q=asked[2 * round_ + 2]: ask(q))
        timed(f"round {round_ + 1}: remove the document (leave the file as it was)", lambda: change("remove"))
        session.rollback()
        warm(session, cid, settings.retrieval.ann_threshold)
    session.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
