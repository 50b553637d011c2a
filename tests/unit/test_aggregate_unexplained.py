"""An aggregate of a table that leaves most of the question unsaid answers some other question
(app.qa.tables.question_fit.aggregate_unexplained, read by app.qa.tables.content)."""

from __future__ import annotations

from app.qa.tables.model import TableData
from app.qa.tables.question_fit import aggregate_unexplained
from app.settings_reading import TableReadingSettings

FIELDS = TableData(
    id="t4",
    rows=[["Field", "GROBID", "LaTeX"], ["Medicine", "12.1", "0.2"], ["Physics", "40.3", "31.0"],
          ["Computer science", "55.0", "20.1"]],  # fmt: skip
    caption="Table 4: Extraction and linking statistics by field of study",
    columns=["Field", "GROBID", "LaTeX"],
    header_rows=1,
)
SHARE = TableReadingSettings().aggregate_unexplained_share


def test_a_question_the_table_leaves_unsaid_is_no_aggregate_of_it() -> None:
    question = "How many PDFs did the team discard before running GROBID because they were over 50 pages long?"
    assert aggregate_unexplained(question, FIELDS, set()) > SHARE


def test_the_operation_and_the_tables_words_are_explained() -> None:
    assert aggregate_unexplained("Which field of study has the highest GROBID figure?", FIELDS, set()) <= SHARE
    assert aggregate_unexplained("Summed over the three fields, what is the LaTeX total?", FIELDS, set()) <= SHARE


def test_the_page_says_what_the_table_is_of() -> None:
    question = "In the 2021 extraction statistics of the scholarly corpus paper, which field has the highest GROBID?"
    unsaid = aggregate_unexplained(question, FIELDS, set())
    assert aggregate_unexplained(question, FIELDS, {"scholarli", "corpus", "paper", "2021"}) < unsaid
