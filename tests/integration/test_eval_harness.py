"""`mdqa eval` end to end on 3 HotpotQA questions (per-question setting): JSON shape and sane figures."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from app.commands import eval as eval_command
from tests.conftest import MDQA_DATA

API_KEYS = {"recall@2", "recall@5", "recall@10", "recall@budget", "em", "f1", "latency_ms_p50", "latency_ms_p95",
            "llm_calls"}  # fmt: skip


@pytest.fixture(scope="module")
def eval_json(tmp_path_factory: pytest.TempPathFactory) -> dict:
    tmp_path = tmp_path_factory.mktemp("eval")
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.chdir(tmp_path)  # eval-results/ goes here
        monkeypatch.delenv("MDQA_DATABASE_URL", raising=False)
        return _run(tmp_path)


def _run(tmp_path: Path) -> dict:
    out = tmp_path / "out.json"
    report = tmp_path / "benchmarks.md"
    parser = argparse.ArgumentParser(prog="mdqa")
    eval_command.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(
        [
            "eval", str(MDQA_DATA / "hotpotqa_100.json"), "--setting", "per-question", "--limit", "3",
            "--retrievers", "tfidf,bm25,dense,kgp,gnn", "--json", str(out), "--report", str(report), "--no-progress",
        ]
    )  # fmt: skip
    assert args.handler(args) == 0
    text = report.read_text()
    assert "<!-- eval:hotpotqa:per-question -->" in text and "<!-- /eval:hotpotqa:per-question -->" in text
    assert list((tmp_path / "eval-results").glob("hotpotqa-per-question-*.json"))
    return json.loads(out.read_text())


def test_eval_json_shape_and_ranges(eval_json: dict) -> None:
    assert eval_json["dataset"] == "hotpotqa"
    assert eval_json["setting"] == "per-question"
    assert eval_json["questions"] == 3
    assert set(eval_json["retrievers"]) == {"tfidf", "bm25", "dense", "kgp", "gnn"}
    for name, metrics in eval_json["retrievers"].items():
        assert API_KEYS.issubset(metrics), name
        for key in ("recall@2", "recall@5", "recall@10", "recall@budget"):
            assert 0.0 <= metrics[key] <= 1.0, (name, key)
        assert metrics["recall@2"] <= metrics["recall@5"] <= metrics["recall@10"] + 1e-9
        assert metrics["latency_ms_p50"] >= 0 and metrics["llm_calls"] == 0
    kgp = eval_json["retrievers"]["kgp"]
    assert 0.0 <= kgp["em"] <= 1.0 and 0.0 <= kgp["f1"] <= 1.0  # answers read for kgp by default
    # The reader's best span is scored whether the gate shows it or not.
    assert 0.0 <= kgp["span_em"] <= kgp["span_f1"] <= 1.0
    assert len(eval_json["per_question"]) == 3


def test_reported_dense_really_retrieved_support(eval_json: dict) -> None:
    found = [
        any(node["supporting"] and node["kind"] == "passage" for node in q["retrievers"]["dense"]["retrieved"])
        for q in eval_json["per_question"]
    ]
    assert any(found)
    # and the per-question recall agrees with the retrieved list it reports
    for q in eval_json["per_question"]:
        dense = q["retrievers"]["dense"]
        has_support = any(node["supporting"] for node in dense["retrieved"])
        assert (dense["recall@budget"] > 0) == has_support
