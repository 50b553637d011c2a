"""The explanation graph of a content answer over real PDFs ingested through the real path: the API's
`evidence.explanation` starts at the question and ends at the cited units (two chains for a comparison)."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy.orm import Session

from app.qa.ask import AskOptions
from app.qa.pipeline import ask
from app.qa.tools import Tools
from app.services.asking import result_json
from app.settings import Settings
from tests.integration.helpers import ingest_pdfs
from tests.integration.test_ask_content import encoder

FILES = ["reports/issue-982-example.pdf", "tables/twotables_2.pdf"]


@pytest.fixture
def collection(session: Session, settings: Settings, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr("app.services.ingestion.get_embedder", lambda device="auto", backend="auto": encoder())
    return ingest_pdfs(session, settings, "explained", FILES)


def _check_dag(explanation: dict[str, Any], cited: set[str]) -> list[list[str]]:
    """Every path from the question to the answer node; each ends at a cited unit before the answer."""
    nodes = {n["id"]: n for n in explanation["nodes"]}
    assert explanation["nodes"][0]["kind"] == "question"
    assert explanation["nodes"][-1]["kind"] in ("answer", "verdict")
    sink = explanation["nodes"][-1]["id"]
    out: dict[str, list[str]] = {}
    for e in explanation["edges"]:
        assert e["source"] in nodes and e["target"] in nodes
        assert e["reason"].strip()  # every edge says why it is there
        out.setdefault(e["source"], []).append(e["target"])
    paths: list[list[str]] = []

    def walk(path: list[str]) -> None:
        assert len(path) < 20, path  # acyclic
        if path[-1] == sink:
            paths.append(path)
            return
        for nxt in out.get(path[-1], []):
            walk([*path, nxt])

    walk([explanation["nodes"][0]["id"]])
    assert paths
    assert {p[-2] for p in paths} == cited  # the chains end at the units the answer cites
    assert {n["id"] for n in explanation["nodes"] if n["role"] == "cited"} == cited
    return paths


def test_a_content_answer_is_explained_from_the_question_to_its_cited_units(
    session: Session, settings: Settings, collection: str
) -> None:
    tools = Tools(embedder=encoder())
    result = ask(session, collection, "How did Nayebi and Vitelli feed music into their network?", AskOptions(),
                 settings, tools)  # fmt: skip
    payload = result_json(result)
    cited = {c["node_id"] for c in payload["citations"]}
    assert cited
    explanation = payload["evidence"]["explanation"]
    assert explanation is not None
    _check_dag(explanation, cited)
    assert len(explanation["chains"]) == 1
    # Its units are the evidence's (the backward pass may pass through a page the traversal did not visit).
    units = {n["id"] for n in explanation["nodes"] if n["kind"] == "unit" and n["role"] == "cited"}
    assert units <= {n["id"] for n in payload["evidence"]["nodes"]}


def test_a_comparison_is_explained_as_two_chains_meeting_in_the_verdict(
    session: Session, settings: Settings, collection: str
) -> None:
    tools = Tools(embedder=encoder())
    question = ("In which state is the share of households whose male head went to college larger, Madhya Pradesh "
                "or Orissa?")  # fmt: skip
    payload = result_json(ask(session, collection, question, AskOptions(), settings, tools))
    explanation = payload["evidence"]["explanation"]
    assert explanation is not None
    cited = {c["node_id"] for c in payload["citations"]}
    paths = _check_dag(explanation, cited)
    assert explanation["nodes"][-1]["kind"] == "verdict"
    assert explanation["nodes"][-1]["label"].startswith("Madhya Pradesh (10.6) is larger than Orissa (8.5).")
    assert len(explanation["chains"]) == 2
    parts = {p[1] for p in paths}
    assert parts == {"part-1", "part-2"}  # a chain through each compared thing
    reasons = [e["reason"] for e in explanation["edges"] if e["source"] == explanation["nodes"][0]["id"]]
    assert all(r.startswith("step ") for r in reasons)


def test_a_list_of_documents_is_explained_too(session: Session, settings: Settings, collection: str) -> None:
    tools = Tools(embedder=encoder())
    result = ask(session, collection, "Which documents are about literacy?", AskOptions(), settings, tools)
    payload = result_json(result)
    explanation = payload["evidence"]["explanation"]
    assert explanation is not None
    _check_dag(explanation, {c["node_id"] for c in payload["citations"]})


def test_a_multi_step_answer_is_explained_from_its_first_steps_units(
    session: Session, settings: Settings, collection: str
) -> None:
    tools = Tools(embedder=encoder())
    question = "How did Nayebi and Vitelli feed music into their network?"
    payload = result_json(ask(session, collection, question, AskOptions(retriever="rgnn"), settings, tools))
    explanation = payload["evidence"]["explanation"]
    assert explanation is not None
    _check_dag(explanation, {c["node_id"] for c in payload["citations"]})
