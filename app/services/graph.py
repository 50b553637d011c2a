"""A collection's knowledge graph: counts, a node's neighbourhood and the whole graph as a file."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from app.graph import load
from app.graph.export import ExportFormat, export_bytes
from app.services.collections import get_collection
from app.services.errors import NotFound


def stats(session: Session, collection_id: str) -> dict[str, Any]:
    try:
        return load.graph_stats(session, collection_id)
    except load.GraphNotFound as exc:
        raise NotFound(str(exc)) from exc


def neighbourhood(session: Session, collection_id: str, node_id: str, depth: int = 1) -> dict[str, Any]:
    """Nodes within `depth` (clamped to 1..3) edges of the node, and the edges among them."""
    try:
        return load.neighbourhood(session, collection_id, node_id, max(1, min(3, depth)))
    except load.GraphNotFound as exc:
        raise NotFound(str(exc)) from exc


def export(session: Session, collection_id: str, fmt: ExportFormat) -> bytes:
    """The whole graph as GraphML or node-link JSON."""
    get_collection(session, collection_id)
    return export_bytes(session, collection_id, fmt)
