"""A collection's graph as networkx (for traversal), plus the viewer's neighbourhood and the stats, in API shape.

The networkx graph is cached per (collection, graph_version): every graph change bumps the version, so a change
made by any worker invalidates the cache of every process.
"""

from __future__ import annotations

import threading
from typing import Any

import networkx as nx
from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from app.db.models import Collection, Edge, Node
from app.db.vectors import graph_version
from app.graph.rows import IN_CHUNK
from app.vocabulary import EDGE_KINDS, NODE_KINDS, edge_rank

NEIGHBOURHOOD_MAX_NODES = 300

_cache: dict[str, tuple[int, nx.DiGraph]] = {}
_lock = threading.Lock()


class GraphNotFound(LookupError):
    """Unknown collection or node; the message is fit for an API 404."""


def _require_collection(session: Session, collection_id: str) -> None:
    if session.get(Collection, collection_id) is None:
        raise GraphNotFound(f"collection {collection_id} not found")


def load_graph(session: Session, collection_id: str) -> nx.DiGraph:
    """Node attrs: kind, document_id, page, label, text. Edge attrs: kind, weight, kinds. Do not mutate it: it is
    shared by every caller until the collection changes."""
    version = graph_version(session, collection_id)
    with _lock:
        cached = _cache.get(collection_id)
        if cached and cached[0] == version:
            return cached[1]
    # Core statements (no ORM rows), pairs grouped in a dict, then one bulk add: the first question of every graph
    # version pays for this (3.1M edge rows at 100k passages); per-row get_edge_data/add_edge took 1.3x the CPU.
    connection = session.connection()
    graph = nx.DiGraph(collection_id=collection_id, graph_version=version)
    graph.add_nodes_from(
        (node_id, {"kind": kind, "document_id": document_id, "page": page, "label": label, "text": text})
        for node_id, kind, document_id, page, label, text in connection.execute(
            select(Node.id, Node.kind, Node.document_id, Node.page, Node.label, Node.text).where(
                Node.collection_id == collection_id
            )
        )
    )
    pairs: dict[tuple[str, str], list[Any]] = {}
    for source, target, kind, weight in connection.execute(
        select(Edge.source, Edge.target, Edge.kind, Edge.weight).where(Edge.collection_id == collection_id)
    ):
        data = pairs.get((source, target))
        if data is None:
            pairs[source, target] = [kind, weight, (kind,)]
            continue
        data[2] = (*data[2], kind)
        # Several kinds join the pair: the DiGraph edge names the most telling one (all of them in `kinds`).
        if edge_rank(kind) < edge_rank(data[0]):
            data[0], data[1] = kind, weight
    graph.add_edges_from(
        (source, target, {"kind": kind, "weight": weight, "kinds": kinds})
        for (source, target), (kind, weight, kinds) in pairs.items()
    )
    with _lock:
        _cache[collection_id] = (version, graph)
    return graph


def node_json(node_id: str, data: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": node_id,
        "kind": data["kind"],
        "document_id": data["document_id"],
        "page": data["page"],
        "label": data["label"],
        "text": data["text"],
    }


def neighbourhood(
    session: Session, collection_id: str, node_id: str, depth: int = 1, max_nodes: int = NEIGHBOURHOOD_MAX_NODES
) -> dict[str, list[dict[str, Any]]]:
    """Nodes within `depth` edges of `node_id` (either direction) and the edges among them, in API shape.

    Read straight from the edge table, hop by hop, so the viewer never loads a large collection's whole graph.
    At most `max_nodes` nodes, nearest first (ties by id), so a hub cannot return the whole collection.
    """
    _require_collection(session, collection_id)
    if session.scalar(select(Node.id).where(Node.id == node_id, Node.collection_id == collection_id)) is None:
        raise GraphNotFound(f"node {node_id} not found in collection {collection_id}")
    depth = max(1, min(3, depth))
    seen = [node_id]
    seen_set = {node_id}
    frontier = [node_id]
    for _ in range(depth):
        found: set[str] = set()
        for start in range(0, len(frontier), IN_CHUNK):
            chunk = frontier[start : start + IN_CHUNK]
            for source, target in session.execute(
                select(Edge.source, Edge.target).where(
                    Edge.collection_id == collection_id, or_(Edge.source.in_(chunk), Edge.target.in_(chunk))
                )
            ):
                found.update((source, target))
        frontier = sorted(found - seen_set)[: max_nodes - len(seen)]
        seen.extend(frontier)
        seen_set.update(frontier)
        if not frontier or len(seen) >= max_nodes:
            break
    nodes: list[dict[str, Any]] = []
    edges: list[dict[str, Any]] = []
    for start in range(0, len(seen), IN_CHUNK):
        chunk = seen[start : start + IN_CHUNK]
        for row in session.execute(
            select(Node.id, Node.kind, Node.document_id, Node.page, Node.label, Node.text).where(Node.id.in_(chunk))
        ):
            nodes.append(node_json(row.id, row._asdict()))
        for source, target, kind, weight in session.execute(
            select(Edge.source, Edge.target, Edge.kind, Edge.weight).where(
                Edge.collection_id == collection_id, Edge.source.in_(chunk)
            )
        ):
            if target in seen_set:
                edges.append({"source": source, "target": target, "kind": kind, "weight": weight})
    order = {n: i for i, n in enumerate(seen)}
    nodes.sort(key=lambda n: order[n["id"]])
    edges.sort(key=lambda e: (order[e["source"]], order[e["target"]], e["kind"]))
    return {"nodes": nodes, "edges": edges}


def graph_stats(session: Session, collection_id: str) -> dict[str, Any]:
    """Counts of nodes and edges by kind, and density = edges / (nodes × (nodes − 1)) over all kinds."""
    _require_collection(session, collection_id)
    node_counts = dict.fromkeys(NODE_KINDS, 0)
    for kind, count in session.execute(
        select(Node.kind, func.count()).where(Node.collection_id == collection_id).group_by(Node.kind)
    ):
        node_counts[kind] = int(count)
    edge_counts = dict.fromkeys(EDGE_KINDS, 0)
    for kind, count in session.execute(
        select(Edge.kind, func.count()).where(Edge.collection_id == collection_id).group_by(Edge.kind)
    ):
        edge_counts[kind] = int(count)
    n = sum(node_counts.values())
    density = sum(edge_counts.values()) / (n * (n - 1)) if n > 1 else 0.0
    return {"nodes": node_counts, "edges": edge_counts, "density": density}
