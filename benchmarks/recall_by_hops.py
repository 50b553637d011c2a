"""Recall@k per retriever by the number of supporting paragraphs a question needs (its hops), from the per-question
JSON `mdqa eval --json` leaves in eval-results/: 3- and 4-hop MuSiQue questions reported apart from 2-hop ones.

    python benchmarks/recall_by_hops.py eval-results/musique-pooled-<stamp>.json [--k 2,5,10]
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path


def by_hops(per_question: list[dict], ks: list[int]) -> dict[int, dict[str, list[float]]]:
    """hops -> retriever -> [mean recall@k for each k, questions]."""
    grouped: dict[int, dict[str, list[list[float]]]] = defaultdict(lambda: defaultdict(list))
    for q in per_question:
        hops = len(q["supporting_paragraph_idx"])
        for name, got in q["retrievers"].items():
            grouped[hops][name].append([got[f"recall@{k}"] for k in ks])
    return {
        hops: {name: [sum(r[i] for r in rows) / len(rows) for i in range(len(ks))] + [len(rows)]
               for name, rows in retrievers.items()}
        for hops, retrievers in sorted(grouped.items())
    }  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", type=Path)
    parser.add_argument("--k", default="2,5,10")
    args = parser.parse_args()
    ks = [int(k) for k in args.k.split(",")]
    data = json.loads(args.results.read_text())
    table = by_hops(data["per_question"], ks)
    print("| hops | questions | retriever | " + " | ".join(f"R@{k}" for k in ks) + " |")
    print("|---|---|---|" + "---|" * len(ks))
    for hops, retrievers in table.items():
        for name, row in retrievers.items():
            print(f"| {hops} | {int(row[-1])} | {name} | " + " | ".join(f"{v:.3f}" for v in row[:-1]) + " |")


if __name__ == "__main__":
    main()
