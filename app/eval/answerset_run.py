"""`mdqa eval benchmarks/answers/pdf_qa.json`: the PDF answer set asked through the API's asking service.

Every PDF of the set's folders goes into ONE collection through the real ingestion job; the ingested database is
cached (keyed by the PDFs, the ingestion/graph code and the settings that shape ingestion), so repeated runs skip
straight to the questions. Each question is asked with `app.services.asking.ask_collection` — the call behind
POST /api/collections/{id}/ask — once per reader, and scored by app/eval/answerset.py.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from app.eval.answerset import CATEGORIES, Cited, category_of, score, validate
from app.eval.metrics import mean, percentile
from app.eval.report import machine_line
from app.settings import Settings

FOLDERS_KEY = "collection"
CACHE_VERSION = "1"
# Code whose change alters what ingestion stores: a change here invalidates the cached collection.
INGEST_CODE = ("app/ingest", "app/graph", "app/services/ingestion.py", "app/llm/embeddings.py", "app/db",
               "migrations/versions")  # fmt: skip
ROOT = Path(__file__).resolve().parent.parent.parent


class AnswerSetError(ValueError):
    """A bad answer-set file or a collection folder that cannot be found: a clear message, no traceback."""


def load_answer_set(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise AnswerSetError(f"{path}: {exc}") from exc
    try:
        return data, validate(data)
    except ValueError as exc:
        raise AnswerSetError(f"{path}: {exc}") from exc


def _resolve_folder(dataset: Path, folder: str) -> Path:
    candidate = Path(folder)
    if candidate.is_absolute():
        if candidate.is_dir():
            return candidate
    else:
        for base in (dataset.resolve().parent, *dataset.resolve().parents, Path.cwd()):
            if (base / folder).is_dir():
                return base / folder
    raise AnswerSetError(f"collection folder {folder!r} not found (looked beside {dataset} and its parents)")


def collection_files(dataset: Path, data: dict[str, Any], pdf_root: Path | None = None) -> list[Path]:
    """Every PDF of the set's collection folders, by name; pdf_root replaces the folders' common parent."""
    folders = (data.get(FOLDERS_KEY) or {}).get("folders") or []
    if not folders:
        raise AnswerSetError(f"{dataset}: no collection folders ({FOLDERS_KEY}.folders)")
    paths: list[Path] = []
    for folder in folders:
        where = pdf_root / Path(folder).name if pdf_root else _resolve_folder(dataset, folder)
        if not where.is_dir():
            raise AnswerSetError(f"collection folder {where} not found")
        paths.extend(sorted(where.glob("*.pdf")))
    names = [p.name for p in paths]
    if len(set(names)) != len(names):
        raise AnswerSetError("two PDFs of the collection share a file name")
    return paths


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def cache_key(files: Sequence[Path], settings: Settings) -> str:
    digest = hashlib.sha256(CACHE_VERSION.encode())
    for path in sorted(files, key=lambda p: p.name):
        digest.update(f"{path.name}\0{_sha(path)}\0".encode())
    for entry in INGEST_CODE:
        base = ROOT / entry
        sources = sorted(base.rglob("*.py")) if base.is_dir() else [base]
        for source in sources:
            if source.exists():
                digest.update(str(source.relative_to(ROOT)).encode() + b"\0" + source.read_bytes())
    shaping = {
        "graph": settings.graph.model_dump(),
        "max_pages": settings.max_pages,
        "passage": [settings.passage_min_words, settings.passage_max_words],
        "embedding_backend": settings.embedding_backend,
        "database": settings.database_url or "sqlite",
    }
    digest.update(json.dumps(shaping, sort_keys=True, default=str).encode())
    return digest.hexdigest()[:20]


@dataclass(slots=True)
class Prepared:
    settings: Settings
    url: str
    collection_id: str
    documents: dict[str, str]  # file name → document id
    ingest_s: float
    cached: bool
    failed: list[str] = field(default_factory=list)


def _collection_usable(url: str, collection_id: str, names: Sequence[str]) -> bool:
    from sqlalchemy import select

    from app.db.models import Document
    from app.db.session import session_scope

    try:
        with session_scope(url) as session:
            rows = session.execute(
                select(Document.filename, Document.status).where(Document.collection_id == collection_id)
            ).all()
    except Exception:  # noqa: BLE001 - a cache that cannot be read is simply rebuilt
        return False
    return sorted(name for name, _ in rows) == sorted(names) and all(s in ("ready", "failed") for _, s in rows)


def prepare(
    files: Sequence[Path], settings: Settings, cache_dir: Path | None, work_dir: Path, progress: bool
) -> Prepared:
    """The ingested collection: from the cache when its key matches, else ingested now (and cached)."""
    from app.db.migrate import upgrade
    from app.eval.structural import ingest_files

    key = cache_key(files, settings)
    home = (cache_dir / f"pdf-answers-{key}") if cache_dir else work_dir
    meta_path = home / "meta.json"
    url = settings.database_url or f"sqlite:///{(home / 'eval.db').resolve()}"
    run_settings = settings.model_copy(update={"data_dir": home / "data", "database_url": url})
    names = [f.name for f in files]
    if cache_dir and meta_path.exists():
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
        upgrade(url)
        if meta.get("key") == key and _collection_usable(url, meta["collection_id"], names):
            return Prepared(run_settings, url, meta["collection_id"], meta["documents"], meta["ingest_s"], True,
                            meta.get("failed", []))  # fmt: skip
    if cache_dir and not settings.database_url and home.exists():
        shutil.rmtree(home)  # a stale or half-written cache (an interrupted run): start again
    run_settings.data_dir.mkdir(parents=True, exist_ok=True)
    upgrade(url)
    started = time.perf_counter()
    collection_id, documents, statuses = ingest_files(list(files), run_settings, url, progress, "eval:pdf-answers")
    ingest_s = round(time.perf_counter() - started, 1)
    failed = sorted(name for name, status in statuses.items() if status != "ready")
    if cache_dir:
        meta = {"key": key, "collection_id": collection_id, "documents": documents, "ingest_s": ingest_s,
                "failed": failed, "created": f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC"}  # fmt: skip
        meta_path.write_text(json.dumps(meta, indent=1), encoding="utf-8")
    return Prepared(run_settings, url, collection_id, documents, ingest_s, False, failed)


def select_records(records: list[dict[str, Any]], split: str, limit: int | None) -> list[dict[str, Any]]:
    chosen = [r for r in records if split == "all" or r["split"] == split]
    return chosen[:limit] if limit is not None else chosen


def ask_one(prepared: Prepared, record: dict[str, Any], reader: str, tools: Any) -> dict[str, Any]:
    from app.db.session import session_scope
    from app.services.asking import ask_collection

    started = time.perf_counter()
    error = None
    try:
        with session_scope(prepared.url) as session:
            payload = ask_collection(
                session, prepared.collection_id, record["question"], {"llm": reader}, prepared.settings, tools
            )
    except Exception as exc:  # noqa: BLE001 - one failing question is scored wrong, the run goes on
        payload = {"answer": "", "short_answer": None, "citations": []}
        error = f"{type(exc).__name__}: {exc}"
    latency = (time.perf_counter() - started) * 1000.0
    citations = [Cited(c.get("filename", ""), c.get("page"), c.get("text", "")) for c in payload.get("citations", [])]
    s = score(record, payload.get("answer") or "", payload.get("short_answer"), citations)
    out: dict[str, Any] = {
        "id": record["id"], "kind": record["kind"], "category": category_of(record), "split": record["split"],
        "reader": reader,
        "question": record["question"], "answer": payload.get("answer") or "",
        "short_answer": payload.get("short_answer"), "question_type": payload.get("question_type"),
        "citations": [{"filename": c.filename, "page": c.page} for c in citations],
        "expected": record["answers"], "documents": record["documents"], "pages": record.get("pages", {}),
        "correct": s.correct, "citation_ok": s.citation_ok, "short_shown": s.short_shown,
        "short_correct": s.short_correct, "hedged": s.hedged, "latency_ms": round(latency, 1),
    }  # fmt: skip
    if payload.get("cell"):
        out["cell"] = payload["cell"]
    if error:
        out["error"] = error
    return out


def summarise(results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """accuracy, short-answer coverage/precision, citation correctness and latency of a group of results."""
    shown = [r for r in results if r["short_shown"]]
    latencies = [r["latency_ms"] for r in results]

    def rnd(v: float) -> float | None:
        return None if v != v else round(v, 4)

    return {
        "n": len(results),
        "accuracy": rnd(mean(float(r["correct"]) for r in results)),
        "short_coverage": rnd(mean(float(r["short_shown"]) for r in results)),
        "short_precision": rnd(mean(float(bool(r["short_correct"])) for r in shown)),
        "short_shown": len(shown),
        "citation_ok": rnd(mean(float(r["citation_ok"]) for r in results)),
        "hedged": rnd(mean(float(r.get("hedged", False)) for r in results)),
        "latency_ms_p50": rnd(percentile(latencies, 50)),
        "latency_ms_p95": rnd(percentile(latencies, 95)),
        "errors": sum(1 for r in results if r.get("error")),
    }


def summary_table(results: Sequence[dict[str, Any]]) -> dict[str, dict[str, dict[str, dict[str, Any]]]]:
    """reader → split → category (the kind where a set names none; and "all") → summary."""
    table: dict[str, dict[str, dict[str, dict[str, Any]]]] = {}
    for reader in dict.fromkeys(r["reader"] for r in results):
        for split in ("dev", "test"):
            group = [r for r in results if r["reader"] == reader and r["split"] == split]
            if not group:
                continue
            named = list(dict.fromkeys(r["category"] for r in group))
            order = [c for c in CATEGORIES if c in named] + [c for c in named if c not in CATEGORIES]
            per_kind = {c: summarise([r for r in group if r["category"] == c]) for c in order}
            per_kind["all"] = summarise(group)
            table.setdefault(reader, {})[split] = per_kind
    return table


def run_answer_set(
    dataset: Path,
    settings: Settings,
    readers: Sequence[str],
    split: str = "all",
    limit: int | None = None,
    cache_dir: Path | None = None,
    work_dir: Path | None = None,
    pdf_root: Path | None = None,
    progress: bool = True,
) -> dict[str, Any]:
    from tqdm import tqdm

    from app.qa.tools import Tools

    data, records = load_answer_set(dataset)
    chosen = select_records(records, split, limit)
    files = collection_files(dataset, data, pdf_root)
    prepared = prepare(files, settings, cache_dir, work_dir or Path.cwd(), progress)
    results: list[dict[str, Any]] = []
    for reader in readers:
        tools = Tools()
        for record in tqdm(chosen, desc=f"answer set ({reader})", unit="q", disable=not progress):
            results.append(ask_one(prepared, record, reader, tools))
    return {
        "dataset": dataset.stem,
        "format": data["format"],
        "split": split,
        "readers": list(readers),
        "budget": settings.retrieval.budget,
        "files": len(files),
        "failed_documents": prepared.failed,
        "questions": len(chosen),
        "ingest_s": prepared.ingest_s,
        "ingest_cached": prepared.cached,
        "summary": summary_table(results),
        "per_question": results,
        "date": f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC",
    }


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.0f}%"


def answer_set_block(result: dict[str, Any], command: str, wall_s: float) -> str:
    cached = "cached ingestion" if result["ingest_cached"] else f"ingest {result['ingest_s']:.0f} s"
    failed = f"; documents that failed to ingest: {', '.join(result['failed_documents'])}" if result[
        "failed_documents"] else ""  # fmt: skip
    lines = [
        f"**PDF answer set** — {result['questions']} questions ({result['split']}), one collection of "
        f"{result['files']} PDFs{failed}.",
        "",
        f"`{command}` — {result['date']} on {machine_line()}; wall time {wall_s:.0f} s ({cached}).",
        "",
        "| reader | split | kind | n | accuracy | short shown | short right | citation ok | says not answered "
        "| p50 ms | p95 ms |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for reader, splits in result["summary"].items():
        for split, kinds in splits.items():
            for kind, s in kinds.items():
                name = f"**{kind}**" if kind == "all" else kind
                short_right = "–" if not s["short_shown"] else f"{_pct(s['short_precision'])} of {s['short_shown']}"
                lines.append(
                    f"| {reader} | {split} | {name} | {s['n']} | {_pct(s['accuracy'])} | {_pct(s['short_coverage'])} "
                    f"| {short_right} | {_pct(s['citation_ok'])} | {_pct(s['hedged'])} "
                    f"| {s['latency_ms_p50'] or 0:.0f} "
                    f"| {s['latency_ms_p95'] or 0:.0f} |"
                )
    lines += [
        "",
        "accuracy: the answer holds an acceptable answer of every part (missing: says it is missing and cites "
        "nothing from another document; table: cites the right document and page, names the table, holds the "
        "required values); short shown: share of questions with a short answer; short right: precision of the "
        "shown ones; citation ok: cites an expected document on an evidence page (missing: nothing from another "
        "document; unanswerable: says the documents do not answer it, with no short answer); says not answered: "
        "share of answers that say the documents do not answer the question (on answerable kinds, a hedge too "
        "many). Rules: benchmarks/answers/README.md.",
    ]
    return "\n".join(lines)
