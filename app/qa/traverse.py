"""KGP traversal (Wang et al., "Knowledge Graph Prompting", Algorithm 1) with pluggable neighbour scorers.

seeds -> queue of paths; for the path at the head of the queue, score the unvisited passage/table neighbours of
its last node, visit the best `branching` of them and enqueue the extended paths; stop when `budget` units are
visited. When the queue runs dry first, the next seed in the seed ranking starts a new path, so a sparse graph
never returns fewer units than a plain top-k retriever would.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from app.llm import prompts
from app.qa.ask import EvidenceNode
from app.qa.index import CollectionIndex
from app.qa.seeds import Ranking, tfidf_index

# RESEARCH.md: traversal over title-mention edges gained ~10 points R@5 over the best baseline, entity edges
# helped MuSiQue, while keyword/semantic edges (many per passage, mostly between look-alikes) did not beat dense
# retrieval. So a path's sparse edges (and the document's own flow) are followed first; keyword, semantic and
# same-page neighbours fill the remaining branches.
# A strict tier (every preferred neighbour before any other), measured against the alternatives on pooled
# HotpotQA/MuSiQue (100 q each) and removed: a soft bonus of 0.05-0.2 for preferred edges lost 1-6 points R@5
# (keyword/semantic neighbours that outscore a mention are mostly look-alikes of the path); a penalty on mentions
# of hub documents changed nothing within ±0.005; letting the seed ranking's next units compete with the
# neighbours lost 0.5-2 points (they are mostly look-alikes of the first seeds).
PREFERRED_KINDS = frozenset({"mention", "entity", "next"})
# The path's evidence counts as much as the question in the embedding scorer's query (KGP's LM reads both).
PATH_WEIGHT = 1.0
NEXT_EVIDENCE_PROMPT = prompts.NEXT_EVIDENCE


class Scorer(Protocol):
    """Scores candidate units for extending `path` (unit indexes, seed first). Higher is better."""

    name: str
    llm_calls: int

    def score(self, question: str, path: list[int], candidates: list[int]) -> np.ndarray: ...


def _normalise(v: np.ndarray) -> np.ndarray:
    return v / max(float(np.linalg.norm(v)), 1e-12)


@dataclass
class EmbeddingScorer:
    """Similarity of each candidate to the question plus the passages on the path so far (no LLM).

    The path is folded in as the mean of its unit vectors instead of re-encoding "question + path" text: one
    vector sum instead of a model call per expansion keeps a traversal within milliseconds.
    """

    index: CollectionIndex
    query_vector: np.ndarray
    name: str = "embedding"
    llm_calls: int = 0

    def score(self, question: str, path: list[int], candidates: list[int]) -> np.ndarray:
        path_mean = self.index.matrix[path].mean(axis=0) if path else 0.0
        query = _normalise(_normalise(self.query_vector) + PATH_WEIGHT * path_mean)
        return self.index.matrix[candidates] @ query


@dataclass
class TfidfScorer:
    """KGP without the LM: TF-IDF similarity of each candidate to the question."""

    index: CollectionIndex
    name: str = "tfidf"
    llm_calls: int = 0

    def score(self, question: str, path: list[int], candidates: list[int]) -> np.ndarray:
        return tfidf_index(self.index).rows_scores(question, candidates)


@dataclass
class LlmScorer:
    """KGP proper: the LLM writes the evidence still needed; candidates are ranked by similarity to it.

    `generate` is prompt -> text (one call per expanded path, counted); `encode` is text -> unit vector.
    """

    index: CollectionIndex
    generate: Callable[[str], str]
    encode: Callable[[str], np.ndarray]
    max_evidence_chars: int = 1500
    name: str = "llm"
    llm_calls: int = 0

    def score(self, question: str, path: list[int], candidates: list[int]) -> np.ndarray:
        evidence = "\n".join(f"- {self.index.texts[i]}" for i in path)[: self.max_evidence_chars]
        self.llm_calls += 1
        wanted = self.generate(NEXT_EVIDENCE_PROMPT.format(question=question, evidence=evidence)).strip()
        target = self.encode(f"{question} {wanted}" if wanted else question)
        return self.index.matrix[candidates] @ _normalise(np.asarray(target, dtype=np.float32))


def evidence_node(
    index: CollectionIndex,
    i: int,
    hop: int,
    score: float,
    parent: int | None = None,
    edge_kind: str | None = None,
) -> EvidenceNode:
    return EvidenceNode(
        node_id=index.ids[i],
        kind=index.kinds[i],
        document_id=index.document_ids[i],
        page=index.pages[i],
        label=index.labels[i],
        text=index.texts[i],
        hop=hop,
        score=float(score),
        parent=index.ids[parent] if parent is not None else None,
        edge_kind=edge_kind,
    )


def traverse(
    index: CollectionIndex,
    question: str,
    seed_ranking: Ranking,
    scorer: Scorer,
    budget: int,
    branching: int,
    seeds: int,
    document_id: str | None = None,
) -> list[EvidenceNode]:
    """Visit up to `budget` units, starting from the first `seeds` of `seed_ranking`; evidence in visit order.

    Neighbours joined by a PREFERRED_KINDS edge come first, the rest by score. With `document_id` (the question
    named the file), paths stay inside that document.
    """
    visited: dict[int, EvidenceNode] = {}
    queue: deque[list[int]] = deque()
    seed_score = dict(reversed(seed_ranking))  # the first occurrence wins
    spare = deque(i for i, _ in seed_ranking)

    def next_spare(n: int) -> list[int]:
        while spare and spare[0] in visited:
            spare.popleft()
        out: list[int] = []
        for i in spare:
            if len(out) == n:
                break
            if i not in visited:
                out.append(i)
        return out

    def add_seed(i: int | None = None) -> bool:
        if i is None:
            found = next_spare(1)
            if not found:
                return False
            i = found[0]
        visited[i] = evidence_node(index, i, hop=0, score=seed_score.get(i, 0.0))
        queue.append([i])
        return True

    for _ in range(min(seeds, budget)):
        if not add_seed():
            break
    leftover: deque[list[int]] = deque()  # paths with neighbours left unvisited: expanded again as a last resort
    while len(visited) < budget:
        if not queue and not add_seed():
            if not leftover:
                break
            queue.append(leftover.popleft())
        path = queue.popleft()
        candidates: list[tuple[int, str]] = [
            (j, kind)
            for j, kind, _ in index.neighbours(path[-1])
            if j not in visited and (document_id is None or index.document_ids[j] == document_id)
        ]
        if not candidates:
            continue
        scores = scorer.score(question, path, [j for j, _ in candidates])
        take = min(branching, budget - len(visited), len(candidates))
        if take < len(candidates):
            leftover.append(path)
        # Preferred kinds first; then by score; ties by index (deterministic).
        keys = sorted((kind not in PREFERRED_KINDS, -float(scores[c]), j, c) for c, (j, kind) in enumerate(candidates))
        for *_, c in keys[:take]:
            j, kind = candidates[c]
            visited[j] = evidence_node(index, j, hop=len(path), score=float(scores[c]), parent=path[-1], edge_kind=kind)
            queue.append([*path, j])
    return list(visited.values())
