"""`mdqa eval` on a slice of the PDF answer set, end to end on real PDFs: ingest, ask, score, cache, report shape."""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

import pytest

from app.commands import eval as eval_command

ROOT = Path(__file__).resolve().parents[2]
ANSWER_SET = ROOT / "benchmarks" / "answers" / "pdf_qa.json"
PDFS = ROOT.parent / "shared" / "data" / "pdfs"
# small PDFs (1-3 pages) so ingestion stays short; the slice keeps every record they can answer
SLICE = {"reports": [], "tables": ["us-030.pdf", "twotables_2.pdf", "background_lines_1.pdf"]}
KEYS = {"n", "accuracy", "short_coverage", "short_precision", "short_shown", "citation_ok", "latency_ms_p50",
        "latency_ms_p95", "errors"}  # fmt: skip


def _slice(tmp_path: Path) -> Path:
    if not PDFS.is_dir():
        pytest.fail(f"the shared PDFs are missing: {PDFS}")
    folders = []
    for folder, names in SLICE.items():
        target = tmp_path / "pdfs" / folder
        target.mkdir(parents=True)
        for name in names:
            shutil.copy(PDFS / folder / name, target / name)
        folders.append(str(target))
    data = json.loads(ANSWER_SET.read_text())
    names = {n for group in SLICE.values() for n in group}
    usable = [
        r for r in data["records"]
        if (r["documents"] and set(r["documents"]) <= names) or (r["kind"] == "missing" and (
            r["named_document"] in names or r["named_document"] is None))
    ]  # fmt: skip
    records: list[dict] = []
    for kind in dict.fromkeys(r["kind"] for r in usable):
        records += [r for r in usable if r["kind"] == kind][:1]  # one of each kind the slice can answer
    assert {r["kind"] for r in records} >= {"cell", "missing"}
    path = tmp_path / "slice.json"
    path.write_text(json.dumps({**data, "collection": {"folders": folders}, "records": records}))
    return path


def _eval(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="mdqa")
    eval_command.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["eval", *argv])
    return args.handler(args)


def test_eval_answer_set_slice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # eval-results/ goes here
    monkeypatch.delenv("MDQA_DATABASE_URL", raising=False)
    monkeypatch.delenv("MDQA_LLM_BASE_URL", raising=False)
    dataset = _slice(tmp_path)
    out, report, cache = tmp_path / "out.json", tmp_path / "bench.md", tmp_path / "cache"
    argv = [str(dataset), "--readers", "local", "--cache-dir", str(cache), "--json", str(out), "--no-progress"]
    assert _eval([*argv, "--report", str(report)]) == 0
    first = json.loads(out.read_text())
    assert first["files"] == 3 and not first["failed_documents"] and first["ingest_cached"] is False
    assert first["readers"] == ["local"] and first["split"] == "all"
    results = first["per_question"]
    assert len(results) == first["questions"] == len(json.loads(dataset.read_text())["records"])
    for r in results:
        assert "error" not in r, r
        assert r["answer"], r["id"]
        assert isinstance(r["correct"], bool) and r["latency_ms"] > 0
        assert {c["filename"] for c in r["citations"]} <= {n for g in SLICE.values() for n in g}
    for split, kinds in first["summary"]["local"].items():
        assert split in ("dev", "test")
        for kind, s in kinds.items():
            assert set(s) >= KEYS, kind
            for key in ("accuracy", "short_coverage", "citation_ok"):
                assert 0.0 <= s[key] <= 1.0, (kind, key)
            assert s["short_precision"] is None or 0.0 <= s["short_precision"] <= 1.0
            assert s["latency_ms_p50"] <= s["latency_ms_p95"]
        assert kinds["all"]["n"] == sum(s["n"] for k, s in kinds.items() if k != "all")
    text = report.read_text()
    assert "| reader | split | kind |" in text and "| local | dev |" in text and "| local | test |" in text

    # second run: the cached collection is reused, only the dev half is asked
    assert first["budget"] == 10  # the app's default passage budget
    assert _eval([*argv, "--split", "dev", "--limit", "2", "--budget", "3"]) == 0
    second = json.loads(out.read_text())
    assert second["ingest_cached"] is True and second["budget"] == 3
    assert {r["split"] for r in second["per_question"]} == {"dev"}
    assert list(second["summary"]["local"]) == ["dev"]


def test_eval_answer_set_refuses_a_bad_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    monkeypatch.chdir(tmp_path)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "mdqa-pdf-answers/1", "records": [{"id": "x"}]}))
    assert _eval([str(bad), "--no-progress"]) == 2
    assert "missing 'kind'" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("flags", "message"),
    [(["--retrievers", "gnn"], "--retrievers is for multi-hop QA files"), (["--budget", "0"], "budget")],
)
def test_eval_answer_set_refuses_flags_it_cannot_honour(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], flags: list[str], message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    assert _eval([str(ANSWER_SET), "--no-progress", *flags]) == 2
    assert message in capsys.readouterr().err
