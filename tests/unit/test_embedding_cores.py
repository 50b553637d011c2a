"""CPU embedding runs one single-thread batch per core at once (app.llm.embeddings._TorchModel), so a preempted
thread holds back only its own batch, and even one document's short list keeps every core busy."""

from __future__ import annotations

import threading
import time

import numpy as np
import torch

from app.llm.embeddings import Embedder, _TorchModel

TEXTS = [f"passage number {i} about the annual report of a diesel engine maker" for i in range(40)]


def _watched(model: _TorchModel) -> tuple[list[int], set[int], list[int]]:
    """(batches running at each batch start, torch thread counts seen, rows per batch)."""
    lock = threading.Lock()
    running = [0]
    peaks: list[int] = []
    threads: set[int] = set()
    rows: list[int] = []
    embed_batch = model._embed_batch

    def watched(batch_ids: np.ndarray, batch_lengths: np.ndarray) -> object:
        with lock:
            running[0] += 1
            peaks.append(running[0])
            threads.add(torch.get_num_threads())
            rows.append(len(batch_lengths))
        time.sleep(0.05)  # long enough for a second batch to start beside this one, if it may
        try:
            return embed_batch(batch_ids, batch_lengths)
        finally:
            with lock:
                running[0] -= 1

    model._embed_batch = watched  # type: ignore[method-assign]
    return peaks, threads, rows


def _two_core_model(token_budget: int | None = None) -> tuple[Embedder, _TorchModel]:
    embedder = Embedder("cpu", "torch", token_budget=token_budget)
    model = embedder._model
    assert isinstance(model, _TorchModel)
    model._cores = 2  # as on the 2-core machine, whatever this one has
    return embedder, model


def test_a_single_thread_batch_per_core_at_once_with_the_same_vectors() -> None:
    embedder, model = _two_core_model(token_budget=64)
    expected = np.vstack([embedder.encode([t]) for t in TEXTS])
    peaks, threads, _ = _watched(model)
    got = embedder.encode(TEXTS)
    assert max(peaks) == 2 and threads == {1}
    assert np.allclose(got, expected, atol=1e-5)  # and in the caller's order


def test_a_short_list_is_cut_into_a_batch_per_core() -> None:
    embedder, model = _two_core_model()  # the default budget would take these 40 texts in one batch
    peaks, _, rows = _watched(model)
    embedder.encode(TEXTS)
    assert len(rows) >= 2 and sum(rows) == len(TEXTS)
    assert max(peaks) == 2
