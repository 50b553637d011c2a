"""The OpenAI-compatible client against recorded replies served on loopback: citing, retries, timeouts, errors."""

from __future__ import annotations

import socket
import time

import pytest

from app.llm.chat import ChatClient, LLMError
from app.qa.answer import llm_answer
from app.qa.model import EvidenceNode, Retrieval
from tests.fixtures.llm.replay import ReplayServer, Step, recorded, reply


def node(node_id: str, text: str, kind: str = "passage") -> EvidenceNode:
    return EvidenceNode(node_id, kind, "doc", 1, f"{node_id}.pdf p. 1", text, 0, 1.0)


def test_cited_answer_is_renumbered_and_unknown_markers_dropped() -> None:
    nodes = [
        node("n1", "Gallu is a demon of the underworld."),
        node("n2", "The book cover is blue."),
        node("n3", "The Alû is a night demon or spirit in Akkadian lore."),
    ]
    with ReplayServer([Step(200, recorded("chatgpt_cited_answer.json"))]) as server:
        client = ChatClient(base_url=server.base_url, model="gpt-4o-mini", api_key="sk-test")
        answer = llm_answer("If Gallu is a demon, Lilu is what?", Retrieval("content", nodes), client.chat)
        sent = server.requests[0]
    # [3] was used first, so it becomes [1]; [1] becomes [2]; [7] cites nothing retrieved and disappears.
    assert answer.text.startswith("Lilu is a spirit")
    assert "[1], and Gallu" in answer.text and answer.text.endswith("more detail.")
    assert "[7]" not in answer.text and "[3]" not in answer.text
    assert [n.node_id for n in answer.cited] == ["n3", "n1"]
    assert answer.llm_calls == 1 and client.calls == 1
    assert sent["path"] == "/v1/chat/completions"
    assert sent["headers"]["Authorization"] == "Bearer sk-test"
    assert sent["json"]["model"] == "gpt-4o-mini"
    prompt = sent["json"]["messages"][-1]["content"]
    assert "[1] (n1.pdf p. 1)\nGallu is a demon" in prompt and "[3]" in prompt
    assert "only" in sent["json"]["messages"][0]["content"].lower()


def test_retries_after_500_then_succeeds() -> None:
    error = recorded("server_error_500.json")
    steps = [Step(500, error), Step(503, error), Step(200, reply("Paris [1]."))]
    with ReplayServer(steps) as server:
        client = ChatClient(base_url=server.base_url + "/v1", model="m", max_retries=2, backoff_s=0.01)
        assert client.complete("capital of France?") == "Paris [1]."
        assert len(server.requests) == 3
        assert server.requests[0]["path"] == "/v1/chat/completions"  # a base URL ending in /v1 works too


def test_gives_up_after_the_retries_with_the_server_message() -> None:
    with ReplayServer([Step(500, recorded("server_error_500.json"))]) as server:
        client = ChatClient(base_url=server.base_url, model="m", max_retries=1, backoff_s=0.01)
        with pytest.raises(LLMError, match=r"failed after 2 attempts: HTTP 500: The server had an error"):
            client.complete("q")
        assert len(server.requests) == 2


def test_client_errors_are_not_retried() -> None:
    with ReplayServer([Step(401, recorded("invalid_api_key_401.json"))]) as server:
        client = ChatClient(base_url=server.base_url, model="m", max_retries=3, backoff_s=0.01)
        with pytest.raises(LLMError, match=r"HTTP 401.*Incorrect API key"):
            client.complete("q")
        assert len(server.requests) == 1


def test_timeout_is_bounded_and_explained() -> None:
    with ReplayServer([Step(200, reply("late"), delay_s=3.0)]) as server:
        client = ChatClient(base_url=server.base_url, model="m", timeout_s=0.3, max_retries=1, backoff_s=0.01)
        start = time.perf_counter()
        with pytest.raises(LLMError, match=r"no reply within 0.3 s"):
            client.complete("q")
        assert time.perf_counter() - start < 2.0


def test_server_down_fails_fast_with_a_clear_message() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # nothing listens here once the socket is closed
    client = ChatClient(base_url=f"http://127.0.0.1:{port}", model="m", max_retries=2, backoff_s=0.05)
    start = time.perf_counter()
    with pytest.raises(LLMError, match=rf"LLM server at http://127.0.0.1:{port} failed .*cannot connect"):
        client.complete("q")
    assert time.perf_counter() - start < 2.0


def test_malformed_reply_is_an_llm_error() -> None:
    with ReplayServer([Step(200, {"unexpected": True})]) as server:
        client = ChatClient(base_url=server.base_url, model="m", max_retries=0)
        with pytest.raises(LLMError, match="unexpected reply"):
            client.complete("q")


def test_not_configured_is_a_clear_error() -> None:
    from app.settings import Settings

    with pytest.raises(LLMError, match="MDQA_LLM_BASE_URL"):
        ChatClient.from_settings(Settings(llm_base_url=None))


def test_llm_scorer_uses_the_recorded_next_evidence() -> None:
    import networkx as nx
    import numpy as np

    from app.qa.index import index_from_graph
    from app.qa.traverse import LlmScorer, traverse

    g = nx.DiGraph()
    texts = {"a": "Gallu is a demon.", "b": "The Alû is a spirit.", "c": "Cats are mammals."}
    vecs = {"a": np.array([1.0, 0, 0]), "b": np.array([0, 1.0, 0]), "c": np.array([0, 0, 1.0])}
    for k, t in texts.items():
        g.add_node(k, kind="passage", document_id="d", page=1, label=k, text=t)
    g.add_edge("a", "b", kind="mention")
    g.add_edge("a", "c", kind="keyword")
    index = index_from_graph(g, vecs)
    with ReplayServer([Step(200, recorded("chatgpt_next_evidence.json"))]) as server:
        client = ChatClient(base_url=server.base_url, model="m")
        scorer = LlmScorer(index, lambda p: client.complete(p), lambda t: np.array([0.1, 1.0, 0.0]))
        nodes = traverse(index, "Lilu is what?", [(0, 1.0)], scorer, budget=2, branching=1, seeds=1)
        assert "What evidence do we need" in server.requests[0]["json"]["messages"][-1]["content"]
    assert [n.node_id for n in nodes] == ["a", "b"] and scorer.llm_calls == 1
