"""A table continued on the next page under its label ("Table A-1 …—Continued") is read as one table when its columns,
as read, are the same; a continuation with columns of its own stays a table of its own."""

from __future__ import annotations

from app.db.models import DocTable, Document
from app.qa.tables.aggregate import aggregate_answer
from app.qa.tables.cell_lookup import cell_answer
from app.qa.tables.stored import with_continuations

HEAD = ["Education system", "Exclusion rate", "Participation after substitution"]


def _table(tid: str, page: int, index: int, rows: list[list[str]], columns: list[str] | None,
           header_rows: int = 1) -> DocTable:  # fmt: skip
    return DocTable(id=tid, document_id="d", page_number=page, index_on_page=0, index_in_document=index,
                    caption=f"Table A-1. Coverage{'—Continued' if index else ''}", label="Table A-1", rows=rows,
                    columns=columns, header_rows=header_rows, markdown="", bbox=[0, 0, 1, 1])  # fmt: skip


def test_a_continued_table_is_read_whole_from_either_page() -> None:
    document = Document(id="d", collection_id="c", filename="us-020.pdf")
    first = _table("p2", 2, 0, [HEAD, ["Norway", "4", "83"], ["Israel", "25", "99"],
                                ["See notes at end of table.", "", ""]], HEAD)  # fmt: skip
    # The continuation's stored header is its repeated caption; its rows are read under the first page's header.
    second = _table("p3", 3, 1, [["Table A-1 …—Continued", "", ""], HEAD, ["Quebec-CAN", "4", "96"],
                                 ["Florida-USA", "13", "96"]], ["Table A-1", "Table A-1", ""])  # fmt: skip
    every = [first, second]
    for table in every:
        head, data, part = with_continuations(table, document, every, {})
        assert head.id == "p2" and data.continued == ["p3"] and not part
        low = aggregate_answer(data, "Which system had the lowest participation after substitution?")
        assert low is not None and low.short_answer == "Norway"
        cell = cell_answer(data, "What was the exclusion rate of Florida-USA?")
        # The note row ends the first page's rows: it heads no section over the continued rows.
        assert cell is not None and cell.short_answer == "13" and cell.cell is not None
        assert cell.cell["row"] == "Florida-USA"


def test_a_continuation_with_columns_of_its_own_stays_apart() -> None:
    document = Document(id="d", collection_id="c", filename="us-018.pdf")
    first = _table("p1", 1, 0, [["State", "2003–04", "2004–05"], ["Texas", "244,165", "239,717"]],
                   ["State", "2003–04", "2004–05"])  # fmt: skip
    second = _table("p2", 2, 1, [["State", "2013–14", "2014–15"], ["Texas", "291,830", "297,630"]],
                    ["State", "2013–14", "2014–15"])  # fmt: skip
    head, data, part = with_continuations(second, document, [first, second], {})
    assert head.id == "p2" and data.continued == [] and not part  # other years: a table of its own, ranked as one
    head, data, part = with_continuations(first, document, [first, second], {})
    assert head.id == "p1" and data.continued == [] and len(data.rows) == 2 and not part


def test_a_continuation_listing_another_group_of_rows_stays_apart() -> None:
    document = Document(id="d", collection_id="c", filename="us-020.pdf")
    first = _table("p2", 2, 0, [HEAD, ["Norway", "4", "83"], ["Israel", "25", "99"]], HEAD)
    other = ["Benchmarking education systems", *HEAD[1:]]
    second = _table("p3", 3, 1, [other, ["Quebec-CAN", "4", "96"], ["Florida-USA", "13", "96"]], other)
    head, data, part = with_continuations(first, document, [first, second], {})
    assert data.continued == [] and not part  # benchmarking participants are not counted with the countries
    head, data, part = with_continuations(second, document, [first, second], {})
    assert head.id == "p3" and part
