"""Retrieval latency per retriever on a 1k/10k/50k-passage collection (temp SQLite), printed as markdown.

    .venv/bin/python benchmarks/retrieval_latency.py --size 10k [--questions 100] [--db /tmp/mdqa-bench-10k.db]
        [--vectors DIR] [--whole-ask]

`--vectors DIR` (texts.json.gz: a list of passage texts; vectors.npy: their MiniLM vectors, same order) supplies
precomputed passage vectors, e.g. embedded on a lent GPU (embedding 100k passages on this CPU takes ~45 min);
texts it lacks are embedded here. `--random-vectors` gives every passage a random unit vector instead (seeded by
its text; no embedding at all, for a machine without the real vectors: the work of every retriever is the same,
its choices are not). `--collection NAME` asks an existing collection of `--db` as it is (e.g. the one
benchmarks/graph_add_profile.py keeps, named "bench"), building nothing. Questions are always embedded here, on the
CPU, inside the timed retrieval. `--whole-ask` times the whole ask instead (analyse → retrieve → read → compose, the
built-in reader), as a user waits for it.

Passages are the paragraphs of /work/shared/data/mdqa (2Wiki's 6,119-passage corpus first, then the HotpotQA and
MuSiQue corpora; beyond their ~9k paragraphs, windows of 1-6 of their sentences), one document each, built
through the real graph builder. The database is kept (path printed)
and reused when it already holds the wanted size, so a second run measures only retrieval. Questions are the
benchmark questions of data/mdqa, asked with the local settings (no LLM): kgp with the embedding scorer, gnn,
tfidf, bm25, dense, and structural questions ("page 1 of <file>", "the last page").
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import func, select  # noqa: E402

from app.db.migrate import upgrade  # noqa: E402
from app.db.models import Collection, Document, Node, Page, Passage  # noqa: E402
from app.db.session import get_sessionmaker  # noqa: E402
from app.llm.embeddings import get_embedder  # noqa: E402
from app.llm.vector_cache import remembered  # noqa: E402
from app.qa.ask import AskOptions  # noqa: E402
from app.qa.evidence import retrieve  # noqa: E402
from app.qa.index import get_index  # noqa: E402
from app.qa.pipeline import ask  # noqa: E402
from app.qa.seeds import bm25_index, tfidf_index  # noqa: E402
from app.qa.tools import Tools  # noqa: E402
from app.settings import Settings  # noqa: E402

DATA = Path(os.environ.get("MDQA_SHARED_DATA", ROOT.parent / "shared" / "data")) / "mdqa"
SIZES = {"1k": 1_000, "10k": 10_000, "50k": 50_000, "100k": 100_000}
CORPORA = [
    "raw/2wikimultihopqa_corpus.json",
    "raw/hotpotqa_train_corpus.json",
    "raw/musique_train_corpus.json",
    "corpus/hotpotqa_100_corpus.json",
    "corpus/musique_100_corpus.json",
]
BATCH = 500
BIG_BATCH = 100_000  # from 50k passages: one graph update (as benchmarks/graph_build.py builds)


class PrecomputedEncoder:
    """Vectors looked up by text, the real embedder for the rest (same `encode` shape as app.llm.embeddings)."""

    def __init__(self, directory: Path, fallback) -> None:  # type: ignore[no-untyped-def]
        import gzip

        import numpy as np

        with gzip.open(directory / "texts.json.gz", "rt") as f:
            texts = json.load(f)
        self.matrix = np.load(directory / "vectors.npy")
        self.row_of = {t: i for i, t in enumerate(texts)}
        self.fallback = fallback
        self.dim = self.matrix.shape[1]

    def encode(self, texts: list[str], batch_size: int | None = None):  # type: ignore[no-untyped-def]
        import numpy as np

        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        missing = [i for i, t in enumerate(texts) if t not in self.row_of]
        for i, t in enumerate(texts):
            if t in self.row_of:
                out[i] = self.matrix[self.row_of[t]]
        if missing:
            out[missing] = self.fallback.encode([texts[i] for i in missing])
        return out


class RandomEncoder:
    """A random unit vector per text, the same for the same text (the encoder's `encode` shape)."""

    dim = 384

    def encode(self, texts: list[str], batch_size: int | None = None):  # type: ignore[no-untyped-def]
        import numpy as np

        seeds = [int.from_bytes(hashlib.sha256(t.encode()).digest()[:8], "little") for t in texts]
        out = np.vstack([np.random.default_rng(seed).standard_normal(self.dim) for seed in seeds] or [[]])
        return (out / np.linalg.norm(out, axis=1, keepdims=True)).astype(np.float32)


def paragraphs(n: int) -> list[dict[str, str]]:
    out: list[dict[str, str]] = []
    seen: set[str] = set()
    for name in CORPORA:
        path = DATA / name
        if not path.exists():
            continue
        raw = json.loads(path.read_text())
        if isinstance(raw, dict):  # {title: [sentences]} (HotpotQA's corpus file)
            raw = [{"title": t, "text": "".join(v) if isinstance(v, list) else str(v)} for t, v in raw.items()]
        for p in raw:
            if not isinstance(p, dict) or "text" not in p:
                continue
            key = hashlib.sha256(f"{p['title']}\n{p['text']}".encode()).hexdigest()
            if key not in seen and p["text"].strip():
                seen.add(key)
                out.append({"title": p["title"], "text": p["text"], "sha": key})
                if len(out) >= n:
                    return out
    # The corpora hold ~9k distinct paragraphs: beyond that, their sentences and sentence pairs become passages
    # of their own (real text, distinct strings), which is how 10k and 50k are reached.
    base = list(out)
    for window in (1, 2, 3, 4, 5, 6):
        for p in base:
            sentences = [s.strip() for s in re.split(r"(?<=[.!?])\s+", p["text"]) if len(s.split()) >= 4]
            for k in range(0, len(sentences) - window + 1):
                text = " ".join(sentences[k : k + window])
                key = hashlib.sha256(f"{p['title']}\n{text}".encode()).hexdigest()
                if key not in seen:
                    seen.add(key)
                    out.append({"title": p["title"], "text": text, "sha": key})
                    if len(out) >= n:
                        return out
    print(f"only {len(out)} distinct passages available; using them all", file=sys.stderr)
    return out


def build(url: str, n: int, vectors: Path | None = None, random_vectors: bool = False) -> str:
    from app.graph.build import add_documents

    upgrade(url)
    session = get_sessionmaker(url)()
    name = f"bench-{n}"
    collection = session.scalar(select(Collection).where(Collection.name == name))
    if collection is not None:
        count = session.scalar(select(func.count()).select_from(Node).where(
            Node.collection_id == collection.id, Node.kind == "passage"))  # fmt: skip
        if count and count >= min(n, len(paragraphs(n))):
            session.close()
            return collection.id
        raise SystemExit(f"{url} holds an incomplete {name}; delete the file and run again")
    collection = Collection(name=name)
    session.add(collection)
    session.commit()
    settings = Settings(database_url=url)
    embedder = get_embedder(settings.device)
    if vectors is not None:
        embedder = PrecomputedEncoder(vectors, embedder)
    if random_vectors:
        embedder = RandomEncoder()
    paras = paragraphs(n)
    start = time.perf_counter()
    step = BIG_BATCH if n >= 50_000 else BATCH
    for i in range(0, len(paras), step):
        ids = []
        for k, p in enumerate(paras[i : i + step], start=i):
            doc = Document(collection_id=collection.id, filename=f"p{k:06d}.pdf", path=p["title"], sha256=p["sha"],
                           size_bytes=len(p["text"]), status="ready", progress=1.0, page_count=1, passage_count=1,
                           title=p["title"])  # fmt: skip
            session.add(doc)
            session.flush()
            session.add(Page(document_id=doc.id, number=1, width=612, height=792, text=p["text"]))
            session.add(Passage(document_id=doc.id, page_number=1, index=0, text=p["text"], bbox=[0, 0, 612, 100]))
            ids.append(doc.id)
        session.flush()
        add_documents(session, ids, settings.graph, embedder)
        session.commit()
        done = min(i + step, len(paras))
        print(f"  built {done}/{len(paras)} passages, {time.perf_counter() - start:.0f} s", file=sys.stderr)
    session.close()
    return collection.id


def questions(limit: int) -> list[str]:
    out: list[str] = []
    for name in ("hotpotqa_100.json", "musique_100.json", "2wikimultihopqa_16.json"):
        path = DATA / name
        if path.exists():
            out += [q["question"] for q in json.loads(path.read_text())]
    return out[:limit]


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", choices=sorted(SIZES), default="10k")
    parser.add_argument("--questions", type=int, default=100)
    parser.add_argument("--db", type=Path, default=None, help="SQLite file (default /tmp/mdqa-bench-SIZE.db)")
    parser.add_argument("--vectors", type=Path, default=None, help="precomputed passage vectors (see above)")
    parser.add_argument("--random-vectors", action="store_true", help="random passage vectors (see above)")
    parser.add_argument("--collection", help="an existing collection of --db to ask, as it is (see above)")
    parser.add_argument("--retrievers", default="kgp,gnn,tfidf,bm25,dense,structural")
    parser.add_argument("--whole-ask", action="store_true",
                        help="time the whole ask (analyse → retrieve → read → compose, built-in reader)")  # fmt: skip
    args = parser.parse_args(argv)
    n = SIZES[args.size]
    db = args.db or Path(f"/tmp/mdqa-bench-{args.size}.db")
    url = f"sqlite:///{db}"
    start = time.perf_counter()
    if args.collection:
        with get_sessionmaker(url)() as session:
            cid = session.scalar(select(Collection.id).where(Collection.name == args.collection))
        if cid is None:
            raise SystemExit(f"{db} holds no collection named {args.collection!r}")
    else:
        cid = build(url, n, args.vectors, args.random_vectors)
    print(f"collection ready in {time.perf_counter() - start:.0f} s ({db})", file=sys.stderr)

    settings = Settings(database_url=url)
    session = get_sessionmaker(url)()
    tools = Tools(embedder=get_embedder(settings.device))
    warm = time.perf_counter()
    index = get_index(session, cid, ann_threshold=settings.retrieval.ann_threshold)
    index.vectors  # noqa: B018 (dense search's HNSW index above the threshold: built once per process)
    tfidf_index(index)
    bm25_index(index)
    tools.embedder.encode(["warm up"])
    warm_ms = (time.perf_counter() - warm) * 1000
    print(f"index warm-up {warm_ms:.0f} ms, load {os.getloadavg()[0]:.1f}", file=sys.stderr, flush=True)
    qs = questions(args.questions)
    files = [f for (f,) in session.execute(select(Document.filename).where(Document.collection_id == cid).limit(50))]
    structural_qs = [f"What is on page 1 of {f}?" for f in files[:40]] + ["Summarise the last page"] * 10

    rows = []
    for name in args.retrievers.split(","):
        options = AskOptions(retriever="kgp" if name == "structural" else name, budget=10, reader="local")
        timings, cpu, parts = [], [], []
        for q in structural_qs if name == "structural" else qs:
            remembered(tools.encoder(settings)).clear()  # each retriever embeds its question cold, as in the app
            t, c = time.perf_counter(), time.process_time()
            r = ask(session, cid, q, options, settings, tools).retrieval if args.whole_ask else (
                retrieve(session, cid, q, options, settings, tools))  # fmt: skip
            timings.append((time.perf_counter() - t) * 1000)
            cpu.append((time.process_time() - c) * 1000)  # this process's CPU (torch's threads included)
            parts.append(r.timings_ms)
            if name == "structural":
                assert r.question_type == "structural", q
        embed = statistics.median(p.get("embed", 0.0) for p in parts)
        rows.append((name, len(timings), statistics.median(timings), percentile(timings, 0.95), embed,
                     statistics.median(cpu), percentile(cpu, 0.95), os.getloadavg()[0]))  # fmt: skip
    session.close()

    print(f"\n### Retrieval latency, {len(index):,} passages ({args.size}), SQLite, budget 10, no LLM\n")
    print(f"Index warm-up (vectors, graph, TF-IDF, BM25; once per graph version): {warm_ms:.0f} ms")
    dense = "HNSW (approximate)" if index.vectors.hnsw is not None else "exact"
    print(f"Dense search: {dense}; resident memory after the run {rss_mb():.0f} MB "
          f"({rss_mb() / max(len(index), 1) * 1000:.1f} MB per 1k passages, whole process)\n")
    print("| retriever | questions | p50 ms | p95 ms | p50 question embedding ms | p50 CPU ms | p95 CPU ms | load |")
    print("|---|---|---|---|---|---|---|---|")
    for name, count, p50, p95, embed, cpu50, cpu95, load in rows:
        label = "kgp (embedding scorer, hybrid seeds)" if name == "kgp" else name
        print(f"| {label} | {count} | {p50:.1f} | {p95:.1f} | {embed:.1f} | {cpu50:.1f} | {cpu95:.1f} | {load:.1f} |")
    print("\nTimes include classification and, where the retriever needs it, the question's embedding (MiniLM).")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
