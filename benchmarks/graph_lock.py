"""The per-collection graph lock under 1 and 2 writer processes (PostgreSQL), embedding excluded.

    .venv/bin/python benchmarks/graph_lock.py [--documents 16] [--passages 90]

Scaled mode runs N workers; every graph update of one collection takes that collection's row lock (the UPDATE in
app.graph.build.lock_collection, held to commit), so graph updates of one collection are serialised while
extraction and embedding run in parallel. This measures the serialised part: processes take documents of
2Wiki passages (random unit vectors instead of the embedder, so the lock's share is its largest: with real
embedding it shrinks by the embedding time) from one queue and add each in its own transaction, as the Celery
task does, on a fresh PostgreSQL database. Configurations: 1 process / one collection, 2 processes / one
collection, 2 processes / two collections (half the documents each). Per configuration: wall s, documents/s,
summed lock wait s, summed lock-held s (graph work + commit), and how many updates read the collection's state
cold (another process wrote since this one's last update: the kept state is stale).
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import sys
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from benchmarks.graph_build import _database, _documents, _drop_pg  # noqa: E402


def worker(url: str, tasks: mp.Queue, results: mp.Queue, seed: int) -> None:  # type: ignore[type-arg]
    from app.db.session import session_scope
    from app.graph import build
    from app.settings import GraphSettings

    settings = GraphSettings()
    rng = np.random.default_rng(seed)

    class Encoder:
        dim = 384

        def encode(self, texts: list[str], batch_size: int | None = None) -> np.ndarray:
            m = rng.standard_normal((len(texts), self.dim)).astype(np.float32)
            return m / np.linalg.norm(m, axis=1, keepdims=True)

    timing = {"wait": 0.0, "acquired": 0.0, "cold": 0}
    original_lock, original_load = build.lock_collection, build.load_state

    def timed_lock(session, collection_id):  # type: ignore[no-untyped-def]
        started = time.perf_counter()
        version = original_lock(session, collection_id)
        timing["acquired"] = time.perf_counter()
        timing["wait"] += timing["acquired"] - started
        return version

    def counted_load(*args, **kwargs):  # type: ignore[no-untyped-def]
        timing["cold"] += 1
        return original_load(*args, **kwargs)

    build.lock_collection = timed_lock  # type: ignore[assignment]
    build.load_state = counted_load  # type: ignore[assignment]
    held = 0.0
    done = 0
    while (document_id := tasks.get()) is not None:
        with session_scope(url) as session:
            build.add_documents(session, [document_id], settings, Encoder())
        held += time.perf_counter() - timing["acquired"]  # the row lock is released by the commit above
        done += 1
    results.put({"wait": timing["wait"], "held": held, "cold": timing["cold"], "documents": done})


def run(processes: int, collections: int, documents: int, passages: int) -> dict:
    import tempfile

    from sqlalchemy import insert

    from app.db.migrate import upgrade
    from app.db.models import Collection, Document, Page, Passage, new_id
    from app.db.session import get_engine, session_scope

    source = [(t, p) for t, p in _documents(documents * passages * 2) if len(p) >= 1]
    with tempfile.TemporaryDirectory() as tmp:
        url, name = _database("postgres", Path(tmp))
        try:
            upgrade(url)
            collection_ids = [new_id() for _ in range(collections)]
            doc_ids: list[str] = []
            with session_scope(url) as session:
                for c, collection_id in enumerate(collection_ids):
                    session.add(Collection(id=collection_id, name=f"lock-{c}"))
                session.flush()
                cursor = 0
                for d in range(documents):
                    texts: list[str] = []
                    title = source[cursor][0]
                    while len(texts) < passages:
                        texts += source[cursor][1]
                        cursor += 1
                    document_id = new_id()
                    doc_ids.append(document_id)
                    session.execute(insert(Document), [{
                        "id": document_id, "collection_id": collection_ids[d % collections], "filename": f"{d}.pdf",
                        "path": f"{d}.pdf", "sha256": new_id() + new_id(), "size_bytes": 1, "status": "ready",
                        "title": title, "progress": 1.0, "page_count": 1, "passage_count": passages,
                        "table_count": 0, "attempts": 1}])  # fmt: skip
                    session.execute(insert(Page), [{"id": new_id(), "document_id": document_id, "number": 1,
                                                    "width": 0.0, "height": 0.0, "text": " ".join(texts),
                                                    "has_text_layer": True}])  # fmt: skip
                    session.execute(insert(Passage), [
                        {"id": new_id(), "document_id": document_id, "page_number": 1, "index": i, "text": t,
                         "bbox": [0, 0, 0, 0]} for i, t in enumerate(texts[:passages])])  # fmt: skip
            get_engine(url).dispose()
            ctx = mp.get_context("spawn")
            tasks, results = ctx.Queue(), ctx.Queue()
            for document_id in doc_ids:
                tasks.put(document_id)
            for _ in range(processes):
                tasks.put(None)
            procs = [ctx.Process(target=worker, args=(url, tasks, results, p)) for p in range(processes)]
            started = time.perf_counter()
            for p in procs:
                p.start()
            parts = [results.get() for _ in procs]
            wall = time.perf_counter() - started
            for p in procs:
                p.join()
        finally:
            _drop_pg(name)
    return {
        "processes": processes, "collections": collections, "wall_s": wall, "documents": documents,
        "wait_s": sum(p["wait"] for p in parts), "held_s": sum(p["held"] for p in parts),
        "cold": sum(p["cold"] for p in parts),
    }  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--documents", type=int, default=16)
    parser.add_argument("--passages", type=int, default=90)
    args = parser.parse_args()
    print(f"{args.documents} documents of {args.passages} passages, PostgreSQL, embedding excluded (random vectors)\n")
    print("| writer processes | collections | wall s | documents/s | lock wait s (sum) | lock held s (sum) "
          "| cold state reads |")  # fmt: skip
    print("|---|---|---|---|---|---|---|")
    for processes, collections in ((1, 1), (2, 1), (2, 2)):
        r = run(processes, collections, args.documents, args.passages)
        print(
            f"| {processes} | {collections} | {r['wall_s']:.1f} | {r['documents'] / r['wall_s']:.2f} | "
            f"{r['wait_s']:.1f} | {r['held_s']:.1f} | {r['cold']} / {r['documents']} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
