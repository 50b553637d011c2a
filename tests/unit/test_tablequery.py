"""Answers read from table cells, on hand-built tables: cells, aggregates, whole tables, what was not found."""

from __future__ import annotations

import pytest

from app.qa.tablelayout import join_headers, parse_number
from app.qa.tables.aggregate import aggregate_answer
from app.qa.tables.answer import answer
from app.qa.tables.cell_lookup import cell_answer
from app.qa.tables.column_figures import column_numbers, subtotal_rows
from app.qa.tables.matching import description, numeric_columns, serial
from app.qa.tables.model import TableData
from app.qa.tables.render import markdown
from app.qa.tables.shape import shape
from app.qa.tables.words import tokens


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
        ("2.20x", 2.2),  # a factor ("speedup") is a number
        ("3 ×", 3.0),
        ("(x)", None),
        ("x", None),
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
        ["EU15 total", "372.3", "2,553.0", "146", "1,261"],
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
    assert low is not None and low.short_answer == "Austria (8.1)"  # EU15 is a summary row, not a member


def test_total_count_and_threshold() -> None:
    total = aggregate_answer(RETAIL, "total retail sales")
    assert total is not None and total.short_answer == "798"  # 373+292+40+48+45, EU15 left out
    count = aggregate_answer(RETAIL, "how many countries are listed?")
    assert count is not None and count.short_answer == "5"
    for asked in ("Summed over all countries, what are the retail sales?", "Adding up the retail sales, how much?"):
        summed = aggregate_answer(RETAIL, asked)
        assert summed is not None and summed.short_answer == "798", asked
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
    got = aggregate_answer(first, "Which row has the highest value?")
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


# --- Generalising the rules and the short-answer gate (cells helper) ----------------------------------------------


def test_possessive_s_is_no_word_and_words_share_one_form() -> None:
    assert tokens("the EU's top 20 grocery wholesalers") == tokens("the EU top 20 grocery wholesalers")
    assert "s" not in tokens("Rewe’s sales")
    assert tokens("students suffering from")[:2] == tokens("Students suffered")  # one stem for both forms
    # A header's generic abbreviations are the words a question spells out (one industry's shorthand is not).
    assert tokens("Avg Qty TTL") == tokens("average quantity total")
    table = TableData(id="t", rows=[["Condition", "Suffered from"], ["Asthma", "31"], ["Back pain", "202"]])
    got = aggregate_answer(table, "Which condition had the most students suffering from it?")
    assert got is not None and got.short_answer == "Back pain"


def test_a_continuation_with_other_columns_is_not_appended() -> None:
    first = TableData(id="a", rows=[["State", "2003-04"], ["Ohio", "1"]], columns=["State", "2003-04"], header_rows=1)
    other = TableData(id="b", rows=[["State", "2013-14"], ["Ohio", "9"]], columns=["State", "2013-14"], header_rows=1)
    assert first.extend(other) is False and first.rows == [["State", "2003-04"], ["Ohio", "1"]]
    short = TableData(id="d", rows=[["Iowa", "3"]], columns=["State", "2003-04 graduates"], header_rows=0)
    assert first.extend(short) and first.rows[-1] == ["Iowa", "3"]  # the same header, cut short on one page


GRADUATES = TableData(
    id="t14",
    rows=[
        ["Region and state", "2007-08", "2008-09"],
        ["United States", "1,000", "1,100"],
        ["Northeast", "400", "420"],
        ["Maine", "100", "110"],
        ["Vermont", "120", "130"],
        ["New York", "180", "180"],
        ["South", "600", "680"],
        ["Texas", "350", "400"],
        ["Florida", "150", "200"],
        ["Georgia", "100", "80"],
    ],
)


def test_subtotal_rows_are_found_by_their_sums() -> None:
    values = [(i, float(r[1].replace(",", ""))) for i, r in enumerate(GRADUATES.rows) if i]
    assert subtotal_rows(values) == {1, 2, 6}  # the regions, then the nation once the regions are out
    got = aggregate_answer(GRADUATES, "Which state had the most graduates in 2007-08?")
    assert got is not None and got.short_answer == "Texas"
    low = aggregate_answer(GRADUATES, "Which state had the fewest graduates in 2008-09?")
    assert low is not None and low.short_answer == "Georgia"
    # Three values adding up to a fourth by chance in one column but not in the other: no subtotal.
    assert subtotal_rows([(1, 6.0), (2, 1.0), (3, 2.0), (4, 3.0)], [{1: 9.0, 2: 1.0, 3: 2.0, 4: 2.0}]) == set()


def test_a_row_summing_all_the_others_is_the_total_asked_for() -> None:
    # The nation's row, not called "Total", over its counties; an average column beside it adds nothing up.
    rows = [["County", "Households", "Average size"], ["Kenya", "1,000", "3.9"], ["Mombasa", "400", "3.1"],
            ["Kwale", "250", "5.0"], ["Kilifi", "200", "4.8"], ["Lamu", "150", "4.6"]]  # fmt: skip
    table = TableData(id="t", rows=rows, columns=rows[0], header_rows=1)
    got = aggregate_answer(table, "How many households were counted in total?")
    assert got is not None and got.body.startswith("**1,000**") and got.cell is not None
    most = aggregate_answer(table, "Which county had the most households?")
    assert most is not None and most.short_answer == "Mombasa"  # the total is no member


def test_dot_thousands_are_read_per_column() -> None:
    assert column_numbers({1: "3.597", 2: "732", 3: "1.215"}) == {1: 3597.0, 2: 732.0, 3: 1215.0}
    assert column_numbers({1: "3.5", 2: "732"}) == {1: 3.5, 2: 732.0}  # a decimal point
    table = TableData(id="t", rows=[["Topic", "Enquiries"], ["EU Institutions", "3.597"], ["Customs", "556"]])
    got = aggregate_answer(table, "Which topic had the most enquiries?")
    assert got is not None and got.short_answer == "EU Institutions"


def test_the_largest_fall_is_the_lowest_change() -> None:
    table = TableData(id="t", rows=[["State", "change (%)"], ["Maine", "-13.4"], ["Vermont", "-21.2"], ["Ohio", "4"]])
    got = aggregate_answer(table, "Which state's graduates fell most?")
    assert got is not None and got.short_answer == "Vermont"
    assert aggregate_answer(table, "Which state grew most?").short_answer == "Ohio"  # type: ignore[union-attr]


EXPENDITURE = TableData(
    id="t18",
    rows=[
        ["School year", "Constant 2010-11 dollars / Total", "Current dollars / Total"],
        ["Actual", "", ""],
        ["2003-04", "479.2", "403.4"],
        ["Projected", "", ""],
        ["2010-11", "525.0", "525.0"],
    ],
    columns=["School year", "Constant 2010-11 dollars / Total", "Current dollars / Total"],
    header_rows=1,
)


def test_rows_tied_on_their_words_are_told_apart_by_the_column() -> None:
    got = cell_answer(EXPENDITURE, "total expenditure in constant 2010-11 dollars in 2003-04")
    assert got is not None and got.kind == "cell" and got.cell is not None
    assert got.cell["row"] == "Actual / 2003-04" and got.cell["value"] == "479.2"
    assert got.short_answer == "479.2"  # the section heading ("Actual") need not be named


def test_short_answer_only_when_row_and_column_are_unambiguous() -> None:
    sure = cell_answer(RETAIL, "What was the population 1995 of France?")
    assert sure is not None and sure.sure and sure.short_answer == "58.1"
    # Two headers named equally well and holding different values: the value is shown, not as a short answer.
    two = TableData(id="t", rows=[["", "number of / 1993", "number of / 1993"], ["UK", "373", "18100"]])
    got = cell_answer(two, "number of ... in the UK in 1993")
    assert got is not None and got.kind == "cell" and got.short_answer is None
    assert "**373**" in got.body and "18100" in got.body and got.body.startswith("The row UK")  # both readings
    # ... unless both hold the same value: either reading gives the same answer.
    same = TableData(id="t", rows=[["", "number of / 1993", "number of / 1993"], ["UK", "500", "500"]])
    assert cell_answer(same, "number of ... in the UK in 1993").short_answer == "500"  # type: ignore[union-attr]
    # A row named only in part ("Belgium" of "Belgium/Luxembourg" when no "Belgium" row exists): no short answer.
    part = TableData(id="t", rows=[["", "sales"], ["Belgium/Luxembourg", "48"], ["France", "292"]])
    got = cell_answer(part, "sales of Belgium")
    assert got is not None and got.short_answer is None
    # The table's only numeric column needs no name; a note row sharing a word but holding no value is no rival.
    one = TableData(id="t", rows=[["Year", "Note", "Ratio"], ["1999", "", "14.7"], ["Source: teacher model", "", ""]])
    got = cell_answer(one, "pupil teacher ratio in 1999")
    assert got is not None and got.short_answer == "14.7"


def test_aggregate_short_answer_needs_one_column() -> None:
    table = TableData(
        id="t",
        caption="Table 5: Total public health outlay",
        rows=[["State", "Revenue / Public Health", "Capital / Public Health", "Total"],
              ["Goa", "4", "9", "13"], ["Assam", "8", "1", "9"], ["Bihar", "6", "2", "8"]],
    )  # fmt: skip
    # "public health" names two columns, "total" a third; the caption's words tip the choice: the aggregate is
    # given, its short answer is not (two readings remain).
    got = aggregate_answer(table, "Which state has the largest total public health outlay?")
    assert got is not None and got.kind == "aggregate" and got.short_answer is None and not got.sure
    named = aggregate_answer(table, "Which state has the largest capital public health outlay?")
    assert named is not None and named.short_answer == "Goa" and named.sure


def test_a_header_said_as_a_phrase_wins_a_tie() -> None:
    table = TableData(
        id="t",
        caption="The World's Leading Food Manufacturers in EU Manufacturing",
        rows=[["", "World food sales ($US bn)", "Total sales in EU food manufacturing (bn ecus)"],
              ["Nestle", "38.8", "13.1"], ["Unilever", "26.7", "14.6"], ["Mars", "13", "3.1"]],
    )  # fmt: skip
    got = aggregate_answer(table, "How many of the leading food manufacturers have world food sales above $20 bn?")
    assert got is not None and got.column == "World food sales ($US bn)" and "**2**" in got.body


def test_description_names_the_table_by_its_label_column_header() -> None:
    table = TableData(id="t", rows=[["Free movement of persons / workers", "Enquiries"], ["Greece", "40"]])
    assert {"free", "movement", "person", "worker"} <= set(description(table))
    assert "6" not in description(RETAIL) and "market" in description(RETAIL)


def test_a_repeating_text_column_beside_full_labels_is_data_not_a_sub_label() -> None:
    table = TableData(id="t", rows=[["", "Country of origin", "Sales (bn ecus)"], ["Nestle", "Switzerland", "38.2"],
                                    ["Rewe", "Germany", "14.6"], ["Edeka", "Germany", "6.3"],
                                    ["Merkur", "Switzerland", "2.0"], ["Fyffes", "Ireland", "1.1"]])  # fmt: skip
    got = cell_answer(table, "What were Rewe's sales in bn ecus?")
    assert got is not None and got.cell is not None and got.cell["row"] == "Rewe" and got.short_answer == "14.6"


# --- Generalising beyond the dev phrasings (cells2): layout rows, header shapes, intent words, ambiguity ---------


ARRESTS = TableData(
    id="t324",
    rows=[
        [
            "Program. Represents arrests reported (not charged) by 12,910 agencies with a total population",
            "",
            "",
            "",
            "",
            "",
            "",
        ],
        ["", "", "Total", "", "", "Female", ""],
        ["Offense charged", "", "Under 18", "18 years", "", "Under 18", "18 years"],
        ["", "Total", "years", "and over", "Total", "years", "and over"],
        ["Total . . . . . . . .", "11,062 . 6", "1,540 . 0", "9,522 . 6", "2,799 . 2", "468 . 3", "2,330 . 9"],
        ["Murder and nonnegligent", "", "", "", "", "", ""],
        ["manslaughter . . . .", "10.0", "0.9", "9.1", "1.1", "–", "1.0"],
        ["Burglary . . . . . .", "240.9", "60.3", "180.6", "35.9", "6.9", "29.0"],
        ["Larceny-theft . . .", "1,080.1", "258.1", "822.0", "471.3", "117.6", "353.6"],
    ],
    columns=["Program. Represents arrests"] * 7,  # what ingestion read from the headnote
    header_rows=1,
    caption="Table 324. Arrests by Sex and Age: 2009",
)


def test_headnote_rows_and_centred_group_headers() -> None:
    sh = shape(ARRESTS)
    assert sh.header_rows == 4  # the headnote, then three header rows
    # "Female" printed over the middle of its three columns heads all three, "Total" likewise.
    assert sh.columns[1:] == ["Total", "Total / Under 18 / years", "Total / 18 years / and over", "Female / Total",
                              "Female / Under 18 / years", "Female / 18 years / and over"]  # fmt: skip
    assert parse_number("1,540 . 0") == 1540.0  # spaces around the decimal point
    assert parse_number("1.192 735") == 1.192735 and parse_number("(0.000 035)") == -0.000035  # digits grouped


def test_dot_leaders_and_wrapped_labels() -> None:
    sh = shape(ARRESTS)
    names = [sh.name(i) for i in sh.data(ARRESTS.rows) if sh.name(i)]
    assert names == ["Total", "Murder and nonnegligent manslaughter", "Burglary", "Larceny-theft"]
    got = cell_answer(ARRESTS, "How many females under 18 were arrested for burglary?")
    assert got is not None and got.short_answer == "6.9"  # "under 18" names a column, it sets no threshold
    top = aggregate_answer(ARRESTS, "Which offense had the most arrests of females under 18?")
    assert top is not None and top.short_answer == "Larceny-theft"


def test_no_value_cells_and_column_numbers() -> None:
    table = TableData(id="t", rows=[
        ["States", "Total Debt", "WMA from RBI", "NSSF"], ["1", "2=", "3", "4"], ["", "(3 to 6)+14", "", ""],
        ["Assam", "12.69", "2.41", "-"], ["Bihar", "40.75", "-", "-"], ["Goa", "1.4", "-", "-"],
        ["Punjab", "19.18", "1.03", "-"], ["Rajasthan", "36.77", "4.99", "-"],
    ])  # fmt: skip
    sh = shape(table)
    assert sh.header_rows == 3 and sh.name(3) == "Assam"  # column numbers and notes under the headers
    got = aggregate_answer(table, "Which state had the highest WMA from RBI?")
    assert got is not None and got.short_answer == "Rajasthan"  # "-" holds no value: still a column of figures


def test_a_title_over_every_column_names_none_and_totals_are_the_default() -> None:
    rows = [
        ["", "", "", "", "November - 2015", "", "", ""],
        ["", "", "", "Pre-Pawn", "", "Redemption", "", ""],
        ["State", "Handgun", "Long Gun", "Handgun", "Long Gun", "Handgun", "Long Gun", "Totals"],
        ["Texas", "56,941", "51,670", "29", "20", "5,748", "5,331", "146,982"],
        ["Kentucky", "12,155", "14,847", "9", "11", "1,491", "2,315", "295,891"],
    ]
    table = TableData(id="t", rows=rows)
    sh = shape(table)
    assert sh.columns[2] == "Long Gun" and sh.columns[4] == "Pre-Pawn / Long Gun"
    got = cell_answer(table, "How many long gun checks did Texas have in November 2015?")
    assert got is not None and got.short_answer == "51,670"  # the plain column, named whole
    most = aggregate_answer(table, "Which state had the most background checks?")
    assert most is not None and most.column.endswith("Totals") and "**Kentucky**" in most.body
    assert most.short_answer is None  # no column was named: the value is shown, not as a short answer


def test_spelling_variants_keep_their_first_letters() -> None:
    table = TableData(id="t", caption="Literacy of male heads", rows=[["State", "male", "female"], ["Goa", "1", "2"]])
    got = cell_answer(table, "What share of female heads in Goa?")
    assert got is not None and got.cell is not None and got.cell["column"] == "female"
    assert tokens("Germanys")[0] != tokens("male")[0]


def test_aggregate_words_that_are_names_ask_for_no_aggregate() -> None:
    table = TableData(
        id="t19",
        caption="Table 19. Current expenditures per pupil in average daily attendance (ADA)",
        rows=[["School year", "ADA", "Per pupil in ADA"], ["2004-05", "45,625", "10,745"],
              ["2005-06", "45,932", "10,867"]],
    )  # fmt: skip
    assert aggregate_answer(table, "What was spending per pupil in average daily attendance in 2005-06?") is None
    got = answer(table, "What was spending per pupil in average daily attendance in 2005-06?", "lookup")
    assert got.kind == "cell" and got.cell is not None and got.cell["value"] == "10,867"
    wealth = TableData(id="t", rows=[["Wealth index", "Pill", "Condom"], ["Lowest", "10.5", "2.0"],
                                     ["Highest", "9.7", "12.7"]])  # fmt: skip
    row = answer(wealth, "What share of women in the highest wealth index use a condom?", "lookup")
    assert row.kind == "cell" and row.short_answer == "12.7"  # the row "Highest", not the highest value


def test_a_header_named_by_its_last_part() -> None:
    table = TableData(id="t", caption="Households by literacy of adult women", rows=[
        ["State", "n", "Literacy Status", ""], ["", "", "Illiterate", "College"],
        ["Kerala", "2400", "8.8", "8.2"], ["Uttar Pradesh", "2400", "67.3", "2.7"],
    ])  # fmt: skip
    got = aggregate_answer(table, "Which state had the highest share of illiterate adult women?")
    assert got is not None and got.short_answer == "Uttar Pradesh" and got.coverage > 0.5


def test_two_columns_named_apart_give_no_short_answer() -> None:
    table = TableData(id="t", rows=[["Group", "Pill", "IUD", "Number of women"], ["Scheduled tribe", "6.4", "0.6",
                                                                                 "256"]])  # fmt: skip
    got = cell_answer(table, "What share of scheduled tribe women use the pill?")
    assert got is not None and got.short_answer is None and "6.4" in got.body and "256" in got.body
    one = cell_answer(table, "How many scheduled tribe women use the pill?")  # still two readings
    assert one is not None and one.short_answer is None


def test_a_parenthetical_aside_of_a_row_label_is_optional() -> None:
    table = TableData(id="t", rows=[["No.", "Contract Description", "Contractor", "Amount"],
                                    ["8", "Desktop Computers (49 No.)", "Navoo Enterprise", "48,020.00"],
                                    ["9", "Laptop Computers (15No.)", "IPMC Ltd", "34,594.76"]])  # fmt: skip
    got = cell_answer(table, "Who was the contractor for the desktop computers?")
    assert got is not None and got.exact_row and got.short_answer == "Navoo Enterprise"


def test_with_no_column_named_the_level_is_measured_not_its_change() -> None:
    table = TableData(id="t", caption="Table 6.5: Five firm concentration ratios for food retailing", rows=[
        ["", "Current Level", "Change in recent years / % points"],
        ["Austria", "79", "+14"], ["Italy", "30", "+2"], ["Sweden", "87", "+24"],
    ])  # fmt: skip
    got = aggregate_answer(table, "Which member state had the lowest five firm concentration ratio?")
    assert got is not None and got.column == "Current Level" and "**Italy**" in got.body
    assert got.short_answer is None  # no column was named: shown, not as a short answer


def test_thresholds_with_scale_words_names_in_rows_and_per_a_source() -> None:
    table = TableData(id="t", rows=[["State", "Total"], ["Goa", "4,508,180"], ["Bihar", "32,929,420"],
                                    ["Kerala", "43,173,581"], ["Gujarat", "46,413,160"]])  # fmt: skip
    got = aggregate_answer(table, "How many states had a total outlay above 40 million?")
    assert got is not None and "**2**" in got.body  # 40 million = 40,000,000 in a column of plain figures
    sales = TableData(id="t", rows=[["", "World food sales ($US bn)"], ["Nestle", "38.8"], ["Mars", "13"]])
    assert "**1**" in aggregate_answer(sales, "How many had world food sales above $20 bn?").body  # type: ignore[union-attr]
    ratio = TableData(id="t", rows=[["Year", "Public", "Private"], ["2009", "15.4", "12.5"], ["2010", "15.2", "12.4"]])
    assert aggregate_answer(ratio, "What is the average pupil/teacher ratio in private schools in 2010?") is None
    got = answer(ratio, "What is the average pupil/teacher ratio in private schools in 2010?", "lookup")
    assert got.kind == "cell" and got.short_answer == "12.4"  # the row 2010 is asked, not a mean
    assert "per" not in tokens("retail outlets per the EU retail market table") and "per" in tokens("sales per outlet")


def test_fastest_growth_is_the_highest_value() -> None:
    table = TableData(id="t", rows=[["", "% growth in total retail sales volume, 1990-94"], ["Ireland", "12"],
                                    ["Greece", "-10.8"], ["France", "5.8"]])  # fmt: skip
    got = answer(table, "Which member state had the fastest growth in total retail sales volume 1990-94?", "lookup")
    assert got.kind == "aggregate" and "**Ireland**" in got.body
    slow = aggregate_answer(table, "Which had the slowest growth in total retail sales volume?")
    assert slow is not None and "**Greece**" in slow.body


def test_at_least_and_at_most_set_thresholds_not_extremes() -> None:
    got = aggregate_answer(RETAIL, "In how many member states were retail sales at least 292 Ecu bn?")
    assert got is not None and got.short_answer == "2"  # Germany 373 and France 292 itself: not "the least"
    most = aggregate_answer(RETAIL, "How many member states had at most 105.2 thousand retail outlets?")
    assert most is not None and most.short_answer == "3" and "at most" in most.body


def test_or_more_and_shares_of_a_whole_are_thresholds() -> None:
    more = aggregate_answer(RETAIL, "How many member states had 169 or more inhabitants per outlet?")
    assert more is not None and more.short_answer == "4"  # 196, 169, 270, 1,000
    shares = TableData(id="s", rows=[["", "share %"], ["A", "52"], ["B", "49"], ["C", "81"], ["D", "50"]])
    half = aggregate_answer(shares, "In how many countries was the share more than half?")
    assert half is not None and half.short_answer == "2"  # 50 is no more than half
    fractions = TableData(id="f", rows=[["", "share"], ["A", "0.52"], ["B", "0.2"], ["C", "0.9"], ["D", "0.1"]])
    third = aggregate_answer(fractions, "How many rows have a share below a third?")
    assert third is not None and third.short_answer == "2"


def test_second_largest_and_ranks_third() -> None:
    second = aggregate_answer(RETAIL, "Which member state had the second largest population?")
    assert second is not None and second.short_answer == "France" and "second highest" in second.body
    third = aggregate_answer(RETAIL, "Which member state ranks third in retail sales?")
    assert third is not None and third.short_answer == "Belgium/Luxembourg"
    low = aggregate_answer(RETAIL, "Which member state has the 2nd lowest population?")
    assert low is not None and low.short_answer == "Belgium"


def test_a_value_question_gets_the_value_with_the_row_and_sections_are_dropped() -> None:
    table = TableData(
        id="t18",
        rows=[
            ["School year", "Fall enrollment"],
            ["Actual", ""],
            ["2007–08", "49,221"],
            ["2008–09", "49,003"],
            ["Projected", ""],
            ["2020–21", "52,688"],
            ["2021–22", "53,113"],
        ],  # fmt: skip
    )
    got = aggregate_answer(table, "What is the highest fall enrollment, and for which school year?")
    assert got is not None and got.short_answer == "2021–22 (53,113)"  # not "Projected / 2021–22"
    which = aggregate_answer(table, "In which school year was fall enrollment lowest?")
    assert which is not None and which.short_answer == "2008–09"


def test_catch_all_rows_are_no_member_and_other_gives_no_short_answer() -> None:
    table = TableData(id="e", rows=[["Country", "Enquiries"], ["Spain", "268"], ["Germany", "233"],
                                    ["non-EU", "97"], ["Unspecified", "363"], ["Grand Total", "961"]])  # fmt: skip
    got = aggregate_answer(table, "Which country had the most enquiries?")
    assert got is not None and got.short_answer == "Spain"
    other = TableData(id="o", rows=[["Group", "Users"], ["Scheduled caste", "74.8"], ["Other", "81.1"]])
    led = aggregate_answer(other, "Which group has the most users?")
    assert led is not None and led.short_answer is None and "Other" in led.body


def test_the_year_a_named_row_peaks_in_is_read_along_the_row() -> None:
    table = TableData(
        id="a412",
        rows=[
            ["Volume servers in:", "2007", "2008", "2009", "2010"],
            ["Server closets", "1,505", "1,580", "1,643", "1,673"],
            ["Best practice scenario", "", "", "", ""],
            ["Server closets", "1,456", "1,439", "1,386", "1,296"],
            ["Server rooms", "1,465", "1,472", "1,427", "1,334"],
        ],  # fmt: skip
        header_rows=1,
        columns=["Volume servers in:", "2007", "2008", "2009", "2010"],
    )
    got = aggregate_answer(table, "In the best practice scenario, in which year is the UEC of server closets lowest?")
    assert got is not None and got.short_answer == "2010 (1,296)" and got.cell is not None
    assert got.cell["column"] == "2010"
    top = aggregate_answer(table, "In what year were best practice server rooms highest?")
    assert top is not None and top.short_answer == "2008 (1,472)"
    # No row named: the question asks which row, read down a column as before.
    down = aggregate_answer(table, "Which space type had the highest value in 2009?")
    assert down is not None and down.cell is not None and down.cell["column"] == "2009"


def test_comparatives_and_unit_abbreviations() -> None:
    cycles = TableData(id="c", rows=[["Cycle Name", "KI (1/km)", "Distance (mi)"], ["2012_2", "3.30", "1.3"],
                                     ["4234_1", "0.59", "58.7"], ["4171_1", "0.07", "173.9"]])  # fmt: skip
    got = aggregate_answer(cycles, "How many of the cycles are longer than 50 miles?")
    assert got is not None and got.short_answer == "2" and "Distance" in got.column
    short = aggregate_answer(cycles, "How many cycles are shorter than 60 miles?")
    assert short is not None and short.short_answer == "2"


def test_a_section_the_question_names_bounds_the_rows_compared() -> None:
    table = TableData(
        id="t21",
        rows=[
            ["Background characteristic", "Pill", "Condom"],
            ["Caste/tribe", "", ""],
            ["Other", "13.3", "5.2"],
            ["Scheduled tribe", "6.4", "3.5"],
            ["Wealth index", "", ""],
            ["Lowest", "10.5", "2.0"],
            ["Middle", "14.2", "3.4"],
            ["Highest", "9.7", "12.7"],
            ["Number of living children", "", ""],
            ["1 child", "20.1", "6.9"],
            ["2 children", "11.6", "4.8"],
        ],  # fmt: skip
    )
    got = aggregate_answer(table, "Which wealth group has the highest pill use?")
    assert got is not None and got.short_answer == "Middle"  # not "1 child" (20.1), a row of another section
    every = aggregate_answer(table, "Which group has the highest pill use?")
    assert every is not None and every.short_answer == "1 child"  # no section named: every row


def test_a_count_is_never_answered_with_a_cell_of_words() -> None:
    # A second header row inside the table ("ROUTE | Domestic PAX FLT | …") shares words with the question.
    flights = TableData(
        id="jal",
        rows=[
            ["ROUTE", "Domestic PAX FLT", "International PAX FLT"],
            ["TTL Flight Number", "18391", "4348"],
            ["ROUTE", "Domestic", "International"],
            ["Flights diverted", "7", "6"],
        ],
    )
    assert cell_answer(flights, "How many passengers on international routes?") is None
    got = cell_answer(flights, "How many international flights diverted?")
    assert got is not None and got.short_answer == "6"
    named = cell_answer(flights, "Which international route heading is under ROUTE?")  # not a count: words may answer
    assert named is not None and named.cell is not None and named.cell["value"] == "International"


@pytest.mark.parametrize(
    ("question", "value", "mismatch"),
    [
        ("Which countries were, along with Finland, among the top four for participation?", "145", True),
        ("Who paid the most?", "12%", True),
        ("Where did sales fall?", "-3.5", True),
        ("Which country is Casino Guichard Perrachon from?", "France", False),  # a word cell may be the name
        ("In which year did the survey start?", "2001", False),  # a year is asked: a number answers
        ("Which share of students took part?", "53.6%", False),
        ("What is the family welfare revenue for Kerala?", "3,985,473", False),  # a value is asked
    ],
)
def test_a_number_cell_is_no_answer_to_a_question_asking_for_a_name(question: str, value: str, mismatch: bool) -> None:
    from app.qa.tables.question_fit import names_a_number

    assert names_a_number(question, value) is mismatch


def test_a_cell_measuring_something_else_does_not_answer_a_content_question() -> None:
    from app.qa.tables.question_fit import measures_other

    def said(*texts: str) -> set[str]:
        return {t for text in texts for t in tokens(text)}

    # A count of other things: the table counts persons, the question occupations.
    persons = said("Number of persons attending labour market training", "On labour market training", "2005")
    assert measures_other("For how many different occupations was labour market training offered in 2005?", persons)
    assert not measures_other("How many persons attended labour market training in 2005?", persons)
    # A measure the question names that the table does not ("average annual ... rate" of "% growth 1990-94").
    growth = said("Growth in demand by member state", "Ireland", "% growth in total retail sales volume, 1990-94")
    assert measures_other("What was Ireland's average annual growth rate of retail sales between 1990 and 1994?",
                          growth)  # fmt: skip
    assert not measures_other("What was Ireland's growth in total retail sales volume in 1990-94?", growth)
    # A table of changes for a question that asks for a level.
    changes = said("Actual and projected percentage changes in public high school graduates", "California",
                   "Actual 2003–04 to 2008–09")  # fmt: skip
    assert measures_other("What is the number of public high school graduates in California in 2003–04?", changes)
    assert not measures_other("What was the percentage change in public high school graduates in California?", changes)
    # A yearly unit ("kWh/year") says what "annual" asks.
    yearly = said("Projected Average UEC (in kWh/year) for Mid-range and High-end Servers", "Mid-range", "2010")
    assert not measures_other("What was a mid-range server's average annual electricity use in 2010?", yearly)
    unitless = said("Projected Average UEC for Mid-range and High-end Servers", "Mid-range", "2010")
    assert measures_other("What was a mid-range server's average annual electricity use in 2010?", unitless)


def test_an_age_group_said_as_a_plural_names_the_age() -> None:
    assert tokens("How many under-18s were arrested?") == tokens("How many under 18 were arrested?")
    assert "65" in tokens("the share of over-65s") and "1990s" in tokens("in the 1990s")


def test_a_table_that_holds_nothing_the_question_names_answers_no_content_question() -> None:
    from app.db.models import Document
    from app.qa.tables.question_fit import names_unheld, question_names

    # us-018.pdf's Table 17 (expenditures of public schools) has a "Total" column; the question is about a campaign
    # committee of another document.
    schools = TableData(
        id="t17",
        caption="Table 17. Current expenditures for public elementary and secondary schools",
        label="Table 17",
        rows=[["School year", "Total"], ["1999–2000", "323.9"], ["2000–01", "348.4"]],
    )
    us018 = Document(filename="us-018.pdf", title="Projections of Education Statistics")
    asked = "How much was given in total to Vote Yes for Strong Schools, counting the amounts reported earlier?"
    names = question_names(asked)
    assert {"vote", "strong"} <= names
    pages: list[str] = []

    def page_text() -> str:
        pages.append("read")
        return "Table 17 ... SOURCE: U.S. Department of Education"

    assert names_unheld(names, schools, us018, page_text)
    # Names the table, its document or its page holds are no reason to doubt it; the page is read only when needed.
    pages.clear()
    assert not names_unheld(question_names("What was the Total for the School year 2000–01?"), schools, us018,
                            page_text)  # fmt: skip
    assert not names_unheld(question_names("What did Education Statistics project in total?"), schools, us018,
                            page_text)  # fmt: skip
    assert pages == []
    assert not names_unheld(question_names("Which total did PIRLS report?"), schools, us018, lambda: "PIRLS 2011")
    # A name the table lacks weighs against it unless the row or column read is named twice as often: a results
    # sheet never calls its election "Republican", yet the question names its column "Brian Calley" whole.
    from app.qa.tables.question_fit import names_elsewhere

    votes = question_names("How many votes did Brian Calley get in the Republican primary?")
    assert votes == {"brian", "calley", "republican"}
    assert not names_elsewhere(votes, frozenset({"brian", "calley", "votes"}), {"republican"})
    assert names_elsewhere(votes, frozenset({"calley"}), {"republican"})
    assert names_elsewhere(names, frozenset({"total"}), names_unheld(names, schools, us018, page_text))
    assert not names_elsewhere(votes, frozenset({"calley"}), set())
    # Month names are dates, which tables write as numbers; the question's first word is no name.
    assert question_names("How many notices were received in July 2015?") == set()
    assert question_names("Which member state had the most inhabitants per retail outlet?") == set()


def test_a_row_named_by_its_head_beside_a_total_column() -> None:
    table = TableData(
        id="t",
        rows=[
            ["Offense charged", "Total", "White", "Black"],
            ["Total . . . . . .", "10,690,561", "7,389,208", "3,027,153"],
            ["Weapons—carrying, possessing, etc.. . . .", "130,503", "74,942", "53,441"],
            ["Gambling . . . .", "8,046", "2,212", "5,518"],
        ],
        header_rows=1,
    )
    # "total" names the column, "weapons" the row by the head of its label: not the Total row, and no sum.
    question = "What were the total arrests for weapons offences?"
    assert aggregate_answer(table, question) is None
    got = cell_answer(table, question)
    assert got is not None and got.short_answer == "130,503"
    # Without a row named, "total" still asks for the Total row.
    got = aggregate_answer(table, "What were the total arrests?")
    assert got is not None and "10,690,561" in got.body


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("How big a percentage change is projected for Utah from 2008–09 to 2021–22?", True),
        ("How high was the drop-out rate in Finland?", True),
        ("How many graduates did Utah have?", True),
        ("Hong Kong's student response rate in us-020.pdf?", True),
        ("How does the survey weight its schools?", False),
        ("Why are the figures for Utah revised?", False),
        ("Describe the table of graduates.", False),
    ],
)
def test_a_measure_asked_with_how_asks_for_a_value(question: str, value: bool) -> None:
    from app.qa.tables.question_fit import asks_for_value

    assert asks_for_value(question) is value


def test_a_region_with_a_country_code_is_named_whole_by_its_name_and_a_continuations_cell_is_its_own() -> None:
    table = TableData(id="head", rows=[["Education system", "Students assessed"], ["Ontario-CAN", "4,561"]])
    table.extend(TableData(id="next", rows=[["Education system", "Students assessed"], ["Florida-USA", "2,598"]]))
    got = cell_answer(table, "How many Florida students were assessed?")
    assert got is not None and got.cell is not None
    assert got.cell["value"] == "2,598" and got.exact_row
    # The row was read from the continuation: its cell is that table's (highlighted on its page).
    assert got.cell["node_id"] == "next"
    assert table.part_of(1) == "head" and table.part_of(2) == "next"
    # A code alone is no name: "USA" does not name Florida's row whole.
    other = cell_answer(table, "How many students in the USA were assessed?")
    assert other is None or not other.exact_row


def test_a_whole_area_asks_for_the_total_of_a_column() -> None:
    table = TableData(
        id="votes",
        caption=None,
        label=None,
        rows=[["Precinct", "Ann Lee", "Bo Ray"], ["Alcona", "80", "15"], ["Curtis", "90", "21"],
              ["Totals", "170", "36"]],
    )
    for question in ("How many votes did Ann Lee win across the county?", "How many votes did Ann Lee get county-wide?",
                     "How many votes did Ann Lee get across all precincts?"):  # fmt: skip
        got = aggregate_answer(table, question)
        assert got is not None and "**170**" in got.body and "Totals" in got.body
    assert aggregate_answer(table, "How many votes did Ann Lee win in Curtis?") is None


def test_a_running_number_column_is_never_the_value_of_an_unnamed_column() -> None:
    rows = [["No.", "Item", "Remark"]] + [
        [str(i), name, remark]
        for i, (name, remark) in enumerate(
            [("Crankshaft details", "for approval"), ("Operation and service manuals", "to indicate maintenance"),
             ("Bedplate arrangement", "for information"), ("Piston details", "for approval")], start=22)
    ]  # fmt: skip
    table = TableData(id="t", rows=rows)
    assert serial(["22", "23", "24", "25"]) and not serial(["22", "40", "31", "25"])
    assert serial(["1", "2", "3", "(1) If integral with engine."])  # a note set in the column below the rows
    assert numeric_columns(table, shape(table)) == []
    assert cell_answer(table, "What must the operation and service manuals set out?") is None
    # A measure column is still the one numeric column a question may leave unnamed.
    counts = TableData(id="c", rows=[["Item", "Count"], ["Pistons", "40"], ["Bearings", "31"], ["Valves", "25"]])
    got = cell_answer(counts, "How many bearings?")
    assert got is not None and got.cell is not None and got.cell["value"] == "31"



def test_a_whole_table_is_said_with_what_its_header_compares() -> None:
    from app.qa.tables.render import table_summary, whole_table

    table = TableData(id="t", rows=[["Category", "Net sales", "Share"], ["Cosmetics", "1,000", "40%"],
                                    ["Skincare", "800", "30%"], ["Haircare", "500", "20%"]],
                      caption="Exhibit 6: Net sales by category", columns=["Category", "Net sales", "Share"],
                      header_rows=1)  # fmt: skip
    said = "It gives Net sales and Share by Category for 3 rows: Cosmetics, Skincare and Haircare."
    assert table_summary(table) == said
    body = whole_table(table).body
    assert body.index("It gives") < body.index("| Category |")
    # A table with no row names or no columns of values says nothing it cannot say, nor one whose header was read
    # wrong: values taken as a header, a spanning title copied over the columns.
    assert table_summary(TableData(id="e", rows=[["Only"]], columns=["Only"], header_rows=1)) == ""
    values_as_header = [["Rows fitted", "118 (73%) 43"], ["Total", "161"]]
    assert table_summary(TableData(id="v", rows=values_as_header, columns=values_as_header[0], header_rows=1)) == ""
    copied = [["Fiscal 2022", "Fiscal 2022", "Total"], ["1st", "3", "4"]]
    assert table_summary(TableData(id="c", rows=copied, columns=copied[0], header_rows=1)) == ""


def test_a_sentence_run_into_a_table_is_no_row_of_values() -> None:
    # A bulleted paragraph below the table, caught in it, says the row's name and more of the question's words.
    table = TableData(
        id="seg",
        rows=[
            ["", "2023", "2022"],
            ["Northern Markets", "12.6", "20.4"],
            ["Southern Markets", "8.1", "14.7"],
            ["• Northern Markets: comparable sales were led by strong", "growth in the largest", "cities"],
        ],
    )
    got = cell_answer(table, "What comparable sales increase did the Northern Markets segment post in 2022?")
    assert got is not None and got.cell is not None and got.cell["value"] == "20.4"


def test_the_year_asked_dates_the_column_however_well_other_words_name_another() -> None:
    # The spanning header ("Three Months Ended / March 31") was kept by the first column only: its words name it
    # better, yet it is dated 2022 and the question asks for 2023, which the second column holds.
    quarters = TableData(
        "q1",
        [["", "Three Months Ended / March 31, / 2022", "2023"], ["Search & other", "39,618", "40,359"],
         ["YouTube ads", "6,869", "6,693"], ["Network", "8,174", "7,496"]],  # fmt: skip
        caption="Revenues disaggregated by type (in millions)",
        columns=["", "Three Months Ended / March 31, / 2022", "2023"],
        header_rows=1,
    )
    got = cell_answer(quarters, "How much did YouTube ads bring in during the three months ended March 31, 2023?")
    assert got is not None and got.cell is not None and got.cell["value"] == "6,693"
    earlier = cell_answer(quarters, "How much did YouTube ads bring in during the three months ended March 31, 2022?")
    assert earlier is not None and earlier.cell is not None and earlier.cell["value"] == "6,869"


def test_a_heading_right_under_another_heads_a_section_within_it() -> None:
    # "Revenue" and "Operating income" each head a "Parks" section: the two "Domestic" rows differ by the outer one.
    segments = TableData(
        "seg",
        [["($ in millions)", "2024", "2023"], ["Revenue", "", ""], ["Parks", "", ""], ["Domestic", "6,432", "6,297"],
         ["International", "1,646", "1,476"], ["Operating income", "", ""], ["Parks", "", ""],
         ["Domestic", "1,982", "2,077"], ["International", "420", "328"]],  # fmt: skip
        columns=["($ in millions)", "2024", "2023"],
        header_rows=1,
    )
    sh = shape(segments)
    assert sh.name(7) == "Operating income / Parks / Domestic"
    got = cell_answer(segments, "What operating income did the domestic parks business earn in 2024?")
    assert got is not None and got.cell is not None and got.cell["value"] == "1,982"


def test_a_unit_said_in_parentheses_heads_no_section() -> None:
    fund = TableData(
        "nav",
        [["", "2016"], ["(all amounts in EUR)", ""], ["Class A", ""], ["Net Asset Value", "5,111,372"],
         ["Class B", ""], ["Net Asset Value", "49,144,825"]],  # fmt: skip
        columns=["", "2016"],
        header_rows=1,
    )
    assert shape(fund).name(3) == "Class A / Net Asset Value"
    got = cell_answer(fund, "What was the net asset value of Class A in 2016?")
    assert got is not None and got.cell is not None and got.cell["value"] == "5,111,372"


def test_a_year_asked_is_a_name_the_table_or_its_document_must_hold() -> None:
    from app.db.models import Document
    from app.qa.tables.question_fit import asked_names, names_unheld

    landings = TableData(id="t8", caption="Monthly landings in pounds during 2019", label="Table 8",
                         rows=[["Species", "November"], ["Crab, Dungeness", "0"]])  # fmt: skip
    asked = asked_names("How many pounds of Dungeness crab were landed in November 2017?")
    assert "2017" in asked and "novemb" not in asked  # a month constrains the cell; a year names a time
    later = Document(filename="landings-2019.pdf", title="Landings 2019")
    assert names_unheld(asked, landings, later, lambda: "Landings in 2019") == {"2017"}
    earlier = Document(filename="landings-2017.pdf", title="Landings 2017")
    assert names_unheld(asked, landings, earlier, lambda: "") == set()
