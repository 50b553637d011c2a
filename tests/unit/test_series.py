"""The issue of a series a question asks about by its period."""

from __future__ import annotations

import pytest

from app.qa.classify.model import DocumentName
from app.qa.classify.series import series_issue

DOCUMENTS = [
    DocumentName("q1", "acme-q1-2023-news-release.pdf"),
    DocumentName("q3", "acme-q3-2024-news-release.pdf"),
    DocumentName("ar", "annual-report-2023.pdf"),
    DocumentName("ds", "xr7-datasheet.pdf"),
]


@pytest.mark.parametrize(
    ("question", "issue"),
    [
        ("By how much did Acme's net income for Q1 2023 fall short of Q1 2022?", "q1"),
        ("What was Acme's revenue in Q3 2024?", "q3"),
        ("What total revenue did acme report for the quarter, fy Q3 2024?", "q3"),
        # The series is not named (no word of its shared name but kinds of document): no issue is assumed.
        ("What revenue does the release give for Q3 2024?", None),
        # Two issues hold as many of the question's figures: neither is meant more than the other.
        ("How did Acme's net income change from Q1 2023 to Q3 2024?", None),
        # Figures no issue's name holds, or none at all.
        ("What was Acme's revenue in Q2 2025?", None),
        ("What was Acme's revenue?", None),
        # A document of no series (one annual report) is not picked by its year.
        ("What was the annual revenue in 2023?", None),
    ],
)
def test_a_series_issue_is_named_by_its_figures_and_a_word_of_the_series_name(
    question: str, issue: str | None
) -> None:
    found = series_issue(question, DOCUMENTS)
    assert (found.document_id if found else None) == issue
    if found is not None:
        assert found.explicit  # it fences content retrieval, as a file name does
