"""Where one retriever loses to another, per question: for the traversal owner, not for tuning on answers.

python -m app.eval.analysis eval-results/hotpotqa-pooled-....json [kgp] [dense]
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any


def _top_distinct(retrieved: list[dict[str, Any]], k: int) -> list[dict[str, Any]]:
    """The first node of each of the first k distinct paragraphs (by title + paragraph idx)."""
    seen: set[tuple[str, str]] = set()
    out = []
    for node in retrieved:
        if node["kind"] != "passage":
            continue
        key = (node["title"], str(node["paragraph_idx"]))
        if key in seen:
            continue
        seen.add(key)
        out.append(node)
        if len(out) == k:
            break
    return out


def edge_kind_counts(records: list[dict[str, Any]], name: str, k: int = 5) -> tuple[Counter[str], Counter[str]]:
    """(edge kinds of all top-k nodes, edge kinds of top-k supporting nodes); seeds count as 'seed'."""
    used: Counter[str] = Counter()
    useful: Counter[str] = Counter()
    for record in records:
        result = record["retrievers"].get(name)
        if not result:
            continue
        for node in _top_distinct(result["retrieved"], k):
            kind = node.get("edge_kind") or "seed"
            used[kind] += 1
            if node["supporting"]:
                useful[kind] += 1
    return used, useful


def compare(run: dict[str, Any], a: str = "kgp", b: str = "dense", k: int = 5, examples: int = 8) -> str:
    records = run["per_question"]
    key = f"recall@{k}"
    wins, losses, ties = [], [], 0
    for record in records:
        ra, rb = record["retrievers"].get(a), record["retrievers"].get(b)
        if not ra or not rb:
            continue
        if ra[key] > rb[key]:
            wins.append(record)
        elif ra[key] < rb[key]:
            losses.append(record)
        else:
            ties += 1
    lines = [f"**{a} vs {b} on {key}** ({run['dataset']}, {run['setting']}): {len(wins)} wins, {len(losses)} losses, "
             f"{ties} ties."]  # fmt: skip
    by_type: Counter[str] = Counter(r["question_type"] for r in losses)
    lines.append("Losses by question type: " + ", ".join(f"{t} {n}" for t, n in by_type.most_common()) + ".")
    used, useful = edge_kind_counts(records, a, k)
    lines.append(
        f"Edge kinds reaching {a}'s top-{k} paragraphs (all questions): "
        + ", ".join(f"{kind} {used[kind]} ({useful[kind]} supporting)" for kind, _ in used.most_common())
        + "."
    )
    lost_used, lost_useful = edge_kind_counts(losses, a, k)
    lines.append(
        f"In the {len(losses)} losses: "
        + ", ".join(f"{kind} {lost_used[kind]} ({lost_useful[kind]} supporting)" for kind, _ in lost_used.most_common())
        + "."
    )
    # What the loser missed: supporting paragraphs b had in its top k but a did not.
    missed_seed_rank: list[int] = []
    for record in losses:
        top_a = {(n["title"]) for n in _top_distinct(record["retrievers"][a]["retrieved"], k) if n["supporting"]}
        top_b = [n for n in _top_distinct(record["retrievers"][b]["retrieved"], k) if n["supporting"]]
        for node in top_b:
            if node["title"] not in top_a:
                missed_seed_rank.append(_top_distinct(record["retrievers"][b]["retrieved"], k).index(node) + 1)
    if missed_seed_rank:
        ranks = Counter(missed_seed_rank)
        lines.append(
            f"Supporting paragraphs {b} had in its top {k} and {a} missed, by {b}'s rank: "
            + ", ".join(f"#{r}: {ranks[r]}" for r in sorted(ranks))
            + "."
        )
    hops: Counter[int] = Counter()
    for record in losses:
        for node in _top_distinct(record["retrievers"][a]["retrieved"], k):
            hops[node["hop"]] += 1
    lines.append(f"Hops of {a}'s top-{k} nodes in losses: " + ", ".join(f"hop {h}: {hops[h]}" for h in sorted(hops)))
    lines.append("")
    lines.append(f"Examples of losses (first {examples}):")
    for record in losses[:examples]:
        ra = record["retrievers"][a]
        path = " → ".join(
            f"{n['title'][:30]}{'*' if n['supporting'] else ''}[{n.get('edge_kind') or 'seed'}]"
            for n in _top_distinct(ra["retrieved"], k)
        )
        lines.append(
            f"- {record['question'][:90]} (gold: {'; '.join(record['supporting_titles'])}) "
            f"{a} {ra[key]:.2f} vs {b} {record['retrievers'][b][key]:.2f}: {path}"
        )
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    run = json.loads(Path(argv[0]).read_text())
    a = argv[1] if len(argv) > 1 else "kgp"
    b = argv[2] if len(argv) > 2 else "dense"
    print(compare(run, a, b))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
