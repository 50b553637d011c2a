"""The fresh human-phrased table set: derived from the manifest, split once by sha256(id), no copied question."""

from __future__ import annotations

import hashlib
import importlib.util
import json
from pathlib import Path

from app.eval.answerset import validate

ROOT = Path(__file__).resolve().parents[2]
ANSWERS = ROOT / "benchmarks" / "answers"


def _builder():  # noqa: ANN202 - a script module, loaded by path
    spec = importlib.util.spec_from_file_location("build_tables_fresh", ANSWERS / "build_tables_fresh.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_tables_fresh_rebuilds_and_is_split_once_by_the_ids() -> None:
    committed = json.loads((ANSWERS / "tables_fresh.json").read_text())
    records = validate(committed)
    assert committed == _builder().build()  # every answer re-derived from the manifest rows
    kinds = {r["kind"] for r in records}
    assert kinds == {"cell", "aggregate"}
    assert sum(r["kind"] == "aggregate" for r in records) >= 30 and sum(r["kind"] == "cell" for r in records) >= 15
    for kind in kinds:
        ids = sorted(
            (r["id"] for r in records if r["kind"] == kind), key=lambda i: hashlib.sha256(i.encode()).hexdigest()
        )
        splits = {r["id"]: r["split"] for r in records}
        assert [splits[i] for i in ids] == ["dev" if k % 2 == 0 else "test" for k in range(len(ids))]


def test_no_question_is_copied_from_another_set() -> None:
    fresh = json.loads((ANSWERS / "tables_fresh.json").read_text())["records"]
    others = ("pdf_qa.json", "paraphrases_dev.json", "tables_dev2.json", "tables_dev2_fresh.json")
    questions = {r["question"] for f in others for r in json.loads((ANSWERS / f).read_text())["records"]}
    assert not any(r["question"] in questions for r in fresh)


def test_derivations_read_rows_sections_and_either_reading_of_a_split_list() -> None:
    b = _builder()
    manifest = json.loads(b.MANIFEST.read_text())
    assert b.derive(manifest, "eu-013.pdf", 2, ("row_min", "On labour market training", 0))[1] == [
        ["2002"], ["25 800", "25800", "25,800"]]  # fmt: skip
    assert b.derive(manifest, "anticlockwise_table_2.pdf", 0, ("max_in:Wealth index", 5, []))[1] == [["Middle"]]
    assert b.derive(manifest, "health.pdf", 0, ("nth_max:2", 7, []))[1] == [["Maharashtra"]]
    # eu-015.pdf p. 1: ten topics, then five more under "Grand Total" in a second table; either reading counts.
    answers = b.derive(manifest, "eu-015.pdf", 0, ("min/dotk", 1, ["Total", "Grand Total"], 0, [1]))[1]
    assert answers == [["Customs and taxation", "EIT"]]
