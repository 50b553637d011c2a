"""The period a report's opening says it covers, and whether a question asks a period no report of the named company
covers (app.qa.reported_period)."""

from __future__ import annotations

from app.qa.reported_period import not_reported, period_asked_elsewhere, reported_period

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

