"""The built-in reader's answer leads with the sentence that answers and marks nothing misleading: the issue's own
example ("By what date must the FAA receive comments ...?" once answered "2018", the number of an older directive)."""

from __future__ import annotations

import re

import pytest
from sqlalchemy.orm import Session

from app.db.models import Collection
from app.qa.ask import AskOptions
from app.qa.pipeline import Tools, ask
from app.settings import Settings
from tests.conftest import PDFS
from tests.integration.test_ask_content import encoder
from tests.integration.test_ask_structural import ListQueue

FILE = "reports/federal-register-2020-17221.pdf"


@pytest.fixture
def collection(session: Session, settings: Settings, monkeypatch: pytest.MonkeyPatch) -> str:
    from app.services.documents import upload_files
    from app.services.ingestion import process_document

    monkeypatch.setattr("app.services.ingestion.get_embedder", lambda device="auto", backend="auto": encoder())
    c = Collection(name="lead")
    session.add(c)
    session.commit()
    queue = ListQueue()
    with (PDFS / FILE).open("rb") as handle:
        upload_files(session, settings, queue, c.id, [(FILE.split("/")[1], handle)])
        session.commit()  # the job is sent once the upload is committed
    assert [process_document(settings, d) for d in queue.ids] == ["ready"]
    session.expire_all()
    return c.id


def test_the_answer_leads_with_the_due_date(session: Session, settings: Settings, collection: str) -> None:
    question = "By what date must the FAA receive comments on the proposed Boeing 737 MAX directive?"
    r = ask(session, collection, question, AskOptions(), settings, Tools(embedder=encoder()))
    lead = r.answer.split("[", 1)[0]
    assert "September 21, 2020" in lead
    # Bold marks the answer's place; an identifier such as AD 2018–23–51 or a date of another sentence is never it.
    assert set(re.findall(r"\*\*(.+?)\*\*", r.answer)) <= {"September 21, 2020"}
    assert r.citations and all(c.filename == "federal-register-2020-17221.pdf" for c in r.citations)
