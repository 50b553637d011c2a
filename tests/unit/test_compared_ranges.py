"""A value stated as a range in a comparison: compared by the bound the question asks for, never by its first
figure."""

from __future__ import annotations

import pytest

from app.qa.aggregate_intent import extreme_asked
from app.qa.analysis.parse import analyse
from app.qa.answer import Answer, bounded, comparison_verdict, range_bounds
from app.qa.ask import Cell
from app.qa.pipeline import compose


@pytest.mark.parametrize(
    ("value", "bounds"),
    [
        ("0 to +70", ("0", "+70")),
        ("0°C to 40°C (32°F to 104°F)", ("0°C", "40°C")),
        ("-40–85 °C", ("-40", "85 °C")),
        ("3.0 - 3.6 V", ("3.0", "3.6 V")),
        ("70.4", None),
        ("977 (214)", None),
        ("up to date", None),
        (None, None),
    ],
)
def test_a_range_is_told_by_its_two_bounds(value: str | None, bounds: tuple[str, str] | None) -> None:
    assert range_bounds(value) == bounds


def test_the_bound_asked_is_read_from_a_range_and_other_values_stay() -> None:
    assert extreme_asked("Which has the higher maximum operating temperature: A or B?") == "max"
    assert extreme_asked("What is the lowest supply voltage?") == "min"
    assert extreme_asked("Which is larger: A or B?") is None
    assert extreme_asked("the highest and the lowest score") is None  # both said: no one bound
    assert bounded("0 to +70", "max") == "+70"
    assert bounded("0 to +70", "min") == "0"
    assert bounded("0 to +70", None) == "0 to +70"
    assert bounded("45.2", "max") == "45.2"


def test_a_range_is_never_compared_by_its_first_figure() -> None:
    # Both ranges open at 0: read by their first figures they would be "the same".
    assert comparison_verdict(["A", "B"], ["0 to +70", "0°C to 40°C"]) is None
    assert comparison_verdict(["A", "B"], ["+70", "40°C"]) == "A (+70) is higher than B (40°C)."


def test_a_comparison_of_maximum_temperatures_compares_the_upper_bounds() -> None:
    analysis = analyse(
        "Which has the higher maximum operating temperature: the Digital CFP2-DCO module or the XPonder line card?"
    )
    assert analysis.comparison is not None
    labels = [p.label for p in analysis.parts]
    answered = [
        (labels[0], Answer(text="0 to +70 [1]", short_answer="0 to +70")),
        (labels[1], Answer(text="0°C to 40°C (32°F to 104°F) [1]", short_answer="0°C to 40°C (32°F to 104°F)")),
    ]
    verdict = compose(analysis, answered, [None, None]).text.split("\n\n", 1)[0]
    assert verdict == f"{labels[0]} (+70) is higher than {labels[1].lower()[:1]}{labels[1][1:]} (40°C)."


def test_cells_read_as_ranges_are_compared_by_the_bound_asked() -> None:
    # Two rows of one table's column, neither value a sure short answer: the cells are compared.
    analysis = analyse("Which has the lower minimum operating temperature: the alpha module or the beta module?")
    labels = [p.label for p in analysis.parts]
    cells = [
        ("t1", Cell(node_id="t1", row="alpha", column="Temperature (°C)", value="-40 to +85", bbox=None)),
        ("t1", Cell(node_id="t1", row="beta", column="Temperature (°C)", value="0 to 70", bbox=None)),
    ]
    answered = [(label, Answer(text=f"{label} [1]")) for label in labels]
    text = compose(analysis, answered, list(cells)).text
    assert text.split("\n\n", 1)[0].startswith(f"{labels[0]} (-40) is lower than")
