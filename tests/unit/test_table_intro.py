"""Lines of the text above a table read as its first rows are taken out (app.ingest.table_intro), and a statement's
column heads stacked on up to seven lines are one header (app.ingest.table_text.header_row_count)."""

from __future__ import annotations

from app.ingest.table_intro import split_intro_rows
from app.ingest.table_text import header_row_count
from app.ingest.table_words import Grid


def _grid(rows: list[list[str]]) -> Grid:
    boxes = [[(0.0, 10.0 * i, 10.0, 10.0 * i + 8) if c else None for c in r] for i, r in enumerate(rows)]
    return Grid([list(r) for r in rows], boxes, (0.0, 0.0, 100.0, 100.0))  # type: ignore[arg-type]


BODY = [["Period", "Bought", "Price"], ["May", "1,968", "95.89"], ["June", "4,687", "91.93"]]


def test_the_sentence_introducing_a_table_becomes_its_caption() -> None:
    grid = _grid([
        ["The following table presents the shares the company bought back during the quarter", "", ""],
        ["ended June 30, 2022:", "", ""],
        *BODY,
    ])  # fmt: skip
    caption = split_intro_rows(grid)
    assert caption is not None and caption.startswith("The following table presents")
    assert caption.endswith("during the quarter ended June 30, 2022:")
    assert grid.rows == BODY and len(grid.boxes) == 3


def test_the_tail_of_the_paragraph_above_is_dropped() -> None:
    for tail in (["shareholders.”", "", ""], ["", "version 2.0 of our tool, we also include weighted sets.", ""]):
        grid = _grid([tail, *BODY])
        assert split_intro_rows(grid) is None
        assert grid.rows == BODY


def test_a_section_label_and_a_title_stay() -> None:
    for first in (["Current assets:", "", ""], ["Store Update", "", ""], ["Results of the second quarter.", "", ""]):
        grid = _grid([first, *BODY])
        assert split_intro_rows(grid) is None
        assert grid.rows[0] == first


def test_column_heads_stacked_on_six_lines_are_the_header_when_they_leave_the_label_column_empty() -> None:
    stacked = [["", "Total Number", "Approximate"], ["", "of Class", "Dollar Value"], ["", "A Shares", "of Shares"],
               ["", "Purchased", "that May Yet"], ["", "(in", "Be Purchased"],
               ["Period", "thousands)", "(in millions)"],
               ["May", "1,968", "32,703"], ["June", "4,687", "28,079"]]  # fmt: skip
    assert header_row_count(stacked) == 6
    labelled = [["m3", "a", "b"], *stacked[1:]]  # a body of text rows before the numbers: not a header
    assert header_row_count(labelled) == 1


def test_a_regression_tables_numbered_columns_are_header_and_a_bracketed_figure_is_data() -> None:
    rows = [["", "Dependent variable: log wage", ""], ["", "(1)", "(2)"], ["Age", "0.12", "0.10"],
            ["", "(0.03)", "(0.02)"], ["R2", "0.31", "0.35"]]  # fmt: skip
    assert header_row_count(rows) == 2
    # Standard errors alone on a row are figures, not column numbers: a table starting with them has no header.
    assert header_row_count([["", "(0.03)", "(0.02)"], ["R2", "0.31", "0.35"]]) == 0


def test_a_dependent_variable_read_into_a_numbered_column_and_starred_figures_keep_the_header() -> None:
    # The label set on the line above "(2)" read into its cell; figures carry significance stars.
    rows = [["", "Dependent variable:", "", ""], ["", "(1)", "Cars per 100 people (2)", "(3)"],
            ["Cars (lagged)", "0.99∗∗∗", "1.08∗∗∗", "1.12**"], ["", "(0.16)", "(0.18)", "(0.17)"]]  # fmt: skip
    assert header_row_count(rows) == 2
    # A label alone is no column number: "Total (2)" beside a figure is a row of data.
    assert header_row_count([["", "a", "b"], ["Total (2)", "0.5", "0.7"]]) == 1


def test_a_header_cell_holding_two_columns_heads_is_split_at_the_white_channel() -> None:
    from app.ingest.passages import Line, Word
    from app.ingest.table_group_header import split_spanning_header_cells

    heads = [Word("2Q23", (100.0, 0.0, 120.0, 8.0)), Word("(in", (122.0, 0.0, 132.0, 8.0)),
             Word("millions)", (134.0, 0.0, 170.0, 8.0)), Word("2Q22", (220.0, 0.0, 240.0, 8.0)),
             Word("(in", (242.0, 0.0, 252.0, 8.0)), Word("millions)", (254.0, 0.0, 290.0, 8.0))]  # fmt: skip
    grid = Grid(
        [["", "2Q23 (in millions) 2Q22 (in millions)", ""], ["Sales", "989", "1,110"], ["Profit", "96", "90"]],
        [[None, (100.0, 0.0, 290.0, 8.0), None], [(0.0, 10.0, 30.0, 18.0), (130.0, 10.0, 150.0, 18.0),
         (250.0, 10.0, 275.0, 18.0)], [(0.0, 20.0, 30.0, 28.0), (135.0, 20.0, 150.0, 28.0),
         (260.0, 20.0, 275.0, 28.0)]],
        (0.0, 0.0, 290.0, 28.0),
    )  # fmt: skip
    split_spanning_header_cells(grid, [Line(heads)], 1)
    assert grid.rows[0] == ["", "2Q23 (in millions)", "2Q22 (in millions)"]
    assert grid.boxes[0][2] == (220.0, 0.0, 290.0, 8.0)


def test_a_date_broken_over_header_lines_is_header_not_data() -> None:
    rows = [
        ["", "13 Weeks Ended", "13 Weeks Ended", "52 Weeks Ended"],
        ["", "January", "January", "January"],
        ["", "28,", "29,", "28,"],  # the day of "January 28, 2023": a comma ends no figure
        ["(Dollars in millions)", "2023", "2022", "2023"],
        ["Net sales", "3,226.8", "2,729.4", "10,208.6"],
    ]
    assert header_row_count(rows) == 4

