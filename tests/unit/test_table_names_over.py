"""Column names printed over a table outside its box are set as its first row (app/ingest/table_names_over.py): a
statement's "June 30, / 2026" and "December 31, / 2025" above its first row of labels name its two value columns;
a title across the columns, a row of figures or a table that names its columns already are left alone."""

from __future__ import annotations

from app.ingest.passages import Line, Word
from app.ingest.table_captions import finish_table
from app.ingest.table_names_over import take_names_over
from app.ingest.table_words import Grid

HEIGHT = 9.0
VALUES = [(387.0, 452.0), (464.0, 530.0)]  # each value column's figures: x of their left and right edge
TOP = 194.0


def _words(text: str, x: float, y: float) -> list[Word]:
    out = []
    for word in text.split():
        out.append(Word(word, (x, y, x + 5 * len(word), y + HEIGHT)))
        x += 5 * len(word) + 3
    return out


def _line(*parts: tuple[str, float, float]) -> Line:
    return Line([w for text, x, y in parts for w in _words(text, x, y)])


def _grid(first: list[str] | None = None) -> Grid:
    rows = [first or ["Property, Plant and Equipment", "", ""], ["Regulated Energy", "$ 3,076.1", "$ 2,941.6"],
            ["Unregulated Energy", "514.3", "492.4"], ["Total property", "3,633.4", "3,472.3"]]  # fmt: skip
    boxes: list[list[tuple[float, float, float, float] | None]] = [[(68.0, TOP, 189.0, TOP + HEIGHT), None, None]]
    for k in range(1, len(rows)):
        y = TOP + 14 * k
        boxes.append([(81.0, y, 150.0, y + HEIGHT), *((x0, y, x1, y + HEIGHT) for x0, x1 in VALUES)])
    return Grid(rows, boxes, (65.0, TOP, 533.0, boxes[-1][0][3]))  # type: ignore[index]


TITLE = _line(("Condensed Consolidated Balance Sheets (Unaudited)", 164.0, 133.0))
DATES = _line(("June 30,", 402.0, 156.0), ("December 31,", 468.0, 156.0))
YEARS = _line(("Assets", 68.0, 165.0), ("2026", 410.0, 167.0), ("2025", 487.0, 167.0))  # one text line: "Assets" higher
UNITS = _line(("(in millions, except per share data)", 68.0, 180.0))


def test_names_printed_over_the_value_columns_become_the_first_row() -> None:
    grid = _grid()
    assert take_names_over(grid, [TITLE, DATES, YEARS, UNITS])
    assert grid.rows[0] == ["Assets", "June 30, 2026", "December 31, 2025"]  # the labels' name beside theirs
    assert grid.rows[1][0] == "Property, Plant and Equipment"
    assert grid.bbox[1] == 156.0  # the table now begins at its names: a caption is sought above them


def test_the_finished_table_names_its_columns_by_them() -> None:
    table = finish_table(0, _grid(), [TITLE, DATES, YEARS, UNITS])
    assert table.rows[0][1:] == ["June 30, 2026", "December 31, 2025"]
    assert table.header_rows == 1


def test_a_title_across_the_columns_names_nothing() -> None:
    grid = _grid()
    title = _line(("Consolidated Balance Sheets of the Company and its Subsidiaries", 300.0, 180.0))
    assert not take_names_over(grid, [title])
    assert grid.rows[0][0] == "Property, Plant and Equipment" and len(grid.rows) == 4


def test_a_row_of_figures_above_is_the_table_above_not_names() -> None:
    grid = _grid()
    above = _line(("Net plant", 68.0, 180.0), ("1,234.5", 420.0, 180.0), ("1,111.0", 497.0, 180.0))
    assert not take_names_over(grid, [above])
    assert len(grid.rows) == 4


def test_names_far_above_the_table_are_no_part_of_it() -> None:
    grid = _grid()
    far = _line(("June 30,", 402.0, 120.0), ("December 31,", 468.0, 120.0))
    assert not take_names_over(grid, [far])


def test_a_dash_over_a_column_is_no_name() -> None:
    grid = _grid()
    marks = _line(("Total", 68.0, 182.0), ("—", 420.0, 182.0), ("—", 497.0, 182.0))
    assert not take_names_over(grid, [marks])
    assert len(grid.rows) == 4


def test_a_table_that_names_its_value_columns_keeps_its_own_names() -> None:
    grid = _grid(["", "Current year", "Prior year"])
    near = _line(("June 30,", 402.0, 182.0), ("December 31,", 468.0, 182.0))
    assert not take_names_over(grid, [near])
    assert grid.rows[0] == ["", "Current year", "Prior year"]
    assert take_names_over(_grid(), [near])  # the same line over a table that names nothing is taken
