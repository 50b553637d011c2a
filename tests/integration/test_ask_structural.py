"""Structural questions over real PDFs ingested through the real path (upload → extraction → graph)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from app.db.models import DocTable, Document, Page
from app.qa.ask import AskOptions
from app.qa.evidence import retrieve
from app.qa.tools import Tools
from app.services.asking import ask_collection
from app.settings import Settings
from tests.conftest import PDFS
from tests.integration.helpers import ingest_pdfs
from tests.integration.test_ask_content import encoder

FILES = ["tables/twotables_2.pdf", "tables/us-030.pdf"]


@dataclass
class PdfCollection:
    collection_id: str
    documents: dict[str, Document]  # by file name
    settings: Settings
    tools: Tools


def expected_tables(name: str) -> list[dict]:
    data = json.loads((PDFS / "manifest.json").read_text())
    entry = next(f for f in data["files"] if f["file"].endswith(name))
    return entry["expected_tables"]


@pytest.fixture
def pdfs(session: Session, settings: Settings, monkeypatch: pytest.MonkeyPatch) -> PdfCollection:
    monkeypatch.setattr("app.services.ingestion.get_embedder", lambda device="auto", backend="auto": encoder())
    collection_id = ingest_pdfs(session, settings, "pdfs", FILES)
    docs = {d.filename: d for d in session.scalars(select(Document).where(Document.collection_id == collection_id))}
    return PdfCollection(collection_id, docs, settings, Tools(embedder=encoder()))


def _retrieve(pdfs: PdfCollection, session: Session, question: str):  # noqa: ANN202
    return retrieve(session, pdfs.collection_id, question, AskOptions(), pdfs.settings, pdfs.tools)


def test_page_questions_fetch_the_named_page(session: Session, pdfs: PdfCollection) -> None:
    us030 = pdfs.documents["us-030.pdf"]
    r = _retrieve(pdfs, session, "What is on page 2 of us-030.pdf?")
    assert r.question_type == "structural"
    page = session.scalar(select(Page).where(Page.document_id == us030.id, Page.number == 2))
    assert r.nodes[0].node_id == page.id and r.nodes[0].kind == "page" and r.nodes[0].page == 2
    assert {n.document_id for n in r.nodes} == {us030.id}
    assert all(n.page == 2 and n.parent == page.id for n in r.nodes[1:])
    assert any(n.kind == "table" for n in r.nodes[1:])  # the expected table of us-030 is on page 2

    last = _retrieve(pdfs, session, "Summarise the last page")
    pages = {(n.document_id, n.page) for n in last.nodes if n.kind == "page"}
    assert pages == {(d.id, d.page_count) for d in pdfs.documents.values()}  # each document's own last page


def test_table_questions_follow_document_order(session: Session, pdfs: PdfCollection) -> None:
    doc = pdfs.documents["twotables_2.pdf"]
    tables = list(session.scalars(select(DocTable).where(DocTable.document_id == doc.id)
                                  .order_by(DocTable.index_in_document)))  # fmt: skip
    assert len(tables) == 2
    second = _retrieve(pdfs, session, "Show the second table of twotables_2.pdf")
    assert [n.node_id for n in second.nodes] == [tables[1].id] and second.nodes[0].kind == "table"
    assert "| Kerala | 2400 | 8.8 |" in re.sub(r"\s+", " ", second.nodes[0].text)  # the second expected table
    table7 = _retrieve(pdfs, session, "table 7 of twotables_2.pdf")  # its own label (the caption "Table 7 : ...")
    assert [n.node_id for n in table7.nodes] == [tables[1].id]
    table2 = _retrieve(pdfs, session, "table 2 of twotables_2.pdf")
    assert table2.nodes == [] and table2.missing == "twotables_2.pdf has no Table 2; its tables are 6 and 7."


def test_cell_lookup_answers_with_the_expected_value(session: Session, pdfs: PdfCollection) -> None:
    rows = expected_tables("twotables_2.pdf")[0]["rows"]
    header = [re.sub(r"\s+", " ", c).strip() for c in rows[1]]
    column = header.index("Illiterate")
    for state in ("Kerala", "Andhra Pradesh", "Pooled"):
        value = next(r[column] for r in rows if r[0] == state)
        q = f"What is the Illiterate value for {state} in table 6 of twotables_2.pdf?"
        r = _retrieve(pdfs, session, q)
        assert r.cell is not None and r.cell["value"] == value, (state, r.cell)
    payload = ask_collection(session, pdfs.collection_id,
                             "What is the Illiterate value for Kerala in table 6 of twotables_2.pdf?",
                             {"llm": "local"}, pdfs.settings, pdfs.tools)  # fmt: skip
    assert payload["question_type"] == "structural" and payload["answer"].startswith("**7.2**")
    assert payload["citations"][0]["filename"] == "twotables_2.pdf" and payload["citations"][0]["page"] == 1
    assert payload["citations"][0]["kind"] == "table"


def test_missing_page_is_said_not_answered_from_elsewhere(session: Session, pdfs: PdfCollection) -> None:
    r = _retrieve(pdfs, session, "What is on page 40 of twotables_2.pdf?")
    assert r.nodes == [] and r.missing == "twotables_2.pdf has 1 page; there is no page 40."


def test_short_answer_only_when_the_cell_is_unambiguous(session: Session, pdfs: PdfCollection) -> None:
    """Table 6 (male heads) and Table 7 (female heads) of twotables_2.pdf share rows and columns: asked without
    naming either, the value is given from one table, cited, but not as a short answer; named, it is one."""
    tables = expected_tables("twotables_2.pdf")
    male, female = (next(r[7] for r in t["rows"] if r[0] == "Kerala") for t in tables[:2])
    assert male != female
    vague = ask_collection(session, pdfs.collection_id, "What share of Kerala households fall in the College "
                           "literacy status in twotables_2.pdf?", {"llm": "local"}, pdfs.settings,
                           pdfs.tools)  # fmt: skip
    assert vague["short_answer"] is None
    assert male in vague["answer"] or female in vague["answer"]
    assert vague["citations"] and vague["citations"][0]["filename"] == "twotables_2.pdf"
    named = ask_collection(session, pdfs.collection_id, "In Table 7 of twotables_2.pdf, what share of Kerala "
                           "households fall in the College literacy status?", {"llm": "local"}, pdfs.settings,
                           pdfs.tools)  # fmt: skip
    assert named["short_answer"] == female and named["cell"]["value"] == female
    count = ask_collection(session, pdfs.collection_id, "How many cycles in Table 2-1 of us-030.pdf have improved "
                           "speed fuel savings above 5%?", {"llm": "local"}, pdfs.settings, pdfs.tools)  # fmt: skip
    rows = expected_tables("us-030.pdf")[0]["rows"][2:]
    # An aggregate leads the answer with its value but is no short answer (only a cell is: see app.qa.answer).
    assert count["short_answer"] is None
    assert f"**{sum(float(r[3].rstrip('%')) > 5 for r in rows)}**" in count["answer"].split("\n")[0]


@pytest.mark.parametrize("question", ["What is us-030.pdf about?", "Summarise the us-030 document"])
def test_a_document_asked_for_as_a_whole_gets_its_overview(
    session: Session, pdfs: PdfCollection, question: str
) -> None:
    us030 = pdfs.documents["us-030.pdf"]
    tables = session.scalars(select(DocTable).where(DocTable.document_id == us030.id)).all()
    payload = ask_collection(session, pdfs.collection_id, question, {"llm": "local"}, pdfs.settings, pdfs.tools)
    assert payload["question_type"] == "structural" and payload["short_answer"] is None
    answer = payload["answer"]
    count = f"{len(tables)} table{'s' if len(tables) != 1 else ''}"
    assert answer.startswith("**us-030.pdf**") and f"{us030.page_count} pages, {count}." in answer
    assert "It opens:" in answer
    # Everything cited is from the named document: its opening passages first, then its tables.
    citations = payload["citations"]
    assert citations and {c["filename"] for c in citations} == {"us-030.pdf"}
    assert citations[0]["kind"] == "passage" and citations[0]["text"].split()[0] in answer
    assert sum(c["kind"] == "table" for c in citations) == min(len(tables), 12)


def test_which_documents_have_a_table_labelled_so_lists_each_with_its_page(
    session: Session, pdfs: PdfCollection
) -> None:
    from app.qa.pipeline import ask

    labelled = {d.filename: t for d in pdfs.documents.values()
                for t in session.scalars(select(DocTable).where(DocTable.document_id == d.id)) if t.label}  # fmt: skip
    name, table = next(iter(labelled.items()))
    r = ask(session, pdfs.collection_id, f"Which documents have a table labelled {table.label}?", AskOptions(),
            pdfs.settings, pdfs.tools)  # fmt: skip
    assert r.answer.startswith(f"1 document has a table labelled {table.label}:")
    assert f"- **{name}**, page {table.page_number}" in r.answer
    assert [(c.filename, c.page, c.node_id) for c in r.citations] == [(name, table.page_number, table.id)]
    # A label no document has: said so, nothing cited, nothing answered from another table.
    r = ask(session, pdfs.collection_id, "Which files contain a Table 99.9?", AskOptions(), pdfs.settings, pdfs.tools)
    assert r.answer == "No document has a table labelled Table 99.9." and not r.citations
