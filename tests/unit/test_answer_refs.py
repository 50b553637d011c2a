"""A later part about the first part's answer is no lookup of its own (app.qa.analysis.followup); a person printed
by surname alone is not absent (app.qa.seeds); a caption's title names its table (app.qa.tables.content); numbers
inside a row's cells of words name no row (app.qa.read.cells)."""

from __future__ import annotations

from app.qa.analysis.followup import without_value_follow_up
from app.qa.analysis.people import people
from app.qa.read.cells import rank_cells
from app.qa.seeds import _surname_said
from app.qa.tables.content import _title_words
from app.qa.tables.model import TableData
from app.qa.tables.shape import shape


def test_a_part_whose_subject_stands_for_the_answer_follows_up_on_it() -> None:
    q = "Which plant used the most water in the survey, and how many litres did it use?"
    assert without_value_follow_up(q) == "Which plant used the most water in the survey?"
    # A fragment with no verb of its own asks about the answer too.
    q = "Which candidate got the most votes in the county, and with how many votes?"
    assert without_value_follow_up(q) == "Which candidate got the most votes in the county?"
    # A part about a thing of its own is a part.
    assert without_value_follow_up("Which plant used the most water, and how many litres did the mill use?") is None


def test_a_person_printed_by_surname_is_said() -> None:
    said = {"trump", "clinton", "stutsman"}
    never_said = lambda term: term not in said  # noqa: E731
    analyze = lambda text: text.lower().split()  # noqa: E731
    named = people("What was Donald Trump's margin over Hillary Clinton in the county?")
    assert any("Donald Trump" in p for p in named)
    assert _surname_said("Donald Trump", named, analyze, never_said)
    # Not a person: every word must be said ("Harvard University" over a folder that says only "university").
    assert not _surname_said("Harvard University", people("How many students attend Harvard University?"),
                             analyze, lambda term: term != "university")  # fmt: skip


def test_a_caption_title_is_its_first_sentence_without_its_label() -> None:
    assert _title_words("Table 3: Main results. Average search space size is the geometric mean.") == {"main", "result"}
    assert _title_words("Summary statistics of spending") == {"summari", "statist", "spend"}


def test_numbers_in_a_cell_of_words_name_no_row() -> None:
    table = TableData(
        id="t",
        rows=[["Benchmark", "Space", "# Rules", "# Preds per Rule"], ["Alpha-1", "2.2 × 1088", "25", "3.3"],
              ["Alpha-2", "8.2 × 1024", "27", "1.9"]],  # fmt: skip
        columns=["Benchmark", "Space", "# Rules", "# Preds per Rule"],
        header_rows=1,
    )
    hits = rank_cells(table, shape(table), "How many rules does Alpha-2 need?", "number")
    assert hits and hits[0].value == "27"  # the "2" of "2.2 × 1088" names no row; "# Rules" is named whole
