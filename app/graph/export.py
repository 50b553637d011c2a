"""Export a collection's graph as GraphML or node-link JSON (networkx formats other tools read)."""

from __future__ import annotations

import io
import json
from typing import Literal

import networkx as nx
from sqlalchemy import select
from sqlalchemy.orm import Session

from app.db.models import Edge, Node

ExportFormat = Literal["graphml", "json"]


def export_graph(session: Session, collection_id: str) -> nx.MultiDiGraph:
    """Every node and every edge (a MultiDiGraph: two nodes may be joined by edges of several kinds, keyed by kind).

    GraphML has no null: a node without a page simply has no `page` attribute.
    """
    graph = nx.MultiDiGraph(collection_id=collection_id)
    for row in session.execute(
        select(Node.id, Node.kind, Node.document_id, Node.page, Node.label, Node.text)
        .where(Node.collection_id == collection_id)
        .order_by(Node.id)
    ):
        attrs = {"kind": row.kind, "document_id": row.document_id, "label": row.label, "text": row.text}
        if row.page is not None:
            attrs["page"] = int(row.page)
        graph.add_node(row.id, **attrs)
    for source, target, kind, weight in session.execute(
        select(Edge.source, Edge.target, Edge.kind, Edge.weight)
        .where(Edge.collection_id == collection_id)
        .order_by(Edge.source, Edge.target, Edge.kind)
    ):
        graph.add_edge(source, target, key=kind, kind=kind, weight=float(weight))
    return graph


def serialise(graph: nx.MultiDiGraph, fmt: ExportFormat) -> bytes:
    if fmt == "graphml":
        buffer = io.BytesIO()
        nx.write_graphml(graph, buffer, encoding="utf-8")
        return buffer.getvalue()
    if fmt == "json":
        data = nx.node_link_data(graph, edges="edges")
        return json.dumps(data, ensure_ascii=False).encode("utf-8")
    raise ValueError(f"unknown export format {fmt!r} (graphml or json)")


def export_bytes(session: Session, collection_id: str, fmt: ExportFormat) -> bytes:
    return serialise(export_graph(session, collection_id), fmt)
