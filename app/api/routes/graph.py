"""Graph endpoints: stats and a node's neighbourhood (for the viewer)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Query

from app.api.deps import SessionDep
from app.graph.load import GraphNotFound, graph_stats, neighbourhood

router = APIRouter(prefix="/api/collections", tags=["graph"])


@router.get("/{cid}/graph/stats")
def get_graph_stats(cid: str, session: SessionDep) -> dict[str, Any]:
    try:
        return graph_stats(session, cid)
    except GraphNotFound as exc:
        raise HTTPException(status_code=404, detail=str(exc)) from exc


@router.get("/{cid}/graph")
def get_graph_neighbourhood(
    cid: str,
    session: SessionDep,
    node: str = Query(..., min_length=1, max_length=64, description="id of the node at the centre"),
    depth: int = Query(1, description="hops from the node; clamped to 1..3"),
) -> dict[str, Any]:
    try:
        return neighbourhood(session, cid, node, max(1, min(3, depth)))
    except GraphNotFound as exc:
        raise HTTPException(status_code=404, detail=str(exc)) from exc
