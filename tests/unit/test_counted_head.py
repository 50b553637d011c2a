"""A count asked ("how many traffic crashes") is not answered by a cell that counts something else, however many of
the question's other words it shares (app.qa.tables.question_fit.measures_other)."""

from __future__ import annotations

from app.qa.tables.question_fit import measures_other


def test_the_counted_noun_must_be_what_the_cell_counts() -> None:
    asked = "How many traffic crashes did Arizona record in 2023?"
    assert measures_other(asked, {"arizona", "traffic", "fatal", "2023"})
    assert not measures_other(asked, {"total", "crash", "2023"})
    # a noun said before the head qualifies it; the head names the count
    assert not measures_other("How many people died in crashes in the dark?", {"peopl", "kill", "dark"})
