"""The one builder of the blind answer sets (benchmarks/answers/build_set.py) and the eval's per-category report."""

from __future__ import annotations

import hashlib
import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from app.eval.answerset import validate
from app.eval.answerset_run import summary_table

ROOT = Path(__file__).resolve().parents[2]
ANSWERS = ROOT / "benchmarks" / "answers"


def _builder() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_set", ANSWERS / "build_set.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _question(qid: str, category: str, **extra: Any) -> dict[str, Any]:
    return {"id": qid, "category": category, "question": f"What about {qid}?", "answers": [["1"]],
            "documents": ["a.pdf"], "pages": {"a.pdf": [1]}, **extra}  # fmt: skip


def _file(questions: list[dict[str, Any]]) -> dict[str, Any]:
    return {"format": "mdqa-question-file/1", "name": "t", "description": "d", "pdf_folder": "pdfs/t",
            "questions": questions}  # fmt: skip


def test_categories_map_to_the_kinds_the_scorer_knows() -> None:
    build = _builder()
    questions = [_question(f"t-{c}", c) for c in build.KIND_OF]
    built = build.build(_file(questions))
    records = validate(built)
    kinds = {r["category"]: r["kind"] for r in records}
    assert kinds["table_show"] == "table" and kinds["arithmetic"] == "multi" and kinds["cell"] == "cell"
    assert all(r["expect_missing"] == (r["kind"] == "missing") for r in records)
    assert built["collection"] == {"folders": ["pdfs/t"]}


def test_the_split_alternates_within_each_category_by_the_ids_alone() -> None:
    build = _builder()
    questions = [_question(f"t-c{i:02d}", "cell") for i in range(7)] + [_question("t-p01", "content")]
    records = build.build(_file(questions))["records"]
    shuffled = build.build(_file(list(reversed(questions))))["records"]
    assert {r["id"]: r["split"] for r in records} == {r["id"]: r["split"] for r in shuffled}
    cells = sorted((r for r in records if r["category"] == "cell"),
                   key=lambda r: hashlib.sha256(r["id"].encode()).hexdigest())  # fmt: skip
    assert [r["split"] for r in cells] == ["dev", "test", "dev", "test", "dev", "test", "dev"]
    assert next(r["split"] for r in records if r["category"] == "content") == "dev"  # its own alternation


def test_copied_runs_and_earlier_answers_are_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    build = _builder()
    monkeypatch.setattr(build, "page_texts", lambda _path: ("the state funds 100 % of the theoretical part",))
    pdfs = {"a.pdf": tmp_path / "a.pdf"}
    asked = "Does the state fund 100 % of the theoretical part?"
    copied = build.build(_file([_question("t-p01", "content", question=asked)]))
    copies = build.copied_runs(copied["records"], pdfs)
    assert copies == ["t-p01: '100 of the theoretical part' is copied from a.pdf p1"]
    fresh = build.build(
        _file([_question("t-p02", "content", question="How much of the theory is paid for?", answers=[["7"]])])
    )
    assert build.copied_runs(fresh["records"], pdfs) == []
    assert build.answer_errors(fresh["records"], pdfs) == ["t-p02: ['7'] is not on {'a.pdf': [1]}"]
    assert build.answer_errors(build.build(_file([_question("t-p03", "content", answers=[["100 %"]])]))["records"],
                               pdfs) == []  # fmt: skip


def test_every_committed_set_rebuilds_from_its_question_file() -> None:
    build = _builder()
    paths = sorted((ANSWERS / "sets").glob("*/questions.json"))
    assert len(paths) >= 12
    for path in paths:
        built = build.build(json.loads(path.read_text(encoding="utf-8")))
        assert json.loads(build.out_path(path).read_text(encoding="utf-8")) == built, path.parent.name


def test_the_eval_reports_per_category_in_a_fixed_order() -> None:
    def result(category: str, correct: bool, split: str = "test") -> dict[str, Any]:
        return {"reader": "local", "split": split, "kind": "multi", "category": category, "correct": correct,
                "short_shown": False, "short_correct": None, "citation_ok": True, "latency_ms": 10.0}  # fmt: skip

    table = summary_table([result("two_document", True), result("arithmetic", False), result("arithmetic", True),
                           result("content", True, "dev")])  # fmt: skip
    assert list(table["local"]["test"]) == ["arithmetic", "two_document", "all"]
    assert table["local"]["test"]["arithmetic"]["accuracy"] == 0.5
    assert table["local"]["test"]["all"]["n"] == 3 and table["local"]["dev"]["content"]["n"] == 1
