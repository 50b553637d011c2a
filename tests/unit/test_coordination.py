"""Two named things coordinated in one question become two parts (app.qa.analysis.coordination)."""

from __future__ import annotations

from app.qa.analysis.coordination import alternative_parts, coordinated_parts, names_documents_apart
from app.qa.analysis.parse import analyse


def test_two_names_sharing_a_head_noun_each_get_it() -> None:
    parts = coordinated_parts("Who are quoted as chief executive in the Acme and the Wendy's quarterly releases?")
    assert parts is not None
    assert [p.question for p in parts] == [
        "Who are quoted as chief executive in the Acme quarterly releases?",
        "Who are quoted as chief executive in the Wendy's quarterly releases?",
    ]


def test_two_objects_of_one_verb_are_asked_apart() -> None:
    parts = coordinated_parts("Name the CEO quoted in Acme's 2023 release and the CEO quoted in Globex's report.")
    assert parts is not None
    assert [p.question for p in parts] == [
        "Name the CEO quoted in Acme's 2023 release.",
        "Name the CEO quoted in Globex's report.",
    ]


def test_common_nouns_joined_name_no_two_things() -> None:
    assert coordinated_parts("What is the ratio of debt and equity?") is None
    assert coordinated_parts("What were revenues and costs in 2020?") is None


def test_the_analysis_reads_a_coordination_as_parts() -> None:
    analysis = analyse("How many employees do Acme and Globex have?")
    assert analysis.shape == "parts"
    assert [p.label for p in analysis.parts] == ["Acme", "Globex"]


def test_parts_are_asked_apart_only_when_their_names_are_two_documents() -> None:
    documents = [("k", frozenset({"acme", "quarterly", "results"})), ("m", frozenset({"wendy", "s", "results"})),
                 ("p", frozenset({"tresset", "fol", "leymarie", "sketching"}))]  # fmt: skip
    releases = coordinated_parts("Who are quoted as chief executive in the Acme and the Wendy's quarterly releases?")
    authors = coordinated_parts("What system was built by Tresset and Fol Leymarie?")
    places = coordinated_parts("Which retailers moved into Spain and Portugal?")
    assert releases is not None and authors is not None and places is not None
    assert names_documents_apart(releases, documents)
    assert not names_documents_apart(authors, documents)  # two authors of one paper: one thing asked about
    assert not names_documents_apart(places, documents)  # names no document holds on its first page


def test_two_alternatives_compared_are_asked_as_two_amounts() -> None:
    found = alternative_parts("In fiscal 2004, did the city spend more on public protection or on public service?")
    assert found is not None
    parts, verdict = found
    assert [p.question for p in parts] == [
        "In fiscal 2004, how much did the city spend on public protection?",
        "In fiscal 2004, how much did the city spend on public service?",
    ]
    assert [p.label for p in parts] == ["Public protection", "Public service"]
    assert verdict == "is higher"
    # No comparative, or no "or": nothing is compared.
    assert alternative_parts("Did the city spend money on public protection or on public service?") is None
    assert alternative_parts("Did the city spend more on public protection and on public service?") is None


def test_a_relation_between_two_names_is_one_thing() -> None:
    assert coordinated_parts("How much was the train ride between Washington and New York?") is None


def test_a_question_about_both_things_is_asked_once() -> None:
    assert coordinated_parts("Who performed in both Welcome to the Show and the band f(x)?") is None


def test_or_after_a_nested_phrase_parallels_the_preposition_it_repeats() -> None:
    # spaCy hangs "or in Q4 of fiscal 2021" on "of"; it parallels "in Q4 of fiscal 2022".
    found = alternative_parts("Were Acme's comparable sales up more in Q4 of fiscal 2022 or in Q4 of fiscal 2021?")
    assert found is not None
    (first, second), verdict = found
    assert first.question == "How much were Acme's comparable sales up in Q4 of fiscal 2022?"
    assert second.question == "How much were Acme's comparable sales up in Q4 of fiscal 2021?"
    assert verdict == "is higher"


def test_the_analysis_prefers_amounts_to_parts_that_still_compare() -> None:
    analysis = analyse("Were Acme's comparable sales up more in Q4 of fiscal 2022 or in Q4 of fiscal 2021?")
    assert [p.label for p in analysis.parts] == ["Q4 of fiscal 2022", "Q4 of fiscal 2021"]


def test_or_hung_on_an_earlier_preposition_parallels_the_one_it_repeats() -> None:
    # spaCy joins "or with …" to "at"; it parallels the "with" before "or".
    found = alternative_parts("Does the phase-out start at a higher income with opportunity credits or with "
                              "learning credits?")  # fmt: skip
    assert found is not None
    assert [p.label for p in found[0]] == ["Opportunity credits", "Learning credits"]


def test_a_comparative_after_the_two_alternatives_compares_them() -> None:
    found = alternative_parts(
        "In the rig parameters, is the stiffness about the roll axis or about the yaw axis larger?"
    )
    assert found is not None
    parts, verdict = found
    assert [p.question for p in parts] == [
        "In the rig parameters, how much is the stiffness about the roll axis?",
        "In the rig parameters, how much is the stiffness about the yaw axis?",
    ]
    assert verdict == "is higher"
    found = alternative_parts("In the main results, does Alpha-2 or Beta-2 need more rules?")
    assert found is not None
    assert [p.label for p in found[0]] == ["Alpha-2", "Beta-2"]


def test_the_first_alternative_starts_after_the_colon() -> None:
    found = alternative_parts(
        "In the long-window results, which took longer to fit: the small model or the large Transformer?"
    )
    assert found is not None
    assert [p.label for p in found[0]] == ["The small model", "The large Transformer"]
