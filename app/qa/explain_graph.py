"""The explanation graph of an answer (app.qa.explain) over a collection's graph: what a retrieval and its reading
give it, the graph's neighbours, and the entity, keyword or title an edge stands for."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from app.graph.entities import extract_entities
from app.graph.keywords import analyze
from app.qa.answer import Answer
from app.qa.ask import Retrieval
from app.qa.explain import Explanation, Link, Part, explain
from app.qa.index import CollectionIndex, edge_kinds_of


def part_of(retrieval: Retrieval, answer: Answer, label: str = "", question: str = "") -> Part:
    """One chain's material: the retrieval's seeds (hop 0) and traversal edges, the units its answer cites."""
    return Part(
        label=label,
        question=question,
        # Without a parent, hop 0 is a seed; a later hop is a later step's unit of the multi-step retriever.
        seeds=tuple(n.node_id for n in retrieval.nodes if n.parent is None and n.hop == 0),
        steps=tuple((n.node_id, n.hop) for n in retrieval.nodes if n.parent is None and n.hop > 0),
        forward=tuple(Link(n.parent, n.node_id, n.edge_kind or "") for n in retrieval.nodes if n.parent is not None),
        cited=tuple(n.node_id for n in answer.cited),
        answer=answer.short_answer or _gist(answer.text),
    )


def _gist(text: str, most: int = 90) -> str | None:
    """The answer's first line, markers and Markdown emphasis dropped: the answer node's label without a short
    answer."""
    line = re.sub(r"\s*\[\d+\]|\*\*?", "", text.strip().split("\n", 1)[0]).strip()
    return (line if len(line) <= most else line[: most - 1].rstrip() + "…") or None


def explain_answer(
    index: CollectionIndex, question: str, parts: Sequence[Part], max_hops: int, verdict: str | None = None
) -> Explanation | None:
    """The explanation, or None when no part cites a unit (nothing to explain)."""
    if not any(p.cited for p in parts):
        return None
    graph = index.graph

    def neighbours(node_id: str) -> Iterable[Link]:
        if node_id not in graph:
            return
        for other, data in graph.succ[node_id].items():
            for kind in edge_kinds_of(data):
                yield Link(node_id, other, kind)
        for other, data in graph.pred[node_id].items():
            for kind in edge_kinds_of(data):
                yield Link(other, node_id, kind)

    def attr(node_id: str, key: str) -> str:
        data = graph.nodes[node_id] if node_id in graph else {}
        return str(data.get(key) or "")

    def unit_label(node_id: str) -> str:
        page = graph.nodes[node_id].get("page") if node_id in graph else None
        label = attr(node_id, "label") or attr(node_id, "kind") or node_id
        return f"{label} (p. {page})" if page and f"{page}" not in label else label

    def label_of(link: Link) -> str | None:
        if link.kind == "entity":
            theirs = set(extract_entities(attr(link.target, "text")))
            return next((e for e in extract_entities(attr(link.source, "text")) if e in theirs), None)
        if link.kind == "keyword":
            # The rarest-looking shared word: the longest (keywords are TF-IDF terms, long ones are specific).
            shared = set(analyze(attr(link.source, "text"))) & set(analyze(attr(link.target, "text")))
            return max(sorted(shared), key=len) if shared else None
        if link.kind == "mention":
            # The mentioned node is a document (or its passage): its title is what the text said.
            return attr(link.target, "label") or None
        if link.kind == "contains":
            container = link.source if attr(link.source, "kind") in ("page", "document", "table") else link.target
            return attr(container, "label") or None
        return None

    return explain(question, parts, neighbours, unit_label, label_of, max_hops, verdict)
