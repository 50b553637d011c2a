"""Tables read from their parts, over real PDFs ingested through the real path: two tables alike but for the heading
above each (a JAL report's international and domestic passenger tables, no caption of their own) told apart by the
heading; a table continued on the next page whose answered cell is cited on the page it stands on."""

from __future__ import annotations

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from app.db.models import DocTable, Document
from app.qa.ask import AskOptions
from app.qa.pipeline import ask
from app.qa.tables.stored import heading_above
from app.qa.tools import Tools
from app.settings import Settings
from tests.integration.helpers import ingest_pdfs
from tests.integration.test_ask_content import encoder


@pytest.fixture
def collection(session: Session, settings: Settings, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr("app.services.ingestion.get_embedder", lambda device="auto", backend="auto": encoder())
    return ingest_pdfs(session, settings, "headings", ["tables/issue-53-example.pdf"])


def _tables(session: Session, collection: str) -> dict[int, DocTable]:
    document = session.scalars(select(Document).where(Document.collection_id == collection)).one()
    return {t.page_number: t for t in session.scalars(select(DocTable).where(DocTable.document_id == document.id))}


def _pax(table: DocTable, year: str) -> str:
    """The stored cell of the year's row under "Pax" (read from the table, not written here)."""
    header = next(r for r in table.rows if "Pax" in r)
    row = next(r for r in table.rows if r and r[0].strip() == year)
    return row[header.index("Pax")]


def test_the_heading_above_a_table_without_a_caption_tells_two_alike_tables_apart(
    session: Session, settings: Settings, collection: str
) -> None:
    tables = _tables(session, collection)
    assert not tables[1].caption and not tables[3].caption
    assert "International" in heading_above(session, tables[1])
    assert "Domestic" in heading_above(session, tables[3])
    tools = Tools(embedder=encoder())
    for word, page in (("domestic", 3), ("international", 1)):
        # The question says the header's own word: both tables have it, only the heading above tells them apart.
        result = ask(session, collection, f"How many {word} pax did the JAL Group fly in FY2014?", AskOptions(),
                     settings, tools)  # fmt: skip
        answered = result.retrieval.table_answers
        assert answered and answered[0].kind == "cell", result.answer
        assert result.citations[0].page == page
        assert _pax(tables[page], "FY2014") in result.answer


@pytest.fixture
def continued(session: Session, settings: Settings, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr("app.services.ingestion.get_embedder", lambda device="auto", backend="auto": encoder())
    return ingest_pdfs(session, settings, "continued", ["tables/us-020.pdf"])


def test_a_cell_of_a_tables_continuation_is_cited_on_its_own_page(
    session: Session, settings: Settings, continued: str
) -> None:
    tables = _tables(session, continued)
    row = next(r for r in tables[5].rows if r and r[0].startswith("Florida"))
    result = ask(session, continued, "How many Florida students were assessed in PIRLS 2011?", AskOptions(), settings,
                 Tools(embedder=encoder()))  # fmt: skip
    cell = result.retrieval.cell
    assert cell is not None and cell["value"] == row[-1], result.answer
    # The row "Florida-USA" is named whole by "Florida"; the cell and its citation are the continuation's, page 5.
    assert cell["row"] == row[0] and cell["node_id"] == tables[5].id
    assert result.citations[0].page == 5 and result.citations[0].node_id == tables[5].id
    assert "pp. 4–5" in result.answer
