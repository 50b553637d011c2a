"""The names the whole app shares: retrievers, scorers, seed rankers, readers, graph node and edge kinds, and the
limits on asking options. Settings, the API, the CLI, the web page and the domain import them from here."""

from __future__ import annotations

from typing import Literal, get_args

RetrieverName = Literal["kgp", "gnn", "tfidf", "bm25", "dense", "rgnn"]
ScorerName = Literal["embedding", "llm", "tfidf"]
SeedRankerName = Literal["hybrid", "tfidf", "bm25", "dense", "gnn"]
ReaderName = Literal["local", "openai"]

RETRIEVERS: tuple[str, ...] = get_args(RetrieverName)
SCORERS: tuple[str, ...] = get_args(ScorerName)
SEED_RANKERS: tuple[str, ...] = get_args(SeedRankerName)
READERS: tuple[str, ...] = get_args(ReaderName)

# Bounds of the asking options, for settings and per-question options alike.
MAX_BUDGET = 100
MAX_BRANCHING = 20
MAX_SEEDS = 50

NODE_KINDS = ("document", "page", "table", "passage")
EDGE_KINDS = ("contains", "next", "continues", "keyword", "semantic", "mention", "entity")
# When two nodes are joined by edges of several kinds, the most telling one names the link (RESEARCH.md: mention and
# entity edges carry multi-hop questions; contains/next are structure).
EDGE_PRIORITY = ("mention", "entity", "keyword", "semantic", "next", "contains", "continues")
_RANK = {kind: rank for rank, kind in enumerate(EDGE_PRIORITY)}


def edge_rank(kind: str) -> int:
    """Lower is more telling; a kind outside the vocabulary ranks last."""
    return _RANK.get(kind, len(EDGE_PRIORITY))
