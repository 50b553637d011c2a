"""Embedding throughput and fidelity of `Embedder` on CUDA (issue 14, part 1), and the CPU before/after check.

Three steps, one script:

- `prepare` (here, in the project's venv): builds >= 30k real ~100-token passages (the app's own passages of every
  shared PDF, plus 50-100-word windows, each starting a quarter window after the last, over the HotpotQA / MuSiQue
  / 2Wiki corpora), casts the packaged MiniLM weights to fp16 so they fit in the 64 MiB that travels to a GPU
  machine, and computes fp32 reference vectors with the ORIGINAL fp32 weights (sentence-transformers, CPU) for a
  few hundred probe passages.
  Everything lands in one folder (default .gpu/) with a copy of app/llm/embeddings.py and of this script.
- `run` (on the GPU machine, needs only torch/transformers/tokenizers/numpy/sentence-transformers): times the
  former sentence-transformers path and the new path at several token budgets, precisions and with
  torch.compile, over every passage, and checks each run's probe vectors against the fp32 references (minimum
  cosine, identical top-10 neighbours among the probes). Prints a table, writes results.json to --out.
- `cpu` (here): the former path vs the new one on CPU, alternating in one process, same passages.

    python benchmarks/gpu_embed.py prepare --dest .gpu
    python3 .gpu/gpu_embed.py run --data .gpu --out "$OUT"          # on the GPU machine
    python benchmarks/gpu_embed.py cpu --data .gpu --count 400
"""

from __future__ import annotations

import argparse
import gzip
import json
import platform
import random
import shutil
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path("/work/shared/data")
PROBES = 300


def _import_embeddings(data: Path | None):  # type: ignore[no-untyped-def]
    """The copy carried in `data` when there is one (the GPU machine has the old tree), else the package's."""
    if data is not None and (data / "embeddings.py").exists():
        sys.path.insert(0, str(data))
        import embeddings  # type: ignore[import-not-found]

        return embeddings
    sys.path.insert(0, str(ROOT))
    from app.llm import embeddings

    return embeddings


# ---------------------------------------------------------------------------------------------------- prepare


def _corpus_paragraphs() -> list[str]:
    out: list[str] = []
    seen: set[str] = set()
    for path in sorted((SHARED / "mdqa").rglob("*corpus*.json")):
        data = json.loads(path.read_text())
        items = data.items() if isinstance(data, dict) else ((d.get("title", ""), d.get("text", "")) for d in data)
        for _title, text in items:
            text = "".join(text) if isinstance(text, list) else str(text)
            text = " ".join(text.split())
            if text and text not in seen:
                seen.add(text)
                out.append(text)
    return out


def _windows(paragraphs: list[str], rng: random.Random) -> list[str]:
    """50-100-word windows, stride a quarter window, over the paragraphs of one corpus read as one stream."""
    words = " ".join(paragraphs).split()
    out = []
    i = 0
    while i < len(words):
        size = rng.randint(50, 100)
        out.append(" ".join(words[i : i + size]))
        i += size // 4
    return out


def _pdf_passages() -> list[str]:
    cache = Path("/tmp/pdf_passages_cache.json")
    if cache.exists():  # extraction of every shared PDF takes minutes on the 2-core machine
        return json.loads(cache.read_text())
    sys.path.insert(0, str(ROOT))
    from app.ingest.pdf import extract_pdf

    out = []
    for path in sorted((SHARED / "pdfs").rglob("*.pdf")):
        try:
            doc = extract_pdf(path, max_pages=2000)
        except Exception as exc:  # edge cases (encrypted, broken) are expected to refuse
            print(f"  skip {path.name}: {type(exc).__name__}", file=sys.stderr)
            continue
        out.extend(p.text for page in doc.pages for p in page.passages)
    return out


def prepare(dest: Path) -> None:
    import torch
    from safetensors.torch import load_file, save_file

    embeddings = _import_embeddings(None)
    dest.mkdir(parents=True, exist_ok=True)
    rng = random.Random(14)
    passages = _pdf_passages()
    print(f"pdf passages: {len(passages)}")
    passages += _windows(_corpus_paragraphs(), rng)
    print(f"all passages: {len(passages)}")
    with gzip.open(dest / "passages.json.gz", "wt") as f:
        json.dump(passages, f)

    source = Path(embeddings._model_dir())
    model_dest = dest / "model"
    if model_dest.exists():
        shutil.rmtree(model_dest)
    shutil.copytree(source, model_dest, ignore=shutil.ignore_patterns("model.safetensors", "*.onnx", "README.md"))
    weights = load_file(str(source / "model.safetensors"))
    save_file(
        {k: (v.half() if v.is_floating_point() else v).contiguous() for k, v in weights.items()},
        str(model_dest / "model.safetensors"),
        metadata={"format": "pt"},
    )

    # Probes: a seeded sample plus the longest passages (truncation at 256 tokens must match too).
    lengths = np.array([len(p) for p in passages])
    longest = [int(i) for i in np.argsort(-lengths)[:10]]
    sample = rng.sample(range(len(passages)), PROBES - len(longest))
    probe_idx = np.array(longest + sample, dtype=np.int64)
    reference = embeddings.Embedder("cpu", "sentence-transformers")
    ref = reference.encode([passages[i] for i in probe_idx])
    np.save(dest / "probe_idx.npy", probe_idx)
    np.save(dest / "probe_ref.npy", ref.astype(np.float32))

    tokenizer = embeddings._TorchModel.__new__(embeddings._TorchModel)
    from tokenizers import Tokenizer

    tokenizer._tokenizer = Tokenizer.from_file(str(source / "tokenizer.json"))
    tokenizer._tokenizer.no_padding()
    tokenizer._tokenizer.enable_truncation(max_length=embeddings.MAX_TOKENS)
    _, _, token_lengths = tokenizer.tokenize(passages)
    stats = {
        "passages": len(passages),
        "tokens_mean": float(token_lengths.mean()),
        "tokens_median": float(np.median(token_lengths)),
        "tokens_p90": float(np.percentile(token_lengths, 90)),
        "tokens_max": int(token_lengths.max()),
        "torch_here": torch.__version__,
    }
    (dest / "passages_stats.json").write_text(json.dumps(stats, indent=1))
    print(json.dumps(stats))
    shutil.copy(ROOT / "app" / "llm" / "embeddings.py", dest / "embeddings.py")
    shutil.copy(Path(__file__), dest / "gpu_embed.py")
    size = sum(p.stat().st_size for p in dest.rglob("*") if p.is_file())
    print(f"{dest}: {size / 2**20:.1f} MiB")


# ---------------------------------------------------------------------------------------------------- checks


def _fidelity(vectors: np.ndarray, probe_idx: np.ndarray, ref: np.ndarray) -> dict[str, float]:
    got = vectors[probe_idx]
    cos = (got * ref).sum(axis=1) / (np.linalg.norm(got, axis=1) * np.linalg.norm(ref, axis=1))

    def top10(m: np.ndarray) -> np.ndarray:
        sims = m @ m.T
        np.fill_diagonal(sims, -np.inf)
        return np.argsort(-sims, axis=1)[:, :10]

    same = [set(a) == set(b) for a, b in zip(top10(got), top10(ref), strict=True)]
    return {"cos_min": float(cos.min()), "cos_mean": float(cos.mean()), "top10_identical": float(np.mean(same))}


def _time(fn, texts: list[str], repeats: int) -> tuple[list[float], np.ndarray]:  # type: ignore[no-untyped-def]
    times = []
    out = None
    for _ in range(repeats):
        start = time.perf_counter()
        out = fn(texts)
        times.append(time.perf_counter() - start)
    return times, out  # type: ignore[return-value]


# ---------------------------------------------------------------------------------------------------- run (GPU)


def run(data: Path, out_dir: Path, repeats: int, quick: bool, device: str = "cuda", limit: int = 0) -> None:
    import torch

    embeddings = _import_embeddings(data)
    out_dir.mkdir(parents=True, exist_ok=True)
    with gzip.open(data / "passages.json.gz", "rt") as f:
        passages = json.load(f)
    probe_idx = np.load(data / "probe_idx.npy")
    ref = np.load(data / "probe_ref.npy")
    if limit:  # a smoke test of this script on a machine without a GPU
        passages = [passages[i] for i in probe_idx] + passages[:limit]
        probe_idx = np.arange(len(probe_idx))
    model_dir = str(data / "model")
    cuda = device == "cuda"
    if not cuda:
        torch.cuda.max_memory_allocated = lambda: 0  # type: ignore[assignment]
        torch.cuda.reset_peak_memory_stats = lambda: None  # type: ignore[assignment]
        torch.cuda.empty_cache = lambda: None  # type: ignore[assignment]
        torch.cuda.get_device_name = lambda _i: "cpu"  # type: ignore[assignment]
    env = {
        "torch": torch.__version__,
        "gpu": torch.cuda.get_device_name(0),
        "cpu_count": __import__("os").cpu_count(),
        "python": platform.python_version(),
        "passages": len(passages),
    }
    print(json.dumps(env), flush=True)
    results: list[dict[str, object]] = []
    warm = passages[: 4096 if cuda else 64]

    def record(name: str, times: list[float], vectors: np.ndarray, extra: dict[str, object] | None = None) -> None:
        row: dict[str, object] = {
            "variant": name,
            "times_s": [round(t, 4) for t in times],
            "median_s": statistics.median(times),
            "passages_per_s": len(passages) / statistics.median(times),
            **_fidelity(vectors, probe_idx, ref),
            "peak_gpu_mib": torch.cuda.max_memory_allocated() / 2**20,
            **(extra or {}),
        }
        results.append(row)
        print(json.dumps(row), flush=True)
        (out_dir / "results.json").write_text(json.dumps({"env": env, "results": results}, indent=1))

    # Tokeniser alone (the host's floor for any path that tokenises the list).
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(data / "model" / "tokenizer.json"))
    tok.no_padding()
    tok.enable_truncation(max_length=embeddings.MAX_TOKENS)
    tok.encode_batch_fast(warm)
    start = time.perf_counter()
    tok.encode_batch_fast(passages)
    tok_s = time.perf_counter() - start
    results.append({"variant": "tokenizer only", "median_s": tok_s, "passages_per_s": len(passages) / tok_s})
    print(json.dumps(results[-1]), flush=True)

    # The former path, unchanged: sentence-transformers, fp32 (weights upcast from the fp16 copy), batch 128.
    for batch in (128, 256):
        torch.cuda.reset_peak_memory_stats()
        st = embeddings.Embedder(device, "sentence-transformers", model_dir=model_dir)
        st._model._model.float()
        st.encode(warm, batch_size=batch)
        times, vectors = _time(lambda t, st=st, b=batch: st.encode(t, batch_size=b), passages, 1)
        record(f"sentence-transformers fp32 batch {batch} (former)", times, vectors)
        del st
        torch.cuda.empty_cache()

    budgets = (16384, 65536) if quick else (8192, 16384, 32768, 65536, 131072)
    variants: list[tuple[str, dict[str, object]]] = [
        (f"new fp16 budget {b}", {"token_budget": b, "precision": "float16"}) for b in budgets
    ]
    variants += [
        ("new bf16 budget 65536", {"token_budget": 65536, "precision": "bfloat16"}),
        ("new fp32 budget 65536", {"token_budget": 65536, "precision": "float32"}),
        ("new fp16 budget 65536 compiled", {"token_budget": 65536, "precision": "float16", "compile_model": True}),
        ("new fp16 budget 32768 compiled", {"token_budget": 32768, "precision": "float16", "compile_model": True}),
    ]
    for name, kwargs in variants:
        if kwargs.get("compile_model") and not cuda:
            continue
        try:
            torch.cuda.reset_peak_memory_stats()
            embedder = embeddings.Embedder(device, "torch", model_dir=model_dir, **kwargs)
            start = time.perf_counter()
            embedder.encode(warm)
            first = time.perf_counter() - start
            if kwargs.get("compile_model"):
                # Compilation may specialise on the first shapes: a whole pass warms the remaining ones.
                start = time.perf_counter()
                embedder.encode(passages)
                first += time.perf_counter() - start
            times, vectors = _time(embedder.encode, passages, repeats)
            record(name, times, vectors, {"warmup_s": round(first, 2)})
            del embedder
            torch.cuda.empty_cache()
        except Exception as exc:  # one broken variant (e.g. compile) must not lose the others
            results.append({"variant": name, "error": f"{type(exc).__name__}: {exc}"[:500]})
            print(json.dumps(results[-1]), flush=True)
    (out_dir / "results.json").write_text(json.dumps({"env": env, "results": results}, indent=1))
    print()
    print(f"{env['gpu']}, torch {env['torch']}, {len(passages)} passages")
    print(f"{'variant':<52} {'passages/s':>11} {'median s':>9} {'cos min':>8} {'top10 =':>8} {'peak MiB':>9}")
    for r in results:
        if "error" in r:
            print(f"{r['variant']:<52} ERROR {r['error'][:60]}")
            continue
        print(
            f"{r['variant']:<52} {r['passages_per_s']:>11.0f} {r['median_s']:>9.3f} "
            f"{r.get('cos_min', float('nan')):>8.5f} {r.get('top10_identical', float('nan')):>8.3f} "
            f"{r.get('peak_gpu_mib', float('nan')):>9.0f}"
        )


# ---------------------------------------------------------------------------------------------------- cpu


def cpu(data: Path, count: int, rounds: int) -> None:
    import torch

    embeddings = _import_embeddings(None)
    with gzip.open(data / "passages.json.gz", "rt") as f:
        passages = json.load(f)
    probe_idx = np.load(data / "probe_idx.npy")
    ref = np.load(data / "probe_ref.npy")
    texts = [passages[i] for i in probe_idx[:count]] if count <= len(probe_idx) else passages[:count]
    ref = ref[: len(texts)] if count <= len(probe_idx) else None
    contenders = {
        "sentence-transformers batch 16 (former)": (embeddings.Embedder("cpu", "sentence-transformers"), 16),
    }
    for budget in (1024, 2048, 4096):
        contenders[f"new fp32 budget {budget}"] = (embeddings.Embedder("cpu", "torch", token_budget=budget), None)
    for embedder, batch in contenders.values():
        embedder.encode(texts[:32], batch_size=batch)
    times: dict[str, list[float]] = {name: [] for name in contenders}
    vectors: dict[str, np.ndarray] = {}
    for _ in range(rounds):
        for name, (embedder, batch) in contenders.items():
            cpu_start = time.process_time()
            vectors[name] = embedder.encode(texts, batch_size=batch)
            times[name].append(time.process_time() - cpu_start)
    print(f"CPU, torch {torch.__version__}, {torch.get_num_threads()} threads, {len(texts)} passages, {rounds} rounds")
    print(f"{'variant':<42} {'passages/CPU-s':>15} {'median CPU-s':>13} {'cos min vs ref':>15}")
    for name, ts in times.items():
        cos = float("nan")
        if ref is not None:
            cos = float(((vectors[name] * ref).sum(axis=1)).min())
        median = statistics.median(ts)
        print(f"{name:<42} {len(texts) / median:>15.1f} {median:>13.2f} {cos:>15.6f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="step", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("--dest", type=Path, default=ROOT / ".gpu")
    r = sub.add_parser("run")
    r.add_argument("--data", type=Path, default=Path(__file__).resolve().parent)
    r.add_argument("--out", type=Path, default=Path("gpu-embed-results"))
    r.add_argument("--repeats", type=int, default=3)
    r.add_argument("--quick", action="store_true")
    r.add_argument("--device", default="cuda")
    r.add_argument("--limit", type=int, default=0)
    c = sub.add_parser("cpu")
    c.add_argument("--data", type=Path, default=ROOT / ".gpu")
    c.add_argument("--count", type=int, default=300)
    c.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if args.step == "prepare":
        prepare(args.dest)
    elif args.step == "run":
        run(args.data, args.out, args.repeats, args.quick, args.device, args.limit)
    else:
        cpu(args.data, args.count, args.rounds)


if __name__ == "__main__":
    main()
