"""Calibrate and measure the built-in reader's short answers on dumped evidence (benchmarks/reader_contexts.py).

    # tune: fit the confidence model and choose the thresholds on the dev half only; prints the model JSON (with
    # what it was fitted on), or writes it with --out app/qa/models/confidence.json
    python benchmarks/reader_calibration.py --fit eval-results/ctx-hotpotqa.json eval-results/ctx-musique.json
    # measure one split with the model of app/qa/confidence.py (the test half once, at the end)
    python benchmarks/reader_calibration.py --split test eval-results/ctx-hotpotqa.json eval-results/ctx-musique.json

Reported per dataset and tagger: short-answer coverage (shown / questions) and precision (right / shown, right =
SQuAD exact match with the gold answer or an alias), EM/F1 of what `mdqa eval` scores (the short answer when shown,
else the whole answer), "contains" (the normalised answer text holds a gold answer) and the reader's latency per
question. `--baseline` adds the reader of the commit before this change (git show REV).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TARGET_PRECISION = 0.9
# Thresholds are chosen on out-of-fold dev confidences with this margin over the target, because the held-out half
# is small and a threshold chosen at exactly 90% in-sample falls below it out of sample.
MARGIN = 0.05
HIGHLIGHT_PRECISION = 0.6


def load_contexts(paths: list[Path], split: str) -> list[dict[str, Any]]:
    out = []
    for p in paths:
        out.extend(r for r in json.loads(p.read_text(encoding="utf-8")) if r["split"] == split)
    return out


def old_reader(rev: str) -> Any:
    # The reader lived in app/llm/local.py before it moved to app/qa/extractive_reader.py.
    for old_path in ("app/qa/extractive_reader.py", "app/llm/local.py"):
        shown = subprocess.run(["git", "show", f"{rev}:{old_path}"], cwd=ROOT, capture_output=True, text=True)
        if shown.returncode == 0:
            source = shown.stdout
            break
    else:
        raise SystemExit(f"no reader at {rev}")
    path = Path(tempfile.mkdtemp()) / "old_local.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("old_local", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["old_local"] = module
    spec.loader.exec_module(module)
    return module


def evaluate(records: list[dict[str, Any]], encode: Any, tagger: str, old: Any = None) -> list[dict[str, Any]]:
    from app.eval.metrics import best_em_f1, normalize_answer, strip_citations
    from app.qa.extractive_reader.items import ContextItem
    from app.qa.reader.reading import read

    rows = []
    for r in records:
        items = [ContextItem(i["marker"], i["node_id"], i["kind"], i["text"], float(i["score"]), i["document_id"])
                 for i in r["items"]]  # fmt: skip
        qv = encode([r["question"]])[0]
        started = time.perf_counter()
        if old is not None:
            old_items = [old.ContextItem(i.marker, i.node_id, i.kind, i.text) for i in items]
            text, short = old.reader_answer(r["question"], old_items, encode, qv)
            cand_text, features, conf = short, {}, 1.0 if short else 0.0
        else:
            reading = read(r["question"], items, encode, qv, tagger=tagger)
            text, short = reading.text, reading.short_answer
            cand = reading.candidate
            cand_text = cand.text if cand else None
            features = cand.features if cand else {}
            conf = cand.confidence if cand else 0.0
        ms = (time.perf_counter() - started) * 1000
        em, f1 = best_em_f1(short or text, r["answers"])
        cand_em = best_em_f1(cand_text, r["answers"])[0] if cand_text else 0.0
        plain = normalize_answer(strip_citations(text))
        contains = any(normalize_answer(a) and normalize_answer(a) in plain for a in r["answers"])
        rows.append({"id": r["id"], "dataset": r["dataset"], "question": r["question"], "answers": r["answers"],
                     "candidate": cand_text, "candidate_right": cand_em, "features": features, "confidence": conf,
                     "shown": short is not None, "em": em, "f1": f1, "contains": contains, "ms": ms})  # fmt: skip
    return rows


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    shown = [r for r in rows if r["shown"]]
    right = sum(r["candidate_right"] for r in shown)
    ms = [r["ms"] for r in rows]
    return {
        "n": len(rows),
        "shown": len(shown),
        "right": int(right),
        "coverage": round(len(shown) / max(len(rows), 1), 3),
        "precision": round(right / len(shown), 3) if shown else None,
        "em": round(float(np.mean([r["em"] for r in rows])), 3) if rows else None,
        "f1": round(float(np.mean([r["f1"] for r in rows])), 3) if rows else None,
        "contains": round(float(np.mean([r["contains"] for r in rows])), 3) if rows else None,
        "candidate_em": round(float(np.mean([r["candidate_right"] for r in rows])), 3) if rows else None,
        "ms_p50": round(float(np.percentile(ms, 50)), 1) if ms else None,
        "ms_p95": round(float(np.percentile(ms, 95)), 1) if ms else None,
    }


def threshold_for(conf: np.ndarray, right: np.ndarray, target: float) -> float:
    """The lowest threshold t such that every threshold >= t gives precision >= target (1.01: none does)."""
    order = np.argsort(-conf)
    c, y = conf[order], right[order]
    best = 1.01
    hits = 0
    for k in range(len(c)):
        hits += y[k]
        if k + 1 < len(c) and c[k + 1] == c[k]:
            continue
        if hits / (k + 1) >= target:
            best = float(c[k])
        else:
            # Precision must hold from the top down: stop at the first prefix that fails after a passing one.
            if best <= 1.0:
                break
    return best


# The direction each feature may push confidence (+1 up, -1 down, 0 free): with a hundred-odd dev questions an
# unconstrained model learns noise such as "agreement across evidence lowers confidence"; the signs are the
# prior, the data only set the sizes.
DIRECTION = {
    "rank": -1, "rel_score": 1, "similarity": 1, "overlap": 1, "retrieval": 1, "strict": 1, "share": 1, "margin": 1,
    "items": 1, "ambiguity": -1, "proximity": 1, "repeats_question": -1,
}  # fmt: skip


class SignedLogistic:
    """L2-regularised logistic regression with sign constraints on the weights (L-BFGS-B)."""

    def __init__(self, c_reg: float, features: tuple[str, ...]) -> None:
        self.c_reg = c_reg
        self.features = features

    def fit(self, x: np.ndarray, y: np.ndarray) -> SignedLogistic:
        from scipy.optimize import minimize

        n, d = x.shape

        def loss(theta: np.ndarray) -> tuple[float, np.ndarray]:
            w, b = theta[:d], theta[d]
            z = x @ w + b
            p = 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))
            eps = 1e-9
            value = -np.mean(y * np.log(p + eps) + (1 - y) * np.log(1 - p + eps)) + (w @ w) / (2 * self.c_reg * n)
            grad_z = (p - y) / n
            return float(value), np.concatenate([x.T @ grad_z + w / (self.c_reg * n), [grad_z.sum()]])

        bounds = []
        for f in self.features:
            sign = DIRECTION.get(f, 0)
            bounds.append((0.0, None) if sign > 0 else (None, 0.0) if sign < 0 else (None, None))
        bounds.append((None, None))
        result = minimize(loss, np.zeros(d + 1), jac=True, method="L-BFGS-B", bounds=bounds)
        self.coef_, self.intercept_ = result.x[:d], result.x[d]
        return self

    def predict(self, x: np.ndarray) -> np.ndarray:
        return 1.0 / (1.0 + np.exp(-np.clip(x @ self.coef_ + self.intercept_, -30, 30)))


def fit(rows: list[dict[str, Any]], c_reg: float, tagger: str, contexts: list[Path]) -> dict[str, Any]:
    """The model of app/qa/confidence.py (app/qa/models/confidence.json), fitted on the dev `rows`, with what it
    was fitted on."""
    from sklearn.model_selection import StratifiedKFold
    from sklearn.preprocessing import StandardScaler

    from app.qa.confidence import FEATURES

    data = [r for r in rows if r["candidate"]]
    x = np.array([[r["features"].get(f, 0.0) for f in FEATURES] for r in data])
    y = np.array([r["candidate_right"] for r in data]).astype(float)
    oof = np.zeros(len(y))
    for train, test in StratifiedKFold(5, shuffle=True, random_state=0).split(x, y.astype(int)):
        scaler = StandardScaler().fit(x[train])
        model = SignedLogistic(c_reg, FEATURES).fit(scaler.transform(x[train]), y[train])
        oof[test] = model.predict(scaler.transform(x[test]))
    show = threshold_for(oof, y, TARGET_PRECISION + MARGIN)
    highlight = min(threshold_for(oof, y, HIGHLIGHT_PRECISION), show)
    n_show = int((oof >= show).sum())
    print(f"dev candidates {len(y)}, right {int(y.sum())}; out-of-fold: show >= {show:.3f} -> {n_show} shown, "
          f"precision {y[oof >= show].mean() if n_show else float('nan'):.3f}; highlight >= {highlight:.3f} -> "
          f"{int((oof >= highlight).sum())}, precision {y[oof >= highlight].mean():.3f}")  # fmt: skip
    for k in np.argsort(-oof)[:25]:
        print(f"  oof {oof[k]:.3f} right={int(y[k])} {data[k]['dataset']} {data[k]['candidate']!r}")
    scaler = StandardScaler().fit(x)
    model = SignedLogistic(c_reg, FEATURES).fit(scaler.transform(x), y)
    out: dict[str, Any] = {
        "model": "app.qa.confidence: a logistic model over a short-answer candidate's features, and the thresholds "
        "at which the answer is shown (show_threshold) or only highlighted in its sentence (highlight_threshold)",
        "fitted_on": {
            "command": shlex.join(["benchmarks/reader_calibration.py", *sys.argv[1:]]),
            "date": time.strftime("%Y-%m-%d"),
            "data": f"{', '.join(sorted({r['dataset'] for r in data}))} from {', '.join(p.name for p in contexts)}",
            "splits": 'dev only (the records whose split is "dev")',
            "unit": "candidate (a question's best short-answer candidate; right = SQuAD exact match with a gold "
            "answer)",
            "examples": len(y),
            "positives": int(y.sum()),
            "tagger": tagger,
            "c": c_reg,
        },
    }
    if show > 1.0:
        out["note"] = (
            f"No threshold reached the target out of fold ({TARGET_PRECISION + MARGIN:.0%} = {TARGET_PRECISION:.0%} "
            "plus a margin for the small held-out half), so show_threshold is above every possible confidence: the "
            "reader shows no short answer."
        )
    out |= {
        "features": list(FEATURES),
        "means": {f: round(float(m), 4) for f, m in zip(FEATURES, scaler.mean_, strict=True)},
        "scales": {f: round(float(s), 4) for f, s in zip(FEATURES, scaler.scale_, strict=True)},
        "weights": {f: round(float(w), 4) for f, w in zip(FEATURES, model.coef_, strict=True)},
        "bias": round(float(model.intercept_), 4),
        "show_threshold": round(show, 4),
        "highlight_threshold": round(highlight, 4),
    }
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("contexts", type=Path, nargs="+")
    parser.add_argument("--split", choices=("dev", "test"), default="dev")
    parser.add_argument("--fit", action="store_true", help="fit on dev and print the model of app/qa/confidence.py")
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        help="--fit: write the model JSON here (app/qa/models/confidence.json) instead of printing it",
    )
    parser.add_argument("--taggers", default="spacy,rules")
    parser.add_argument("--baseline", default=None, help="git revision of the old reader to compare (e.g. e9ff872)")
    parser.add_argument("--c", type=float, default=0.3, help="inverse L2 strength of the logistic model")
    parser.add_argument("--fit-tagger", default="spacy")
    parser.add_argument("--rows", type=Path, default=None, help="write per-question rows (JSON) here")
    parser.add_argument("--embed-cache", type=Path, default=Path("eval-results/reader-embed-cache.npz"))
    args = parser.parse_args()
    if args.fit and args.split != "dev":
        parser.error("--fit tunes on the dev half only")
    if args.out and not args.fit:
        parser.error("--out is where --fit writes its model")

    from app.llm.embeddings import get_embedder
    from app.llm.vector_cache import VectorCache
    from app.settings import get_settings

    embedder = VectorCache(get_embedder(get_settings().device))
    embedder.load(args.embed_cache)
    records = load_contexts(args.contexts, args.split)
    datasets = sorted({r["dataset"] for r in records})
    all_rows: dict[str, list[dict[str, Any]]] = {}
    if args.baseline:
        all_rows["before"] = evaluate(records, embedder.encode, "rules", old_reader(args.baseline))
    for tagger in [t for t in args.taggers.split(",") if t]:
        evaluate(records[:3], embedder.encode, tagger)  # load the tagger and warm caches outside the timings
        all_rows[tagger] = evaluate(records, embedder.encode, tagger)
    embedder.save(args.embed_cache)
    print(f"split {args.split}: {len(records)} questions")
    header = "| reader | dataset | n | shown | coverage | precision | EM | F1 | contains | cand. EM | p50 ms | p95 ms |"
    print(header)
    print("|" + "---|" * (header.count("|") - 1))
    for name, rows in all_rows.items():
        for ds in [*datasets, "all"]:
            s = summary([r for r in rows if ds == "all" or r["dataset"] == ds])
            print(f"| {name} | {ds} | {s['n']} | {s['shown']} | {s['coverage']} | {s['precision']} | {s['em']} | "
                  f"{s['f1']} | {s['contains']} | {s['candidate_em']} | {s['ms_p50']} | {s['ms_p95']} |")  # fmt: skip
    if args.rows:
        args.rows.write_text(json.dumps(all_rows, indent=1, default=float), encoding="utf-8")
    if args.fit:
        model = json.dumps(fit(all_rows[args.fit_tagger], args.c, args.fit_tagger, args.contexts), indent=2) + "\n"
        if args.out:
            args.out.write_text(model, encoding="utf-8")
            print(f"wrote {args.out}")
        else:
            print(model, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
