"""A name the question gives a document by ("the InvenSense spec") is held by the document when the prose of its first
page says it, though the table's own page never repeats it; a first page's table names its rows, not the document
(app.qa.tables.stored.page_text, question_fit.names_unheld)."""

from __future__ import annotations

from sqlalchemy import create_engine
from sqlalchemy.orm import Session

from app.db.models import Base, Collection, DocTable, Document, Page, Passage
from app.qa.tables.model import TableData
from app.qa.tables.question_fit import names_unheld, question_names
from app.qa.tables.stored import page_text


def test_the_cover_names_the_document_for_its_tables() -> None:
    engine = create_engine("sqlite://")
    Base.metadata.create_all(engine)
    with Session(engine) as session:
        session.add(Collection(id="c", name="c"))
        document = Document(id="d", collection_id="c", filename="sensor-spec.pdf", path="sensor-spec.pdf",
                            sha256="0" * 64, size_bytes=1, status="ready")  # fmt: skip
        session.add(document)
        session.add_all([
            Page(id="p1", document_id="d", number=1, width=1, height=1,
                 text="Acmetronics QX-9 Product Specification Kestrel 340"),
            Passage(id="s1", document_id="d", page_number=1, index=0, text="Acmetronics QX-9 Product Specification",
                    bbox=[0, 0, 1, 1]),
            Page(id="p5", document_id="d", number=5, width=1, height=1, text="6.1 Gyroscope Specifications"),
            Page(id="p7", document_id="d", number=7, width=1, height=1, text="Made by Zentrix"),
        ])  # fmt: skip
        table = DocTable(id="t", document_id="d", page_number=5, index_on_page=0, index_in_document=0,
                         caption=None, label=None, rows=[["Range", "±500"]], columns=["Parameter", "Typ"],
                         header_rows=1, markdown="", bbox=[0, 0, 1, 1])  # fmt: skip
        session.add(table)
        session.commit()
        data = TableData("t", table.rows, None, None, table.columns, 1)
        names = question_names("What range does the Acmetronics spec give for the Kestrel, as Zentrix says?")
        unheld = names_unheld(names, data, document, lambda: page_text(session, table))
    assert names == {"acmetron", "kestrel", "zentrix"}
    # The cover's prose holds the maker; a row of a first-page table ("Kestrel 340") and a name said on a page the
    # table is not read with do not.
    assert unheld == {"kestrel", "zentrix"}
