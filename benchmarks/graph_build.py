"""Graph build time and memory at 10k, 50k and 100k passages (embedding excluded), and embedding throughput.

    .venv/bin/python benchmarks/graph_build.py [--sizes 10000,50000,100000] [--db sqlite|postgres] [--skip-embeddings]
        [--skip-cold]

Passages: the 6,119 paragraphs of 2WikiMultihopQA's corpus, split at sentence boundaries (≤2 sentences per
passage, one document per title), copied with variations (a title suffix, sentences rotated) until a size is
reached. Vectors are precomputed random unit vectors, so build time excludes the embedder; the exact kNN costs the
same for any vectors. Each size runs in a fresh subprocess against a new database (an SQLite file in a temp dir, or
a new PostgreSQL database), so peak RSS is its own. Embedding throughput compares the torch fp32 and int8 ONNX
backends in one process (timings drift on a shared machine: read the ratio), on HotpotQA's 994 pooled paragraphs,
with cosine agreement and recall@5 of both on the 100 questions.

After the build, a 20-page document of 150 passages is added (the builder's state is then warm: cached in memory
from the build), one document removed, and, with the cache dropped, that document added back (a cold add: the
builder reads the collection's state from the database). Semantic recall@10: the stored semantic edges of 1,000
sampled passages against exact search (1.0 below GraphSettings.ann_threshold, where the build is exact; random
vectors are HNSW's worst case, see benchmarks/ann_compare.py).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
DATA = Path(os.environ.get("MDQA_SHARED_DATA", REPO.parent / "shared" / "data")) / "mdqa"
CORPUS = DATA / "raw" / "2wikimultihopqa_corpus.json"
HOTPOT = DATA / "hotpotqa_100.json"
PG_ADMIN_DSN = os.environ.get("MDQA_TEST_PG_ADMIN", "host=127.0.0.1 port=5432 user=postgres dbname=test")
SUFFIXES = ["", " Alpha", " Beta", " Gamma", " Delta", " Epsilon", " Zeta", " Eta", " Theta", " Iota", " Kappa"]
KINDS = ("contains", "next", "keyword", "semantic", "mention", "entity")


HELD_BACK_PASSAGES = 150  # a 20-page document, added to the built collection
HELD_BACK_PAGES = 20


def make_documents(target_passages: int) -> list[tuple[str, list[str]]]:
    """(title, passages) until `target_passages` passages, the last one a 150-passage document."""
    documents = _documents(target_passages - HELD_BACK_PASSAGES)
    extra = [p for _, passages in _documents(target_passages)[len(documents) :] for p in passages]
    held = (extra + [p for _, passages in documents[:200] for p in passages])[:HELD_BACK_PASSAGES]
    return [*documents, ("Held-back report", held)]


def _documents(target_passages: int) -> list[tuple[str, list[str]]]:
    paragraphs = json.loads(CORPUS.read_text())
    documents: list[tuple[str, list[str]]] = []
    total = 0
    for copy, suffix in enumerate(SUFFIXES):
        for paragraph in paragraphs:
            sentences = [s for s in re.split(r"(?<=[.!?])\s+", paragraph["text"].strip()) if s]
            if copy and len(sentences) > 1:  # a variation: rotate the sentences
                shift = copy % len(sentences)
                sentences = sentences[shift:] + sentences[:shift]
            passages = [" ".join(sentences[i : i + 2]) for i in range(0, len(sentences), 2)] or [paragraph["title"]]
            passages = passages[: target_passages - total]
            documents.append((paragraph["title"] + suffix, passages))
            total += len(passages)
            if total >= target_passages:
                return documents
    raise SystemExit(f"the corpus cannot make {target_passages} passages")


class RandomVectors:
    """Precomputed random unit vectors handed out in order: the embedder's cost is not in the build time."""

    dim = 384

    def __init__(self, n: int) -> None:
        real = os.environ.get("MDQA_BENCH_REAL_VECTORS")  # a folder of int8 parts q0..q2.npy + scale.npy
        if real:  # real MiniLM vectors (of other passages), handed out in order: HNSW's realistic case
            parts = [np.load(Path(real) / f"q{k}.npy") for k in range(3)]
            matrix = (np.concatenate(parts).astype(np.float32) * np.load(Path(real) / "scale.npy"))[:n]
            if len(matrix) < n:
                raise SystemExit(f"{real} holds {len(matrix)} vectors, {n} wanted")
        else:
            matrix = np.random.default_rng(0).standard_normal((n, self.dim)).astype(np.float32)
        self.matrix = matrix / np.linalg.norm(matrix, axis=1, keepdims=True)
        self.used = 0

    def encode(self, texts: list[str], batch_size: int | None = None) -> np.ndarray:
        out = self.matrix[self.used : self.used + len(texts)]
        self.used += len(texts)
        return out


def _database(kind: str, workdir: Path) -> tuple[str, str | None]:
    if kind == "sqlite":
        return f"sqlite:///{workdir / 'graph.db'}", None
    import psycopg

    name = f"mdqa_bench_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(PG_ADMIN_DSN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    return f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}", name


def _drop_pg(name: str | None) -> None:
    if name:
        import psycopg

        with psycopg.connect(PG_ADMIN_DSN, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def current_rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def semantic_recall(session, k: int, sample: int = 1000) -> float:  # type: ignore[no-untyped-def]
    """Stored semantic edges of sampled sources against exact top-k over every vector."""
    from sqlalchemy import select

    from app.db.models import Edge, Node
    from app.db.vectors import unpack

    rows = session.execute(select(Node.id, Node.vector).where(Node.vector.is_not(None)).order_by(Node.id)).all()
    ids = [r.id for r in rows]
    matrix = np.vstack([unpack(r.vector) for r in rows])
    picked = np.random.default_rng(2).choice(len(ids), size=min(sample, len(ids)), replace=False)
    stored: dict[str, set[str]] = {}
    wanted = {ids[i] for i in picked}
    for source, target in session.execute(select(Edge.source, Edge.target).where(Edge.kind == "semantic")):
        if source in wanted:
            stored.setdefault(source, set()).add(target)
    hits = total = 0
    for i in picked:
        scores = matrix @ matrix[i]
        scores[i] = -np.inf
        truth = {ids[j] for j in np.argsort(-scores)[:k]}
        hits += len(truth & stored.get(ids[i], set()))
        total += len(truth)
    return hits / max(total, 1)


def insert_collection(url: str, size: int) -> tuple[list[str], int]:
    """A collection of `size` passages (documents, pages, passages rows; no graph) in the database at `url`:
    its document ids in order (the last one the 150-passage document kept back) and the number of passages."""
    from sqlalchemy import insert

    from app.db.models import Collection, Document, Page, Passage, new_id
    from app.db.session import session_scope

    documents = make_documents(size)
    collection_id = new_id()
    doc_rows: list[dict] = []
    page_rows: list[dict] = []
    passage_rows: list[dict] = []
    for title, passages in documents:
        document_id = new_id()
        doc_rows.append(
            {"id": document_id, "collection_id": collection_id, "filename": f"{title}.txt", "path": title,
             "sha256": new_id() + new_id(), "size_bytes": 1, "status": "ready", "title": title,
             "progress": 1.0, "page_count": 1, "passage_count": len(passages), "table_count": 0,
             "attempts": 1}
        )  # fmt: skip
        held = len(passages) >= HELD_BACK_PASSAGES
        per_page = -(-len(passages) // HELD_BACK_PAGES) if held else max(len(passages), 1)
        for number in range(1, -(-len(passages) // per_page) + 1):
            page_rows.append(
                {"id": new_id(), "document_id": document_id, "number": number, "width": 0.0, "height": 0.0,
                 "text": " ".join(passages[(number - 1) * per_page : number * per_page]),
                 "has_text_layer": True}
            )  # fmt: skip
        passage_rows.extend(
            {"id": new_id(), "document_id": document_id, "page_number": i // per_page + 1,
             "index": i, "text": text, "bbox": [0, 0, 0, 0]}
            for i, text in enumerate(passages)
        )  # fmt: skip
    with session_scope(url) as session:
        session.add(Collection(id=collection_id, name="bench"))
        session.flush()
        for model, rows in ((Document, doc_rows), (Page, page_rows), (Passage, passage_rows)):
            for start in range(0, len(rows), 20_000):
                session.execute(insert(model), rows[start : start + 20_000])
    return [str(r["id"]) for r in doc_rows], len(passage_rows)


def run_size(size: int, db: str, skip_cold: bool = False) -> dict:
    """One size, in this (fresh) process: rows first (not timed), then the graph of all documents in one batch."""
    from sqlalchemy import func, select

    from app.db.migrate import upgrade
    from app.db.models import Edge, Node
    from app.db.session import get_engine, session_scope
    from app.graph.build import add_documents, remove_document
    from app.graph.state import forget_states
    from app.settings import GraphSettings

    settings = GraphSettings()
    with tempfile.TemporaryDirectory() as tmp:
        url, pg_name = _database(db, Path(tmp))
        try:
            upgrade(url)
            ids, passage_count = insert_collection(url, size)
            # The last document is kept back to time an incremental add of one document to a big collection.
            encoder = RandomVectors(passage_count)
            baseline = rss_mb()
            started, cpu_started = time.perf_counter(), time.process_time()
            with session_scope(url) as session:
                add_documents(session, ids[:-1], settings, encoder)
            build_s = time.perf_counter() - started
            # CPU seconds of this process: on a shared machine wall time also counts other tenants' load (the
            # database server's own work on PostgreSQL is not in it).
            build_cpu_s = time.process_time() - cpu_started
            peak = rss_mb()
            started, cpu_started = time.perf_counter(), time.process_time()
            with session_scope(url) as session:
                add_documents(session, ids[-1:], settings, encoder)
            add_one_s = time.perf_counter() - started
            add_one_cpu_s = time.process_time() - cpu_started
            after_add_rss = current_rss_mb()
            print(
                f"build {build_s:.1f} s ({build_cpu_s:.1f} CPU-s), add {add_one_s:.2f} s "
                f"({add_one_cpu_s:.2f} CPU-s), load {os.getloadavg()[0]:.1f}",
                file=sys.stderr,
                flush=True,
            )
            remove_one_s = add_cold_s = add_cold_cpu_s = recall = float("nan")
            if not skip_cold:
                started = time.perf_counter()
                with session_scope(url) as session:
                    remove_document(session, ids[len(ids) // 2], settings)
                remove_one_s = time.perf_counter() - started
                forget_states()
                encoder.used = 0  # its vectors again (any vectors would do)
                started, cpu_started = time.perf_counter(), time.process_time()
                with session_scope(url) as session:
                    add_documents(session, [ids[len(ids) // 2]], settings, encoder)
                add_cold_s = time.perf_counter() - started
                add_cold_cpu_s = time.process_time() - cpu_started
                with session_scope(url) as session:
                    recall = semantic_recall(session, settings.knn_k)
            with session_scope(url) as session:
                nodes = session.scalar(select(func.count()).select_from(Node)) or 0
                passages_n = session.scalar(select(func.count()).where(Node.kind == "passage")) or 0
                counts = dict(session.execute(select(Edge.kind, func.count()).group_by(Edge.kind)).all())
            get_engine(url).dispose()
        finally:
            _drop_pg(pg_name)
    return {
        "db": db, "passages": passage_count, "documents": len(ids), "nodes": nodes,
        "build_s": build_s, "build_cpu_s": build_cpu_s, "add_one_s": add_one_s, "remove_one_s": remove_one_s,
        "add_cold_s": add_cold_s, "add_one_cpu_s": add_one_cpu_s, "add_cold_cpu_s": add_cold_cpu_s,
        "semantic_recall": recall, "rss_after_add_mb": after_add_rss,
        "edges_per_passage": {k: counts.get(k, 0) / max(passages_n, 1) for k in KINDS},
        "edges": sum(counts.values()), "peak_rss_mb": peak, "build_rss_growth_mb": peak - baseline,
        "load": os.getloadavg()[0],
    }  # fmt: skip


def embedding_figures(rounds: int = 2) -> dict:
    """passages/s of both backends on the same texts, interleaved; vector agreement; recall@5 on HotpotQA."""
    from app.llm.embeddings import Embedder, onnx_available

    records = json.loads(HOTPOT.read_text())
    paragraphs: dict[tuple[str, str], int] = {}
    for record in records:
        for p in record["paragraphs"]:
            paragraphs.setdefault((p["title"], p["text"]), len(paragraphs))
    texts = [f"{title}\n{text}" for title, text in paragraphs]
    backends = ["torch", "onnx"] if onnx_available() else ["torch"]
    embedders = {name: Embedder("cpu", name) for name in backends}
    for embedder in embedders.values():
        embedder.encode(texts[:64])  # warm-up: first-call allocations are not throughput
    seconds: dict[str, list[float]] = {name: [] for name in backends}
    vectors: dict[str, np.ndarray] = {}
    for _ in range(rounds):
        for name, embedder in embedders.items():
            started = time.perf_counter()
            vectors[name] = embedder.encode(texts)
            seconds[name].append(time.perf_counter() - started)
    out: dict = {"texts": len(texts), "per_s": {n: len(texts) / min(s) for n, s in seconds.items()}}
    for name, embedder in embedders.items():
        questions = embedder.encode([r["question"] for r in records])
        recalls = []
        for q, record in zip(questions, records, strict=True):
            gold = {paragraphs[(record["paragraphs"][i]["title"], record["paragraphs"][i]["text"])]
                    for i in record["supporting_paragraph_idx"]}  # fmt: skip
            top = np.argsort(-(vectors[name] @ q))[:5]
            recalls.append(len(gold & set(top.tolist())) / len(gold))
        out.setdefault("recall@5", {})[name] = float(np.mean(recalls))
    if "onnx" in vectors:
        a, b = vectors["torch"], vectors["onnx"]
        cosine = (a * b).sum(axis=1)
        sa, sb = a @ a.T, b @ b.T
        np.fill_diagonal(sa, -9)
        np.fill_diagonal(sb, -9)
        ta, tb = np.argsort(-sa, axis=1)[:, :10], np.argsort(-sb, axis=1)[:, :10]
        out["cosine_mean"], out["cosine_min"] = float(cosine.mean()), float(cosine.min())
        out["knn10_overlap"] = float(np.mean([len(set(x) & set(y)) / 10 for x, y in zip(ta, tb, strict=True)]))
    return out


def _child(args: list[str]) -> dict:
    result = subprocess.run(
        [sys.executable, __file__, *args], stdout=subprocess.PIPE, text=True, check=False, cwd=REPO
    )  # stderr passes through: a size's first figures show before its slow cold add
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(args)} failed")
    return json.loads(result.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="10000,50000,100000")
    parser.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--skip-embeddings", action="store_true")
    parser.add_argument("--skip-cold", action="store_true", help="no remove, cold add and recall after the warm add")
    parser.add_argument("--child-size", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--child-embeddings", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child_size:
        print(json.dumps(run_size(args.child_size, args.db, args.skip_cold)))
        return 0
    if args.child_embeddings:
        print(json.dumps(embedding_figures()))
        return 0

    results = []
    for size in (int(s) for s in args.sizes.split(",")):
        result = _child(["--child-size", str(size), "--db", args.db] + (["--skip-cold"] if args.skip_cold else []))
        results.append(result)
        print(
            f"{size:>6} passages: build {result['build_s']:.1f} s, peak RSS {result['peak_rss_mb']:.0f} MB, "
            f"add 150 passages {result['add_one_s']:.2f} s (warm), {result['add_cold_s']:.2f} s (cold 1 doc), "
            f"load average {result['load']:.1f}",
            flush=True,
        )
    embedding = None if args.skip_embeddings else _child(["--child-embeddings"])

    print()
    if embedding:
        rates = embedding["per_s"]
        line = f"Embedding ({embedding['texts']} HotpotQA paragraphs, 2 CPU threads): " + ", ".join(
            f"{name} {rate:.0f} passages/s (R@5 {embedding['recall@5'][name]:.3f})" for name, rate in rates.items()
        )
        if "onnx" in rates:
            line += (
                f"; onnx/torch speed ratio {rates['onnx'] / rates['torch']:.2f}, cosine torch↔onnx mean "
                f"{embedding['cosine_mean']:.4f} (min {embedding['cosine_min']:.4f}), "
                f"kNN@10 overlap {embedding['knn10_overlap']:.3f}"
            )
        print(line + ".")
        print()
    print(
        f"Graph build on {args.db}, all documents in one batch, embedding excluded; then one document added to and "
        "one removed from the built collection. Edges per passage by kind."
    )
    print()
    header = "| passages | documents | build s (wall) | build s (CPU) | passages/s | " + " | ".join(KINDS)
    print(header + " | edges | peak RSS MB | RSS growth MB | MB per 1k passages | semantic recall@10 "
          "| add 150-passage doc s (warm), CPU s | remove 1 doc s (warm) | add 1 doc s (cold), CPU s |")  # fmt: skip
    print("|" + "---|" * (5 + len(KINDS) + 8))
    for r in results:
        per = " | ".join(f"{r['edges_per_passage'][k]:.2f}" for k in KINDS)
        print(
            f"| {r['passages']:,} | {r['documents']:,} | {r['build_s']:.1f} | {r['build_cpu_s']:.1f} | "
            f"{r['passages'] / r['build_s']:,.0f} | "
            f"{per} | {r['edges']:,} | {r['peak_rss_mb']:.0f} | {r['build_rss_growth_mb']:.0f} | "
            f"{r['peak_rss_mb'] / r['passages'] * 1000:.1f} | {r['semantic_recall']:.3f} | "
            f"{r['add_one_s']:.2f}, {r['add_one_cpu_s']:.2f} | {r['remove_one_s']:.2f} | "
            f"{r['add_cold_s']:.2f}, {r['add_cold_cpu_s']:.2f} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
