"""A difference asked of two modifiers of one noun ("how far apart are the median and starting wages") is two
lookups, each saying its own modifier with the shared noun (app.qa.analysis.shared_head); a measure counted of
a subject ("how many fewer GPU hours does A need than B") is asked of each subject (app.qa.analysis.counted)."""

from __future__ import annotations

from app.qa.analysis.parse import analyse


def test_two_modifiers_of_one_noun_asked_apart_are_two_lookups() -> None:
    got = analyse("For aerospace engineers on the jobs list, how far apart are the median and starting wages?")
    assert got.shape == "arithmetic" and got.arithmetic is not None
    assert got.arithmetic.operation == "difference"
    first, second = (p.question for p in got.arithmetic.parts)
    assert first == "For aerospace engineers on the jobs list, what is the median wages?"
    assert second == "For aerospace engineers on the jobs list, what is the starting wages?"


def test_what_follows_the_noun_is_asked_in_both_parts() -> None:
    got = analyse("How much do the typical and maximum supply currents differ in sleep mode?")
    assert got.arithmetic is not None
    assert [p.question for p in got.arithmetic.parts] == [
        "What is the typical supply currents in sleep mode?",
        "What is the maximum supply currents in sleep mode?",
    ]
    got = analyse("What is the gap between the urban and rural proficiency rates in Peru?")
    assert got.arithmetic is not None and got.arithmetic.parts[1].question.startswith("What is the rural proficiency")


def test_two_modifiers_asked_without_a_difference_are_no_arithmetic() -> None:
    got = analyse("What are the median and starting wages of aerospace engineers?")
    assert got.arithmetic is None


def test_a_measure_counted_of_a_subject_is_asked_of_each_subject() -> None:
    from app.qa.analysis.counted import subject_counted_than

    got = subject_counted_than("How many fewer GPU hours per trillion tokens does dots.llm1 need than Qwen2.5 72B?")
    assert got is not None
    assert [p.question for p in got.parts] == [
        "How many GPU hours per trillion tokens does dots.llm1 need?",
        "How many GPU hours per trillion tokens does Qwen2.5 72B need?",
    ]
    # "than in 2020" sets a time against the subject, not another subject
    assert subject_counted_than("How many more employees does the company have than in 2020?") is None


def test_what_follows_the_other_subject_is_said_of_both() -> None:
    from app.qa.analysis.counted import subject_counted_than

    got = subject_counted_than("How many more bytes per second does v2.2 achieve than v2.0 in the summary table?")
    assert got is not None
    assert [p.label for p in got.parts] == ["V2.2", "V2.0"]
    assert got.parts[1].question == "How many bytes per second does v2.0 achieve in the summary table?"
    got = subject_counted_than("How many more staff does Acme employ than the University of Michigan?")
    assert got is not None and got.parts[1].label == "The University of Michigan"
