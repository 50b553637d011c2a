"""Two columns of figures read as one are cut at the white channel between them (app.ingest.table_channels), and a
header line left out of the grid is taken in (app.ingest.table_group_header): on the geometry an income statement's
page gives, words placed as a PDF sets them (a grid that joined two columns, as the whitespace reading does when a
phrase is set over both)."""

from __future__ import annotations

from app.ingest.extracted import BBox
from app.ingest.passages import Line, Word, union_bbox
from app.ingest.table_channels import join_sign_columns, join_spill_columns, split_joined_columns
from app.ingest.table_group_header import fill_header_gaps, take_group_header
from app.ingest.table_words import Grid

H = 10.0  # line height
PITCH = 15.0  # rows are set this far apart
# (label, [(sign x or None, figure, right edge)]): four columns of figures, signs set apart from their figures.
RIGHTS = (339.0, 413.0, 486.0, 558.0)
BODY = [
    ("Electric", ["3,852", "3,690", "7,971", "7,848"], True),
    ("Natural gas", ["1,438", "1,428", "3,528", "3,068"], False),
    ("Interest income", ["143", "19", "255", "27"], False),
    ("Interest expense", ["(640)", "(411)", "(1,242)", "(830)"], False),
    ("Net income", ["410", "360", "982", "838"], True),
]
SIGNS = (276.0, 350.0, 423.0, 495.0)


def _word(text: str, x0: float, top: float) -> Word:
    return Word(text, (x0, top, x0 + 5.0 * len(text), top + H))


def _right(text: str, x1: float, top: float) -> Word:
    return Word(text, (x1 - 5.0 * len(text), top, x1, top + H))


def _phrase(text: str, x0: float, top: float) -> list[Word]:
    words, x = [], x0
    for w in text.split():
        words.append(_word(w, x, top))
        x += 5.0 * len(w) + 2.5
    return words


def _page(header_above: bool = True, first_top: float = 140.0) -> tuple[list[Line], list[list[Word]]]:
    """The page's lines, and per body row its words (label first)."""
    lines: list[Line] = []
    if header_above:
        lines.append(Line(_phrase("Three Months Ended June 30,", 281.0, first_top - PITCH)))
        lines.append(Line(_phrase("Six Months Ended June 30,", 433.0, first_top - PITCH)))
    years = [_right(y, r, first_top) for y, r in zip(("2023", "2022", "2023", "2022"), RIGHTS, strict=True)]
    lines.append(Line(years))
    rows: list[list[Word]] = []
    for k, (label, figures, signed) in enumerate(BODY):
        top = first_top + PITCH * (k + 1)
        words = _phrase(label, 58.0, top)
        for s, figure, r in zip(SIGNS, figures, RIGHTS, strict=True):
            if signed:
                words.append(_word("$", s, top))
            words.append(_right(figure, r, top))
        lines.append(Line(words))
        rows.append(words)
    return lines, rows


def _box(words: list[Word]) -> BBox | None:
    return union_bbox([w.bbox for w in words]) if words else None


def _joined_grid(lines: list[Line], rows: list[list[Word]]) -> Grid:
    """The grid the whitespace reading gives: the first two columns of figures in one cell, the years of the last
    two left out of the header row."""
    years = lines[-len(rows) - 1].words
    grid_rows: list[list[str]] = [["", "2023 2022", "", ""]]
    grid_boxes: list[list[BBox | None]] = [[None, _box(years[:2]), None, None]]
    for words in rows:
        label = [w for w in words if w.bbox[0] < 250]
        cells = [[w for w in words if lo <= w.bbox[0] < hi] for lo, hi in ((250, 418), (418, 490), (490, 600))]
        grid_rows.append([" ".join(w.text for w in part) for part in (label, *cells)])
        grid_boxes.append([_box(part) for part in (label, *cells)])
    filled = [b for r in grid_boxes for b in r if b is not None]
    return Grid(grid_rows, grid_boxes, union_bbox(filled))


def test_two_columns_of_figures_in_one_cell_are_cut_apart_with_their_signs() -> None:
    lines, rows = _page()
    grid = _joined_grid(lines, rows)
    split_joined_columns(grid, lines)
    assert grid.rows[1] == ["Electric", "$ 3,852", "$ 3,690", "$ 7,971", "$ 7,848"], grid.rows
    assert grid.rows[4] == ["Interest expense", "(640)", "(411)", "(1,242)", "(830)"], grid.rows
    assert grid.rows[0][:3] == ["", "2023", "2022"], grid.rows
    box = grid.boxes[4][2]
    assert box is not None and box[0] > RIGHTS[0], box  # the cell's box is its own figure's


def test_header_line_over_the_figures_names_the_columns_it_spans() -> None:
    lines, rows = _page()
    grid = _joined_grid(lines, rows)
    split_joined_columns(grid, lines)
    take_group_header(grid, lines)
    fill_header_gaps(grid, lines, header_rows=2)
    assert grid.rows[0][1] == "Three Months Ended June 30,", grid.rows[0]
    assert grid.rows[0][3] == "Six Months Ended June 30,", grid.rows[0]
    assert grid.rows[1] == ["", "2023", "2022", "2023", "2022"], grid.rows[1]
    spans = grid.boxes[0][1]
    assert spans is not None and spans[2] >= (grid.boxes[2][2] or (0, 0, 0, 0))[0], spans  # reaches the 2nd column


def _cut(first: tuple[str, float], second: tuple[str, float]) -> list[list[str]]:
    """The rows after cutting a one-column table whose every cell holds `first` and `second` (text, left x)."""
    words = [[_word(f"Row{k}", 58.0, 100.0 + PITCH * k), *(_word(t, x, 100.0 + PITCH * k) for t, x in (first, second))]
             for k in range(5)]  # fmt: skip
    grid = Grid([[w[0].text, f"{first[0]} {second[0]}"] for w in words], [[_box(w[:1]), _box(w[1:])] for w in words],
                union_bbox([w.bbox for r in words for w in r]))  # fmt: skip
    split_joined_columns(grid, [Line(w) for w in words])
    return grid.rows


def test_figures_grouped_by_thin_spaces_are_one_value() -> None:
    # "15 455": thousands set apart by a thin space are no two columns.
    assert all(r[1:] == ["15 455"] for r in _cut(("15", 300.0), ("455", 312.0)))


def test_a_column_of_phrases_is_not_cut() -> None:
    assert all(r[1:] == ["Single Married"] for r in _cut(("Single", 250.0), ("Married", 330.0)))
    # The same gap between two figures is a channel: the check above is the words', not the gap's.
    assert all(len(r) == 3 for r in _cut(("12", 250.0), ("34", 330.0)))


def _taken_in(*phrases: tuple[str, float]) -> bool:
    """Whether a line of `phrases` (text, left x) set right above the statement's first row is taken in as its
    header."""
    lines, rows = _page(header_above=False)
    lines.insert(0, Line([w for text, x0 in phrases for w in _phrase(text, x0, 125.0)]))
    grid = _joined_grid(lines, rows)
    split_joined_columns(grid, lines)
    before = [list(r) for r in grid.rows]
    take_group_header(grid, lines)
    return grid.rows != before


def test_a_line_over_the_labels_is_page_text_not_a_header() -> None:
    assert not _taken_in(("Condensed consolidated statements of income for the quarter", 58.0))


def test_one_phrase_over_every_column_is_a_title_not_column_groups() -> None:
    assert not _taken_in(("PUBLICATION OF AWARDS OF CONTRACTS UNDER THE SECTOR PROJECT", 281.0))
    # Two phrases over the columns are their groups (the case the guard must not block).
    assert _taken_in(("Three Months Ended", 290.0), ("Six Months Ended", 440.0))


def test_a_column_of_lone_signs_joins_the_figures_right_of_it() -> None:
    rows = [["", "Three Months Ended", "June 30,", "Six Months"], ["", "", "2023", "2023"],
            ["Operating income", "$", "518", "$ 1,076"], ["Adjustments", "", "166", "352"],
            ["Non-GAAP income", "$", "684", "$ 1,428"]]  # fmt: skip
    boxes: list[list[BBox | None]] = [
        [None if not cell else (100.0 * j, 10.0 * i, 100.0 * j + 40, 10.0 * i + 8) for j, cell in enumerate(row)]
        for i, row in enumerate(rows)
    ]
    grid = Grid([list(r) for r in rows], boxes, (0.0, 0.0, 340.0, 48.0))
    join_sign_columns(grid, header_rows=2)
    assert grid.rows[0] == ["", "Three Months Ended June 30,", "Six Months"], grid.rows
    assert grid.rows[2] == ["Operating income", "$ 518", "$ 1,076"], grid.rows
    assert grid.rows[3] == ["Adjustments", "166", "352"], grid.rows
    box = grid.boxes[2][1]
    assert box is not None and box[0] == 100.0 and box[2] == 240.0, box  # the sign's box and the figure's



def _boxed(rows: list[list[str]]) -> Grid:
    boxes: list[list[BBox | None]] = [
        [None if not cell else (80.0 * j, 10.0 * i, 80.0 * j + 40, 10.0 * i + 8) for j, cell in enumerate(row)]
        for i, row in enumerate(rows)
    ]
    return Grid([list(r) for r in rows], boxes, (0.0, 0.0, 400.0, 10.0 * len(rows)))


def test_a_headless_column_holding_only_the_tail_of_a_bracket_is_joined_to_the_cell_left_of_it() -> None:
    body = [["Lagged", "0.99", "", "1.08", ""], ["", "(0.16)", "", "(0.18)", ""], ["Log GDP", "1.42", "", "1.60", ""],
            ["", "(0.95)", "", "(0.95)", ""], ["Observations", "19", "", "19", ""], ["R2", "0.98", "", "0.98", ""],
            ["F Statistic", "117.69 (df = 6;", "12)", "102.88 (df = 7;", "11)"]]  # fmt: skip
    grid = _boxed([["", "(1)", "", "(2)", ""], *body])
    join_spill_columns(grid, header_rows=1)
    assert grid.rows[0] == ["", "(1)", "(2)"], grid.rows
    assert grid.rows[-1] == ["F Statistic", "117.69 (df = 6; 12)", "102.88 (df = 7; 11)"], grid.rows
    assert all(len(r) == len(b) == 3 for r, b in zip(grid.rows, grid.boxes, strict=True))
    # A sparse column with a head of its own, or one whose cells close nothing, is a column.
    headed = _boxed([["", "(1)", "n", "(2)", ""], *body])
    join_spill_columns(headed, header_rows=1)
    assert len(headed.rows[0]) == 4, headed.rows  # the headless last column still joins
    plain = [[*r[:2], "x" if i == 2 else "", *r[3:]] for i, r in enumerate(body)]
    kept = _boxed([["", "(1)", "", "(2)", ""], *plain])
    join_spill_columns(kept, header_rows=1)
    assert kept.rows[3][2] == "x", kept.rows


def test_the_years_over_a_statements_columns_a_blank_line_above_its_body_are_its_header() -> None:
    # "2024   2025" set over the two columns of figures, a blank line above "Net product sales": the column heads.
    rows = [("Net product sales", "60,915", "63,970"), ("Net service sales", "82,398", "91,697"),
            ("Total net sales", "143,313", "155,667"), ("Cost of sales", "72,633", "76,976")]  # fmt: skip
    words = [[_word(label, 52.0, 144.0 + PITCH * k), _right(a, 495.0, 144.0 + PITCH * k),
              _right(b, 558.0, 144.0 + PITCH * k)] for k, (label, a, b) in enumerate(rows)]  # fmt: skip
    grid = Grid([[w.text for w in r] for r in words], [[w.bbox for w in r] for r in words],
                union_bbox([w.bbox for r in words for w in r]))  # fmt: skip
    title = Line([_word("Prices and Inflation", 300.0, 115.0), _right("121", 558.0, 115.0)])  # the page's
    take_group_header(grid, [title, *(Line(r) for r in words)])
    assert grid.rows[0][0] == "Net product sales", grid.rows[0]
    years = Line([_right("2024", 480.0, 115.0), _right("2025", 544.0, 115.0)])
    take_group_header(grid, [years, *(Line(r) for r in words)])
    assert grid.rows[0] == ["", "2024", "2025"], grid.rows[0]
