"""The OpenAI-compatible client against recorded replies served on loopback: citing, retries, timeouts, errors."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator

import pytest

from app.llm.chat import ChatClient, LLMError
from app.qa.ask import EvidenceNode, Retrieval
from app.qa.llm_reader import llm_answer
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
        client = ChatClient(base_url=server.base_url + "/v1", model="gpt-4o-mini", api_key="sk-test")
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
        assert server.requests[0]["path"] == "/v1/chat/completions"


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


# ------------------------------------------------------------------------------------ base URL, <think>, streaming


@pytest.mark.parametrize(
    ("suffix", "path"),
    [
        ("/v1", "/v1/chat/completions"),  # OpenAI, llama.cpp, vLLM, Ollama
        ("/v1/", "/v1/chat/completions"),
        ("/v1beta/openai", "/v1beta/openai/chat/completions"),  # Gemini's OpenAI-compatible endpoint
        ("/openai/deployments/gpt4o?api-version=2024-06-01", "/openai/deployments/gpt4o/chat/completions"),  # Azure
    ],
)
def test_base_url_is_joined_as_the_openai_sdk_does(suffix: str, path: str) -> None:
    with ReplayServer([Step(200, reply("ok"))]) as server:
        client = ChatClient(base_url=server.base_url + suffix, model="m", api_key="k", max_retries=0)
        assert client.complete("q") == "ok"
        sent = server.requests[0]
    sent_path, _, query = sent["path"].partition("?")
    assert sent_path == path
    if "api-version" in suffix:
        assert query == "api-version=2024-06-01"  # the query string travels with every call
        assert sent["headers"]["api-key"] == "k"  # Azure's key header
    else:
        assert query == "" and "api-key" not in sent["headers"]


def test_a_base_url_that_is_not_a_url_is_a_clear_error() -> None:
    with pytest.raises(LLMError, match="http"):
        ChatClient(base_url="localhost:8080", model="m").complete("q")


def test_think_blocks_are_stripped_from_replies() -> None:
    text = "<think>The user asks about Paris. Let me think [9].</think>\n\nParis is the capital [1]."
    with ReplayServer([Step(200, reply(text))]) as server:
        client = ChatClient(base_url=server.base_url + "/v1", model="m", max_retries=0)
        assert client.complete("q") == "Paris is the capital [1]."


def sse_body(*deltas: str, done: bool = True) -> str:
    """An OpenAI chat.completion.chunk stream with the given content deltas."""
    events = [{"choices": [{"index": 0, "delta": {"role": "assistant"}}]}]
    events += [{"choices": [{"index": 0, "delta": {"content": d}}]} for d in deltas]
    lines = [f"data: {json.dumps(e)}\n\n" for e in events]
    return "".join(lines) + ("data: [DONE]\n\n" if done else "")


def test_stream_strips_think_split_across_chunks() -> None:
    # The tags are cut at every awkward place: "<thi" + "nk>", "</th" + "ink>", and a "<" that is not a tag.
    deltas = ["<thi", "nk>Reasoning about [3] a", "nd more</th", "ink>", "\n\nThe answer is ", "x < y [", "1]."]
    with ReplayServer([Step(200, sse_body(*deltas))]) as server:
        client = ChatClient(base_url=server.base_url + "/v1", model="m", max_retries=0)
        pieces = list(client.stream_chat([{"role": "user", "content": "q"}]))
        assert server.requests[0]["json"]["stream"] is True
    assert "".join(pieces) == "The answer is x < y [1]."
    assert len(pieces) >= 2 and client.calls == 1


def test_stream_retries_before_the_first_byte_only() -> None:
    error = recorded("server_error_500.json")
    with ReplayServer([Step(503, error), Step(200, sse_body("Hel", "lo"))]) as server:
        client = ChatClient(base_url=server.base_url + "/v1", model="m", max_retries=1, backoff_s=0.01)
        assert "".join(client.stream_chat([{"role": "user", "content": "q"}])) == "Hello"
        assert len(server.requests) == 2


def test_stream_error_event_is_an_llm_error() -> None:
    body = sse_body("Hel", done=False) + 'data: {"error": {"message": "model overloaded"}}\n\n'
    with ReplayServer([Step(200, body)]) as server:
        client = ChatClient(base_url=server.base_url + "/v1", model="m", max_retries=0)
        with pytest.raises(LLMError, match="model overloaded"):
            list(client.stream_chat([{"role": "user", "content": "q"}]))


class Collect:
    def __init__(self) -> None:
        self.events: list[tuple[str, object]] = []

    def text(self, delta: str) -> None:
        self.events.append(("text", delta))

    def cite(self, marker: int, node: EvidenceNode) -> None:
        self.events.append(("cite", (marker, node.node_id)))


def test_streamed_llm_answer_resolves_markers_as_they_arrive() -> None:
    nodes = [
        node("n1", "Gallu is a demon of the underworld."),
        node("n2", "The book cover is blue."),
        node("n3", "The Alû is a night demon or spirit in Akkadian lore."),
    ]
    # Markers split across chunks ("[" + "3]", "[1" + "]"), an unknown one ([7]) and a repeated one.
    deltas = ["Lilu is a spirit [", "3], and Gallu a demon [1", "][7]. Both are Akkadian [3]."]
    with ReplayServer([Step(200, sse_body(*deltas))]) as server:
        client = ChatClient(base_url=server.base_url + "/v1", model="m", max_retries=0)
        sink = Collect()
        answer = llm_answer("Lilu is what?", Retrieval("content", nodes), client.chat, client.stream_chat, sink)
    assert answer.text == "Lilu is a spirit [1], and Gallu a demon [2]. Both are Akkadian [1]."
    assert [n.node_id for n in answer.cited] == ["n3", "n1"]
    cites = [v for k, v in sink.events if k == "cite"]
    assert cites == [(1, "n3"), (2, "n1")]
    # Each citation comes before the first text that shows its marker.
    first_text_with = {m: next(i for i, (k, v) in enumerate(sink.events) if k == "text" and f"[{m}]" in str(v))
                       for m in (1, 2)}
    assert sink.events.index(("cite", (1, "n3"))) < first_text_with[1]
    assert sink.events.index(("cite", (2, "n1"))) < first_text_with[2]
    assert "".join(str(v) for k, v in sink.events if k == "text") == answer.text


def test_prompt_has_evidence_in_hop_order_with_tables_as_markdown() -> None:
    table = "| State | Outlets |\n| --- | --- |\n| Austria | 12 |"
    nodes = [
        EvidenceNode("h1", "passage", "doc", 2, "b.pdf p. 2", "Reached in hop one.", 1, 0.4, "s1", "keyword"),
        EvidenceNode("s1", "passage", "doc", 1, "a.pdf p. 1", "A seed passage.", 0, 0.9),
        EvidenceNode("t1", "table", "doc", 3, "Table 2 (c.pdf p. 3)", table, 2, 0.3, "h1", "semantic"),
        EvidenceNode("s2", "passage", "doc", 4, "d.pdf p. 4", "Another seed.", 0, 0.8),
    ]
    with ReplayServer([Step(200, reply("Austria [4]."))]) as server:
        client = ChatClient(base_url=server.base_url + "/v1", model="m", max_retries=0)
        answer = llm_answer("Which state?", Retrieval("content", nodes), client.chat)
        prompt = server.requests[0]["json"]["messages"][-1]["content"]
    order = [prompt.index(t) for t in ("A seed passage.", "Another seed.", "Reached in hop one.", "| State |")]
    assert order == sorted(order)
    assert "[4] (Table 2 (c.pdf p. 3))\n| State | Outlets |\n| --- | --- |\n| Austria | 12 |" in prompt
    assert answer.text == "Austria [1]." and answer.cited[0].node_id == "t1"


def test_uncited_answer_is_attributed_to_the_passage_it_came_from() -> None:
    nodes = [node("n1", "The book cover is blue."), node("n2", "The Eiffel Tower was completed in 1889 in Paris.")]
    with ReplayServer([Step(200, reply("The Eiffel Tower was completed in 1889."))]) as server:
        client = ChatClient(base_url=server.base_url + "/v1", model="m", max_retries=0)
        answer = llm_answer("When?", Retrieval("content", nodes), client.chat)
    assert answer.text == "The Eiffel Tower was completed in 1889. [1]" and answer.cited[0].node_id == "n2"
    # A reply that shares nothing with the context is not given a source it does not have.
    with ReplayServer([Step(200, reply("I could not find this."))]) as server:
        client = ChatClient(base_url=server.base_url + "/v1", model="m", max_retries=0)
        answer = llm_answer("When?", Retrieval("content", nodes), client.chat)
    assert answer.text == "I could not find this." and answer.cited == []


def test_uncited_answer_stating_the_looked_up_cell_is_attributed_to_its_table() -> None:
    table = node("t1", "Table 6\n\n| State | Illiterate |\n|---|---|\n| Kerala | 7.2 |\n| Goa | 17.2 |", kind="table")
    other = node("p1", "Literacy surveys were run in every state of India in 2001.")
    retrieval = Retrieval("content", [other, table])
    retrieval.cell = {"node_id": "t1", "row": "Kerala", "column": "Illiterate", "value": "7.2", "bbox": None}

    def small_model(_messages: list[dict[str, str]]) -> str:
        return "The answer is: 7.2"

    answer = llm_answer("What share of household heads in Kerala are illiterate?", retrieval, small_model)
    assert answer.text == "The answer is: 7.2 [1]" and [n.node_id for n in answer.cited] == ["t1"]
    # 17.2 is another cell: "7.2" inside it is not the looked-up value.
    answer = llm_answer("…", retrieval, lambda _m: "It is 17.2 percent")
    assert answer.cited == [] or [n.node_id for n in answer.cited] != ["t1"]


def test_echoed_prompt_placeholders_are_stripped() -> None:
    nodes = [node("n1", "The Eiffel Tower was completed in 1889."), node("n2", "It is 330 metres tall.")]
    answer = llm_answer("When?", Retrieval("content", nodes), lambda _m: "It was completed in 1889 (cite [n]) [1].")
    assert answer.text == "It was completed in 1889 [1]." and [n.node_id for n in answer.cited] == ["n1"]
    # Streamed, the placeholder split across chunks never reaches the sink; a real parenthesis still does.
    deltas = ["Completed in 1889 (ci", "te [", "n]) [1", "] (see [n", "]) (the tower)."]

    def stream(_m: list[dict[str, str]]) -> Iterator[str]:
        yield from deltas

    sink = Collect()
    answer = llm_answer("When?", Retrieval("content", nodes), lambda _m: "", stream, sink)
    shown = "".join(str(v) for k, v in sink.events if k == "text")
    assert answer.text == "Completed in 1889 [1] (see) (the tower)."
    assert shown == answer.text
