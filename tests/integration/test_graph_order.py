"""The graph is a function of the documents, not of the order they arrived in (issue 34, part 4).

The same real PDFs ingested one at a time in one order into a collection, and in the reverse order into another,
must give exactly the same nodes and edges (keyword, semantic, mention, entity, structural), compared by stable
keys (document sha256, kind, position) instead of database ids, on SQLite and PostgreSQL.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from sqlalchemy import select

from app.db.models import Document
from app.db.session import session_scope
from app.queue import InlineQueue
from app.services.collections import create_collection
from app.services.documents import upload_files
from app.settings import Settings
from tests.conftest import PDFS
from tests.integration.graph_canon import canonical_graph, derived_edge_violations
from tests.integration.stuck_support import wait_done

# Reports that share vocabulary (EU/US statistics) and place names (US states, Indian states): keyword, semantic
# and entity edges across documents.
FILES = [
    PDFS / "reports" / "eu-004.pdf",
    PDFS / "reports" / "eu-013.pdf",
    PDFS / "reports" / "us-018.pdf",
    PDFS / "tables" / "us-020.pdf",
    PDFS / "tables" / "superscript.pdf",
    PDFS / "tables" / "clockwise_table_1.pdf",
]


def _ingest_in_order(settings: Settings, name: str, files: list[Path]) -> str:
    """One document at a time, in `files` order (one worker, each upload waited for before the next)."""
    url = settings.resolved_database_url
    queue = InlineQueue(settings, workers=1, extract_processes=0)
    queue.start(recover=False)
    try:
        with session_scope(url) as session:
            collection_id = create_collection(session, name).id
            session.commit()
        for path in files:
            with session_scope(url) as session, path.open("rb") as handle:
                result = upload_files(session, settings, queue, collection_id, [(path.name, handle)])
                ids = [f.document.id for f in result.files]
            wait_done(url, ids, timeout=900)
    finally:
        queue.stop()
    return collection_id


def test_two_ingestion_orders_give_the_same_graph(settings: Settings) -> None:
    forward = _ingest_in_order(settings, "forward", FILES)
    backward = _ingest_in_order(settings, "backward", FILES[::-1])
    with session_scope(settings.resolved_database_url) as session:
        for collection_id in (forward, backward):
            statuses = session.scalars(select(Document.status).where(Document.collection_id == collection_id)).all()
            assert statuses == ["ready"] * len(FILES)
            assert derived_edge_violations(session, collection_id, settings.graph) == []
        nodes_f, edges_f = canonical_graph(session, forward)
        nodes_b, edges_b = canonical_graph(session, backward)
    kinds = Counter(edge[2] for edge in edges_f)
    # Every kind of derived edge is exercised, so an order leak in any of them would show.
    assert kinds["keyword"] > 100 and kinds["semantic"] > 100 and kinds["entity"] > 0, kinds
    assert nodes_f == nodes_b
    only_forward = edges_f - edges_b
    only_backward = edges_b - edges_f
    assert not only_forward and not only_backward, (
        f"{len(only_forward)} edges only in the forward build, {len(only_backward)} only in the backward one: "
        f"{Counter(e[2] for e in only_forward)} / {Counter(e[2] for e in only_backward)}"
    )
