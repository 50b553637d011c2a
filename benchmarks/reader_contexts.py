"""Dump what the built-in reader reads: for each HotpotQA/MuSiQue question, the kgp evidence of the per-question
collection (the `mdqa eval` per-question setting), with the question, its gold answers and its split.

The reader can then be measured and calibrated offline, many variants on the same evidence, without re-ingesting.
Split: dev when sha256(id) is even (BRIEF), else test; both are dumped, the calibration reads only dev.

    python benchmarks/reader_contexts.py /work/shared/data/mdqa/hotpotqa_100.json eval-results/ctx-hotpotqa.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def split_of(qid: str) -> str:
    return "dev" if int(hashlib.sha256(str(qid).encode()).hexdigest(), 16) % 2 == 0 else "test"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dataset", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--embed-cache", type=Path, default=Path("eval-results/reader-embed-cache.npz"))
    args = parser.parse_args()

    from app.db.migrate import upgrade
    from app.db.session import session_scope
    from app.eval.corpus import ingest_text
    from app.eval.datasets import load_questions, per_question_documents
    from app.eval.retrievers import options_for
    from app.llm.embeddings import get_embedder
    from app.llm.vector_cache import VectorCache
    from app.qa.answer import build_context
    from app.qa.evidence import retrieve
    from app.qa.tools import Tools
    from app.settings import get_settings

    settings = get_settings()
    embedder = VectorCache(get_embedder(settings.device))
    embedder.load(args.embed_cache)
    dataset, questions = load_questions(args.dataset)
    out = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="mdqa-reader-") as tmp:
        url = f"sqlite:///{Path(tmp) / 'ctx.db'}"
        run_settings = settings.model_copy(update={"data_dir": Path(tmp) / "data", "database_url": url})
        upgrade(url)
        tools = Tools(embedder=embedder)
        for q in questions:
            with session_scope(url) as session:
                collection = ingest_text(
                    session, f"ctx:{q.id}", per_question_documents(q), run_settings, embedder
                )
                retrieval = retrieve(
                    session,
                    collection.collection_id,
                    q.question,
                    options_for("kgp", run_settings, run_settings.retrieval.budget),
                    run_settings,
                    tools,
                )
            nodes = {n.node_id: n for n in retrieval.nodes}
            items = build_context(retrieval.nodes)
            out.append(
                {
                    "id": q.id,
                    "split": split_of(q.id),
                    "dataset": dataset,
                    "question": q.question,
                    "answers": q.answers,
                    "question_type": q.question_type,
                    "question_type_routed": retrieval.question_type,
                    "items": [
                        {
                            "marker": i.marker,
                            "node_id": i.node_id,
                            "kind": i.kind,
                            "text": i.text,
                            "document_id": nodes[i.node_id].document_id,
                            "score": nodes[i.node_id].score,
                            "hop": nodes[i.node_id].hop,
                        }
                        for i in items
                    ],
                }
            )
    embedder.save(args.embed_cache)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=1), encoding="utf-8")
    print(f"{len(out)} questions of {dataset} in {time.perf_counter() - started:.0f} s -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
