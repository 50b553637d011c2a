"""The built-in reader on the PDF answer set (benchmarks/answers/pdf_qa.json, kinds `content` and `multi`), asked
through the whole pipeline (`app.qa.pipeline.ask`: decomposition, retrieval, reader) over one collection holding
every PDF of shared/data/pdfs/reports and shared/data/pdfs/tables.

    MDQA_DATABASE_URL=sqlite:////tmp/reader-pdf/pdf.db mdqa ingest .../reports .../tables --collection pdfs
    MDQA_DATABASE_URL=sqlite:////tmp/reader-pdf/pdf.db python benchmarks/reader_pdf.py ANSWERS.json --split dev \
        --dump eval-results/ctx-pdf-dev.json

Per record: the answer "contains" every required value (each a list of alternatives), the short answer when shown
and whether it matches, latency. `--dump` also writes the evidence of the single-part questions in the format of
benchmarks/reader_contexts.py, for benchmarks/reader_calibration.py.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
KINDS = ("content", "multi")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("answers", type=Path)
    parser.add_argument("--split", choices=("dev", "test"), required=True)
    parser.add_argument("--collection", default="pdfs")
    parser.add_argument("--dump", type=Path, default=None)
    args = parser.parse_args()

    from sqlalchemy import select

    from app.db.models import Collection
    from app.db.session import session_scope
    from app.eval.metrics import normalize_answer, strip_citations
    from app.qa.answer import build_context
    from app.qa.ask import AskOptions
    from app.qa.decompose.split import split_question
    from app.qa.documents_question import which_documents_topic
    from app.qa.evidence import retrieve
    from app.qa.pipeline import ask
    from app.qa.tools import Tools
    from app.settings import get_settings

    settings = get_settings()
    data = json.loads(args.answers.read_text(encoding="utf-8"))
    records = [r for r in data["records"] if r["split"] == args.split and r["kind"] in KINDS]
    tools = Tools()
    dumped: list[dict[str, Any]] = []
    rows = []
    with session_scope(settings.database_url) as session:
        cid = session.execute(select(Collection.id).where(Collection.name == args.collection)).scalar_one()
        ask(session, cid, "warm up", AskOptions(), settings, tools)
        for r in records:
            started = time.perf_counter()
            result = ask(session, cid, r["question"], AskOptions(), settings, tools)
            ms = (time.perf_counter() - started) * 1000
            text = normalize_answer(strip_citations(result.answer))
            groups = r["answers"]
            contains = all(any(normalize_answer(a) in text for a in g) for g in groups) if groups else None
            short = result.short_answer
            right = None
            if short is not None:
                flat = [normalize_answer(a) for g in groups for a in g]
                right = normalize_answer(short) in flat
            rows.append({"id": r["id"], "kind": r["kind"], "contains": contains, "short": short, "right": right,
                         "ms": round(ms, 1), "answer": result.answer})  # fmt: skip
            single = split_question(r["question"]) is None and which_documents_topic(r["question"]) is None
            if args.dump and single and len(groups) == 1 and result.question_type == "content":
                retrieval = retrieve(session, cid, r["question"], AskOptions(), settings, tools)
                nodes = {n.node_id: n for n in retrieval.nodes}
                dumped.append({
                    "id": r["id"], "split": r["split"], "dataset": "pdf", "question": r["question"],
                    "answers": groups[0], "question_type": r["kind"], "question_type_routed": retrieval.question_type,
                    "items": [{"marker": i.marker, "node_id": i.node_id, "kind": i.kind, "text": i.text,
                               "document_id": nodes[i.node_id].document_id, "score": nodes[i.node_id].score,
                               "hop": nodes[i.node_id].hop} for i in build_context(retrieval.nodes)],
                })  # fmt: skip
    for kind in (*KINDS, "all"):
        sel = [x for x in rows if kind == "all" or x["kind"] == kind]
        shown = [x for x in sel if x["short"] is not None]
        ms = sorted(x["ms"] for x in sel)
        print(f"{args.split} {kind}: n={len(sel)} contains={sum(bool(x['contains']) for x in sel)}/{len(sel)} "
              f"short shown={len(shown)} right={sum(bool(x['right']) for x in shown)} "
              f"p50 ms={ms[len(ms) // 2] if ms else None}")  # fmt: skip
    for x in rows:
        print(json.dumps({k: x[k] for k in ("id", "contains", "short", "right", "ms")}))
    if args.dump:
        args.dump.write_text(json.dumps(dumped, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
