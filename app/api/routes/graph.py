"""Graph endpoints: stats and a node's neighbourhood (for the viewer)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from app.api.schemas import API_ERRORS, GraphStatsOut, NeighbourhoodOut, Text, error_responses
from app.dependencies import ActorDep, SessionDep
from app.services import access
from app.services import graph as service

router = APIRouter(prefix="/api/collections", tags=["graph"], responses=API_ERRORS)


@router.get("/{cid}/graph/stats", response_model=GraphStatsOut, responses=error_responses(404))
def get_graph_stats(cid: str, session: SessionDep, actor: ActorDep) -> Any:
    access.require_collection(session, actor, cid, "viewer")
    return service.stats(session, cid)


@router.get("/{cid}/graph", response_model=NeighbourhoodOut, responses=error_responses(404))
def get_graph_neighbourhood(
    cid: str,
    session: SessionDep,
    actor: ActorDep,
    node: Annotated[Text, Query(min_length=1, max_length=64, description="id of the node at the centre")],
    depth: int = Query(1, description="hops from the node; clamped to 1..3"),
) -> Any:
    access.require_collection(session, actor, cid, "viewer")
    return service.neighbourhood(session, cid, node, depth)
