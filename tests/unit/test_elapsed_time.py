"""Time elapsed between two dated events: the question asks when each was (app/qa/analysis/elapsed.py), each part's
date is the one date of the row or sentence that names it (app/qa/read/part_dates.py), and the working says the
difference of the dates in the unit asked (app/qa/compose.py)."""

from __future__ import annotations

from datetime import date

import pytest

from app.qa.analysis.arithmetic import Arithmetic
from app.qa.analysis.elapsed import elapsed_question
from app.qa.analysis.parse import analyse
from app.qa.answer import Answer
from app.qa.ask import Cell, EvidenceNode
from app.qa.compose import arithmetic_working, elapsed_line
from app.qa.read.part_dates import one_date, with_part_dates

HISTORY = """| Version | Date | Author(s) | Description |
|---|---|---|---|
| 1.0 | August 10, 2021 | A. Author | Final Release |
| 1.0-rc1 | July 22, 2021 | A. Author | Release Candidate #1 |
| 0.2 | July 15, 2021 | A. Author | Add More Findings |"""


def _table(text: str) -> EvidenceNode:
    return EvidenceNode("t1", "table", "d", 2, "table", text, 0, 1.0)


def test_days_between_two_events_are_asked_as_two_dates_read_in_the_document_named_last() -> None:
    got = elapsed_question(
        "How many days passed between the release candidate and the final release of the bridge audit report?"
    )
    assert got is not None
    assert got.unit == "days"
    assert [p.question for p in got.parts] == [
        "When was the release candidate of the bridge audit report?",
        "When was the final release of the bridge audit report?",
    ]
    assert analyse("How many weeks elapsed between the kickoff and the launch?").shape == "arithmetic"


@pytest.mark.parametrize(
    "question",
    [
        "How many days of leave does a teacher get between terms?",  # no event is dated
        "How many days did the trial last?",
        "How many people were there between the ages of 20 and 30?",  # no unit of time
    ],
)
def test_other_questions_of_time_are_no_elapsed_time(question: str) -> None:
    assert elapsed_question(question) is None


def test_each_part_reads_the_date_of_the_row_naming_it() -> None:
    node = _table(HISTORY)
    answered = [("The release candidate", Answer("row", [node])), ("The final release", Answer("row", [node]))]
    got = with_part_dates(answered, "days")
    assert [a.short_answer for _, a in got] == ["July 22, 2021", "August 10, 2021"]
    assert with_part_dates(answered, "dollars") == answered  # no time counted: nothing read


def test_a_part_whose_words_name_two_rows_of_two_dates_reads_none() -> None:
    twice = HISTORY + "\n| 1.0-rc2 | July 30, 2021 | A. Author | Release Candidate #2 |"
    node = _table(twice)
    answered = [("The release candidate", Answer("row", [node])), ("The final release", Answer("row", [node]))]
    assert with_part_dates(answered, "days") == answered


def test_the_working_says_the_later_date_less_the_earlier_in_the_unit_asked() -> None:
    line = elapsed_line(["The start", "The end"], (date(2026, 3, 1), date(2026, 3, 30)), ["[1]", "[2]"], "days")
    assert line.startswith("**29 days**: The end (March 30, 2026) [2] − The start (March 1, 2026) [1]")
    weeks = elapsed_line(["A", "B"], (date(2026, 1, 1), date(2026, 1, 11)), ["[1]", "[1]"], "weeks")
    assert weeks.startswith("**1.4 weeks**")
    node = _table(HISTORY)
    parts = with_part_dates(
        [("The release candidate", Answer("row", [node])), ("The final release", Answer("row", [node]))], "days"
    )
    arithmetic = elapsed_question("How many days passed between the release candidate and the final release?")
    assert isinstance(arithmetic, Arithmetic)
    worked = arithmetic_working(arithmetic, parts, [None, None], Answer("", [node]))
    assert worked is not None and worked.startswith("**19 days**")


def test_one_date_reads_one_day_only() -> None:
    assert one_date("Date: July 22, 2021") == date(2021, 7, 22)
    assert one_date("from July 22, 2021 to August 10, 2021") is None
    assert one_date("in 2021") is None


def test_the_dates_read_come_before_the_cells_the_parts_read() -> None:
    node = _table(HISTORY)
    parts = with_part_dates(
        [("The release candidate", Answer("row", [node])), ("The final release", Answer("row", [node]))], "days"
    )
    arithmetic = elapsed_question("How many days passed between the release candidate and the final release?")
    assert arithmetic is not None
    versions: list[tuple[str, Cell] | None] = [
        ("t1", Cell(node_id="t1", row="1.0-rc1", column="Version", value="1.0-rc1", bbox=None)),
        ("t1", Cell(node_id="t1", row="1.0", column="Version", value="1.0", bbox=None)),
    ]
    worked = arithmetic_working(arithmetic, parts, versions, Answer("", [node]))
    assert worked is not None and worked.startswith("**19 days**")
