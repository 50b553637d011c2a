"""RGNN-Ret (app.qa.multistep): a second step asks about the bridge the first step's best unit names, and its best
unit joins the evidence after the first step's."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from app.qa.index import index_from_graph
from app.qa.multistep import StepSettings, rgnn_retrieve
from tests.unit.test_traverse import build, unit

QUESTION = "Which lore describes the spirit that Gallu is like?"
LIMITS = StepSettings(alpha=0.5, layers=1, top_k=1, beta=0.9, steps=3, per_step=1)


def encode(text: str) -> np.ndarray:
    # The sub-question that names the bridge is about it (axis 1), the question alone about Gallu (axis 0).
    return unit((1, 1.0)) if "Alu" in text else unit((0, 1.0))


def capitalised_bridge(question: str, texts: Sequence[str], said: frozenset[str]) -> str | None:
    """A bridge reader for the test: the first capitalised word of the best unit the question does not say."""
    for text in texts:
        for word in text.replace(";", " ").replace(".", " ").split()[1:]:
            if word[:1].isupper() and word.lower() not in question.lower() and word.lower() not in said:
                return word
    return None


def test_the_second_step_asks_about_the_bridge_and_adds_its_unit() -> None:
    index = index_from_graph(*build())
    found = rgnn_retrieve(index, QUESTION, encode, capitalised_bridge, budget=3, limits=LIMITS)
    ids = [n.node_id for n in found.nodes]
    assert ids[0] == "seed" and ids[1] == "bridge", ids
    first, second = found.steps[0], found.steps[1]
    assert first.question == QUESTION and first.bridge == "Alu" and first.units == ("seed",)
    assert second.question == f"{QUESTION} Alu" and second.units == ("bridge",)
    assert found.nodes[1].hop == 1  # the step that found it


def test_no_bridge_is_one_step_and_the_budget_is_filled_from_the_merged_ranking() -> None:
    index = index_from_graph(*build())
    found = rgnn_retrieve(index, QUESTION, encode, lambda q, texts, said: None, budget=3, limits=LIMITS)
    assert len(found.steps) == 1 and found.steps[0].bridge is None
    assert len(found.nodes) == 3 and found.nodes[0].node_id == "seed"
    # An empty collection retrieves nothing.
    empty = rgnn_retrieve(index_from_graph(*build()), QUESTION, encode, capitalised_bridge, budget=0, limits=LIMITS)
    assert empty.nodes == () and empty.steps == ()
