"""The development-only paraphrase set: derived from the manifest's expected tables, never a test half."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

from app.eval.answerset import validate

ROOT = Path(__file__).resolve().parents[2]
BUILDER = ROOT / "benchmarks" / "answers" / "build_paraphrases.py"


def _builder():  # noqa: ANN202 - a script module, loaded by path
    spec = importlib.util.spec_from_file_location("build_paraphrases", BUILDER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_paraphrases_are_dev_only_and_rebuild_from_the_manifest() -> None:
    committed = json.loads((ROOT / "benchmarks" / "answers" / "paraphrases_dev.json").read_text())
    records = validate(committed)
    assert len(records) >= 60 and {r["split"] for r in records} == {"dev"}
    assert committed == _builder().build()  # every answer re-derived from the manifest rows
    pdf_qa = json.loads((ROOT / "benchmarks" / "answers" / "pdf_qa.json").read_text())
    questions = {r["question"] for r in pdf_qa["records"]}
    assert not any(r["question"] in questions for r in records)  # new wordings, no copies


def test_derivation_reads_sub_labels_sections_and_subtotals() -> None:
    b = _builder()
    manifest = json.loads(b.MANIFEST.read_text())
    kind, answers, _ = b.derive(manifest, "eu-021.pdf", 0, ("cell", "Depression|Count", 2))
    assert (kind, answers) == ("cell", ["48"])
    _, answers, _ = b.derive(
        manifest, "edge_tol.pdf", 0, ("cell", "C lass B>N et Asset Value per unit at 31 December", 1)
    )
    assert answers == ["104.22"]
    _, answers, notes = b.derive(manifest, "background_lines_1.pdf", 0, ("count_above:5000", 5, ["Total"]))
    assert answers == ["2", "two"] and "Maharashtra" in notes and "Karnataka" in notes
