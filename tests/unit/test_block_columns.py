"""A table's columns of one name, each closing a block of periods, are named by the block (app.qa.tables.shape);
"shrank the most" asks for the lowest change (app.qa.aggregate_intent)."""

from __future__ import annotations

from app.qa.aggregate_intent import extreme_kind, extremes_said
from app.qa.tables.answer import best_answer
from app.qa.tables.model import TableData
from app.qa.tables.shape import shape
from app.qa.tables.words import tokens

HEADER = ["Segment", "Share Q4 2024 (%)", "Share Q4 2025 (%)", "YoY Growth (%)", "Share 2024 (%)", "Share 2025 (%)",
          "YoY Growth (%)"]  # fmt: skip
SEGMENTS = TableData(
    id="seg",
    rows=[HEADER, ["Retail", "30.1", "31.2", "2.5", "32.0", "30.9", "0.7"],
          ["Energy", "10.9", "10.1", "-5.6", "10.9", "10.4", "-1.6"],
          ["Media", "6.6", "5.8", "-9.8", "6.8", "5.9", "4.5"],
          ["Travel", "8.2", "8.1", "1.1", "8.5", "8.1", "-7.3"]],  # fmt: skip
    caption="Growth by segment",
    columns=HEADER,
    header_rows=1,
)


def test_each_repeated_column_is_named_by_the_column_it_follows() -> None:
    columns = shape(SEGMENTS).columns
    assert columns[3] == "YoY Growth (%) / Share Q4 2025 (%)"
    assert columns[6] == "YoY Growth (%) / Share 2025 (%)"


def test_the_growth_of_the_period_asked_is_read() -> None:
    got = best_answer(SEGMENTS, "What was the year-on-year growth of Travel in Q4 2025?")
    assert got is not None and "**1.1**" in got.body
    got = best_answer(SEGMENTS, "Which segment shrank the most year on year in Q4 2025?")
    assert got is not None and "**Media**" in got.body


def test_a_verb_of_decrease_before_the_most_asks_for_the_lowest() -> None:
    assert extreme_kind("Which vertical shrank the most in Q4?") == "min"
    assert extremes_said("Which region declined the most?") == {"min"}
    assert extremes_said("Which segment fell the least?") == {"max"}
    # A thing counted after "the most" is what is counted: the highest.
    assert extremes_said("Which team lost the most games?") == {"max"}
    assert extremes_said("Which county dropped the most calls?") == {"max"}
    assert extremes_said("Which state had the most votes?") == {"max"}


def test_a_headers_admin_is_the_questions_administrative() -> None:
    assert set(tokens("the USDA administrative count")) & set(tokens("Admin total recipients"))


def test_a_group_named_alone_is_read_in_its_total_column() -> None:
    rows = [
        ["(in thousands of dollars)", "March 31, 2026", "", "", "March 31, 2025", "", ""],
        ["", "Group", "Eliminations", "Total", "Group", "Eliminations", "Total"],
        ["Net patient service revenues", "2,250,816", "19,213", "2,558,261", "2,094,088", "-", "2,321,049"],
        ["Other revenue", "466,075", "(50,752)", "529,784", "343,866", "(21,088)", "401,660"],
    ]
    table = TableData("fin", rows, None, None, None, 2)
    got = best_answer(table, "What were net patient service revenues in the quarter ended March 31, 2026?")
    assert got is not None and got.cell is not None and got.cell["value"] == "2,558,261"
    # A member of the group named is read, not the total.
    got = best_answer(table, "What were the eliminations of net patient service revenues at March 31, 2026?")
    assert got is not None and got.cell is not None and got.cell["value"] == "19,213"
