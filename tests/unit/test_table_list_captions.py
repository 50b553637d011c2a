"""A term paper's tables as a whitespace reading sees them: captions set as list items ("- Table 6, ..."), the page's
number taken in above a caption, a matrix whose column names are set one word each, tight on one line, and a region
that took in two tables and the paragraph between them (app.ingest.table_captions, table_words, table_group_header,
table_stream)."""

from __future__ import annotations

from app.ingest.extracted import BBox
from app.ingest.passages import Line, Word
from app.ingest.table_bands import unwrap_bands
from app.ingest.table_captions import split_caption_rows, table_label
from app.ingest.table_group_header import split_one_word_heads
from app.ingest.table_stream import _cut_above_frame, _merge_candidates, framed, table_score
from app.ingest.table_text import _numeric_value, header_row_count
from app.ingest.table_words import Grid, words_grid

H = 10.0


def _box(x0: float, top: float, width: float) -> BBox:
    return (x0, top, x0 + width, top + H)


def _grid(rows: list[list[str]], boxes: list[list[BBox | None]] | None = None, bbox: BBox = (0, 0, 500, 200)) -> Grid:
    return Grid([list(r) for r in rows], boxes or [[None] * len(r) for r in rows], bbox)


def test_a_caption_set_as_a_list_item_keeps_its_label() -> None:
    assert table_label("- Table 6, Breusch-Pagan Test for Heteroskedasticity") == "Table 6"
    assert table_label("• Table 2: Costs") == "Table 2"
    assert table_label("-- see the table below") is None


def test_the_page_number_above_a_caption_is_no_row_of_the_table() -> None:
    rows = [["", "", "3"], ["- Table 1, Summary statistics", "", ""], ["Variable", "Mean", "SD"],
            ["Ridership", "15,229", "2,864"], ["Employment", "444,644", "51,303"]]  # fmt: skip
    grid = _grid(rows, [[None if not c else _box(100.0 * j, 20.0 * i, 60) for j, c in enumerate(r)]
                        for i, r in enumerate(rows)])  # fmt: skip
    assert split_caption_rows(grid) == "- Table 1, Summary statistics"
    assert grid.rows[0] == ["Variable", "Mean", "SD"], grid.rows
    # A lone figure above rows of figures is the table's own first row.
    data = _grid([["", "", "7"], ["a", "1", "2"], ["b", "3", "4"]])
    assert split_caption_rows(data) is None and data.rows[0] == ["", "", "7"]


def test_a_wide_line_under_a_filled_caption_line_is_the_header_not_the_caption() -> None:
    rows = [["- Table 5, Covariance matrix of all variables", ""], ["Mass Rail Bus", ""],
            ["Mass", "1.000"], ["Rail", "0.083"], ["Bus", "0.153"]]  # fmt: skip
    boxes: list[list[BBox | None]] = [[(90, 0, 400, 10), None], [(117, 20, 496, 30), None],
                                      [(72, 40, 116, 50), (147, 40, 168, 50)], [(72, 60, 116, 70), (147, 60, 168, 70)],
                                      [(72, 80, 116, 90), (147, 80, 168, 90)]]  # fmt: skip
    grid = _grid(rows, boxes)
    assert split_caption_rows(grid) == "- Table 5, Covariance matrix of all variables"
    assert grid.rows[0][0] == "Mass Rail Bus"
    # Under a first line that is the label alone, the title on the next line is the caption's, however wide.
    short = _grid([["Table 14.", ""], ["Students enrolled in public schools by state and year", ""], *rows[2:]],
                  [[(90, 0, 140, 10), None], [(90, 20, 496, 30), None], *boxes[2:]])  # fmt: skip
    assert split_caption_rows(short) == "Table 14. Students enrolled in public schools by state and year"


def test_a_list_marker_of_a_caption_cuts_no_column() -> None:
    # The words of the term paper's Table 6 as the page sets them (pdfplumber's boxes, points).
    words: list[tuple[str, BBox]] = [
        ("-", (90.0, 169.6, 94.0, 181.6)), ("Table", (108.0, 169.6, 134.4, 181.6)),
        ("6,", (137.4, 169.6, 146.4, 181.6)),
        ("Breusch-Pagan", (149.4, 169.6, 221.9, 181.6)), ("Test", (224.8, 169.6, 244.4, 181.6)),
        ("for", (247.5, 169.6, 261.4, 181.6)), ("Heteroskedasticity", (264.4, 169.6, 353.6, 181.6)),
        ("Model", (194.4, 195.4, 223.2, 206.4)), ("BP_Statistic", (270.9, 195.4, 325.3, 206.4)),
        ("P_Value", (361.0, 195.4, 398.9, 206.4)),
    ]  # fmt: skip
    for k, (label, value, p) in enumerate((("1", "8.65", "0.07"), ("2", "135.51", "0.00"), ("3", "134.95", "0.00"))):
        top = 211.7 + 16.2 * k
        words += [("TS", (194.4, top, 207.3, top + 11)), ("OLS", (209.9, top, 230.8, top + 11)),
                  (label, (233.4, top, 239.0, top + 11)), (value, (270.9, top, 270.9 + 5 * len(value), top + 11)),
                  (p, (360.9, top, 380.3, top + 11))]  # fmt: skip
    grid = words_grid(words)
    assert grid is not None
    assert ["TS OLS 2", "135.51", "0.00"] in [[c for c in r if c] for r in grid.rows], grid.rows


def test_column_names_set_one_word_each_on_one_tight_line_name_their_columns() -> None:
    names = [Word(n, _box(117.0 + 50 * k, 0, 46)) for k, n in enumerate(("MassTransit", "BusRoutes", "UrbanRail"))]
    rows = [["", "MassTransit BusRoutes UrbanRail", "", ""], ["MassTransit", "1.000", "0.153", "0.098"],
            ["BusRoutes", "0.153", "1.000", "0.893"]]  # fmt: skip
    boxes: list[list[BBox | None]] = [[None, (117, 0, 263, 10), None, None]] + [
        [_box(60, 20.0 * i, 40), *(_box(150.0 + 50 * k, 20.0 * i, 20) for k in range(3))] for i in (1, 2)
    ]
    grid = _grid(rows, boxes)
    split_one_word_heads(grid, [Line(names)], header_rows=1)
    assert grid.rows[0] == ["", "MassTransit", "BusRoutes", "UrbanRail"], grid.rows
    # Two words over three columns tell nothing of where each column's name ends: left whole.
    two = _grid([["", "Mass Transit", "", ""], *rows[1:]], [[None, (117, 0, 263, 10), None, None], *boxes[1:]])
    split_one_word_heads(two, [Line(names[:2])], header_rows=1)
    assert two.rows[0] == ["", "Mass Transit", "", ""], two.rows


def test_a_region_holding_two_tables_and_the_paragraph_between_them_loses_to_the_two() -> None:
    first = _grid([["Variable", "ADF", "P"], ["Bus", "-6.01", "0.01"], ["Rail", "-6.53", "0.01"]],
                  bbox=(100, 0, 400, 60))  # fmt: skip
    second = _grid([["", "Mass", "Bus"], ["Mass", "1.000", "0.153"], ["Bus", "0.153", "1.000"]],
                   bbox=(60, 200, 500, 260))  # fmt: skip
    prose = [["Another assumption for static time-series models is non-collinearity of the regressors", "", ""]] * 4
    both = _grid([*first.rows, *prose, *second.rows], bbox=(60, 0, 500, 260))
    # Its cells are as many as the two tables' and the paragraph's lines: only as a rival of both do they not count.
    assert table_score(both.rows) > table_score(first.rows) + table_score(second.rows)
    kept = _merge_candidates([], [both, first, second])
    assert kept == [first, second] or kept == [second, first], [g.rows[0] for g in kept]


def test_figures_in_scientific_notation_are_figures() -> None:
    rows = [["Model 1", "Model 2", "Test Statistic", "p-value"], ["Linear Regression", "RBF GP", "-18.82", "5.04E-79"],
            ["Linear Regression", "Matern GP", "-4.75", "2.01E-6"]]  # fmt: skip
    assert header_row_count(rows) == 1
    assert header_row_count([rows[0], ["Linear Regression", "RBF GP", "n/a", "5.04E-79"]]) == 1
    assert not _numeric_value("E-6") and _numeric_value("1.5e+10")


def _framed_grid(rows: list[list[str]], tops: list[float]) -> Grid:
    boxes: list[list[BBox | None]] = [
        [None if not c else (143.0 + 80 * j, top, 200.0 + 80 * j, top + 10) for j, c in enumerate(r)]
        for r, top in zip(rows, tops, strict=True)
    ]
    return Grid([list(r) for r in rows], boxes, (140.0, tops[0], 470.0, tops[-1] + 10))


FRAME_RULES = [(525.0, 143.0, 468.0), (541.0, 143.0, 468.0), (543.0, 143.0, 468.0), (584.0, 143.0, 468.0)]
BODY = [["Model 1", "Model 2", "Statistic", "p-value"], ["Linear", "RBF GP", "-30.38", "7.98E-203"],
        ["Linear", "Matern GP", "-8.76", "1.86E-18"], ["Linear", "Sine GP", "-50.81", "0"]]  # fmt: skip
BODY_TOPS = [528.0, 546.0, 558.0, 570.0]


def test_lines_of_text_above_a_tables_top_rule_are_dropped_and_column_heads_are_kept() -> None:
    prose = [["the linear regression. This result is seen clearly in the Wilcoxon rank", "", "", ""],
             ["results below.", "", "", ""]]  # fmt: skip
    grid = _framed_grid([*prose, *BODY], [495.0, 509.0, *BODY_TOPS])
    _cut_above_frame(grid, FRAME_RULES)
    assert grid.rows == BODY and grid.bbox[1] >= 520, grid.rows
    heads = _framed_grid([["", "2023", "2022", ""], *BODY], [509.0, *BODY_TOPS])
    _cut_above_frame(heads, FRAME_RULES)
    assert heads.rows[0] == ["", "2023", "2022", ""]


def test_only_a_region_of_figures_that_rules_run_across_is_a_framed_table() -> None:
    table = _framed_grid(BODY, BODY_TOPS)
    diagram = _framed_grid([["cd", "Hydro Network", "", ""], ["", "Name: Hydro Network", "", ""],
                            ["", "Version: 1.0", "", ""], ["", "Author: NRN team", "", ""]], BODY_TOPS)  # fmt: skip
    assert framed([table, diagram], FRAME_RULES) == [table]
    assert framed([table], FRAME_RULES[:2]) == []  # a rule drawn double is one rule: two rules frame nothing


def test_figures_with_their_unit_symbols_are_a_tables_body_not_its_header() -> None:
    rows = [["Parameter", "Value"], ["Input Voltage (Vin)", "325 V DC"], ["Output Voltage (Vout)", "48 V DC"],
            ["Switching Period (Ts)", "20 µs"]]  # fmt: skip
    assert header_row_count(rows) == 1
    assert not _numeric_value("325 volts direct") and not _numeric_value("Top 10")
    assert not _numeric_value("") and not _numeric_value(" ")


def test_a_bound_is_a_figure_and_leaves_a_row_of_figures_a_row_of_figures() -> None:
    assert header_row_count([["", "Required", "Calculated", "Achieved?"], ["Overshoot", "< 30%", "5%", "Yes"],
                             ["Damping Ratio", "> 0.1", "0.7", "Yes"]]) == 1  # fmt: skip


def test_a_table_wrapped_into_bands_is_set_side_by_side_again() -> None:
    rows = [["Violations", "Nonlinear", "Outliers"], ["No. (%)", "130 (13%)", "148 (14.8%)"],
            ["Violations", "Nonlinear+Outliers", "Outliers+Hetero"], ["No. (%)", "15 (1.5%)", "3 (0.3%)"]]  # fmt: skip
    grid = _grid(rows, [[_box(80.0 * j, 20.0 * i, 40) for j in range(3)] for i in range(4)])
    unwrap_bands(grid)
    assert grid.rows == [["Violations", "Nonlinear", "Outliers", "Nonlinear+Outliers", "Outliers+Hetero"],
                         ["No. (%)", "130 (13%)", "148 (14.8%)", "15 (1.5%)", "3 (0.3%)"]], grid.rows  # fmt: skip
    assert [len(b) for b in grid.boxes] == [5, 5]
    # Bands whose rows carry other labels are two tables' worth of rows, not one table wrapped: left alone.
    other = _grid([*rows[:3], ["Share", "15 (1.5%)", "3 (0.3%)"]])
    unwrap_bands(other)
    assert len(other.rows) == 4


def test_a_labelled_row_with_a_figure_above_the_first_row_of_figures_opens_the_body() -> None:
    rows = [["ID", "Description", "Threshold", "Observed", "Verdict"],
            ["SC1", "Accuracy parity with oblique trees", "within two points", "5.0%", "Not met"],
            ["SC2", "Fewer unique directions", "Substantial", "22x", "Met"],
            ["SC3", "Stability", "0.5", "0.71", "Met"]]  # fmt: skip
    assert header_row_count(rows) == 1
    # Year heads over a label are header still: a year is no figure of the body.
    years = [["", "Three months", ""], ["Fiscal year", "2023", "2022"], ["Net sales", "1,200", "1,100"]]
    assert header_row_count(years) == 2


def test_a_double_rule_is_one_rule_of_a_booktabs_frame() -> None:
    from app.ingest.table_booktabs import _frames

    # The top and bottom rules drawn double (two lines 2 pt apart), a rule under the header and one between panels.
    rules = [(111.0, 148.0, 460.0), (113.0, 148.0, 460.0), (129.0, 148.0, 460.0), (289.0, 148.0, 460.0),
             (675.0, 148.0, 460.0), (677.0, 148.0, 460.0)]  # fmt: skip
    frames = _frames(rules)
    assert [[r[0] for r in f] for f in frames] == [[111.0, 129.0, 289.0, 675.0]], frames


def test_a_table_read_without_cell_boxes_gets_each_cells_box_from_its_words() -> None:
    from app.ingest.table_cell_boxes import fill_missing_boxes

    rows = [["Run No.", "Speed (m/s)"], ["3", "17.838"], ["4", "22.403"]]
    tops = [0.0, 20.0, 40.0]
    words = [[Word("Run", (100.0, 0.0, 118.0, 10.0)), Word("No.", (120.0, 0.0, 135.0, 10.0)),
              Word("Speed", (200.0, 0.0, 225.0, 10.0)), Word("(m/s)", (227.0, 0.0, 250.0, 10.0))]] + [
        [Word(r[0], (110.0, t, 115.0, t + 10)), Word(r[1], (200.0, t, 230.0, t + 10))]
        for r, t in zip(rows[1:], tops[1:], strict=True)
    ]  # fmt: skip
    grid = _grid([*rows, ["5", "not on the page"]], bbox=(90.0, 0.0, 260.0, 50.0))
    fill_missing_boxes(grid, [Line(ws) for ws in words])
    assert grid.boxes[2] == [(110.0, 40.0, 115.0, 50.0), (200.0, 40.0, 230.0, 50.0)], grid.boxes
    assert grid.boxes[0][1] == (200.0, 0.0, 250.0, 10.0)
    assert grid.boxes[3] == [None, None]  # words not on the page: no box is made up


def test_lines_of_running_text_above_a_caption_inside_the_region_are_no_rows_of_the_table() -> None:
    rows = [["", "the two resistances are selected as the", ""], ["two main control variables. The rest are constant.",
            "", ""], ["", "Table 1: Electrical parameters of the model", ""], ["Symbol", "Meaning", "Value"],
            ["Q", "Battery capacity", "25"], ["m", "Battery mass", "0.72"]]  # fmt: skip
    grid = _grid(rows, [[None if not c else _box(100.0 * j, 20.0 * i, 60) for j, c in enumerate(r)]
                        for i, r in enumerate(rows)])  # fmt: skip
    assert split_caption_rows(grid) == "Table 1: Electrical parameters of the model"
    assert grid.rows[0] == ["Symbol", "Meaning", "Value"], grid.rows
    # Rows of figures above a caption line are a table of their own: the region is left as it is.
    figures = _grid([["a", "1", "2"], ["", "Table 2: Other", ""], ["b", "3", "4"], ["c", "5", "6"]])
    assert split_caption_rows(figures) is None and figures.rows[0] == ["a", "1", "2"]



def test_a_labelled_caption_among_the_regions_first_rows_is_the_tables_own() -> None:
    # The region took in its caption ("Table 5 …"); the previous table's caption ("Table 4 …") stands above it, near
    # enough to be taken for this table's: the table's own caption wins.
    from app.ingest.table_captions import finish_table

    rows = [["Table 5: Large model results", "", ""], ["Task", "Accuracy", "F1"], ["QA", "0.792", "0.762"],
            ["Summary", "0.815", "0.815"], ["Data", "0.839", "0.857"]]  # fmt: skip
    grid = _grid(rows, [[None if not c else _box(100.0 * j, 300.0 + 20.0 * i, 60) for j, c in enumerate(r)]
                        for i, r in enumerate(rows)], (0.0, 300.0, 300.0, 400.0))  # fmt: skip
    said = "Table 4: Class counts".split()
    above = Line([Word(w, (40.0 * k, 230.0, 35.0 + 40 * k, 241.0)) for k, w in enumerate(said)])
    table = finish_table(1, grid, [above], [above], caption_line=above)
    assert table.label == "Table 5" and table.caption is not None and table.caption.startswith("Table 5")
    assert table.rows[0] == ["Task", "Accuracy", "F1"]


def test_a_caption_inside_a_region_that_took_in_the_prose_above_it_is_that_tables_own() -> None:
    # A table over its caption ("Table 4"), a paragraph, then two tables each under its caption; the second region took
    # in the paragraph and its caption: that caption, in the region's upper half, is its own, not "Table 4" above it.
    from app.ingest.table_captions import assign_captions

    def caption(text: str, top: float) -> Line:
        return Line([Word(w, (150.0 + 40 * k, top, 185.0 + 40 * k, top + 11)) for k, w in enumerate(text.split())])

    tables = [(184.0, 135.0, 411.0, 281.0), (86.0, 373.0, 509.0, 502.0), (90.0, 543.0, 505.0, 612.0)]
    captions = [caption("Table 4: Class counts", 284.0), caption("Table 5: Large model", 403.0),
                caption("Table 6: Small model", 520.0)]  # fmt: skip
    chosen = assign_captions(tables, captions)
    assert [c.text.split(":")[0] if c else None for c in chosen] == ["Table 4", "Table 5", "Table 6"]


def test_a_bare_label_inside_a_table_is_a_head_cell_and_the_titled_caption_above_is_its_caption() -> None:
    # "Area | Pricing Schedule1 | …": the head's "Schedule1" (a note mark on "Schedule") starts like a caption
    # ("Schedule 1") inside the table's box; the titled line right above the table is its caption.
    from app.ingest.table_captions import assign_captions

    def line(text: str, left: float, top: float) -> Line:
        return Line([Word(w, (left + 40 * k, top, left + 35 + 40 * k, top + 9)) for k, w in enumerate(text.split())])

    table = (40.0, 120.0, 560.0, 600.0)
    captions = [line("Table 4. Consumer prices, selected areas", 40.0, 100.0), line("Schedule1", 200.0, 140.0)]
    chosen = assign_captions([table], captions)
    assert chosen[0] is not None and chosen[0].text.startswith("Table 4")
