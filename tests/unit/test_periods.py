"""A document named by its period among documents of one series (app.qa.named.periods)."""

from __future__ import annotations

from app.qa.classify.model import DocumentName
from app.qa.named.periods import period_document, periods

RELEASES = [
    DocumentName("a", "acme-q1-2023-news-release.pdf"),
    DocumentName("b", "acme-q3-2024-news-release.pdf"),
    DocumentName("c", "who-situation-report.pdf", "Coronavirus disease situation report"),
]


def test_quarters_and_years_are_read_as_written_and_as_words() -> None:
    assert periods("What did ACME earn in the third quarter of FY2024?") == {"q3", "2024"}
    assert periods("acme-q1-2023-news-release.pdf") == {"q1", "2023"}
    assert periods("What is the second value in table 2?") == frozenset()


def test_the_quarter_asked_picks_the_one_release_of_the_series_that_says_it() -> None:
    assert period_document(RELEASES, "What total revenue did ACME report for Q1 2023?") == RELEASES[0]
    assert period_document(RELEASES, "What was ACME's net income in the third quarter of 2024?") == RELEASES[1]
    # A period no release says, or said by none of the series: no document is picked.
    assert period_document(RELEASES, "What did ACME earn in Q1 2022?") is None
    assert period_document(RELEASES, "What was the revenue?") is None
    # The quarter of another issuer's release: the series is not named.
    assert period_document(RELEASES, "How many buyers did Globex report for Q1 2023?") is None


def test_a_dated_document_with_no_sibling_of_another_date_is_not_named_by_a_year() -> None:
    alone = [DocumentName("a", "acme-annual-report-2023.pdf"), DocumentName("b", "census-methods.pdf")]
    assert period_document(alone, "How many cases were reported in 2023?") is None
