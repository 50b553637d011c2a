"""The second development-only table set: derived from the manifest and the page text, never a test half."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from app.eval.answerset import validate
from app.qa.tables.content import named_fallback
from app.qa.tables.model import TableAnswer
from app.qa.tables.question_fit import ASKS_FOR_VALUE, ASKS_OTHER, asks_for_value

ROOT = Path(__file__).resolve().parents[2]
BUILDER = ROOT / "benchmarks" / "answers" / "build_tables_dev2.py"


def _builder():  # noqa: ANN202 - a script module, loaded by path
    spec = importlib.util.spec_from_file_location("build_tables_dev2", BUILDER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_tables_dev2_is_dev_only_new_and_rebuilds_from_its_sources() -> None:
    committed = json.loads((ROOT / "benchmarks" / "answers" / "tables_dev2.json").read_text())
    records = validate(committed)
    assert len(records) >= 60 and {r["split"] for r in records} == {"dev"}
    assert {r["kind"] for r in records} == {"cell", "aggregate", "table"}
    assert committed == _builder().build()  # every answer re-derived from the manifest rows or the page text
    others = [
        json.loads((ROOT / "benchmarks" / "answers" / f).read_text()) for f in ("pdf_qa.json", "paraphrases_dev.json")
    ]
    questions = {r["question"] for data in others for r in data["records"]}
    assert not any(r["question"] in questions for r in records)  # new questions, no copies


def test_derivations_read_sections_label_columns_and_counts_below() -> None:
    b = _builder()
    manifest = json.loads(b.MANIFEST.read_text())
    spec = ("cell", "State-of-the-art scenario>Server rooms", 2)
    assert b.derive(manifest, "spanning_cells.pdf", 0, 1, spec)[1] == ["1,573"]
    award = "Publication_of_award_of_Bids_for_Transport_Sector__August_2016.pdf"
    assert b.derive(manifest, award, 0, 1, ("cell", "Desktop Computers (49 No.)", 4, 1))[1] == ["Navoo Enterprise"]
    kind, answers, notes = b.derive(manifest, "us-020.pdf", 0, 2, ("count_below:100", 1, []))
    assert (kind, answers) == ("aggregate", ["2", "two"]) and "Georgia" in notes and "Lithuania" in notes


def test_a_bare_noun_phrase_asks_for_a_value() -> None:
    question = "Hong Kong's weighted student response rate in us-020.pdf?"
    assert not ASKS_FOR_VALUE.said(question) and not ASKS_OTHER.said(question)  # answered from a table
    assert ASKS_OTHER.said("How does the survey define the response rate?")
    assert not asks_for_value("Why did the FAA propose the directive?")
    assert asks_for_value("How many cycles are listed?")


def _answer(table_id: str) -> TableAnswer:
    return TableAnswer(table_id, "cell", "**1** {cite}", short_answer="1")


class _Table:
    def __init__(self, table_id: str) -> None:
        self.id = table_id


def test_a_named_files_best_table_answers_only_with_a_lead_and_without_a_short_answer() -> None:
    lead = [(5.0, _answer("a"), _Table("a"), None, None), (3.0, _answer("b"), _Table("b"), None, None)]
    got = named_fallback(lead)  # type: ignore[arg-type]
    assert got is not None and got[2].id == "a" and got[1].short_answer is None
    close = [(5.0, _answer("a"), _Table("a"), None, None), (4.8, _answer("b"), _Table("b"), None, None)]
    assert named_fallback(close) is None  # type: ignore[arg-type]  # two tables answer about as well
    assert named_fallback([]) is None
