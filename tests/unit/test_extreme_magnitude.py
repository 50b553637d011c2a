"""An extreme asked "in magnitude" is read over the column's absolute values, and a superlative's "-est" form joined to
the next word by a hyphen still asks an extreme (app.qa.tables.extremes, app.qa.aggregate_intent)."""

from __future__ import annotations

from app.qa.aggregate_intent import superlative
from app.qa.tables.aggregate import aggregate_answer
from app.qa.tables.model import TableData

EFFECTS = TableData(
    id="t",
    rows=[["Exposure", "Beta", "P value"], ["Lead", "0.212", "0.01"], ["Mercury", "-0.938", "0.02"],
          ["Cadmium", "0.405", "0.30"], ["Arsenic", "-0.120", "0.50"]],  # fmt: skip
    columns=["Exposure", "Beta", "P value"],
    header_rows=1,
)


def test_an_extreme_in_magnitude_sets_the_sign_aside() -> None:
    sized = aggregate_answer(EFFECTS, "Which exposure has the largest beta in magnitude?")
    assert sized is not None and "**Mercury**" in sized.body and "-0.938" in sized.body
    assert "magnitude" in sized.body
    signed = aggregate_answer(EFFECTS, "Which exposure has the largest beta?")
    assert signed is not None and "**Cadmium**" in signed.body


def test_a_hyphenated_superlative_still_asks_an_extreme() -> None:
    assert superlative("Which exposure shows the largest-magnitude beta?")
    assert superlative("Which role is the highest-paid?")
    assert not superlative("Which layer uses max-min scaling?")
    assert not superlative("Which model is fitted by least-squares?")
    hyphenated = aggregate_answer(EFFECTS, "Across all exposures, which shows the largest-magnitude beta?")
    assert hyphenated is not None and "**Mercury**" in hyphenated.body
