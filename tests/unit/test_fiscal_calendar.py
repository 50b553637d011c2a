"""A question's fiscal year read in the calendar of a table dated by period ends (app.qa.tables.fiscal)."""

from app.qa.read.cells import rank_cells
from app.qa.tables.fiscal import in_table_calendar
from app.qa.tables.model import TableData
from app.qa.tables.shape import shape

# A retailer's year ends in January: fiscal 2022 is the 52 weeks ended January 28, 2023.
RETAIL = TableData(
    id="r",
    rows=[
        ["", "13 Weeks Ended January 28, 2023", "13 Weeks Ended January 29, 2022",
         "52 Weeks Ended January 28, 2023", "52 Weeks Ended January 29, 2022"],
        ["Comparable sales", "15.6%", "21.4%", "15.6%", "37.9%"],
        ["Net sales", "3,226.8", "2,729.4", "10,208.6", "8,630.9"],
    ],
)  # fmt: skip


def _best(question: str) -> str:
    sh = shape(RETAIL)
    hits = rank_cells(RETAIL, sh, question, "number")
    assert hits, question
    return f"{hits[0].value} @ {sh.columns[hits[0].column]}"


def test_fiscal_year_of_a_january_year_end_is_the_year_before() -> None:
    assert _best("What were net sales in fiscal 2022?") == "10,208.6 @ 52 Weeks Ended January 28, 2023"
    assert _best("What were net sales in fiscal 2021?") == "8,630.9 @ 52 Weeks Ended January 29, 2022"


def test_last_quarter_of_a_fiscal_year_reads_the_quarter_column() -> None:
    assert _best("How much were comparable sales up in Q4 of fiscal 2021?") == (
        "21.4% @ 13 Weeks Ended January 29, 2022"
    )


def test_year_ends_late_in_the_year_and_other_quarters_are_left_alone() -> None:
    june = ["", "Year ended June 30, 2023", "Year ended June 30, 2022"]
    assert in_table_calendar("Revenue in fiscal 2023?", june) == "Revenue in fiscal 2023?"
    # A 36-week period ended in May says nothing about which fiscal year it closes.
    weeks = ["", "36 Weeks Ended May 7, 2023", "36 Weeks Ended May 8, 2022"]
    assert in_table_calendar("EPS for the first 36 weeks of fiscal 2023?", weeks) == (
        "EPS for the first 36 weeks of fiscal 2023?"
    )
    # A table that names its fiscal years already needs no calendar.
    named = ["", "Fiscal 2022 (January 28, 2023)", "Fiscal 2021"]
    assert in_table_calendar("Sales in fiscal 2022?", named) == "Sales in fiscal 2022?"
    assert in_table_calendar("Sales in 2022?", RETAIL.rows[0]) == "Sales in 2022?"


def test_a_named_quarter_or_half_is_read_as_the_tables_period() -> None:
    statement = ["", "Three Months Ended June 30, / 2023", "Six Months Ended June 30, / 2023"]
    assert in_table_calendar("Interest expense in Q2 2023?", statement) == "Interest expense in Q2 2023? three months"
    assert in_table_calendar("Revenue in the first half of 2023?", statement).endswith(" six months")
    assert in_table_calendar("Tax rate in the second fiscal quarter of 2023?", statement).endswith(" three months")
    # A table without such columns, or a question naming no period, is left as it is.
    assert in_table_calendar("Interest expense in Q2 2023?", ["", "2023", "2022"]) == "Interest expense in Q2 2023?"
    assert in_table_calendar("Interest expense in 2023?", statement) == "Interest expense in 2023?"


def test_a_quarter_asked_by_name_finds_the_column_that_writes_it_compactly() -> None:
    heads = ["", "2Q23 ($ in millions)", "2Q22 ($ in millions)"]
    assert in_table_calendar("What was the profit for Q2 2022?", heads).endswith(" 2Q22")
    assert in_table_calendar("What was it in the second quarter of 2023?", heads).endswith(" 2Q23")
    third = "What was it in the third quarter of 2023?"
    assert in_table_calendar(third, heads) == third
    both = "Q2 profit in 2022 and 2023?"
    assert in_table_calendar(both, heads) == both  # which year: unsaid


def test_an_early_quarter_is_dated_by_where_its_fiscal_year_ends() -> None:
    # A year ending in September: its first quarter ends in December of the calendar year before.
    september = ["", "Quarter Ended December 28, 2024", "Quarter Ended December 30, 2023"]
    assert in_table_calendar("Revenue in Q1 fiscal 2025?", september).startswith("Revenue in Q1 fiscal 2024?")
    assert in_table_calendar("Revenue in the first quarter of fiscal 2024?", september).startswith(
        "Revenue in the first quarter of fiscal 2023?"
    )
    # A year ending in June: its second quarter ends in December of the year before too.
    assert in_table_calendar("Q2 FY2025 revenue?", ["", "Three Months Ended December 31, 2024"]).startswith(
        "Q2 FY2024 revenue?"
    )
    # A calendar year's quarter stays where it is.
    march = ["", "Three Months Ended March 31, 2024", "Three Months Ended March 31, 2023"]
    assert in_table_calendar("Revenue in Q1 fiscal 2024?", march).startswith("Revenue in Q1 fiscal 2024?")


def test_a_september_year_first_quarter_reads_its_column() -> None:
    table = TableData(
        id="d",
        rows=[["", "Quarter Ended December 28, 2024", "Quarter Ended December 30, 2023"],
              ["Revenues", "24,690", "23,549"], ["Income before taxes", "3,699", "2,547"]],
    )  # fmt: skip
    sh = shape(table)
    hits = rank_cells(table, sh, "What were revenues in the first quarter of fiscal 2024?", "number")
    assert hits and hits[0].value == "23,549"


def test_a_header_line_read_into_each_column_it_spans_is_cut_between_them() -> None:
    # pdfplumber reads "December 28, December 30," above "2024 | 2023" as one cell spanning both columns.
    table = TableData(
        id="q",
        rows=[["", "Quarter Ended", "", ""], ["", "December 28, December 30,", "", ""],
              ["($ in millions)", "2024", "2023", "Change"], ["Revenues", "$ 24,690", "$ 23,549", "5 %"]],
        columns=["($ in millions)", "Quarter Ended / December 28, December 30, / 2024",
                 "December 28, December 30, / 2023", "Change"],
        header_rows=3,
    )  # fmt: skip
    sh = shape(table)
    assert sh.columns[1:3] == ["Quarter Ended / December 28, / 2024", "December 30, / 2023"]
    # A line that names the period of both columns is no pair of pieces.
    spanned = TableData(id="s", rows=[["", "Year Ended", ""], ["", "2024", "2023"], ["Sales", "5", "4"]],
                        columns=["", "Year Ended / 2024", "Year Ended / 2023"], header_rows=2)  # fmt: skip
    assert shape(spanned).columns[1:] == ["Year Ended / 2024", "Year Ended / 2023"]
