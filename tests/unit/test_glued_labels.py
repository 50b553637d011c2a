"""Row labels with the first column's figure glued on are set apart (app.qa.tables.glued_labels)."""

from __future__ import annotations

from app.qa.tables.cell_lookup import cell_answer
from app.qa.tables.glued_labels import glued_labels_split
from app.qa.tables.model import TableData


def _revenue() -> TableData:
    rows = [["(In millions)", "", ""], ["Year Ended June 30, 2023", "2022", "2021"],
            ["Server products $ 79,970", "67,350", "52,589"], ["Gaming 15,466", "16,230", "15,370"],
            ["Professional Networking 15,145", "13,816", "10,289"], ["Search 12,208", "11,591", "9,267"]]  # fmt: skip
    return TableData("t", rows, columns=["(In millions) / Year Ended June 30, 2023", "2022", "2021"], header_rows=2)


def test_a_figure_glued_to_most_labels_is_set_apart_under_the_headers_last_line() -> None:
    table = _revenue()
    glued_labels_split(table)
    assert table.rows[2] == ["Server products", "$ 79,970", "67,350", "52,589"]
    assert table.rows[4][:2] == ["Professional Networking", "15,145"]
    assert table.columns == ["(In millions) / Year Ended June 30, 2023", "Year Ended June 30, 2023", "2022", "2021"]
    got = cell_answer(table, "What revenue did professional networking bring in 2023?")
    assert got is not None and got.cell is not None and got.cell["value"] == "15,145"


def test_labels_that_end_on_a_figure_by_chance_stay_whole() -> None:
    rows = [["Product", "Units"], ["Windows 11", "40"], ["Office 2021", "12"], ["Teams", "9"]]
    table = TableData("t", [list(r) for r in rows], columns=rows[0], header_rows=1)
    glued_labels_split(table)
    assert table.rows == rows


def test_labels_naming_a_range_keep_its_bounds() -> None:
    rows = [["Monthly income", "Subsidy"], ["$800 < income ≤ $1,200", "$977"], ["$1,200 < income ≤ $1,900", "$712"],
            ["$1,900 < income ≤ $2,000", "$592"], ["Income > $2,800", "$0"]]  # fmt: skip
    table = TableData("t", [list(r) for r in rows], columns=rows[0], header_rows=1)
    glued_labels_split(table)
    assert table.rows == rows
