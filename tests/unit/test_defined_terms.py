"""Short forms a document defines in its prose ("soil moisture (SM)") name its tables' rows and columns when the
table uses them without its caption saying so (app.qa.tables.defined_terms): a question spelling the term out is read
in the table's own terms, so no word of the long form reads as an operation ("total") or names another row."""

from __future__ import annotations

from sqlalchemy import create_engine
from sqlalchemy.orm import Session

from app.db.models import Base, Collection, DocTable, Document, Passage
from app.qa.tables.answer import best_answer
from app.qa.tables.defined_terms import defined_in, in_own_terms
from app.qa.tables.model import TableData
from app.qa.tables.stored import table_data


def test_the_prose_defines_short_forms_and_a_clash_defines_nothing() -> None:
    texts = [
        "We model soil moisture (SM) and leaf area index (LAI) at each site.",
        "Here SM is averaged by week; the (weekly) figures follow.",
        "Sites with high grazing (HG) differ from those with heavy grain (HG).",
    ]
    assert dict(defined_in(texts)) == {"SM": "soil moisture", "LAI": "leaf area index"}
    assert dict(defined_in([])) == {}


def _nutrients(defined: dict[str, str]) -> TableData:
    return TableData(
        id="n",
        rows=[
            ["response", "term", "R2", "score"],
            ["tp", "wetlands", "0.48", "-11.30"],
            ["tp", "forest", "0.45", "-14.02"],
            ["tn", "wetlands", "0.54", "-16.41"],
            ["tn", "forest", "0.53", "-22.37"],
        ],
        caption="Table 2. Diagnostics of each model by its varying coefficient.",
        columns=["response", "term", "R2", "score"],
        header_rows=1,
        defined=defined,
    )


DEFINED = {"TN": "total nitrogen", "TP": "total phosphorus", "LAI": "leaf area index"}
QUESTION = "In the paper on lakes, what score does the total nitrogen model with a varying wetlands coefficient reach?"


def test_a_question_is_read_in_the_terms_its_table_uses() -> None:
    table = _nutrients(DEFINED)
    assert in_own_terms(table, QUESTION) == (
        "In the paper on lakes, what score does the TN model with a varying wetlands coefficient reach?"
    )
    # A term the table never says short ("LAI"), or one it spells out itself, stays as asked; so does a long form
    # that is only part of a word ("total nitrogenous").
    assert in_own_terms(table, "What is the leaf area index?") == "What is the leaf area index?"
    assert in_own_terms(table, "the total nitrogenous load") == "the total nitrogenous load"
    spelled = TableData(id="s", rows=[["Total nitrogen (TN)", "4.1"]], defined=DEFINED)
    assert in_own_terms(spelled, "the total nitrogen figure") == "the total nitrogen figure"
    assert in_own_terms(_nutrients({}), QUESTION) == QUESTION


def test_a_term_the_prose_defines_asks_for_its_row_not_for_a_sum() -> None:
    got = best_answer(_nutrients(DEFINED), QUESTION)
    assert got is not None and got.cell is not None and got.cell["value"] == "-16.41"
    # Read without the prose's definitions, "total nitrogen" names no model: both wetlands rows stay in doubt.
    plain = best_answer(_nutrients({}), QUESTION)
    assert plain is not None and plain.kind == "not_found" and plain.cell is None


def test_a_stored_table_reads_with_the_definitions_of_its_documents_prose() -> None:
    engine = create_engine("sqlite://")
    Base.metadata.create_all(engine)
    with Session(engine) as session:
        session.add(Collection(id="c", name="c"))
        document = Document(id="d", collection_id="c", filename="field-study.pdf", path="field-study.pdf",
                            sha256="1" * 64, size_bytes=1, status="ready", passage_count=2)  # fmt: skip
        session.add(document)
        session.add_all([
            Passage(id="s1", document_id="d", page_number=2, index=0, bbox=[0, 0, 1, 1],
                    text="We model total nitrogen (TN) and total phosphorus (TP) in each of 928 lakes."),
            Passage(id="s2", document_id="d", page_number=3, index=1, bbox=[0, 0, 1, 1], text="Results follow."),
        ])  # fmt: skip
        source = _nutrients({})
        stored = DocTable(id="t", document_id="d", page_number=5, index_on_page=0, index_in_document=0,
                          caption=source.caption, label="Table 2", rows=source.rows, columns=source.columns,
                          header_rows=1, markdown="", bbox=[0, 0, 1, 1])  # fmt: skip
        session.add(stored)
        session.commit()
        data = table_data(stored, document, [stored])
    assert dict(data.defined) == {"TN": "total nitrogen", "TP": "total phosphorus"}
    got = best_answer(data, QUESTION)
    assert got is not None and got.cell is not None and got.cell["value"] == "-16.41"
