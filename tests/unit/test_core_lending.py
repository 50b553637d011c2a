"""CPU embedding leaves free the cores lent to other work (app.llm.embeddings.LENT_CORES), batch by batch.

torch's OpenMP threads wait for each other after every operation, so a torch thread sharing a core with a busy
extraction child would hold back the others; tests/integration/test_ingest_pipeline.py covers the lending side.
"""

from __future__ import annotations

import numpy as np
import pytest
import torch

from app.llm.embeddings import LENT_CORES, Embedder, _TorchModel


@pytest.fixture()
def two_threads() -> object:
    before = torch.get_num_threads()
    torch.set_num_threads(2)
    yield
    torch.set_num_threads(before)


def test_batches_leave_lent_cores_and_take_them_back(two_threads: object) -> None:
    embedder = Embedder("cpu", "torch", token_budget=64)
    model = embedder._model
    assert isinstance(model, _TorchModel)
    texts = [f"passage number {i} about the annual report of a diesel engine maker" for i in range(12)]
    expected = embedder.encode(texts)
    seen: list[int] = []
    embed_batch = model._embed_batch
    owner = object()

    def record(batch_ids: np.ndarray, batch_lengths: np.ndarray) -> object:
        seen.append(torch.get_num_threads())
        # Half way through the call the other work ends: the remaining batches get the core back.
        if len(seen) == 2:
            LENT_CORES.lend(owner, 0)
        return embed_batch(batch_ids, batch_lengths)

    model._embed_batch = record  # type: ignore[method-assign]
    LENT_CORES.lend(owner, 1)
    try:
        got = embedder.encode(texts)
    finally:
        LENT_CORES.lend(owner, 0)
    assert len(seen) > 2
    assert seen[:2] == [1, 1] and set(seen[2:]) == {2}
    assert torch.get_num_threads() == 2
    assert np.allclose(got, expected, atol=1e-5)  # the same vectors whatever the thread count


def test_never_below_one_thread(two_threads: object) -> None:
    embedder = Embedder("cpu", "torch")
    owner = object()
    LENT_CORES.lend(owner, 5)
    try:
        model = embedder._model
        assert isinstance(model, _TorchModel)
        model._share_cores()
        assert torch.get_num_threads() == 1
    finally:
        LENT_CORES.lend(owner, 0)
    model._share_cores()
    assert torch.get_num_threads() == 2
    assert LENT_CORES.count == 0
