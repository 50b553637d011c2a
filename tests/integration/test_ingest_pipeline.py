"""The embedded default's pipeline: several documents of one upload in flight, same result as one at a time."""

from __future__ import annotations

from sqlalchemy import select

from app.db.models import DocTable, Document, Page, Passage
from app.db.session import session_scope
from app.queue import InlineQueue
from app.services.collections import create_collection
from app.services.documents import upload_files
from app.settings import Settings
from tests.conftest import PDFS
from tests.integration.graph_canon import canonical_graph
from tests.integration.stuck_support import wait_done

FILES = [PDFS / "tables" / name for name in ("twotables_2.pdf", "health.pdf", "m27.pdf", "schools.pdf")]


def _ingest(settings: Settings, name: str, queue: InlineQueue) -> tuple[object, ...]:
    url = settings.resolved_database_url
    queue.start(recover=False)
    try:
        with session_scope(url) as session:
            collection = create_collection(session, name)
            session.commit()
            handles = [(path.name, path.open("rb")) for path in FILES]
            try:
                result = upload_files(session, settings, queue, collection.id, handles)  # type: ignore[arg-type]
            finally:
                for _, handle in handles:
                    handle.close()
            collection_id = collection.id
            ids = [f.document.id for f in result.files]
        # As a client waits (the CLI, the pages): the documents' rows, which a job marks `ready` as it ends.
        wait_done(url, ids, timeout=900)
    finally:
        queue.stop()
    with session_scope(url) as session:
        docs = session.scalars(select(Document).where(Document.collection_id == collection_id)).all()
        sha = {d.id: d.sha256 for d in docs}
        statuses = sorted((d.filename, d.status, d.page_count, d.passage_count, d.table_count) for d in docs)
        pages = sorted(
            (sha[p.document_id], p.number, p.text) for p in session.scalars(select(Page)) if p.document_id in sha
        )
        passages = sorted(
            (sha[p.document_id], p.index, p.page_number, p.text, tuple(p.bbox))
            for p in session.scalars(select(Passage))
            if p.document_id in sha
        )
        tables = sorted(
            (sha[t.document_id], t.index_in_document, str(t.rows))
            for t in session.scalars(select(DocTable))
            if t.document_id in sha
        )
        nodes, edges = canonical_graph(session, collection_id)
    return statuses, pages, passages, tables, nodes, edges


def test_documents_of_one_upload_are_in_flight_together_with_the_same_rows(settings: Settings) -> None:
    pipelined = InlineQueue(settings, workers=2, extract_processes=1)
    concurrent = _ingest(settings, "pipelined", pipelined)
    one_at_a_time = InlineQueue(settings, workers=1, extract_processes=0)
    sequential = _ingest(settings, "sequential", one_at_a_time)

    statuses = concurrent[0]
    assert [s[1] for s in statuses] == ["ready"] * len(FILES), statuses  # type: ignore[index]
    # Every file gave content (two of them are table-only pages: tables, no passages).
    assert all(s[3] + s[4] > 0 for s in statuses)  # type: ignore[index]
    assert sum(s[3] for s in statuses) > 0  # type: ignore[index]
    # Two jobs ran at once in the pipeline (one extracting in the child process while the other embedded);
    # the single-thread queue never did.
    assert pipelined.peak_running >= 2
    assert one_at_a_time.peak_running == 1
    for got, expected in zip(concurrent, sequential, strict=True):
        assert got == expected
