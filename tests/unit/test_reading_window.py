"""A shown sentence that ends its passage is read on into the passage that follows it (its "next" edge)."""

from __future__ import annotations

import networkx as nx
import numpy as np

from app.qa.ask import Retrieval
from app.qa.evidence import adopt_cited, following_passages
from app.qa.index import CollectionIndex
from app.qa.read.local import local_answer
from app.qa.traverse import evidence_node

TEXTS = [
    "Diesel engines on ships without automation notations are to be fitted with monitoring equipment as in Tab 4.",
    "The alarms are to be visual and audible. The indicators are to be fitted at a normally attended position.",
    "Table 4 lists the monitoring of main propulsion engines.",
]


def _index() -> CollectionIndex:
    graph = nx.DiGraph()
    graph.add_edge("n0", "n1", kinds=("next",))
    graph.add_edge("n1", "n2", kinds=("next",))
    graph.add_edge("n0", "n2", kinds=("keyword",))
    return CollectionIndex(
        collection_id="c",
        version=1,
        ids=["n0", "n1", "n2"],
        kinds=["passage"] * 3,
        document_ids=["d"] * 3,
        pages=[10] * 3,
        labels=[""] * 3,
        texts=TEXTS,
        matrix=np.zeros((3, 4), dtype=np.float32),
        graph=graph,
    )


def test_the_next_passage_of_each_read_passage_is_its_window() -> None:
    index = _index()
    windows = following_passages(index, [evidence_node(index, 0, 0, 1.0)])
    assert [(w.node_id, w.parent, w.edge_kind, w.hop) for w in windows] == [("n1", "n0", "next", 1)]
    # A keyword edge is no continuation, and a passage read twice gives one window.
    both = following_passages(index, [evidence_node(index, 0, 0, 1.0), evidence_node(index, 0, 0, 1.0)])
    assert [w.node_id for w in both] == ["n1"]


def test_the_answer_reads_on_into_the_window_and_cites_it() -> None:
    index = _index()
    seed = evidence_node(index, 0, 0, 1.0)
    retrieval = Retrieval(question_type="content", nodes=[seed], relevance=0.9)
    retrieval.windows = following_passages(index, retrieval.nodes)
    question = "How must alarms on diesel engines without automation notations present themselves?"
    answer = local_answer(question, retrieval, None)
    assert "The alarms are to be visual and audible. [2]" in answer.text
    assert "indicators" not in answer.text  # the window's first sentence only
    assert [n.node_id for n in answer.cited] == ["n0", "n1"]
    adopt_cited(retrieval, answer)
    assert [(n.node_id, n.parent) for n in retrieval.nodes] == [("n0", None), ("n1", "n0")]
    # A question every shown word already answers reads no further.
    plain = local_answer("Which engines are fitted with monitoring equipment?", retrieval, None)
    assert "alarms" not in plain.text
