"""Where the built-in reader loses content answers: retrieval or reading.

For each single-part content record of a PDF answer set (dev records only; the test half is never read), over the
collection `mdqa eval --cache-dir DIR` ingested: is an acceptable answer in the retrieved evidence (the context the
reader gets), among the sentences the reader scores, in its embedded shortlist, and in the shown answer?

    MDQA_DATABASE_URL= .venv/bin/python benchmarks/reader_diagnose.py benchmarks/answers/content_dev.json \
        --cache-dir /tmp/reader2/cache [--kinds content] [--verbose]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _holds(text: str, part: list[str]) -> bool:
    from app.eval.answerset import contains

    return any(contains(text, a) for a in part)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("answers", type=Path)
    parser.add_argument("--cache-dir", type=Path, required=True)
    parser.add_argument("--kinds", default="content")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()

    from app.db.session import session_scope
    from app.llm.vector_cache import remembered
    from app.qa import reader as reader_mod
    from app.qa.answer import build_context, reading_order
    from app.qa.ask import AskOptions
    from app.qa.evidence import retrieve, widen_for_reading
    from app.qa.extractive_reader.scoring import candidates, score_candidates
    from app.qa.pipeline import ask
    from app.qa.tools import QueryVector, Tools
    from app.settings import get_settings

    data = json.loads(args.answers.read_text(encoding="utf-8"))
    kinds = set(args.kinds.split(","))
    records = [r for r in data["records"] if r["split"] == "dev" and r["kind"] in kinds]
    metas = sorted(args.cache_dir.glob("pdf-answers-*/meta.json"), key=lambda p: p.stat().st_mtime)
    meta = json.loads(metas[-1].read_text(encoding="utf-8"))
    url = f"sqlite:///{(metas[-1].parent / 'eval.db').resolve()}"
    settings = get_settings().model_copy(update={"database_url": url, "data_dir": metas[-1].parent / "data"})
    tools = Tools()
    encoder = tools.encoder(settings)
    counts = {"retrieved": 0, "scored": 0, "shortlisted": 0, "answered": 0}
    with session_scope(url) as session:
        cid = meta["collection_id"]
        for r in records:
            parts = r["answers"]
            q = r["question"]
            retrieval = retrieve(session, cid, q, AskOptions(), settings, tools)
            widen_for_reading(session, cid, q, retrieval, AskOptions(), settings, tools)
            items = build_context(reading_order(retrieval.nodes, retrieval.reading_extra))
            context = " ".join(i.text for i in items)
            cands = candidates(items)
            scored = " ".join(c.text for c in cands)
            qv = QueryVector(lambda: tools.encoder(settings), q)()
            encode = remembered(encoder)
            short = score_candidates(q, list(cands), encode, len(items), qv)
            ranked = reader_mod.rerank_by_type(q, sorted(short, key=lambda c: -c.score), "spacy", encode)
            shortlisted = " ".join(c.text for c in short)
            answer = ask(session, cid, q, AskOptions(), settings, tools).answer
            flags = {
                "retrieved": all(_holds(context, p) for p in parts),
                "scored": all(_holds(scored, p) for p in parts),
                "shortlisted": all(_holds(shortlisted, p) for p in parts),
                "answered": all(_holds(answer, p) for p in parts),
            }
            for k, v in flags.items():
                counts[k] += v
            where = next((k for k, v in flags.items() if not v), "ok")
            print(f"{r['id']:9} lost at {where:11} {q[:80]}")
            if args.verbose and where != "ok":
                docs = [i.text[:80] for i in items[:4]]
                print("   answer:", answer[:300].replace("\n", " "))
                if where in ("answered", "shortlisted"):
                    rank = next((n for n, c in enumerate(ranked) if all(_holds(c.text, p) for p in parts)), None)
                    learned = reader_mod.learned_rank(q, list(short), list(cands), len(items), "spacy", encode)
                    at = next((n for n, c in enumerate(learned) if all(_holds(c.text, p) for p in parts)), None)
                    print("   rank of answer sentence (hand-set):", rank, "learned:", at)
                    for n, c in enumerate(ranked[: max(3, (rank or 0) + 1)]):
                        print(f"     {n:2} {c.score:.3f} {c.text[:140]!r}")
                elif where == "retrieved":
                    print("   context heads:", docs)
    n = len(records)
    print(" ".join(f"{k} {v}/{n}" for k, v in counts.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
