"""The session scope is the one place that commits; work registered with after_commit follows a commit only."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from app.db.models import Collection, Document
from app.db.session import after_commit, session_scope
from app.db.upsert import insert_unless_present


def _names(url: str) -> list[str]:
    with session_scope(url) as session:
        return list(session.scalars(select(Collection.name).order_by(Collection.name)))


def test_actions_run_after_the_commit_in_order_and_never_after_a_rollback(db_url: str) -> None:
    seen: list[tuple[str, list[str]]] = []
    with session_scope(db_url) as session:
        session.add(Collection(name="kept"))
        after_commit(session, lambda: seen.append(("first", _names(db_url))))
        after_commit(session, lambda: seen.append(("second", _names(db_url))))
        assert seen == []
    # Each action saw the committed row from another session.
    assert seen == [("first", ["kept"]), ("second", ["kept"])]
    with pytest.raises(RuntimeError), session_scope(db_url) as session:
        session.add(Collection(name="dropped"))
        after_commit(session, lambda: seen.append(("rolled back", [])))
        raise RuntimeError("the request failed")
    assert len(seen) == 2 and _names(db_url) == ["kept"]


def test_an_action_that_fails_is_the_callers_error_and_the_commit_stands(db_url: str) -> None:
    def refuse() -> None:
        raise ConnectionError("broker down")

    with pytest.raises(ConnectionError), session_scope(db_url) as session:
        session.add(Collection(name="committed"))
        after_commit(session, refuse)
    assert _names(db_url) == ["committed"]


def test_insert_unless_present_keeps_the_first_row_of_a_unique_key(db_url: str) -> None:
    with session_scope(db_url) as session:
        collection = Collection(name="c")
        session.add(collection)
        session.flush()
        values = {"collection_id": collection.id, "filename": "a.pdf", "path": "a.pdf", "sha256": "0" * 64,
                  "size_bytes": 1}  # fmt: skip
        first = insert_unless_present(session, Document, values, ("collection_id", "sha256"))
        again = insert_unless_present(session, Document, {**values, "filename": "b.pdf"}, ("collection_id", "sha256"))
        assert first is not None and again is None
        row = session.get_one(Document, first)
        assert (row.filename, row.status, row.collection_id) == ("a.pdf", "queued", collection.id)
        assert session.scalar(select(func.count()).select_from(Document)) == 1
