"""Content questions on a pooled HotpotQA collection, on SQLite and PostgreSQL: retrievers, the bridge, the API."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest
from fastapi.testclient import TestClient
from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.db.models import Collection, Document, Edge, Node, Question
from app.qa.answer import WEAK_EVIDENCE
from app.qa.ask import AskOptions
from app.qa.evidence import retrieve
from app.qa.tools import Tools
from app.services.asking import InvalidQuestion, NoReadyDocuments, ask_collection, list_questions
from app.services.errors import NotFound
from app.settings import Settings
from tests.conftest import MDQA_DATA
from tests.integration.test_ask_helpers import add_paragraph_documents, build_graph, embedder

BUDGET = 10


class CachingEncoder:
    """The real embedder, memoised by text: the SQLite and PostgreSQL runs embed the same paragraphs once."""

    def __init__(self) -> None:
        self.inner = embedder()
        self.dim = self.inner.dim
        self.cache: dict[str, np.ndarray] = {}

    def encode(self, texts: list[str], batch_size: int | None = None) -> np.ndarray:
        missing = [t for t in dict.fromkeys(texts) if t not in self.cache]
        if missing:
            for t, v in zip(missing, self.inner.encode(missing), strict=True):
                self.cache[t] = v
        return np.vstack([self.cache[t] for t in texts]) if texts else np.zeros((0, self.dim), np.float32)

    def encode_one(self, text: str) -> np.ndarray:
        return self.encode([text])[0]


ENCODER: CachingEncoder | None = None


def encoder() -> CachingEncoder:
    global ENCODER
    if ENCODER is None:
        ENCODER = CachingEncoder()
    return ENCODER


def content_words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in ENGLISH_STOP_WORDS and len(w) > 2}


def strip_qualifier(title: str) -> str:
    return re.sub(r"\s*\(.*?\)\s*", " ", title).strip()


def pick_bridge_question(data: list[dict[str, Any]]) -> tuple[int, dict[str, Any], dict[str, Any]]:
    """The first bridge question (file order) whose second paragraph B shares no content word with the question
    while the first supporting paragraph names B's title. Chosen by these data properties alone."""
    for i, q in enumerate(data):
        if q["question_type"] != "bridge":
            continue
        support = [q["paragraphs"][j] for j in q["supporting_paragraph_idx"]]
        for b in support:
            a = next(p for p in support if p is not b)
            if not content_words(b["text"]) & content_words(q["question"]) and strip_qualifier(b["title"]) in a["text"]:
                return i, q, b
    raise AssertionError("no such question in the data")


@dataclass
class HotpotCollection:
    collection_id: str
    question: dict[str, Any]
    bridge_document_id: str
    settings: Settings
    tools: Tools


@pytest.fixture
def hotpot(session: Session, settings: Settings, monkeypatch: pytest.MonkeyPatch) -> HotpotCollection:
    data = json.loads((MDQA_DATA / "hotpotqa_100.json").read_text())
    position, question, bridge = pick_bridge_question(data)
    # The question's own 10 paragraphs pooled with those of the questions before it: ~150 passages.
    paragraphs: list[dict[str, Any]] = []
    seen: set[tuple[str, str]] = set()
    for q in data[: position + 1]:
        for p in q["paragraphs"]:
            if (p["title"], p["text"]) not in seen:
                seen.add((p["title"], p["text"]))
                paragraphs.append(p)
    collection = Collection(name="hotpot")
    session.add(collection)
    session.flush()
    # The graph builder embeds through get_embedder; give it the memoised one.
    monkeypatch.setattr("tests.integration.test_ask_helpers.embedder", encoder)
    ids = add_paragraph_documents(session, collection.id, paragraphs)
    build_graph(session, collection.id, ids, settings)
    session.commit()
    bridge_id = ids[paragraphs.index(bridge)]
    return HotpotCollection(collection.id, question, bridge_id, settings, Tools(embedder=encoder()))


def test_bridge_found_by_kgp_and_gnn_but_not_by_tfidf(session: Session, hotpot: HotpotCollection) -> None:
    found = {}
    for retriever in ("tfidf", "kgp", "gnn"):
        r = retrieve(session, hotpot.collection_id, hotpot.question["question"],
                     AskOptions(retriever=retriever, budget=BUDGET), hotpot.settings, hotpot.tools)  # fmt: skip
        assert r.question_type == "content"
        assert len([n for n in r.nodes if n.kind == "passage"]) <= BUDGET
        found[retriever] = hotpot.bridge_document_id in {n.document_id for n in r.nodes}
    assert found == {"tfidf": False, "kgp": True, "gnn": True}


def test_bridge_reached_over_an_edge_in_the_kgp_path(session: Session, hotpot: HotpotCollection) -> None:
    r = retrieve(session, hotpot.collection_id, hotpot.question["question"], AskOptions(retriever="kgp",
                 budget=BUDGET), hotpot.settings, hotpot.tools)  # fmt: skip
    by_id = {n.node_id: n for n in r.nodes}
    bridge = next(n for n in r.nodes if n.document_id == hotpot.bridge_document_id)
    assert bridge.hop >= 1 and bridge.parent in by_id and bridge.edge_kind is not None
    for n in r.nodes:
        assert (n.hop == 0) == (n.parent is None)
        if n.parent:
            assert by_id[n.parent].hop == n.hop - 1


@pytest.mark.parametrize("retriever", ["dense", "kgp"])
def test_only_a_file_named_as_a_file_fences_content(session: Session, hotpot: HotpotCollection, retriever: str) -> None:
    """A file named with its extension fences retrieval in; its bare title (an entity of the question) does not."""
    document = session.get(Document, hotpot.bridge_document_id)
    assert document is not None and document.title
    options = AskOptions(retriever=retriever, budget=5)  # type: ignore[arg-type]
    named = retrieve(session, hotpot.collection_id, f"What is said in {document.filename} about it?", options,
                     hotpot.settings, hotpot.tools)  # fmt: skip
    assert named.nodes and {n.document_id for n in named.nodes} == {document.id}
    entity = retrieve(session, hotpot.collection_id, f"When was {document.title} founded and by whom?", options,
                      hotpot.settings, hotpot.tools)  # fmt: skip
    assert len({n.document_id for n in entity.nodes}) > 1


@pytest.mark.parametrize("retriever", ["tfidf", "bm25", "dense"])
def test_flat_retrievers_return_budget_hop0_passages(
    session: Session, hotpot: HotpotCollection, retriever: str
) -> None:
    r = retrieve(session, hotpot.collection_id, "Who performed in the band f(x)?", AskOptions(retriever=retriever,
                 budget=7), hotpot.settings, hotpot.tools)  # fmt: skip
    assert len(r.nodes) == 7 and all(n.hop == 0 and n.parent is None for n in r.nodes)
    assert [n.score for n in r.nodes] == sorted((n.score for n in r.nodes), reverse=True)
    assert set(r.timings_ms) == {"classify", "retrieve", "embed"} and r.llm_calls == 0


def _row_counts(session: Session) -> tuple[int, ...]:
    return tuple(session.scalar(select(func.count()).select_from(t)) for t in (Node, Edge, Question, Document))


def test_retrieve_only_reads(session: Session, hotpot: HotpotCollection) -> None:
    before = _row_counts(session)
    for retriever in ("kgp", "gnn", "tfidf", "bm25", "dense"):
        retrieve(session, hotpot.collection_id, "Which band did Sulli perform in?", AskOptions(retriever=retriever),
                 hotpot.settings, hotpot.tools)  # fmt: skip
    assert not session.new and not session.dirty
    assert _row_counts(session) == before


def test_ask_collection_json_and_history(session: Session, hotpot: HotpotCollection) -> None:
    q = hotpot.question["question"]
    payload = ask_collection(session, hotpot.collection_id, q, {"retriever": "kgp", "llm": "local"}, hotpot.settings,
                             hotpot.tools)  # fmt: skip
    session.commit()
    assert set(payload) >= {"question", "question_type", "answer", "citations", "evidence", "retrieved",
                            "timings_ms", "llm_calls"}  # fmt: skip
    assert payload["question_type"] == "content" and payload["llm_calls"] == 0
    # A short answer is shown only when the reader is sure (app.qa.confidence); then it leads the text, in bold.
    if payload["short_answer"] is not None:
        assert payload["answer"].startswith(f"**{payload['short_answer']}** [")
    # The first line is cited evidence, after the plain statement when nothing retrieved is close to the question.
    assert re.match(r"[^\n]*\[\d+\]", payload["answer"].removeprefix(WEAK_EVIDENCE).lstrip())
    markers = {int(m) for m in re.findall(r"\[(\d+)\]", payload["answer"])}
    assert markers and markers == {c["marker"] for c in payload["citations"]}
    for c in payload["citations"]:
        assert c["filename"].endswith(".pdf") and c["page"] == 1 and c["node_id"] in payload["retrieved"]
    assert set(payload["timings_ms"]) == {"classify", "retrieve", "answer", "total"}
    ids = {n["id"] for n in payload["evidence"]["nodes"]}
    assert all({"hop", "score", "kind", "label"} <= set(n) for n in payload["evidence"]["nodes"])
    assert all(e["source"] in ids and e["target"] in ids and e["kind"] for e in payload["evidence"]["edges"])

    ask_collection(session, hotpot.collection_id, "Who is Sulli?", {"retriever": "dense"}, hotpot.settings,
                   hotpot.tools)  # fmt: skip
    session.commit()
    history = list_questions(session, hotpot.collection_id)
    assert [h["question"] for h in history] == ["Who is Sulli?", q]
    assert history[1]["result"]["answer"] == payload["answer"]


def test_errors(session: Session, hotpot: HotpotCollection) -> None:
    with pytest.raises(InvalidQuestion, match="empty"):
        ask_collection(session, hotpot.collection_id, "   ", None, hotpot.settings, hotpot.tools)
    with pytest.raises(InvalidQuestion, match="too long"):
        ask_collection(session, hotpot.collection_id, "x" * 5000, None, hotpot.settings, hotpot.tools)
    with pytest.raises(InvalidQuestion, match="retriever"):
        ask_collection(session, hotpot.collection_id, "q?", {"retriever": "magic"}, hotpot.settings, hotpot.tools)
    with pytest.raises(InvalidQuestion, match="no LLM is configured"):
        ask_collection(session, hotpot.collection_id, "q?", {"llm": "openai"}, hotpot.settings, hotpot.tools)
    with pytest.raises(NotFound):
        ask_collection(session, "nope", "q?", None, hotpot.settings, hotpot.tools)
    empty = Collection(name="empty")
    session.add(empty)
    session.flush()
    with pytest.raises(NoReadyDocuments) as info:
        ask_collection(session, empty.id, "q?", None, hotpot.settings, hotpot.tools)
    assert info.value.status_code == 409


def test_api_routes(session: Session, hotpot: HotpotCollection, monkeypatch: pytest.MonkeyPatch) -> None:
    from app.main import create_app

    monkeypatch.setattr("app.qa.tools.get_embedder", lambda device="auto", backend="auto": encoder())
    # The whole app (its security gate and its one mapping of errors), served on loopback with no user: single-user.
    app = create_app(hotpot.settings, start_worker=False)

    session.commit()
    cid = hotpot.collection_id
    with TestClient(app) as client:
        body = {"question": "Who is Sulli?", "options": {"retriever": "gnn", "budget": 5}}
        ok = client.post(f"/api/collections/{cid}/ask", json=body)
        assert ok.status_code == 200, ok.text
        assert ok.json()["question_type"] == "content" and len(ok.json()["retrieved"]) >= 5
        # Beyond the budget only what the built-in reader read besides the evidence and cited (a seed-ranked unit).
        cited = {c["node_id"] for c in ok.json()["citations"]}
        assert all(node_id in cited for node_id in ok.json()["retrieved"][5:])
        bad = client.post(f"/api/collections/{cid}/ask", json={"question": ""})
        assert bad.status_code == 422 and "empty" in bad.json()["detail"]
        missing = client.post("/api/collections/nope/ask", json={"question": "q"})
        assert missing.status_code == 404 and missing.json()["detail"]
        history = client.get(f"/api/collections/{cid}/questions")
        assert history.status_code == 200 and history.json()[0]["question"] == "Who is Sulli?"
        assert client.get("/api/collections/nope/questions").status_code == 404


def test_cli_ask_prints_answer_citations_and_tree(
    session: Session, hotpot: HotpotCollection, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import argparse

    from app.commands import ask as command
    from app.settings import get_settings

    session.commit()
    monkeypatch.setenv("MDQA_DATABASE_URL", hotpot.settings.resolved_database_url)
    monkeypatch.setenv("MDQA_DATA_DIR", str(hotpot.settings.data_dir))
    monkeypatch.setattr("app.qa.tools.get_embedder", lambda device="auto", backend="auto": encoder())
    get_settings.cache_clear()
    parser = argparse.ArgumentParser()
    command.register(parser.add_subparsers())
    try:
        args = parser.parse_args(["ask", "--collection", "hotpot", hotpot.question["question"], "--budget", "6"])
        assert args.handler(args) == 0
        out = capsys.readouterr().out
        assert "Citations:" in out and "Evidence (content):" in out and "LLM calls: 0" in out
        assert re.search(r"^\s{6,}--(mention|entity|keyword|semantic|next|contains)--> \[passage\]", out, re.M)
        args = parser.parse_args(["ask", "--collection", "hotpot", "Who is Sulli?", "--retriever", "bm25", "--json"])
        assert args.handler(args) == 0
        payload = json.loads(capsys.readouterr().out)
        assert payload["question"] == "Who is Sulli?" and payload["citations"]
        # An unknown collection is the one error mapping of the CLI: a message and exit status 2, no traceback.
        from app.cli import main

        assert main(["ask", "--collection", "nope", "q"]) == 2
        assert "no collection named 'nope'" in capsys.readouterr().err
    finally:
        get_settings.cache_clear()


def test_openai_reader_end_to_end_and_llm_down(session: Session, hotpot: HotpotCollection) -> None:
    import socket

    from app.services.asking import LLMUnavailable
    from tests.fixtures.llm.replay import ReplayServer, Step, reply

    answered = reply("Sulli was a member of f(x) [2], she appeared in the show [1]. [12]")
    # The question is analysed by the LLM first (one call), then read (one call).
    with ReplayServer([Step(200, reply('{"shape": "single", "expected": "entity"}')), Step(200, answered)]) as srv:
        settings = hotpot.settings.model_copy(update={"llm_base_url": srv.base_url, "llm_model": "gpt-4o-mini"})
        options = {"llm": "openai", "retriever": "kgp"}
        tools = Tools(embedder=encoder())
        payload = ask_collection(session, hotpot.collection_id, hotpot.question["question"], options, settings, tools)
    assert payload["llm_calls"] == 2 and "[12]" not in payload["answer"]
    assert [c["marker"] for c in payload["citations"]] == [1, 2]
    assert payload["answer"].startswith("Sulli was a member of f(x) [1]")
    assert payload["citations"][0]["node_id"] == payload["retrieved"][1]  # [2] in the reply = 2nd context item

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    down = hotpot.settings.model_copy(update={"llm_base_url": f"http://127.0.0.1:{port}", "llm_max_retries": 1})
    with pytest.raises(LLMUnavailable, match="cannot connect") as info:
        ask_collection(session, hotpot.collection_id, "Who is Sulli?", {"llm": "openai"}, down,
                       Tools(embedder=encoder()))  # fmt: skip
    assert info.value.status_code == 502


def test_rgnn_with_the_llm_scorer_asks_the_llms_sub_questions_and_counts_each_call(
    session: Session, hotpot: HotpotCollection
) -> None:
    from tests.fixtures.llm.replay import ReplayServer, Step, reply

    first = '{"known": "Sulli was in f(x)", "enough": false, "next": "Who were the members of f(x)?"}'
    steps = [Step(200, reply(first)), Step(200, reply('{"known": "the members", "enough": true, "next": ""}'))]
    with ReplayServer(steps) as srv:
        settings = hotpot.settings.model_copy(update={"llm_base_url": srv.base_url, "llm_model": "m"})
        options = {"retriever": "rgnn", "scorer": "llm", "llm": "local"}
        payload = ask_collection(session, hotpot.collection_id, hotpot.question["question"], options, settings,
                                 Tools(embedder=encoder()))  # fmt: skip
    assert payload["llm_calls"] == 2, payload["llm_calls"]  # one self-critique after each step but the last
    assert payload["retrieved"] and payload["answer"]


def test_with_the_llm_reader_the_llms_analysis_splits_the_question_into_parts(
    session: Session, hotpot: HotpotCollection
) -> None:
    from tests.fixtures.llm.replay import ReplayServer, Step, reply

    analysed = ('{"shape": "parts", "expected": "entity", "parts": [{"question": "Who is Sulli?", "label": "Sulli"},'
                ' {"question": "What group was Sulli in?", "label": "Her group"}]}')  # fmt: skip
    steps = [Step(200, reply(analysed)), Step(200, reply("A singer and actress [1].")),
             Step(200, reply("She was in f(x) [1]."))]  # fmt: skip
    with ReplayServer(steps) as srv:
        settings = hotpot.settings.model_copy(update={"llm_base_url": srv.base_url, "llm_model": "m"})
        payload = ask_collection(session, hotpot.collection_id, "Who is Sulli and what group was she in?",
                                 {"llm": "openai"}, settings, Tools(embedder=encoder()))  # fmt: skip
    assert payload["llm_calls"] == 3, payload["llm_calls"]
    assert "**Sulli**" in payload["answer"] and "**Her group**" in payload["answer"], payload["answer"]
    asked = [r["json"]["messages"][-1]["content"] for r in srv.requests]
    assert "Who is Sulli?" in asked[1] and "What group was Sulli in?" in asked[2]
