"""Getting a collection's retrieval index ready for the graph version its next question will read.

The first question of every graph version used to build the index itself: the whole graph read again, the
sparse indexes fitted, the HNSW index synced and the document names updated. At 100k passages that is tens of
CPU-seconds, paid by the first person to ask after any document was added. `warm` does the same work ahead of
them (the index warmer in app/services calls it once the collection has stopped changing).
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from app.db.vectors import graph_version
from app.qa.index import CollectionIndex, get_index
from app.qa.seeds import bm25_index, tfidf_index
from app.qa.targets import document_names


def warm(session: Session, collection_id: str, ann_threshold: int) -> CollectionIndex:
    """The collection's index at its current graph version, with every lazily built search structure built."""
    version = graph_version(session, collection_id)
    index = get_index(session, collection_id, version, ann_threshold)
    tfidf_index(index)
    bm25_index(index)
    _ = index.vectors  # the exact matrix, or the shared HNSW index brought up to this version
    document_names(session, collection_id, version)
    return index
