"""`mdqa ingest` uploads a folder into a (new) collection and waits until every file is done."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import select

from app.cli import main
from app.db.models import Collection, Document
from app.db.session import session_scope
from app.settings import get_settings
from tests.conftest import PDFS


def test_ingest_a_folder_and_wait(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "inbox"
    (folder / "sub").mkdir(parents=True)
    (folder / "sub" / "twotables_2.pdf").write_bytes((PDFS / "tables" / "twotables_2.pdf").read_bytes())
    (folder / "health.pdf").write_bytes((PDFS / "tables" / "health.pdf").read_bytes())
    (folder / "notes.txt").write_text("not a PDF, not picked up")
    monkeypatch.setenv("MDQA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("MDQA_DATABASE_URL", raising=False)
    monkeypatch.delenv("MDQA_BROKER_URL", raising=False)
    get_settings.cache_clear()
    try:
        assert main(["ingest", str(folder), "--collection", "cli"]) == 0
        url = get_settings().resolved_database_url
    finally:
        get_settings.cache_clear()
    with session_scope(url) as session:
        collection = session.scalar(select(Collection).where(Collection.name == "cli"))
        assert collection is not None
        docs = session.execute(
            select(Document.path, Document.status).where(Document.collection_id == collection.id)
        ).all()
    assert sorted(docs) == [("inbox/health.pdf", "ready"), ("inbox/sub/twotables_2.pdf", "ready")]
