"""Approximate nearest-neighbour libraries compared for the graph's `semantic` edges and dense search.

    .venv/bin/python benchmarks/ann_compare.py [--sizes 20000,50000,100000] [--data random,realish] [--libs ...]

For each (library, size, data) in a fresh subprocess (so resident memory is its own): build an HNSW index over n
unit vectors of dim 384 (inner product), then ask every vector for its 10 nearest others, which is what the
graph builder needs (the kNN graph), and compare a sample of 1,000 of those lists with exact search.

- `random`: i.i.d. unit vectors, what benchmarks/graph_build.py feeds the builder. The hardest case for any
  graph index: no structure, neighbours barely closer than strangers.
- `real`: real MiniLM embeddings of the passages of benchmarks/retrieval_latency.py (the first n of
  `--real-vectors`, an .npy of unit vectors; made once on a lent GPU, see docs/benchmarks.md).
- `realish`: Gaussian vectors with the mean and covariance of real MiniLM embeddings (1,000 passages of the
  2Wiki corpus embedded once, cached in /tmp), L2-normalised: the anisotropy of real embeddings, without their
  clusters (so still harder than real data).

Every query asks for k + 1 + 10 candidates and keeps the 10 best by exact score, as app/graph/knn.py does.
Figures: build s (index construction), kNN-graph s (all n queries), recall@10 against exact (numpy), resident
memory growth MB of the index, single-query ms (p50 of 200). Threads: 2 (this machine's cores).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
DIM = 384
K = 10
SAMPLE = 1000
THREADS = 2
REAL_CACHE = Path("/tmp/mdqa-ann-real-vectors.npy")
EXTRA = 10
REAL_VECTORS = Path(os.environ.get("MDQA_REAL_VECTORS", REPO / ".cache" / "scale-gpu" / "vectors.npy"))


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def real_vectors() -> np.ndarray:
    if REAL_CACHE.exists():
        return np.load(REAL_CACHE)
    from app.llm.embeddings import get_embedder

    data = Path(os.environ.get("MDQA_SHARED_DATA", REPO.parent / "shared" / "data")) / "mdqa"
    paragraphs = json.loads((data / "raw" / "2wikimultihopqa_corpus.json").read_text())
    vectors = np.asarray(get_embedder("cpu").encode([p["text"] for p in paragraphs[:1000]]), dtype=np.float32)
    np.save(REAL_CACHE, vectors)
    return vectors


def make_data(kind: str, n: int) -> np.ndarray:
    rng = np.random.default_rng(0)
    if kind == "random":
        matrix = rng.standard_normal((n, DIM)).astype(np.float32)
    elif kind == "real":
        matrix = np.load(REAL_VECTORS, mmap_mode="r")[:n].astype(np.float32)
    else:
        real = real_vectors().astype(np.float64)
        matrix = rng.multivariate_normal(real.mean(axis=0), np.cov(real, rowvar=False), size=n).astype(np.float32)
    return np.ascontiguousarray(matrix / np.linalg.norm(matrix, axis=1, keepdims=True))


def exact_sample(matrix: np.ndarray, sample: np.ndarray) -> np.ndarray:
    scores = matrix[sample] @ matrix.T
    scores[np.arange(len(sample)), sample] = -np.inf
    return np.argsort(-scores, axis=1)[:, :K]


def run_one(lib: str, n: int, data: str, params: dict) -> dict:
    matrix = make_data(data, n)
    sample = np.random.default_rng(1).choice(n, size=min(SAMPLE, n), replace=False)
    truth = exact_sample(matrix, sample)
    m, ef_c, ef = params["m"], params["ef_construction"], params["ef_search"]
    before = rss_mb()
    started = time.perf_counter()
    build_cpu_s = graph_cpu_s = float("nan")  # process CPU-seconds, measured for hnswlib (the library in use)
    if lib == "hnswlib":
        import hnswlib

        index = hnswlib.Index(space="ip", dim=DIM)
        index.init_index(max_elements=n, M=m, ef_construction=ef_c, random_seed=0)
        index.set_num_threads(THREADS)
        cpu_started = time.process_time()
        index.add_items(matrix, np.arange(n))
        build_s = time.perf_counter() - started
        build_cpu_s = time.process_time() - cpu_started
        memory = rss_mb() - before
        index.set_ef(ef)
        started, cpu_started = time.perf_counter(), time.process_time()
        labels, _ = index.knn_query(matrix, k=K + 1 + EXTRA)
        graph_s = time.perf_counter() - started
        graph_cpu_s = time.process_time() - cpu_started

        def one(q: np.ndarray) -> None:
            index.knn_query(q, k=K)
    elif lib == "usearch":
        from usearch.index import Index

        index = Index(ndim=DIM, metric="ip", dtype="f32", connectivity=m, expansion_add=ef_c, expansion_search=ef)
        index.add(np.arange(n), matrix, threads=THREADS)
        build_s = time.perf_counter() - started
        memory = rss_mb() - before
        started = time.perf_counter()
        result = index.search(matrix, K + 1 + EXTRA, threads=THREADS)
        labels = result.keys
        graph_s = time.perf_counter() - started

        def one(q: np.ndarray) -> None:
            index.search(q, K)
    elif lib == "faiss":
        import faiss

        faiss.omp_set_num_threads(THREADS)
        index = faiss.IndexHNSWFlat(DIM, m, faiss.METRIC_INNER_PRODUCT)
        index.hnsw.efConstruction = ef_c
        index.add(matrix)
        build_s = time.perf_counter() - started
        memory = rss_mb() - before
        index.hnsw.efSearch = ef
        started = time.perf_counter()
        _, labels = index.search(matrix, K + 1 + EXTRA)
        graph_s = time.perf_counter() - started

        def one(q: np.ndarray) -> None:
            index.search(q[None, :], K)
    elif lib == "faiss-flat":  # exact, for reference: faiss's blocked sgemm + heaps
        import faiss

        faiss.omp_set_num_threads(THREADS)
        index = faiss.IndexFlatIP(DIM)
        index.add(matrix)
        build_s = time.perf_counter() - started
        memory = rss_mb() - before
        started = time.perf_counter()
        _, labels = index.search(matrix, K + 1 + EXTRA)
        graph_s = time.perf_counter() - started

        def one(q: np.ndarray) -> None:
            index.search(q[None, :], K)
    else:
        raise SystemExit(f"unknown library {lib}")
    labels = np.asarray(labels)
    hits = 0
    for row, i in enumerate(sample):
        candidates = np.asarray([int(j) for j in labels[i] if 0 <= int(j) != i], dtype=np.int64)
        found = candidates[np.argsort(-(matrix[candidates] @ matrix[i]), kind="stable")[:K]].tolist()
        hits += len(set(found) & set(truth[row].tolist()))
    single = []
    for i in sample[:200]:
        t = time.perf_counter()
        one(matrix[i])
        single.append((time.perf_counter() - t) * 1000)
    return {
        "lib": lib, "n": n, "data": data, **params, "build_s": build_s, "graph_s": graph_s,
        "build_cpu_s": build_cpu_s, "graph_cpu_s": graph_cpu_s,
        "recall": hits / (len(sample) * K), "memory_mb": memory, "query_ms": float(np.median(single)),
    }  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="20000,50000,100000")
    parser.add_argument("--data", default="random,realish")
    parser.add_argument("--libs", default="hnswlib,usearch,faiss")
    parser.add_argument("--m", type=int, default=16)
    parser.add_argument("--ef-construction", type=int, default=100)
    parser.add_argument("--ef-search", type=int, default=64)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    params = {"m": args.m, "ef_construction": args.ef_construction, "ef_search": args.ef_search}
    if args.child:
        lib, n, data = args.child.split(":")
        print(json.dumps(run_one(lib, int(n), data, params)))
        return 0
    if "realish" in args.data:
        real_vectors()  # once, before the timed children
    print(f"M={args.m}, ef_construction={args.ef_construction}, ef_search={args.ef_search}, k={K}, {THREADS} threads")
    print("\n| library | n | data | build s (CPU-s) | kNN graph s (CPU-s) | recall@10 | index RSS MB | MB per 1k "
          "| query ms | load |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|---|---|")
    for n in (int(s) for s in args.sizes.split(",")):
        for data in args.data.split(","):
            for lib in args.libs.split(","):
                command = [sys.executable, __file__, "--child", f"{lib}:{n}:{data}", "--m", str(args.m)]
                command += ["--ef-construction", str(args.ef_construction), "--ef-search", str(args.ef_search)]
                result = subprocess.run(command, capture_output=True, text=True, check=False, cwd=REPO)
                if result.returncode != 0:
                    print(f"| {lib} | {n:,} | {data} | failed: {result.stderr.strip().splitlines()[-1:]} |")
                    continue
                r = json.loads(result.stdout.strip().splitlines()[-1])
                print(
                    f"| {lib} | {n:,} | {data} | {r['build_s']:.1f} ({r['build_cpu_s']:.1f}) | {r['graph_s']:.1f} "
                    f"({r['graph_cpu_s']:.1f}) | {r['recall']:.4f} | {r['memory_mb']:.0f} | "
                    f"{r['memory_mb'] / n * 1000:.2f} | {r['query_ms']:.2f} | {os.getloadavg()[0]:.1f} |",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
