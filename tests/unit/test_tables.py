"""Table rendering helpers and known cells from the real PDF collection."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.ingest.pdf import extract_page_tables, extract_pdf
from app.ingest.tables import (
    Grid,
    clipped_by_rule,
    is_degenerate,
    normalise_rows,
    rows_to_markdown,
    stack_header_cells,
    table_label,
    without_text_frames,
    words_grid,
)

PDFS = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "pdfs"


def norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def cells_on_page(relpath: str, page: int) -> set[str]:
    doc = extract_pdf(PDFS / relpath, max_pages=100)
    return {norm(c) for t in doc.pages[page - 1].tables for r in t.rows for c in r}


def test_markdown_escapes_pipes_and_flattens_newlines() -> None:
    md = rows_to_markdown([["a|b", "c"], ["line1\nline2", ""]])
    assert md.splitlines() == ["| a\\|b | c |", "|---|---|", "| line1 line2 |  |"]


def test_markdown_pads_ragged_rows() -> None:
    assert rows_to_markdown([["h1", "h2"], ["x"]]).splitlines()[-1] == "| x |  |"


def test_normalise_rows_turns_none_into_empty_and_drops_empty_rows_and_columns() -> None:
    rows = normalise_rows([[None, "a", None], [None, None, None], [None, " b\n c ", None]])
    assert rows == [["a"], ["b c"]]


def test_degenerate_tables_are_recognised() -> None:
    assert is_degenerate([["only cell"]])
    assert is_degenerate([["", ""], ["", ""]])
    assert not is_degenerate([["Year", "Value"], ["2019", "12"], ["2020", "14"]])


@pytest.mark.parametrize(
    ("relpath", "page", "expected"),
    [
        # ruled (lattice) tables
        ("tables/us-030.pdf", 2, {"Cycle Name", "KI (1/km)", "Decreased Accel", "29.2%", "2145_1"}),
        ("reports/WARN-Report-for-7-1-2015-to-03-25-2016.pdf", 1, {"Maxim Integrated Product", "San Jose", "150"}),
        # whitespace columns (camelot stream)
        ("tables/health.pdf", 1, {"Andhra Pradesh", "47,824,589", "73,980,669"}),
        # horizontal rules only
        ("reports/us-018.pdf", 1, {"Alabama"}),
        # sideways table on an upright page
        ("tables/anticlockwise_table_2.pdf", 1, {"Modern method", "Traditional method", "Condom/"}),
    ],
)
def test_known_cells_are_found(relpath: str, page: int, expected: set[str]) -> None:
    missing = expected - cells_on_page(relpath, page)
    assert not missing


def test_tables_have_markdown_bbox_and_caption() -> None:
    doc = extract_pdf(PDFS / "tables" / "12s0324.pdf", max_pages=10)
    tables = doc.pages[0].tables
    assert len(tables) >= 2
    for t in tables:
        body = len(t.rows) - t.header_rows if t.columns else len(t.rows) - 1
        assert t.markdown.startswith("| ") and len(t.markdown.splitlines()) == body + 2
        x0, top, x1, bottom = t.bbox
        assert 0 <= x0 < x1 <= doc.pages[0].width and 0 <= top < bottom <= doc.pages[0].height
    assert any(t.caption and t.caption.startswith("Table 32") for t in tables)


def test_tables_of_chosen_pages_are_those_of_the_whole_document() -> None:
    path = PDFS / "reports" / "eu-013.pdf"
    doc = extract_pdf(path, max_pages=100)
    chosen = extract_page_tables(path, [3, 1])
    assert sorted(chosen) == [1, 3]
    for number, tables in chosen.items():
        assert [t.rows for t in tables] == [t.rows for t in doc.pages[number - 1].tables]
    assert chosen[3]


def test_prose_pages_get_no_tables() -> None:
    doc = extract_pdf(PDFS / "reports" / "issue-982-example.pdf", max_pages=10)
    assert sum(len(p.tables) for p in doc.pages[:2]) == 0


# ------------------------------------------------------------------------------------------------
# Table structure on the shared PDFs
# ------------------------------------------------------------------------------------------------


def _tables(relpath: str, page: int) -> list:
    return extract_pdf(PDFS / relpath, max_pages=100).pages[page - 1].tables


def test_row_label_and_last_columns_are_kept_when_rules_are_only_inside() -> None:
    # eu-013 Table 6: vertical rules only between the year columns; the row labels (left) and the
    # 2004 column (right) lie outside them.
    (table,) = _tables("reports/eu-013.pdf", 3)
    assert ["General upper secondary education", "15 455", "13 951", "12 068"] in table.rows
    assert [c for c in table.rows[0] if c] == ["2000", "2002", "2004"]


def test_a_cell_holding_several_values_is_split_by_the_column_geometry() -> None:
    # us-018 "United States": one ruled cell holding six numbers, another holding four.
    table = _tables("reports/us-018.pdf", 1)[0]
    row = next(r for r in table.rows if r[0] == "United States")
    assert row[1:] == [
        "2,753,438", "2,799,250", "2,815,544", "2,893,045", "3,001,337",
        "3,039,015", "3,068,550", "3,103,540", "3,100,510", "3,092,290",
    ]  # fmt: skip


def test_a_header_over_several_rows_is_joined_into_one_name_per_column() -> None:
    (table,) = _tables("tables/health.pdf", 1)
    assert table.header_rows >= 3
    assert table.columns is not None and len(table.columns) == len(table.rows[0])
    assert "Capital / Medical & Public Health" in table.columns
    assert "Revenue / Family Welfare" in table.columns
    # markdown is rendered from the rows under the joined header
    lines = table.markdown.splitlines()
    assert "Capital / Medical & Public Health" in lines[0]
    assert len(lines) == 2 + len(table.rows) - table.header_rows


def test_a_continuation_carries_the_header_and_is_linked() -> None:
    doc = extract_pdf(PDFS / "reports" / "WARN-Report-for-7-1-2015-to-03-25-2016.pdf", max_pages=100)
    first = doc.pages[0].tables[0]
    assert not first.continues_previous and first.columns and first.columns[0] == "Notice Date"
    nxt = doc.pages[1].tables[0]
    assert nxt.continues_previous
    # page 2 starts with data: it reads under page 1's header instead of taking a data row as one
    assert nxt.header_rows == 0 and nxt.columns == first.columns
    assert re.match(r"\d\d/\d\d/\d{4}$", nxt.rows[0][0])
    assert nxt.markdown.splitlines()[0].startswith("| Notice Date |")
    assert nxt.markdown.splitlines()[2].startswith(f"| {nxt.rows[0][0]} |")


def test_tables_on_unrelated_pages_are_not_linked() -> None:
    doc = extract_pdf(PDFS / "reports" / "eu-013.pdf", max_pages=100)
    assert not any(t.continues_previous for p in doc.pages for t in p.tables)


def test_a_caption_keeps_all_its_lines_and_the_documents_label() -> None:
    table = _tables("reports/us-018.pdf", 1)[0]
    assert table.label == "Table 14"
    assert table.caption is not None and table.caption.startswith("Table 14. Actual and projected numbers")
    assert table.caption.endswith("School years 2003–04 through 2021–22")  # the caption's second line
    (nine,) = _tables("reports/eu-013.pdf", 8)  # a table of words (no rules, no numbers) under its caption
    assert nine.label == "Table 9"
    assert nine.caption == "Table 9: Roles and tasks of VET teachers and trainers (in addition to instructing students)"
    assert ["Student assessment", "x", "x"] in nine.rows
    # a caption whose last line the table's own frame took in: the line goes back to the caption
    (seven,) = _tables("reports/eu-013.pdf", 4)
    assert seven.label == "Table 7" and seven.caption.endswith("in educational institutions in 2004")
    assert all("institutions in 2004" not in c for r in seven.rows for c in r)


@pytest.mark.parametrize(
    ("relpath", "page"),
    [("reports/us-018.pdf", 1), ("tables/m27.pdf", 1), ("reports/eu-013.pdf", 3), ("tables/us-030.pdf", 2)],
)
def test_cell_boxes_have_the_shape_of_the_rows_and_lie_inside_the_table(relpath: str, page: int) -> None:
    for table in _tables(relpath, page):
        assert table.cell_boxes is not None
        assert [len(r) for r in table.cell_boxes] == [len(r) for r in table.rows]
        x0, top, x1, bottom = table.bbox
        for row, boxes in zip(table.rows, table.cell_boxes, strict=True):
            for text, box in zip(row, boxes, strict=True):
                if text:
                    assert box is not None
                if box is not None:
                    assert x0 - 1 <= box[0] < box[2] <= x1 + 1 and top - 1 <= box[1] < box[3] <= bottom + 1


def test_rotated_page_keeps_its_columns() -> None:
    # m27: /Rotate 90 landscape listing whose columns are a few points apart.
    (table, *_) = _tables("tables/m27.pdf", 1)
    assert ["648765", "AAA", "ALLEGIANT AIR", "ALLEGIANT AIR LLC", "7100 TERMINAL DRIVE", "OKLAHOMA CITY", "OK",
            "73159", "-", "2014/12/03"] in table.rows  # fmt: skip


def test_labels_of_several_forms() -> None:
    assert table_label("Table 6.4 Students by year") == "Table 6.4"
    assert table_label("Table 2-1: Costs") == "Table 2-1"
    assert table_label("Table A4-12. Flows") == "Table A4-12"
    assert table_label("Table: 5 Public Health Outlay") == "Table 5"
    assert table_label("Tables are shown below") is None
    # Financial releases label their tables "Exhibit N", accounts "Schedule N".
    assert table_label("Exhibit 5 Store Update") == "Exhibit 5"
    assert table_label("SCHEDULE 2: Fees and charges") == "SCHEDULE 2"
    assert table_label("Exhibits follow the release") is None
    # An appendix series of capitals alone is a label before its colon or full stop, not in prose.
    assert table_label("Table DC: Download per user by country") == "Table DC"
    assert table_label("Table B. Sample sizes") == "Table B"
    assert table_label("Table A shows the sample") is None
    # Budget papers set a dash between the word and the number ("Table - 3", "TABLE – 12"); a dash before words is
    # not a label.
    assert table_label("Table - 3") == "Table 3"
    assert table_label("TABLE – 12: Subsidies") == "TABLE 12"
    assert table_label("Table - see the notes") is None


def _glyph(x0: float, x1: float) -> dict[str, float]:
    return {"x0": x0, "x1": x1, "top": 0.0, "bottom": 8.0}


def test_a_glyph_cut_by_its_cells_rule_is_dropped_and_one_touching_it_is_kept() -> None:
    cell = (172.5, 100.0, 242.2, 110.0)
    assert clipped_by_rule(_glyph(238.64, 243.05), cell)  # "b" of "Elizab": the rule cuts it
    assert not clipped_by_rule(_glyph(238.0, 242.4), cell)  # a loose box overshooting a little
    assert not clipped_by_rule(_glyph(180.0, 184.0), cell)
    assert clipped_by_rule(_glyph(170.0, 174.5), cell)  # overflowing from the left


def test_text_overflowing_a_ruled_cell_is_cut_at_the_rule() -> None:
    # schools.pdf: first names longer than their column run into the rule ("Elizab|2165 ...").
    rows = [r for t in _tables("tables/schools.pdf", 1) for r in t.rows]
    boyle = next(r for r in rows if r[0] == "Boyle")
    assert boyle[1:3] == ["Matthew C. & Eliza", "2165 Princeton Ave"]
    assert any(r[0] == "Dougherty" and r[1] == "Richards S & Patrici" for r in rows)


def _row(y: float, *cells: tuple[str, float]) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Words of one text row, 6 pt wide per character, 9 pt tall, at the given left edges."""
    return [(t, (x, y, x + 6 * len(t), y + 9)) for t, x in cells]


def test_a_header_word_cut_by_a_column_gap_goes_with_its_phrase() -> None:
    # "2008–09 to 2015–16" is set wider than the column of numbers under it (right-aligned at
    # 356): its first word reaches over the gap after the column to its left.
    words = _row(0, ("State", 36), ("to", 204), ("2008–09", 218), ("2008–09", 280), ("to", 324), ("2015–16", 338))
    for y in (20, 32, 44):
        words += _row(y, ("Ohio", 36), ("10.4", 236), ("-0.4", 356))
    grid = words_grid(words)
    assert grid is not None
    assert grid.rows[0] == ["State", "to 2008–09", "2008–09 to 2015–16"]
    assert grid.rows[1] == ["Ohio", "10.4", "-0.4"]


def test_header_words_that_only_graze_a_column_gap_keep_their_own_columns() -> None:
    # "modern" starts a word space after "Condom/" and just left of the gap's middle
    words = _row(0, ("Sex", 36), ("Condom/", 190), ("modern", 234))
    for y in (20, 32, 44):
        words += _row(y, ("Male", 36), ("12.5", 208), ("3.0", 252))
    grid = words_grid(words)
    assert grid is not None and grid.rows[0] == ["Sex", "Condom/", "modern"]


def test_column_names_set_wider_than_their_numbers_stay_whole() -> None:
    (table, *_) = _tables("reports/us-018.pdf", 3)
    assert [c for r in table.rows[:3] for c in r if c.endswith("to 2015–16") or c.endswith("to 2021–22")] == [
        "2008–09 to 2015–16",
        "2015–16 to 2021–22",
        "2008–09 to 2021–22",
    ]


def _grid(rows: list[list[tuple[str, float, float]]]) -> Grid:
    """A grid from cells given as (text, left x, top y); 30 x 9 pt boxes, '' for an empty cell."""
    texts = [[t for t, _, _ in r] for r in rows]
    boxes = [[(x, y, x + 30, y + 9) if t else None for t, x, y in r] for r in rows]
    return Grid(texts, boxes, (30.0, 60.0, 300.0, 130.0))


def test_a_stub_name_at_the_foot_of_a_ruled_header_goes_up_to_the_top_row() -> None:
    grid = _grid(
        [
            [("", 0, 0), ("Actual", 150, 63), ("", 0, 0)],
            [("Region", 30, 77), ("2003", 150, 77), ("2004", 220, 77)],
            [("Ohio", 30, 92), ("10", 150, 92), ("20", 220, 92)],
            [("Iowa", 30, 104), ("11", 150, 104), ("21", 220, 104)],
        ]
    )
    top, spanner, foot = (59.6, 30.0, 300.0), (73.9, 120.0, 300.0), (88.0, 30.0, 300.0)
    stack_header_cells(grid, [top, spanner, foot])
    # the years stay under the spanner rule; the stub has no rule above it up to the top rule
    assert grid.rows[:2] == [["Region", "Actual", ""], ["", "2003", "2004"]]
    assert grid.boxes[0][0] == (30, 77, 60, 86)
    assert grid.boxes[0][1] == (120.0, 63, 300.0, 72)  # the spanner cell reaches as far as its rule


def test_a_bracketed_headnote_above_the_top_rule_is_a_note_on_the_table() -> None:
    grid = _grid(
        [
            [("", 0, 0), ("[In thousands]", 150, 48), ("", 0, 0)],
            [("", 0, 0), ("Actual", 150, 63), ("", 0, 0)],
            [("Year", 30, 77), ("Total", 150, 77), ("Private", 220, 77)],
            [("1996", 30, 92), ("10", 150, 92), ("20", 220, 92)],
            [("1997", 30, 104), ("11", 150, 104), ("21", 220, 104)],
        ]
    )
    stack_header_cells(grid, [(59.6, 30.0, 300.0), (73.9, 120.0, 300.0), (88.0, 30.0, 300.0)])
    assert grid.notes == ["[In thousands]"]
    assert grid.rows[:2] == [["Year", "Actual", ""], ["", "Total", "Private"]]


def test_a_name_wrapped_between_two_rules_is_one_cell() -> None:
    grid = _grid(
        [
            [("", 0, 0), ("Constant", 150, 63)],
            [("", 0, 0), ("Total", 150, 77)],
            [("Year", 30, 87), ("(bn)", 150, 87)],
            [("1997", 30, 102), ("375.9", 150, 102)],
            [("1998", 30, 114), ("380.2", 150, 114)],
        ]
    )
    rules = [(59.6, 30.0, 300.0), (73.9, 120.0, 300.0), (98.0, 30.0, 300.0)]
    stack_header_cells(grid, rules)
    assert grid.rows[:3] == [["Year", "Constant"], ["", "Total (bn)"], ["1997", "375.9"]]


def test_header_rows_without_rules_or_inside_a_lattice_stay_as_they_are() -> None:
    cells = [
        [("", 0, 0), ("Actual", 150, 63), ("", 0, 0)],
        [("Region", 30, 77), ("2003", 150, 77), ("2004", 220, 77)],
        [("Ohio", 30, 92), ("10", 150, 92), ("20", 220, 92)],
        [("Iowa", 30, 104), ("11", 150, 104), ("21", 220, 104)],
    ]
    grid = _grid(cells)
    stack_header_cells(grid, [])
    assert grid.rows == _grid(cells).rows
    # vertical rules through the header: the ruled-table finder's cells, not stacked text
    side = {"orientation": "v", "x0": 100.0, "x1": 100.0, "top": 60.0, "bottom": 120.0, "height": 60.0}
    stack_header_cells(grid, [(59.6, 30.0, 300.0), (73.9, 120.0, 300.0)], [side])
    assert grid.rows == _grid(cells).rows


def test_stacked_ruled_headers_of_the_real_tables() -> None:
    tables = {p: _tables("reports/us-018.pdf", p)[0] for p in (1, 4, 6)}
    assert [c for c in tables[1].rows[0] if c] == ["Region and state", "Actual", "Projected"]
    assert [c for c in tables[4].rows[1] if c] == ["Total", "Control", "Total", "Control"]
    assert [c for c in tables[6].rows[2] if c] == [
        "Total (in billions)", "Per pupil in fall enrollment", "Total (in billions)", "Per pupil in fall enrollment"
    ]  # fmt: skip
    # a name over a spanner rule names every column under the rule; a unit headnote above the
    # table's top rule is a note on the whole table, kept with its caption
    assert tables[1].columns is not None and tables[1].columns[1] == "Actual / 2003–04"
    assert tables[1].columns[7] == "Projected / 2009–10"
    assert tables[4].caption is not None and tables[4].caption.endswith("fall 2021 [In thousands]")
    assert tables[4].columns is not None and tables[4].columns[3] == "Number of teachers / Control / Private"
    assert tables[6].columns is not None
    assert tables[6].columns[2] == "Current expenditures / Constant 2010–11 dollars / Total (in billions)"
    # the continued table's column name stays a cell, not a line of the caption
    cont = _tables("reports/us-018.pdf", 2)[0]
    assert cont.caption is not None and cont.caption.endswith("2021–22—Continued")
    assert [c for c in cont.rows[0] if c] == ["Region and state", "Projected—Continued"]


def test_numbers_grouped_with_spaces_are_not_taken_for_merged_cells() -> None:
    # eu-013 Table 7 is ruled; "1 649 692" is one number, so the ruled reading (its two-line
    # column names in one cell each, no footnote row) is kept over the whitespace one
    (seven,) = _tables("reports/eu-013.pdf", 4)
    assert seven.rows[0] == ["", "Number of participants (*)", "Females (%)"]
    assert ["Courses organised as liberal education", "1 649 692", "72"] in seven.rows
    assert seven.rows[-1] == ["Total", "2 246 496", "66"]


def _rect(x0: float, top: float, x1: float, bottom: float) -> list[dict[str, object]]:
    """The four edges of a drawn rectangle, as the page geometry gives them."""

    def edge(a: float, t: float, b: float, u: float, o: str) -> dict[str, object]:
        return {"x0": a, "x1": b, "top": t, "bottom": u, "width": b - a, "height": u - t, "orientation": o}

    return [
        edge(x0, top, x1, top, "h"),
        edge(x0, bottom, x1, bottom, "h"),
        edge(x0, top, x0, bottom, "v"),
        edge(x1, top, x1, bottom, "v"),
    ]


def test_a_frame_drawn_around_a_cells_text_is_not_a_cell_border() -> None:
    cell, frame = _rect(82.6, 102.4, 179.2, 145.3), _rect(83.8, 117.9, 177.6, 129.8)
    kept = without_text_frames(cell + frame)
    assert kept == cell
    # a table's outer frame holding its cells keeps them all
    cells = [e for x in (100.0, 150.0) for y in (100.0, 120.0) for e in _rect(x, y, x + 50, y + 20)]
    outer = _rect(98.0, 98.0, 202.0, 142.0)
    assert without_text_frames(outer + cells) == outer + cells


def test_header_cells_with_framed_text_keep_their_rows() -> None:
    # twotables_2: each header cell's text sits in its own drawn frame ("State" framed in a cell
    # two header rows tall); the frames cut the cells into rows before
    for table in _tables("tables/twotables_2.pdf", 1):
        assert table.rows[0] == ["State", "n", "Literacy Status", "", "", "", "", ""]
        assert table.rows[1] == ["", "", "Illiterate", "Read & Write", "1-4 std.", "5-8 std.", "9-12 std.", "College"]


def test_a_phrase_set_over_two_ruled_columns_is_not_split_into_values() -> None:
    # eu-004 Table 6.8: "number of franchisors" spans the 1993 and 1994 columns of a ruled table
    table = next(t for t in _tables("reports/eu-004.pdf", 9) if t.label == "Table 6.8")
    assert table.rows[0] == ["", "number of franchisors", "", "number of franchisees", ""]
    assert table.columns is not None and table.columns[1:3] == [
        "number of franchisors / 1993",
        "number of franchisors / 1994",
    ]
