"""The reader's sentence ranking on dev data: dump question/sentence pairs, cross-validate, fit.

    # 1. dump the shortlisted sentences of every dev question, with app.qa.sentence_rank features and a label
    #    (the sentence holds the answer), and the rank the hand-set reader gives it
    MDQA_DATABASE_URL= .venv/bin/python benchmarks/reader_rank.py dump OUT.npz --cache-dir DIR \
        --pdf benchmarks/answers/content_dev.json benchmarks/answers/content_fresh.json \
        benchmarks/answers/content_fresh2.json benchmarks/answers/content_fresh3.json benchmarks/answers/pdf_qa.json \
        --mdqa ../shared/data/mdqa/hotpotqa_100.json ../shared/data/mdqa/musique_100.json
    # 2. cross-validate (grouped by question; and train on one source group, test on the other)
    .venv/bin/python benchmarks/reader_rank.py cv OUT.npz [MORE.npz ...]
    # 3. fit on everything and print the model JSON of app/qa/sentence_rank.py (with what it was fitted on), or
    #    write it with --out app/qa/models/sentence_rank.json
    .venv/bin/python benchmarks/reader_rank.py fit OUT.npz [MORE.npz ...] [--out app/qa/models/sentence_rank.json]

Only `dev` records of the PDF sets are read (the test halves never). HotpotQA/MuSiQue questions (the files
`mdqa eval` uses) are read over their own paragraphs, ordered by cosine to the question (a stand-in for retrieval):
a sentence is a positive when it holds the answer and stands in a supporting paragraph (HotpotQA), or in the
paragraph of the last hop (MuSiQue; each hop's sub-question, its "#k" filled with the earlier answers, is a
question of its own).
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


PDF_SETS = ["content_dev", "content_fresh", "content_fresh2", "content_fresh3", "content_fresh4", "pdf_qa"]


def _holds(text: str, alternatives: list[str]) -> bool:
    from app.eval.answerset import contains

    return any(contains(text, a) for a in alternatives)


class Dumper:
    def __init__(self) -> None:
        from app.llm.vector_cache import remembered
        from app.qa.tools import Tools
        from app.settings import get_settings

        self.settings = get_settings()
        self.tools = Tools()
        self.encoder = self.tools.encoder(self.settings)
        self.encode = remembered(self.encoder)
        self.rows: list[np.ndarray] = []
        self.labels: list[np.ndarray] = []
        self.groups: list[np.ndarray] = []
        self.base_rank: list[np.ndarray] = []
        self.markers: list[np.ndarray] = []
        self.sources: list[str] = []
        self.n = 0

    def add(self, source: str, question: str, items: list, alternatives: list[list[str]], positive_items=None) -> str:
        """One question: its shortlisted sentences' features and labels; returns where the answer was lost."""
        from app.qa import reader as reader_mod
        from app.qa import sentence_rank
        from app.qa.extractive_reader.scoring import candidates, score_candidates

        everything = candidates(items)
        if not everything:
            return "no-context"
        qv = self.encode([question])[0]
        short = score_candidates(question, list(everything), self.encode, len(items), qv)
        ranked = reader_mod.rerank_by_type(question, sorted(short, key=lambda c: -c.score), "spacy", self.encode)
        y = np.array(
            [
                all(_holds(c.text, part) for part in alternatives)
                and (positive_items is None or c.item.node_id in positive_items)
                for c in ranked
            ],
            dtype=bool,
        )
        if not y.any():
            anywhere = any(all(_holds(c.text, part) for part in alternatives) for c in everything)
            return "not-shortlisted" if anywhere else "not-in-evidence"
        x = sentence_rank.features(question, ranked, everything, len(items), "spacy", self.encode, every_feature=True)
        self.rows.append(x)
        self.labels.append(y)
        self.groups.append(np.full(len(ranked), self.n))
        self.base_rank.append(np.arange(len(ranked)))
        self.markers.append(np.array([c.item.marker for c in ranked]))
        self.sources.append(source)
        self.n += 1
        return "top" if y[0] else f"rank{int(np.argmax(y))}"

    def save(self, path: Path) -> None:
        np.savez(
            path,
            x=np.concatenate(self.rows),
            y=np.concatenate(self.labels),
            group=np.concatenate(self.groups),
            base_rank=np.concatenate(self.base_rank),
            marker=np.concatenate(self.markers),
            source=np.array(self.sources),
        )


def dump_pdf(d: Dumper, files: list[Path], cache_dir: Path, verbose: bool) -> None:
    from app.db.session import session_scope
    from app.qa.answer import build_context, reading_order
    from app.qa.ask import AskOptions
    from app.qa.decompose.split import split_question
    from app.qa.evidence import retrieve, widen_for_reading

    metas = sorted(cache_dir.glob("pdf-answers-*/meta.json"), key=lambda p: p.stat().st_mtime)
    meta = json.loads(metas[-1].read_text(encoding="utf-8"))
    url = f"sqlite:///{(metas[-1].parent / 'eval.db').resolve()}"
    settings = d.settings.model_copy(update={"database_url": url, "data_dir": metas[-1].parent / "data"})
    with session_scope(url) as session:
        for f in files:
            data = json.loads(f.read_text(encoding="utf-8"))
            records = [r for r in data["records"] if r["split"] == "dev" and r["kind"] == "content"]
            for r in records:
                q = r["question"]
                if split_question(q):
                    continue
                retrieval = retrieve(session, meta["collection_id"], q, AskOptions(), settings, d.tools)
                # What the reader reads: the traversal's evidence and the seed ranking's next best units.
                widen_for_reading(session, meta["collection_id"], q, retrieval, AskOptions(), settings, d.tools)
                if retrieval.table_answers or retrieval.question_type != "content":
                    print(f"{f.stem:14} {r['id']:10} skipped (table/structural)")
                    continue
                items = build_context(reading_order(retrieval.nodes, retrieval.reading_extra))
                where = d.add(f.stem, q, items, r["answers"])
                print(f"{f.stem:14} {r['id']:10} {where:16} {q[:70] if verbose else ''}")


def dump_mdqa(d: Dumper, files: list[Path], max_items: int) -> None:
    from app.qa.extractive_reader.items import ContextItem

    for f in files:
        for r in json.loads(f.read_text(encoding="utf-8")):
            paras = r["paragraphs"]
            texts = [p["text"] for p in paras]
            qs: list[tuple[str, list[str], set[int]]] = []
            if r["dataset"] == "hotpotqa":
                if r["answer"].lower() in ("yes", "no"):
                    continue
                qs.append(
                    (r["question"], [r["answer"], *r.get("answer_aliases", [])], set(r["supporting_paragraph_idx"]))
                )
            else:
                answers: list[str] = []
                for hop in r.get("decomposition") or []:
                    sub = hop["question"]
                    for j, a in enumerate(answers, start=1):
                        sub = sub.replace(f"#{j}", a)
                    answers.append(hop["answer"])
                    if "#" not in sub:
                        qs.append((sub, [hop["answer"]], {hop["paragraph_support_idx"]}))
                qs.append(
                    (
                        r["question"],
                        [r["answer"], *r.get("answer_aliases", [])],
                        {r["decomposition"][-1]["paragraph_support_idx"]} if r.get("decomposition") else set(),
                    )
                )
            for q, alts, support in qs:
                qv = d.encode([q])[0]
                pv = d.encode(texts)
                order = list(np.argsort(-(pv @ qv)))[:max_items]
                items = [
                    ContextItem(
                        marker=i + 1,
                        node_id=str(idx),
                        kind="passage",
                        text=texts[idx][:2500],
                        score=float(pv[idx] @ qv),
                    )
                    for i, idx in enumerate(order)
                ]
                where = d.add(r["dataset"], q, items, [alts], {str(i) for i in support})
                print(f"{r['dataset']:14} {r['id'][:10]:10} {where}")


def _load(paths: list[Path]):
    parts = [np.load(p) for p in paths]
    offsets = np.cumsum([0] + [len(z["source"]) for z in parts])
    return (
        np.concatenate([z["x"] for z in parts]),
        np.concatenate([z["y"] for z in parts]),
        np.concatenate([z["group"] + off for z, off in zip(parts, offsets, strict=False)]),
        np.concatenate([z["base_rank"] for z in parts]),
        np.concatenate([z["source"] for z in parts]),
    )


def _top1(scores: np.ndarray, y: np.ndarray, group: np.ndarray, keep: np.ndarray, k: int = 1) -> tuple[int, int]:
    """Questions whose `k` best-scored sentences hold an answer-bearing one, and the number of questions."""
    hits = n = 0
    for g in np.unique(group[keep]):
        m = group == g
        n += 1
        hits += bool(y[m][np.argsort(-scores[m], kind="stable")[:k]].any())
    return hits, n


DROPPED: list[str] = []  # features left out of the fit (weight 0), set by --drop


def _fit(x: np.ndarray, y: np.ndarray, c: float = 1.0):
    from sklearn.linear_model import LogisticRegression

    from app.qa.sentence_rank import FEATURES

    used = np.array([f not in DROPPED for f in FEATURES])
    means = np.where(used, x.mean(axis=0), 0.0)
    scales = np.where(used, x.std(axis=0), 1.0)
    scales[scales == 0] = 1.0
    model = LogisticRegression(C=c, max_iter=2000, class_weight="balanced")
    model.fit(((x - means) / scales)[:, used], y)
    weights = np.zeros(len(FEATURES))
    weights[used] = model.coef_[0]
    return means, scales, weights, float(model.intercept_[0])


def _predict(params, x: np.ndarray) -> np.ndarray:
    means, scales, w, b = params
    return b + ((x - means) / scales) @ w


def cv(path: list[Path], c: float) -> None:
    x, y, group, base_rank, source = _load(path)
    src = source[group]
    pdf = np.isin(src, PDF_SETS)
    baseline = -base_rank.astype(float)
    print(f"questions: {len(source)} ({int(np.unique(group[pdf]).size)} PDF dev), sentences: {len(y)}")
    # Grouped 5-fold over all questions, scored per source.
    rng = np.random.default_rng(0)
    qs = np.unique(group)
    fold = dict(zip(qs, rng.permutation(len(qs)) % 5, strict=True))
    folds = np.array([fold[g] for g in group])
    learned = np.zeros(len(y))
    for k in range(5):
        test = folds == k
        learned[test] = _predict(_fit(x[~test], y[~test], c), x[test])
    print("grouped 5-fold: the k best sentences hold the answer, hand-set reader -> learned ranking:")
    for name in [*np.unique(source), "PDF dev", "all"]:
        keep = pdf if name == "PDF dev" else (np.ones(len(y), bool) if name == "all" else src == name)
        n, cells = _topk_cells(baseline, learned, y, group, keep)
        print(f"  {name:14} n={n:4}  {cells}")
    # Out of domain: trained on HotpotQA/MuSiQue only, tested on the PDF dev questions, and the reverse.
    for train_on, test_on, label in (
        (~pdf, pdf, "HotpotQA+MuSiQue -> PDF dev"),
        (pdf, ~pdf, "PDF dev -> HotpotQA+MuSiQue"),
    ):
        params = _fit(x[train_on], y[train_on], c)
        s = np.zeros(len(y))
        s[test_on] = _predict(params, x[test_on])
        for name in [None, *np.unique(src[test_on])]:
            keep = test_on if name is None else test_on & (src == name)
            n, cells = _topk_cells(baseline, s, y, group, keep)
            print(f"  {label if name is None else '  ' + name:30} n={n:4}  {cells}")


def _shown(scores: np.ndarray, y: np.ndarray, group: np.ndarray, keep: np.ndarray) -> tuple[float, float]:
    """As the reader shows them (app.qa.sentence_rank: up to MAX_CHOSEN sentences, a runner-up while its probability
    is at least SECOND_RATIO of the best one's; the one-per-item rule left aside): the share of questions whose
    shown sentences hold the answer, and the mean number shown."""
    from app.qa.sentence_rank import MAX_CHOSEN, SECOND_RATIO

    hits = shown = n = 0
    for g in np.unique(group[keep]):
        m = group == g
        p = 1.0 / (1.0 + np.exp(-np.clip(scores[m], -30, 30)))
        order = np.argsort(-p, kind="stable")[:MAX_CHOSEN]
        order = order[p[order] >= SECOND_RATIO * p[order[0]]]
        hits += bool(y[m][order].any())
        shown += len(order)
        n += 1
    return hits / max(n, 1), shown / max(n, 1)


def _topk_cells(
    baseline: np.ndarray, learned: np.ndarray, y: np.ndarray, group: np.ndarray, keep: np.ndarray
) -> tuple[int, str]:
    """(questions, "top1 a -> b   top2 ...   top3 ..."): how often the k best sentences hold the answer, both ways;
    then how often the sentences the learned ranking would show hold it."""
    cells = []
    n = 0
    for k in (1, 2, 3):
        b, n = _top1(baseline, y, group, keep, k)
        lrn, _ = _top1(learned, y, group, keep, k)
        cells.append(f"top{k} {b / n:4.0%} -> {lrn / n:4.0%}")
    hit, shown = _shown(learned, y, group, keep)
    cells.append(f"shown {hit:4.0%} ({shown:.1f})")
    return n, "   ".join(cells)


def fit(path: list[Path], c: float, sources: list[str]) -> dict:
    """The model of app/qa/sentence_rank.py (app/qa/models/sentence_rank.json), fitted on the dumps, with what it
    was fitted on."""
    from app.qa.sentence_rank import FEATURES

    x, y, group, _, source = _load(path)
    if sources:
        keep = np.isin(source[group], sources)
        x, y, group, source = x[keep], y[keep], group[keep], source[np.isin(source, sources)]
    means, scales, w, b = _fit(x, y, c)

    def per_feature(v: np.ndarray) -> dict[str, float]:
        return {f: round(float(t), 4) for f, t in zip(FEATURES, v, strict=True)}

    return {
        "model": "app.qa.sentence_rank: a logistic model over a shortlisted sentence's features, the probability "
        "that it holds the answer",
        "fitted_on": {
            "command": shlex.join(["benchmarks/reader_rank.py", *sys.argv[1:]]),
            "date": time.strftime("%Y-%m-%d"),
            "data": ", ".join(sorted(set(str(t) for t in source))),
            "splits": 'dev only: the "dev" records of the PDF answer sets (never their test halves); HotpotQA and '
            "MuSiQue questions over their own paragraphs",
            "unit": "sentence (a shortlisted sentence of a question; positive = it holds the answer)",
            "examples": len(y),
            "positives": int(y.sum()),
            "questions": len(source),
            "c": c,
            "left_out": list(DROPPED),
            "dumps": [p.name for p in path],
        },
        "features": list(FEATURES),
        "means": per_feature(means),
        "scales": per_feature(scales),
        "weights": per_feature(w),
        "bias": round(b, 4),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["dump", "cv", "fit"])
    parser.add_argument("path", type=Path, nargs="+", help="dump: the file to write; cv, fit: the dumps to read")
    parser.add_argument("--cache-dir", type=Path)
    parser.add_argument("--pdf", type=Path, nargs="*", default=[])
    parser.add_argument("--mdqa", type=Path, nargs="*", default=[])
    parser.add_argument("--max-items", type=int, default=10)
    parser.add_argument("--c", type=float, default=1.0)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--sources", default="", help="fit: only these sources (comma list), e.g. hotpotqa,musique")
    parser.add_argument("--drop", default="", help="cv, fit: features to leave out (comma list)")
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        help="fit: write the model JSON here (app/qa/models/sentence_rank.json) instead of printing it",
    )
    args = parser.parse_args()
    DROPPED.extend(f for f in args.drop.split(",") if f)
    if args.command == "dump":
        d = Dumper()
        if args.pdf:
            dump_pdf(d, args.pdf, args.cache_dir, args.verbose)
        dump_mdqa(d, args.mdqa, args.max_items)
        d.save(args.path[0])
    elif args.command == "cv":
        cv(args.path, args.c)
    else:
        model = json.dumps(fit(args.path, args.c, [s for s in args.sources.split(",") if s]), indent=2) + "\n"
        if args.out:
            args.out.write_text(model, encoding="utf-8")
            print(f"wrote {args.out}")
        else:
            print(model, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
