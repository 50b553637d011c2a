"""Accuracy of page/table/missing answers on one split of an answer set (issue 9, parts 1-2).

    PYTHONPATH=$PWD python benchmarks/table_answers.py ANSWERS.json --split dev --db /tmp/tables-db

Ingests every PDF of shared/data/pdfs/reports and tables into ONE SQLite collection under --db (once; later runs
reuse it), then asks each record of the kinds cell, aggregate, table and missing through the real pipeline with the
built-in reader. A record is right when, for every part of its `answers`, the answer text holds one of the part's
strings (numbers compared without separators) and it cites one of its `documents`; a `missing` record is right when
the answer says so and cites nothing outside its `named_document`. Short answers: precision when shown, coverage.
Records of another split are never read beyond their "split" field.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from sqlalchemy import select

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from app.db.migrate import upgrade  # noqa: E402
from app.db.models import Collection  # noqa: E402
from app.db.session import get_sessionmaker  # noqa: E402
from app.qa.tools import Tools  # noqa: E402
from app.services.asking import ask_collection  # noqa: E402
from app.settings import Settings  # noqa: E402

PDFS = REPO.parent / "shared" / "data" / "pdfs"
KINDS = ("cell", "aggregate", "table", "missing")
MISSING_SAID = re.compile(r"\bno (?:page|table|ready document)\b|\bhas no\b|\bthere is no\b|\bnot a \d", re.I)


class _Queue:
    def __init__(self) -> None:
        self.ids: list[str] = []

    def submit(self, document_id: str) -> None:
        self.ids.append(document_id)


def _norm(text: str) -> str:
    text = re.sub(r"(?<=\d)[,\u202f\xa0 ](?=\d{3}\b)", "", text.lower())
    return " ".join(text.split())


def contains(answer: str, options: list[str]) -> bool:
    norm = _norm(answer)
    return any(_norm(o) in norm for o in options)


def build(db: Path, name: str) -> tuple[Settings, str]:
    from app.services.documents import upload_files
    from app.services.ingestion import process_document

    db.mkdir(parents=True, exist_ok=True)
    url = f"sqlite:///{db / 'mdqa.db'}"
    upgrade(url)
    settings = Settings(data_dir=db / "data", database_url=url)
    with get_sessionmaker(url)() as session:
        collection = session.scalar(select(Collection).where(Collection.name == name))
        if collection is not None:
            return settings, collection.id
        collection = Collection(name=name)
        session.add(collection)
        session.commit()
        queue = _Queue()
        paths = sorted((PDFS / "reports").glob("*.pdf")) + sorted((PDFS / "tables").glob("*.pdf"))
        handles = [(p.name, p.open("rb")) for p in paths]
        upload_files(session, settings, queue, collection.id, handles)
        session.commit()
        for h in handles:
            h[1].close()
        for document_id in queue.ids:
            print("ingest", document_id, process_document(settings, document_id), flush=True)
        return settings, collection.id


def judge(record: dict[str, Any], payload: dict[str, Any]) -> tuple[bool, bool | None]:
    """(answer right, short answer right or None when none shown)."""
    cited = {c["filename"] for c in payload["citations"]}
    answer = payload["answer"]
    if record["kind"] == "missing":
        allowed = {record["named_document"]} if record.get("named_document") else set()
        return bool(MISSING_SAID.search(answer)) and cited <= allowed, None
    right = all(contains(answer, part) for part in record["answers"]) and bool(cited & set(record["documents"]))
    short = payload.get("short_answer")
    short_right = None if not short else any(contains(short, part) for part in record["answers"][:1])
    return right, short_right


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("answers", type=Path)
    parser.add_argument("--split", default="dev", choices=["dev", "test"])
    parser.add_argument("--db", type=Path, default=Path("/tmp/mdqa-table-answers"))
    parser.add_argument("--collection", default="answers", help="reused when the database already holds it")
    parser.add_argument("--kinds", default=",".join(KINDS), help="comma-separated record kinds to ask")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    data = json.loads(args.answers.read_text())
    all_records = data["records"] if isinstance(data, dict) else data
    kinds = tuple(args.kinds.split(","))
    records = [r for r in all_records if r.get("split") == args.split and r["kind"] in kinds]
    settings, collection_id = build(args.db, args.collection)
    tools = Tools()
    stats: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    with get_sessionmaker(settings.resolved_database_url)() as session:
        for record in records:
            start = time.perf_counter()
            payload = ask_collection(session, collection_id, record["question"], {"llm": "local"}, settings, tools)
            ms = (time.perf_counter() - start) * 1000
            session.rollback()
            right, short = judge(record, payload)
            for kind in (record["kind"], "all"):
                s = stats[kind]
                s["n"] += 1
                s["right"] += right
                s["ms"] += ms
                if short is not None:
                    s["shown"] += 1
                    s["short_right"] += short
            if args.verbose:
                mark = "OK " if right else "BAD"
                cites = sorted({c["filename"] for c in payload["citations"]})
                print(f"{mark} {record['id']}: {record['question']}\n    -> {payload['answer'][:300]!r}"
                      f"\n    short={payload.get('short_answer')!r} cites={cites}")  # fmt: skip
    print(f"split={args.split} kinds={','.join(kinds)} reader=local")
    print(f"{'kind':<10} {'n':>3} {'accuracy':>9} {'short prec':>11} {'short cov':>10} {'mean ms':>8}")
    for kind in (*kinds, "all"):
        s = stats.get(kind)
        if not s:
            continue
        precision = f"{s['short_right'] / s['shown']:.2f}" if s["shown"] else "-"
        print(f"{kind:<10} {int(s['n']):>3} {s['right'] / s['n']:>9.2f} {precision:>11} "
              f"{s['shown'] / s['n']:>10.2f} {s['ms'] / s['n']:>8.0f}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
