"""A table that a rule across it split in two at extraction (its upper rows a table of their own, unlabelled, with
the same edges, a row above it) is read whole under its label; a table of its own nearby stays apart."""

from __future__ import annotations

from app.db.models import DocTable, Document
from app.qa.tables.stored import table_data, upper_part


def _table(tid: str, index: int, rows: list[list[str]], bbox: list[float], label: str | None,
           caption: str | None) -> DocTable:  # fmt: skip
    return DocTable(id=tid, document_id="d", page_number=7, index_on_page=index, index_in_document=index,
                    caption=caption, label=label, rows=rows, columns=rows[0], header_rows=1, markdown="",
                    bbox=bbox)  # fmt: skip


UPPER = [["Consistent tables", "36 (75%)"], ["Inconsistent tables", "12"], ["Total", "48"]]
LOWER = [["Rows that fit the description", "118 (73%)"], ["Rows not fitted", "43"], ["Total", "161"]]


def test_the_upper_part_of_a_split_table_is_read_with_it() -> None:
    document = Document(id="d", collection_id="c", filename="paper.pdf")
    upper = _table("u", 0, UPPER, [103.95, 281.25, 268.24, 311.94], None, "Figure 6: Computing similarity.")
    lower = _table("l", 1, LOWER, [103.95, 322.3, 268.24, 352.98], "Table 3", "Table 3: Evaluation results.")
    every = [upper, lower]
    assert upper_part(lower, every) is upper
    data = table_data(lower, document, every)
    assert [r[0] for r in data.rows] == [r[0] for r in UPPER + LOWER]
    assert data.id == "l" and data.label == "Table 3"


def test_a_table_of_its_own_above_stays_apart() -> None:
    lower = _table("l", 1, LOWER, [103.95, 322.3, 268.24, 352.98], "Table 3", "Table 3: Evaluation results.")
    far = _table("f", 0, UPPER, [103.95, 200.0, 268.24, 240.0], None, None)  # a blank band above it
    narrower = _table("n", 0, UPPER, [120.0, 281.25, 268.24, 311.94], None, None)  # other edges
    labelled = _table("t", 0, UPPER, [103.95, 281.25, 268.24, 311.94], "Table 2", "Table 2: Articles.")
    for other in (far, narrower, labelled):
        assert upper_part(lower, [other, lower]) is None


def test_a_block_with_no_header_row_reads_its_columns_by_the_header_above() -> None:
    from app.qa.tables.cell_lookup import cell_answer
    from app.qa.tables.stored import headers_above

    document = Document(id="d", collection_id="c", filename="filing.pdf")
    costs = [["", "Three Months Ended 2025", "Three Months Ended 2024"], ["Research", "$ 8,550", "$ 7,903"]]
    statement = _table("s", 0, costs, [42.0, 65.0, 571.0, 210.0], None, None)
    taxes = _table("x", 1, [["Effective tax rate", "15.5%", "15.8%"]], [49.5, 459.0, 562.5, 488.0], None, None)
    taxes.header_rows, taxes.columns = 0, None
    every = [statement, taxes]
    assert headers_above(taxes, every) is statement
    data = table_data(taxes, document, every)
    got = cell_answer(data, "What was the effective tax rate in the three months ended 2024?")
    assert got is not None and got.cell is not None and got.cell["value"] == "15.8%"
    # A table with a header of its own, or another number of columns above it, keeps its own.
    wider = _table("w", 0, [["", "A", "B", "C"], ["x", "1", "2", "3"]], [42.0, 65.0, 571.0, 210.0], None, None)
    assert headers_above(taxes, [wider, taxes]) is None
    assert headers_above(statement, every) is None
