"""KGP traversal on a hand-built graph: seeds, scorers, budget, branching, page pass-through, evidence path."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

from app.qa.index import CollectionIndex, index_from_graph
from app.qa.seeds import fuse, rank_bm25, rank_dense, rank_hybrid, rank_tfidf
from app.qa.traverse import EmbeddingScorer, LlmScorer, TfidfScorer, traverse

DIM = 8


def unit(*pairs: tuple[int, float]) -> np.ndarray:
    v = np.zeros(DIM, dtype=np.float32)
    for axis, value in pairs:
        v[axis] = value
    return v / np.linalg.norm(v)


def build() -> tuple[nx.DiGraph, dict[str, np.ndarray]]:
    """Two documents. The question is about axis 0.

    doc A page 1: seed (axis 0), sibling (axis 3); seed mentions doc B's passage `bridge` (axis 1, unlike the
    question). `far` (axis 2 + a bit of 0) is similar-ish to the question but not linked to anything.
    doc B page 1: bridge, then `next_b` (axis 4) via a next edge; doc C is reached by a mention of its document node.
    """
    g = nx.DiGraph()
    for doc in ("A", "B", "C"):
        g.add_node(doc, kind="document", document_id=doc, page=None, label=doc, text="")
        g.add_node(f"{doc}1", kind="page", document_id=doc, page=1, label=f"{doc} p1", text="")
        g.add_edge(doc, f"{doc}1", kind="contains", weight=1.0)
    texts = {
        "seed": ("A", "Gallu is a demon of the underworld; it is like the Alu."),
        "sibling": ("A", "The cover of the book is blue."),
        "far": ("A", "Demons and other spirits in folklore."),
        "bridge": ("B", "Alu is a spirit of the night in Akkadian lore."),
        "next_b": ("B", "It was described in later tablets."),
        "c_first": ("C", "Document C opens here."),
    }
    vectors = {
        "seed": unit((0, 1.0)),
        "sibling": unit((3, 1.0)),
        "far": unit((0, 0.2), (2, 1.0)),
        "bridge": unit((1, 1.0), (0, 0.05)),
        "next_b": unit((4, 1.0)),
        "c_first": unit((5, 1.0)),
    }
    for node_id, (doc, text) in texts.items():
        g.add_node(node_id, kind="passage", document_id=doc, page=1, label=node_id, text=text)
        g.add_edge(f"{doc}1", node_id, kind="contains", weight=1.0)
    g.add_edge("seed", "bridge", kind="mention", weight=1.0)
    g.add_edge("bridge", "next_b", kind="next", weight=1.0)
    g.add_edge("next_b", "C", kind="mention", weight=1.0)
    return g, vectors


@pytest.fixture
def index() -> CollectionIndex:
    g, vectors = build()
    return index_from_graph(g, vectors)


def test_neighbours_pass_through_pages_and_documents(index: CollectionIndex) -> None:
    seed = index.index_of["seed"]
    got = {index.ids[j]: kind for j, kind, _ in index.neighbours(seed)}
    assert got == {"bridge": "mention", "sibling": "contains", "far": "contains"}
    next_b = index.index_of["next_b"]
    got = {index.ids[j]: kind for j, kind, _ in index.neighbours(next_b)}
    assert got["c_first"] == "mention" and got["bridge"] == "next"  # incoming edges count too


def test_embedding_scorer_follows_the_mention_to_the_bridge(index: CollectionIndex) -> None:
    q = unit((0, 1.0), (1, 0.3))
    ranking = [(index.index_of["seed"], 1.0), (index.index_of["far"], 0.5)]
    scorer = EmbeddingScorer(index, q)
    nodes = traverse(index, "what is Gallu like?", ranking, scorer, budget=2, branching=1, seeds=1)
    assert [n.node_id for n in nodes] == ["seed", "bridge"]
    bridge = nodes[1]
    assert (bridge.hop, bridge.parent, bridge.edge_kind) == (1, "seed", "mention")
    assert nodes[0].hop == 0 and nodes[0].parent is None and scorer.llm_calls == 0


def test_budget_branching_and_multi_hop(index: CollectionIndex) -> None:
    q = unit((0, 1.0), (1, 0.3))
    ranking = [(index.index_of["seed"], 1.0), (index.index_of["far"], 0.5)]
    nodes = traverse(index, "q", ranking, EmbeddingScorer(index, q), budget=5, branching=1, seeds=1)
    assert len(nodes) == 5 and len({n.node_id for n in nodes}) == 5
    hops = {n.node_id: n.hop for n in nodes}
    assert hops["seed"] == 0 and hops["bridge"] == 1
    # Paths go deeper than one hop: something was reached from the bridge or beyond.
    assert max(hops.values()) >= 2
    for n in nodes:
        if n.hop == 0:
            assert n.parent is None
            continue
        assert n.parent in hops and hops[n.parent] == n.hop - 1


def test_branching_visits_several_neighbours_per_path(index: CollectionIndex) -> None:
    q = unit((0, 1.0))
    ranking = [(index.index_of["seed"], 1.0)]
    nodes = traverse(index, "q", ranking, EmbeddingScorer(index, q), budget=4, branching=3, seeds=1)
    assert {n.node_id for n in nodes if n.hop == 1} == {"bridge", "sibling", "far"}


def test_spare_seeds_fill_the_budget_when_the_graph_runs_dry() -> None:
    g = nx.DiGraph()
    vectors = {}
    for k in range(5):
        g.add_node(f"p{k}", kind="passage", document_id="d", page=1, label="", text=f"text {k}")
        vectors[f"p{k}"] = unit((k, 1.0))
    index = index_from_graph(g, vectors)
    ranking = [(i, 1.0 - i / 10) for i in range(5)]
    nodes = traverse(index, "q", ranking, EmbeddingScorer(index, unit((0, 1.0))), budget=4, branching=2, seeds=1)
    assert [n.node_id for n in nodes] == ["p0", "p1", "p2", "p3"] and all(n.hop == 0 for n in nodes)


def test_llm_scorer_counts_one_call_per_expanded_path(index: CollectionIndex) -> None:
    prompts: list[str] = []

    def generate(prompt: str) -> str:
        prompts.append(prompt)
        return "Alu spirit"

    def encode(text: str) -> np.ndarray:
        return unit((1, 1.0)) if "Alu" in text else unit((0, 1.0))

    scorer = LlmScorer(index, generate, encode)
    ranking = [(index.index_of["seed"], 1.0)]
    nodes = traverse(index, "What is Gallu like?", ranking, scorer, budget=3, branching=1, seeds=1)
    assert [n.node_id for n in nodes][:2] == ["seed", "bridge"]
    assert scorer.llm_calls == len(prompts) == 2
    assert "What evidence do we need" in prompts[0] and "Gallu is a demon" in prompts[0]


def test_tfidf_scorer_prefers_word_overlap(index: CollectionIndex) -> None:
    scorer = TfidfScorer(index)
    cands = [index.index_of["sibling"], index.index_of["far"], index.index_of["bridge"]]
    scores = scorer.score("spirits in folklore", [index.index_of["seed"]], cands)
    assert int(np.argmax(scores)) == 1


def test_seed_rankers(index: CollectionIndex) -> None:
    assert index.ids[rank_tfidf(index, "book cover blue", 1)[0][0]] == "sibling"
    assert index.ids[rank_bm25(index, "Akkadian night spirit", 1)[0][0]] == "bridge"
    assert index.ids[rank_dense(index, unit((2, 1.0)), 1)[0][0]] == "far"
    hybrid = rank_hybrid(index, "Akkadian night spirit", unit((1, 1.0)), 3)
    assert index.ids[hybrid[0][0]] == "bridge"
    assert rank_bm25(index, "zzzz unknownword", 3) == []


def test_rrf_fusion_rewards_agreement() -> None:
    fused = fuse([[(1, 9.0), (2, 8.0), (3, 7.0)], [(3, 0.9), (1, 0.8), (4, 0.1)]], 4)
    assert [i for i, _ in fused][:2] == [1, 3]
    assert fused[0][1] == pytest.approx(1 / 61 + 1 / 62)
