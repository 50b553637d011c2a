"""GNN-Ret propagation: the word-disjoint neighbour of a relevant passage overtakes an unlinked distractor."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

from app.qa.index import index_from_graph
from app.qa.propagate import gnn_retrieve, propagate
from tests.unit.test_traverse import build, unit


def test_bridge_rises_above_unlinked_distractor() -> None:
    g, vectors = build()
    index = index_from_graph(g, vectors)
    q = unit((0, 1.0))
    plain = sorted(range(len(index)), key=lambda i: -float(index.matrix[i] @ q))
    assert plain.index(index.index_of["far"]) < plain.index(index.index_of["bridge"])

    result = propagate(index, q, alpha=0.5, layers=1, top_k=1)
    bridge, far = index.index_of["bridge"], index.index_of["far"]
    # seed has distance 0; bridge had ~1 and gets 0.5 * 1 + 0.5 * 0.
    assert result.distance[bridge] == pytest.approx(0.5 * result.initial[bridge], abs=1e-5)
    assert result.distance[bridge] < result.distance[far] or far in result.sources
    ranking = [index.ids[i] for i, _ in result.ranking(3)]
    assert ranking[0] == "seed" and "bridge" in ranking


def test_alpha_one_is_plain_dense_ranking() -> None:
    g, vectors = build()
    index = index_from_graph(g, vectors)
    q = unit((0, 1.0), (2, 0.4))
    result = propagate(index, q, alpha=1.0, layers=3, top_k=3)
    assert np.allclose(result.distance, result.initial)


def test_layers_carry_relevance_two_hops() -> None:
    g, vectors = build()
    index = index_from_graph(g, vectors)
    q = unit((0, 1.0))
    one = propagate(index, q, alpha=0.5, layers=1, top_k=3)
    two = propagate(index, q, alpha=0.5, layers=2, top_k=3)
    nb = index.index_of["next_b"]
    assert two.distance[nb] < one.distance[nb]


def test_gnn_retrieve_marks_helped_nodes_with_their_sender() -> None:
    g, vectors = build()
    index = index_from_graph(g, vectors)
    nodes = gnn_retrieve(index, unit((0, 1.0)), budget=3, alpha=0.5, layers=2, top_k=2)
    by_id = {n.node_id: n for n in nodes}
    assert nodes[0].node_id == "seed" and nodes[0].hop == 0
    assert by_id["bridge"].hop == 1 and by_id["bridge"].parent == "seed"
    assert by_id["bridge"].edge_kind == "mention"


def test_empty_graph_and_isolated_nodes() -> None:
    index = index_from_graph(nx.DiGraph(), {})
    assert len(index) == 0
    assert gnn_retrieve(index, unit((0, 1.0)), 5, 0.5, 2, 10) == []
    g = nx.DiGraph()
    g.add_node("x", kind="passage", document_id="d", page=1, label="", text="x")
    index = index_from_graph(g, {"x": unit((0, 1.0))})
    assert [n.node_id for n in gnn_retrieve(index, unit((0, 1.0)), 5, 0.5, 2, 10)] == ["x"]
