"""Answers read from table cells, on hand-built tables: cells, aggregates, whole tables, what was not found."""

from __future__ import annotations

import pytest

from app.qa.tablequery import (
    TableData,
    aggregate_answer,
    answer,
    cell_answer,
    join_headers,
    markdown,
    parse_number,
    shape,
)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1,234", 1234.0),
        ("1,234,567.5", 1234567.5),
        ("15 455", 15455.0),
        ("12.5%", 12.5),
        ("$3,400", 3400.0),
        ("(1,200)", -1200.0),
        ("−4.5", -4.5),
        ("+14", 14.0),
        ("113.4*", 113.4),
        ("42**", 42.0),
        ("7¹", 7.0),
        ("8,5", 8.5),
        ("1.234,5", 1234.5),
        ("n.a.", None),
        ("", None),
        ("Austria", None),
        ("1990-96", None),
    ],
)
def test_parse_number(text: str, value: float | None) -> None:
    assert parse_number(text) == value


RETAIL = TableData(
    id="t61",
    caption="Table 6.1: Size of the market across the member states",
    rows=[
        [
            "",
            "population 1995 (mn)",
            "Number of retail outlets (000)",
            "inhabitants per outlet",
            "Retail sales (Ecu bn)",
        ],
        ["Germany", "81.9", "415.3", "196", "373"],
        ["France", "58.1", "343.4", "169", "292"],
        ["Austria", "8.1", "30.0", "270", "40"],
        ["Belgium/Luxembourg", "10.5", "105.2", "1,000", "48"],
        ["Belgium", "10.1", "100.0", "101", "45"],
        ["EU15", "372.3", "2,553.0", "146", "1,261"],
    ],
    where="eu-004.pdf p. 2",
)


def test_cell_by_row_label_and_column_header() -> None:
    got = cell_answer(RETAIL, "What was the population 1995 of France?")
    assert got is not None and got.kind == "cell"
    assert got.short_answer == "58.1"
    assert got.cell == {"node_id": "t61", "row": "France", "column": "population 1995 (mn)", "value": "58.1",
                        "bbox": None}  # fmt: skip
    assert "France" in got.render(3) and "[3]" in got.render(3)


def test_row_label_written_in_full_beats_a_shared_word() -> None:
    got = cell_answer(RETAIL, "inhabitants per outlet in Belgium/Luxembourg")
    assert got is not None and got.cell is not None and got.cell["row"] == "Belgium/Luxembourg"
    only = cell_answer(RETAIL, "inhabitants per outlet in Belgium")
    assert only is not None and only.cell is not None and only.cell["row"] == "Belgium"


def test_fuzzy_row_label() -> None:
    got = cell_answer(RETAIL, "retail sales of Germanys market")
    assert got is not None and got.short_answer == "373"


def test_ambiguous_rows_are_reported_not_guessed() -> None:
    table = TableData(id="t", rows=[["Region", "Value"], ["North East", "1"], ["North West", "2"]])
    got = cell_answer(table, "value for North")
    assert got is not None and got.kind == "not_found"
    assert "North East" in got.body and "North West" in got.body and got.short_answer is None


def test_highest_and_lowest_skip_summary_rows() -> None:
    top = aggregate_answer(RETAIL, "Which member state had the most inhabitants per retail outlet?")
    assert top is not None and top.short_answer == "Belgium/Luxembourg"  # 1,000 parsed as a thousand
    low = aggregate_answer(RETAIL, "lowest population")
    assert low is not None and low.short_answer == "Austria"  # EU15 is a summary row, not a member


def test_total_count_and_threshold() -> None:
    total = aggregate_answer(RETAIL, "total retail sales")
    assert total is not None and total.short_answer == "798"  # 373+292+40+48+45, EU15 left out
    count = aggregate_answer(RETAIL, "how many countries are listed?")
    assert count is not None and count.short_answer == "5"
    above = aggregate_answer(RETAIL, "how many have inhabitants per outlet above 180?")
    assert above is not None and above.short_answer == "3"
    assert "Germany" in above.body and "Austria" in above.body and "France" not in above.body


def test_stated_total_row_is_used() -> None:
    table = TableData(id="t", rows=[["Item", "Cost"], ["A", "1,000"], ["B", "$2,500"], ["Total", "3,600"]])
    got = aggregate_answer(table, "What is the total cost?")
    assert got is not None and got.short_answer == "3,600"


MULTI = TableData(
    id="t66",
    caption="Table 6.6: Grocery Turnover by Store Type",
    rows=[
        ["", "hypermarkets", "", "supermarkets", ""],
        ["", "1996", "change since 1980", "1996", "change since 1990"],
        ["Austria", "12", "+3", "52", "+11"],
        ["Belgium", "20", "+5", "40", "-2"],
    ],
)


def test_multi_row_headers_join_into_one_name_per_column() -> None:
    sh = shape(MULTI)
    assert sh.header_rows == 2
    assert sh.columns == ["", "hypermarkets / 1996", "hypermarkets / change since 1980", "supermarkets / 1996",
                          "supermarkets / change since 1990"]  # fmt: skip
    got = cell_answer(MULTI, "supermarkets share in 1996 for Belgium")
    assert got is not None and got.short_answer == "40" and got.cell["column"] == "supermarkets / 1996"
    neg = aggregate_answer(MULTI, "which had the lowest supermarkets change since 1990")
    assert neg is not None and neg.short_answer == "Belgium"


def test_stored_columns_and_cell_boxes_are_used() -> None:
    table = TableData(
        id="t",
        rows=[["State", "A"], ["Kerala", "7.2"]],
        columns=["State", "Capital / Medical & Public Health"],
        header_rows=1,
        cell_boxes=[[None, None], [[10.0, 20.0, 30.0, 40.0], [50.0, 20.0, 90.0, 40.0]]],
    )
    got = cell_answer(table, "medical and public health capital for Kerala")
    assert got is not None and got.cell["bbox"] == [50.0, 20.0, 90.0, 40.0]
    assert got.cell["column"] == "Capital / Medical & Public Health"


def test_join_headers_carries_a_group_header_right() -> None:
    rows = [["", "Literacy Status", "", ""], ["State", "Illiterate", "Primary", "College"], ["Kerala", "7", "8", "9"]]
    assert join_headers(rows, 2) == ["State", "Literacy Status / Illiterate", "Literacy Status / Primary",
                                     "Literacy Status / College"]  # fmt: skip


def test_whole_table_is_caption_then_markdown() -> None:
    got = answer(RETAIL, "What is in table 6.1?", "show")
    text = got.render(1)
    assert text.startswith("**Table 6.1: Size of the market across the member states** (eu-004.pdf p. 2) [1]")
    lines = markdown(RETAIL).splitlines()
    assert lines[0].startswith("| ") and lines[1].startswith("|---")
    assert "| Belgium/Luxembourg | 10.5 | 105.2 | 1,000 | 48 |" in lines


def test_markdown_escapes_pipes_and_footnote_markers() -> None:
    table = TableData(id="t", rows=[["a", "b"], ["x|y", "see [2]"]])
    assert "| x\\|y | see (2) |" in markdown(table)


def test_missing_cell_says_what_the_table_holds() -> None:
    got = answer(RETAIL, "What is the value for Japan in the wine column?", "lookup")
    assert got.kind == "not_found" and got.short_answer is None
    assert "inhabitants per outlet" in got.body and "Germany" in got.body


def test_continuation_rows_are_the_same_table() -> None:
    first = TableData(id="a", rows=[["Name", "Value"], ["One", "1"]], columns=["Name", "Value"], header_rows=1)
    first.extend(TableData(id="b", rows=[["Name", "Value"], ["Two", "2"]], columns=["Name", "Value"], header_rows=1))
    got = aggregate_answer(first, "highest value")
    assert got is not None and got.short_answer == "Two"
    assert first.continued == ["b"]


def test_sub_label_rows_and_sections() -> None:
    counts = TableData(id="t", rows=[
        ["Difficulty", "", "Quite a lot", "Not at all"],
        ["Sleep difficulties", "Count", "75", "200"], ["", "Percentage", "16.0%", "42.7%"],
        ["Stress", "Count", "150", "100"], ["", "Percentage", "32.1%", "21.4%"],
    ])  # fmt: skip
    share = cell_answer(counts, "What percentage of students said sleep difficulties affected them quite a lot?")
    assert (
        share is not None and share.short_answer == "16.0%" and share.cell["row"] == "Sleep difficulties / Percentage"
    )
    count = cell_answer(counts, "How many students had stress quite a lot?")
    assert count is not None and count.short_answer == "150"  # the first of rows differing only by the sub-label
    sections = TableData(id="s", rows=[
        ["Volume servers in:", "2009", "2010"], ["Improved operation scenario", "", ""],
        ["Server closets", "1,643", "1,673"], ["Best practice scenario", "", ""], ["Server closets", "1,250", "1,296"],
    ])  # fmt: skip
    got = cell_answer(sections, "projected value for server closets in 2010 under the best practice scenario")
    assert got is not None and got.short_answer == "1,296"
    assert got.cell["row"] == "Best practice scenario / Server closets" and got.cell["column"] == "2010"
