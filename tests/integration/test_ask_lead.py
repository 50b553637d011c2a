"""The built-in reader's answer leads with the sentence that answers and marks nothing misleading: the issue's own
example ("By what date must the FAA receive comments ...?" once answered "2018", the number of an older directive)."""

from __future__ import annotations

import re

import pytest
from sqlalchemy.orm import Session

from app.qa.ask import AskOptions
from app.qa.pipeline import ask
from app.qa.tools import Tools
from app.settings import Settings
from tests.integration.helpers import ingest_pdfs
from tests.integration.test_ask_content import encoder

FILE = "reports/federal-register-2020-17221.pdf"


@pytest.fixture
def collection(session: Session, settings: Settings, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr("app.services.ingestion.get_embedder", lambda device="auto", backend="auto": encoder())
    return ingest_pdfs(session, settings, "lead", [FILE])


def test_the_answer_leads_with_the_due_date(session: Session, settings: Settings, collection: str) -> None:
    question = "By what date must the FAA receive comments on the proposed Boeing 737 MAX directive?"
    r = ask(session, collection, question, AskOptions(), settings, Tools(embedder=encoder()))
    lead = r.answer.split("[", 1)[0]
    assert "September 21, 2020" in lead
    # Bold marks the answer's place; an identifier such as AD 2018–23–51 or a date of another sentence is never it.
    assert set(re.findall(r"\*\*(.+?)\*\*", r.answer)) <= {"September 21, 2020"}
    assert r.citations and all(c.filename == "federal-register-2020-17221.pdf" for c in r.citations)
