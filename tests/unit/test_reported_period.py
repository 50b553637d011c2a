"""The period a report's opening says it covers, and whether a question asks a period no report of the named company
covers (app.qa.reported_period)."""

from __future__ import annotations

from app.qa.reported_period import not_reported, period_asked_elsewhere, reported_period, titled_period

TEN_Q = ("UNITED STATES SECURITIES AND EXCHANGE COMMISSION FORM 10-Q QUARTERLY REPORT PURSUANT TO SECTION 13 For the "
         "quarterly period ended September 30, 2023 OR TRANSITION REPORT")  # fmt: skip
SIX_K = ("Interim condensed consolidated statement of operations Three months ended September 30, 2024 Nine months "
         "ended September 30, 2024")  # fmt: skip
TEN_K = "FORM 10-K ANNUAL REPORT For the Fiscal Year Ended June 30, 2023 OR TRANSITION REPORT"


def test_the_latest_period_end_and_its_kind_are_read_from_the_opening() -> None:
    q = reported_period(TEN_Q)
    assert q is not None and (q.year, q.month, q.quarterly, q.annual) == (2023, 9, True, False)
    assert q.said == "September 30, 2023"
    six = reported_period(SIX_K)
    assert six is not None and six.quarter == 3
    k = reported_period(TEN_K)
    assert k is not None and k.annual and (k.year, k.month) == (2023, 6)
    assert reported_period("A study of thermocouples and their wiring.") is None


def test_a_period_the_report_does_not_cover_is_told() -> None:
    q, six, k = reported_period(TEN_Q), reported_period(SIX_K), reported_period(TEN_K)
    assert q is not None and six is not None and k is not None
    assert not_reported(q, "What total revenue did Tesla report for the fourth quarter of 2023?")
    assert not not_reported(q, "What total revenue did Tesla report for the third quarter of 2023?")
    assert not not_reported(q, "What revenue did Tesla report in Q3 2022?")  # a comparative column
    assert not_reported(six, "What was Spotify's revenue in the second quarter of 2024?")
    assert not_reported(k, "What total revenue did Microsoft report for fiscal year 2024?")
    assert not not_reported(k, "What total revenue did Microsoft report for fiscal year 2023?")
    # A company's own quarter may end in the calendar year before the fiscal year's name.
    assert not not_reported(q, "What did it report for the first quarter of fiscal 2024?")
    # A quarter's report may open the fiscal year named after the next calendar year.
    assert not not_reported(q, "What revenue is expected for fiscal year 2024?")


def test_missing_only_when_every_named_report_misses_it() -> None:
    q, k = reported_period(TEN_Q), reported_period(TEN_K)
    asked = "What total revenue did Tesla report for the fourth quarter of 2023?"
    said = period_asked_elsewhere([("tesla-10q.pdf", q)], asked)
    assert said == ("No document in this collection reports the fourth quarter of 2023: tesla-10q.pdf reports the "
                    "period ended September 30, 2023.")  # fmt: skip
    annual = reported_period("ANNUAL REPORT For the fiscal year ended December 31, 2023")
    assert period_asked_elsewhere([("tesla-10q.pdf", q), ("tesla-10k.pdf", annual)], asked) is None
    assert period_asked_elsewhere([("tesla-10q.pdf", q), ("notes.pdf", None)], asked) is None
    assert period_asked_elsewhere([], asked) is None and k is not None


def test_the_reports_own_period_end_of_a_later_year_is_told() -> None:
    fund = reported_period("Annual Management Report of Fund Performance for the year ended November 30, 2022.")
    assert fund is not None and fund.day == 30
    asked = "What net assets per unit did the fund report at November 30, 2023?"
    assert not_reported(fund, asked)
    assert period_asked_elsewhere([("fund-2022.pdf", fund)], asked) == (
        "No document in this collection reports November 30, 2023: fund-2022.pdf reports the period ended "
        "November 30, 2022.")  # fmt: skip
    assert not not_reported(fund, "What net assets per unit did the fund report at November 30, 2021?")
    # Another day may be an event the report tells of (a dividend declared after the year end).
    assert not not_reported(fund, "What dividend was declared on January 15, 2023?")


RELEASE = ("Example Bank Announces Third Quarter 2024 Results. Toronto - August 29, 2024 - Example Bank announced its "
           "results for the third quarter ended July 31, 2024.")  # fmt: skip
INDIAN = "Example Ltd posts Q3 & 9M FY25 performance: revenue for the quarter ended December 31, 2024 rose"


def test_a_quarters_report_covers_its_own_quarter_the_one_before_and_a_year_earlier() -> None:
    release = reported_period(RELEASE)
    assert release is not None and release.own == (3, 2024)
    assert not not_reported(release, "What net income did Example Bank report for the second quarter of 2024?")
    assert not not_reported(release, "What net income did Example Bank report for the third quarter of 2023?")
    assert not_reported(release, "What net income did Example Bank report in its fourth quarter 2023 release?")
    assert not_reported(release, "What net income did Example Bank report for the fourth quarter of 2024?")
    indian = reported_period(INDIAN)
    assert indian is not None and indian.own == (3, 2025)  # the year it names, not the calendar's
    assert not_reported(indian, "What revenue did it report for the fourth quarter of fiscal 2025?")
    assert not not_reported(indian, "What revenue did it report for the third quarter of fiscal 2024?")
    assert reported_period(TEN_Q) is not None and reported_period(TEN_Q).own is None  # type: ignore[union-attr]


def test_a_period_said_to_end_after_the_reports_is_not_reported() -> None:
    release = reported_period("Results for the quarter ended March 31, 2024, the third quarter of our fiscal year")
    assert release is not None
    assert not_reported(release, "What revenue did it report for its fiscal 2024 fourth quarter, ended June 30, 2024?")
    assert not not_reported(release, "What revenue did it report for its fiscal 2024 quarter ended March 31, 2024?")


def test_a_quarters_report_states_no_earlier_fiscal_years_flows_but_its_closing_balance() -> None:
    ten_q = reported_period("FORM 10-Q QUARTERLY REPORT For the quarterly period ended March 26, 2022")
    assert ten_q is not None
    assert not_reported(ten_q, "What were the company's total net sales for fiscal 2021?")
    assert not not_reported(ten_q, "What were the company's total assets at the end of fiscal 2021?")
    assert not not_reported(ten_q, "What net sales does the company expect for fiscal 2022?")
    annual = reported_period(TEN_K)
    assert annual is not None and not not_reported(annual, "What total revenue did it report for fiscal year 2022?")


def test_an_annual_report_opening_on_a_letter_is_dated_by_its_title() -> None:
    titled = titled_period("example-2023-annual-report Annual Report 2023")
    assert titled is not None and titled.annual and titled.year == 2023
    assert not_reported(titled, "What total revenue did Example report for fiscal year 2024?")
    assert not not_reported(titled, "What total revenue did Example report for fiscal year 2023?")
    assert period_asked_elsewhere([("example.pdf", titled)], "What revenue did it report for fiscal year 2024?") == (
        "No document in this collection reports fiscal year 2024: example.pdf reports the period ended in 2023.")
    assert titled_period("Sustainability report 2023") is None  # no annual report
    assert titled_period("Annual Report 2022-2023") is None  # two years: which one it covers is not said
