"""The explanation graph (BGR, "Towards Graph-hop Retrieval and Reasoning"): a DAG from the question to the answer.

The forward tree (the traversal's visited edges) shows everything the retriever looked at; most of it leads nowhere
the answer went. BGR reasons backward from the answer as well and keeps what both directions support. Here the
backward pass starts at each unit the answer cites and walks back to one of its part's seeds: over the edges the
traversal used when they reach a seed, else over the shortest path of contains/next/keyword/entity/mention edges.
Merged as the paper does: an edge both directions support is kept (support "both"); where they disagree (the
traversal reached the cited unit from elsewhere), the backward path is what the explanation shows.

Pure: the graph is reached through `neighbours` and edge labels through `label_of`, both given by the caller.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

# Structure and the sparse, named links: a semantic edge ("looks alike") explains nothing to a reader.
BACKWARD_KINDS = frozenset({"contains", "next", "continues", "keyword", "entity", "mention"})
# A hub (a document's page, a common keyword) can reach thousands of nodes in four hops: the search stops there.
MAX_SEARCHED = 20_000

NodeKind = Literal["question", "part", "unit", "answer", "verdict"]
Support = Literal["both", "backward"]


@dataclass(frozen=True, slots=True)
class Link:
    """A graph edge source -> target of `kind` (as stored; the search walks it either way)."""

    source: str
    target: str
    kind: str


@dataclass(frozen=True, slots=True)
class Part:
    """One chain of the explanation: the whole question, a compared thing, or one part of a question of several."""

    label: str  # "" for a question asked whole
    question: str
    seeds: tuple[str, ...]  # the units the retrieval started from (hop 0)
    forward: tuple[Link, ...]  # the traversal's edges parent -> child
    cited: tuple[str, ...]  # the units this part's answer cites: cited[k] is marker k + 1
    answer: str | None = None  # the part's short answer, when the reader found one
    # Units a later step of a multi-step retrieval found (unit id -> step, 0-based): no seeds of their own, they
    # are reached back through the graph from the first step's units, the bridge between them.
    steps: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class ExplainNode:
    id: str
    kind: NodeKind
    label: str
    role: str | None = None  # a unit's place on its chain: seed, bridge or cited


@dataclass(frozen=True, slots=True)
class ExplainEdge:
    source: str
    target: str
    kind: str  # a graph edge kind, or part / seed / cited / verdict
    reason: str
    # "backward": a graph edge only the backward pass took. The question's, a part's and the answer's own edges are
    # both directions' by construction.
    support: Support = "both"


@dataclass(frozen=True, slots=True)
class Explanation:
    nodes: tuple[ExplainNode, ...]
    edges: tuple[ExplainEdge, ...]
    # One per part (per compared thing): its node ids from the question to the answer, in chain order.
    chains: tuple[tuple[str, ...], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "nodes": [{"id": n.id, "kind": n.kind, "label": n.label, "role": n.role} for n in self.nodes],
            "edges": [
                {"source": e.source, "target": e.target, "kind": e.kind, "reason": e.reason, "support": e.support}
                for e in self.edges
            ],
            "chains": [list(chain) for chain in self.chains],
        }


QUESTION_ID = "question"
ANSWER_ID = "answer"


def reason(kind: str, label: str | None) -> str:
    """Why a graph edge is on the chain, as a reader would say it."""
    if kind == "entity":
        return f'shared entity "{label}"' if label else "shared entity"
    if kind == "keyword":
        return f'keyword "{label}"' if label else "shared keyword"
    if kind == "mention":
        return f'mentions "{label}"' if label else "mentions the document"
    if kind == "next":
        return "next passage"
    if kind == "continues":
        return "same table, continued"
    if kind == "contains":
        return f"in {label}" if label else "same page"
    if kind == "semantic":
        return "similar passage"
    return kind


def forward_chain(part: Part, unit: str, max_hops: int) -> list[Link] | None:
    """The traversal's edges from a seed of `part` to `unit`, seed first; None when they do not reach one."""
    parent = {link.target: link for link in part.forward}
    seeds = set(part.seeds)
    chain: list[Link] = []
    at = unit
    while at not in seeds:
        link = parent.get(at)
        if link is None or len(chain) >= max_hops:
            return None
        chain.append(link)
        at = link.source
    return chain[::-1]


def shortest_chain(
    seeds: Iterable[str], unit: str, neighbours: Callable[[str], Iterable[Link]], max_hops: int
) -> list[Link] | None:
    """The fewest BACKWARD_KINDS edges from any of `seeds` to `unit` (breadth-first from the unit), seed first,
    each Link oriented along the chain; None beyond `max_hops`."""
    goal = set(seeds)
    if unit in goal:
        return []
    came: dict[str, Link] = {unit: Link(unit, unit, "")}
    frontier = deque([(unit, 0)])
    while frontier and len(came) < MAX_SEARCHED:
        at, depth = frontier.popleft()
        if depth >= max_hops:
            continue
        for link in neighbours(at):
            if link.kind not in BACKWARD_KINDS:
                continue
            other = link.target if link.source == at else link.source
            if other in came:
                continue
            came[other] = Link(other, at, link.kind)  # towards the unit
            if other in goal:
                chain: list[Link] = []
                node = other
                while node != unit:
                    step = came[node]
                    chain.append(step)
                    node = step.target
                return chain
            frontier.append((other, depth + 1))
    return None


def explain(
    question: str,
    parts: Sequence[Part],
    neighbours: Callable[[str], Iterable[Link]],
    unit_label: Callable[[str], str],
    label_of: Callable[[Link], str | None],
    max_hops: int,
    verdict: str | None = None,
) -> Explanation:
    """The explanation DAG: question -> (part ->) seed -> ... -> cited unit -> answer (or verdict, where the chains
    of a comparison meet)."""
    nodes: dict[str, ExplainNode] = {QUESTION_ID: ExplainNode(QUESTION_ID, "question", question)}
    edges: dict[tuple[str, str], ExplainEdge] = {}
    sink = ExplainNode(ANSWER_ID, "verdict" if verdict is not None else "answer", verdict or _answer_label(parts))
    whole = len(parts) == 1 and not parts[0].label

    def add_unit(node_id: str, role: str) -> None:
        known = nodes.get(node_id)
        # A unit cited by one chain and passed through by another is shown as what the answer made of it.
        rank = {"cited": 0, "seed": 1, "bridge": 2}
        if known is None or (known.role is not None and rank.get(role, 3) < rank.get(known.role, 3)):
            nodes[node_id] = ExplainNode(node_id, "unit", unit_label(node_id), role)

    def add_edge(edge: ExplainEdge) -> None:
        key = (edge.source, edge.target)
        if key not in edges and (edge.target, edge.source) not in edges:
            edges[key] = edge

    chains: list[tuple[str, ...]] = []
    for t, part in enumerate(parts, start=1):
        start = QUESTION_ID
        on_chain: list[str] = [QUESTION_ID]
        if not whole:
            start = f"part-{t}"
            nodes[start] = ExplainNode(start, "part", part.label or part.question)
            on_chain.append(start)
            add_edge(ExplainEdge(QUESTION_ID, start, "part", f"step {t}'s sub-question: {part.question}"))
        forward = {(link.source, link.target) for link in part.forward}
        done: set[str] = set()
        for marker, unit in enumerate(part.cited, start=1):
            if unit in done:
                continue  # cited again under a later marker: the first one names it
            done.add(unit)
            chain = forward_chain(part, unit, max_hops)
            if chain is None:
                chain = shortest_chain(part.seeds, unit, neighbours, max_hops)
            if chain is None:
                # Read beyond the traversal (ranked for the question by itself): the chain is the question's.
                add_unit(unit, "cited")
                step = dict(part.steps).get(unit)
                why = "ranked for the question by itself" if step is None else f"step {step + 1}'s sub-question"
                add_edge(ExplainEdge(start, unit, "seed", why))
                on_chain.append(unit)
            else:
                first = chain[0].source if chain else unit
                add_unit(first, "cited" if first == unit else "seed")
                add_edge(ExplainEdge(start, first, "seed", "retrieval seed: matches the question"))
                on_chain.extend([first, *(link.target for link in chain)])
                for link in chain:
                    add_unit(link.target, "cited" if link.target == unit else "bridge")
                    support: Support = "both" if (link.source, link.target) in forward else "backward"
                    said = reason(link.kind, label_of(link))
                    add_edge(ExplainEdge(link.source, link.target, link.kind, said, support))
            # A part's markers are renumbered when the parts' answers are joined: a part's unit is named by its part.
            if whole:
                why = f"cited [{marker}]"
            elif verdict is None:
                why = f"cited for {part.label or part.question}"
            else:
                why = f"{part.label}: {part.answer or 'cited'}"
            add_edge(ExplainEdge(unit, ANSWER_ID, "cited" if verdict is None else "verdict", why))
        chains.append((*dict.fromkeys(on_chain), ANSWER_ID))
    nodes[ANSWER_ID] = sink
    ordered = [nodes[QUESTION_ID], *(n for k, n in nodes.items() if k not in (QUESTION_ID, ANSWER_ID)), sink]
    return Explanation(nodes=tuple(ordered), edges=tuple(edges.values()), chains=tuple(chains))


def _answer_label(parts: Sequence[Part]) -> str:
    said = [p.answer for p in parts if p.answer]
    return "; ".join(said) if said else "answer"
