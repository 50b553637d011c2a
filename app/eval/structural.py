"""`mdqa eval --structural`: page and table-cell questions over the PDF manifest, through the real PDF pipeline.

Questions are generated from the manifest's expected tables: "In the table on page P of FILE, what is the value of
COLUMN for ROW?" (header-row and first-column labels that are non-empty and unique) and "What is on page P of FILE?".
Struct-EM: the retrieved context holds the named page (page questions) or a table on that page (cell questions).
Cell accuracy: the normalised answer contains the expected cell.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from app.db.models import Document
from app.db.session import session_scope
from app.eval.metrics import answer_contains, mean, percentile
from app.eval.report import machine_line
from app.qa.ask import AskOptions
from app.settings import Settings

CELLS_PER_TABLE = 3
MAX_LABEL_CHARS = 60


@dataclass(slots=True)
class StructQuestion:
    kind: str  # cell | page
    file: str  # display file name used in the question
    page: int
    question: str
    expected: str | None = None


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", str(text)).strip()


def _unique_nonempty(labels: list[str]) -> list[int]:
    counts: dict[str, int] = {}
    for label in labels:
        counts[label] = counts.get(label, 0) + 1
    return [i for i, label in enumerate(labels) if label and counts[label] == 1 and len(label) <= MAX_LABEL_CHARS]


def _spread(items: list[int], n: int) -> list[int]:
    if len(items) <= n:
        return items
    step = (len(items) - 1) / (n - 1) if n > 1 else 0
    return [items[round(i * step)] for i in range(n)]


def cell_questions(file: str, page: int, rows: list[list[str]]) -> list[StructQuestion]:
    """Up to CELLS_PER_TABLE cells whose column header (first row) and row label (first column) are unique."""
    rows = [[_norm(c) for c in row] for row in rows if row]
    if len(rows) < 2 or len(rows[0]) < 2:
        return []
    header = rows[0]
    columns = [j for j in _unique_nonempty(header) if j > 0]
    row_labels = [row[0] if row else "" for row in rows]
    candidates = [i for i in _unique_nonempty(row_labels) if i > 0]
    out: list[StructQuestion] = []
    for n, i in enumerate(_spread(candidates, CELLS_PER_TABLE)):
        usable = [j for j in columns if j < len(rows[i]) and rows[i][j]]
        if not usable:
            continue
        j = usable[n % len(usable)]
        out.append(
            StructQuestion(
                kind="cell",
                file=file,
                page=page,
                question=f"In the table on page {page} of {file}, what is the value of {header[j]} for {rows[i][0]}?",
                expected=rows[i][j],
            )
        )
    return out


def _resolve(manifest: Path, relative: str) -> Path:
    for base in (manifest.parent, *manifest.parents):
        candidate = base / relative
        if candidate.exists():
            return candidate
    return manifest.parent / Path(relative).name


def load_structural(manifest_path: Path) -> tuple[list[Path], list[StructQuestion]]:
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    files: list[Path] = []
    questions: list[StructQuestion] = []
    seen: set[str] = set()
    for entry in manifest["files"]:
        tables = entry.get("expected_tables") or []
        if not tables or entry.get("password"):
            continue
        path = _resolve(manifest_path, entry["file"])
        files.append(path)
        name = path.name
        for page in sorted({int(t["page"]) for t in tables}):
            questions.append(
                StructQuestion(kind="page", file=name, page=page, question=f"What is on page {page} of {name}?")
            )
        for table in tables:
            for q in cell_questions(name, int(table["page"]), table.get("rows") or []):
                if q.question not in seen:
                    seen.add(q.question)
                    questions.append(q)
    return files, questions


def ingest_files(
    files: list[Path], settings: Settings, url: str, progress: bool, name: str = "eval:structural"
) -> tuple[str, dict[str, str], dict[str, str]]:
    """Upload every file into one collection and run the real ingestion job on each.

    Returns (collection id, file name → document id, file name → final status)."""
    from tqdm import tqdm

    from app.eval.corpus import create_collection
    from app.services.ingestion import process_document
    from app.storage import FileStore

    store = FileStore(settings.files_dir)
    ids: dict[str, str] = {}
    with session_scope(url) as session:
        collection = create_collection(session, f"{name}:{time.time_ns()}")
        collection_id = collection.id
        for path in files:
            with path.open("rb") as handle:
                stored = store.save(handle, settings.max_upload_mb << 20)
            document = Document(
                collection_id=collection_id, filename=path.name, path=path.name, sha256=stored.sha256,
                size_bytes=stored.size_bytes, status="queued",
            )  # fmt: skip
            session.add(document)
            session.flush()
            ids[path.name] = document.id
    statuses: dict[str, str] = {}
    for file_name, document_id in tqdm(list(ids.items()), desc="ingesting PDFs", unit="pdf", disable=not progress):
        statuses[file_name] = process_document(settings, document_id)
        if statuses[file_name] != "ready":
            print(f"  {file_name}: {statuses[file_name]}")
    return collection_id, ids, statuses


def run_structural(manifest: Path, settings: Settings, url: str, limit: int | None, progress: bool) -> dict[str, Any]:
    from tqdm import tqdm

    from app.qa.pipeline import ask

    files, questions = load_structural(manifest)
    if limit is not None:
        questions = questions[:limit]
        files = [f for f in files if any(q.file == f.name for q in questions)]
    started = time.perf_counter()
    collection_id, doc_ids, _ = ingest_files(files, settings, url, progress)
    ingest_s = time.perf_counter() - started
    records: list[dict[str, Any]] = []
    options = AskOptions(retriever=settings.retrieval.retriever, budget=settings.retrieval.budget)
    for q in tqdm(questions, desc="structural", unit="q", disable=not progress):
        document_id = doc_ids.get(q.file)
        t0 = time.perf_counter()
        qtype: str
        with session_scope(url) as session:
            try:
                result = ask(session, collection_id, q.question, options, settings)
                nodes, answer, qtype = result.retrieval.nodes, result.answer, result.question_type
            except Exception as exc:  # noqa: BLE001 - one failing question must not end the run
                nodes, answer, qtype = [], f"error: {type(exc).__name__}: {exc}", "error"
        latency = (time.perf_counter() - t0) * 1000
        wanted_kinds = {"table"} if q.kind == "cell" else {"page", "table", "passage"}
        hit = any(n.document_id == document_id and n.page == q.page and n.kind in wanted_kinds for n in nodes)
        record: dict[str, Any] = {
            "kind": q.kind, "file": q.file, "page": q.page, "question": q.question, "question_type": qtype,
            "struct_em": float(hit), "latency_ms": round(latency, 1), "answer": answer[:500],
            "retrieved": [{"kind": n.kind, "document_id": n.document_id, "page": n.page} for n in nodes[:10]],
        }  # fmt: skip
        if q.expected is not None:
            record["expected"] = q.expected
            record["cell_correct"] = float(answer_contains(answer, q.expected))
        records.append(record)
    cells = [r for r in records if r["kind"] == "cell"]
    pages = [r for r in records if r["kind"] == "page"]
    summary = {
        "struct_em": mean(r["struct_em"] for r in records),
        "struct_em_page": mean(r["struct_em"] for r in pages),
        "struct_em_cell": mean(r["struct_em"] for r in cells),
        "cell_accuracy": mean(r["cell_correct"] for r in cells),
        "classified_structural": mean(float(r["question_type"] == "structural") for r in records),
        "latency_ms_p50": percentile([r["latency_ms"] for r in records], 50),
        "latency_ms_p95": percentile([r["latency_ms"] for r in records], 95),
    }
    return {
        "dataset": "pdfs-structural",
        "files": len(files),
        "questions": len(records),
        "page_questions": len(pages),
        "cell_questions": len(cells),
        "ingest_s": round(ingest_s, 1),
        "summary": {k: (round(v, 4) if v == v else None) for k, v in summary.items()},
        "per_question": records,
        "date": f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC",
    }


def structural_block(result: dict[str, Any], command: str, wall_s: float) -> str:
    s = result["summary"]

    def pct(key: str) -> str:
        return "–" if s.get(key) is None else f"{100 * s[key]:.1f}%"

    return (
        f"**Structural questions over the PDF manifest** — {result['files']} PDFs with expected tables, "
        f"{result['page_questions']} page + {result['cell_questions']} cell questions.\n\n"
        f"`{command}` — {result['date']} on {machine_line()}; wall time {wall_s:.0f} s "
        f"(ingest {result['ingest_s']:.0f} s).\n\n"
        "| Struct-EM | page questions | cell questions | cell-answer accuracy | classified structural "
        "| p50 ms | p95 ms |\n"
        "|---|---|---|---|---|---|---|\n"
        f"| {pct('struct_em')} | {pct('struct_em_page')} | {pct('struct_em_cell')} | {pct('cell_accuracy')} | "
        f"{pct('classified_structural')} | {s['latency_ms_p50'] or 0:.0f} | {s['latency_ms_p95'] or 0:.0f} |\n\n"
        "Struct-EM: the retrieved context holds the named page (page questions) or a table on that page (cell "
        "questions); cell-answer accuracy: the normalised answer contains the expected cell. Target ≥ 95% Struct-EM."
    )
