"""What the server did not expect reaches a client as a sentence, never as a database error's SQL and parameters."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy.exc import IntegrityError

from app.db.models import Collection, Document
from app.db.session import session_scope
from app.services import ingestion
from app.settings import Settings

STATEMENT = "INSERT INTO passages (id, text) VALUES (%(id)s, %(text)s)"


def test_a_database_error_during_ingestion_is_not_shown_as_sql(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    with session_scope(settings.resolved_database_url) as session:
        collection = Collection(name="c")
        session.add(collection)
        session.flush()
        document = Document(collection_id=collection.id, filename="a.pdf", path="a.pdf", sha256="0" * 64, size_bytes=1)
        session.add(document)
        session.flush()
        document_id = document.id

    def broken(*_args: Any, **_kwargs: Any) -> str:
        raise IntegrityError(STATEMENT, {"id": "p1", "text": "the secret page text"}, Exception("constraint failed"))

    monkeypatch.setattr("app.services.ingestion._run", broken)
    assert ingestion.process_document(settings, document_id) == "failed"
    with session_scope(settings.resolved_database_url) as session:
        error = session.get(Document, document_id).error  # type: ignore[union-attr]
    assert error.startswith("could not process this PDF")
    assert "INSERT" not in error and "secret" not in error and "SQL" not in error
