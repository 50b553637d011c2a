"""The local reader's short answer: a span of the expected type from the best-ranked sentence(s)."""

from __future__ import annotations

import re

import pytest

from app.llm.local import Candidate, ContextItem, choice_options, expected_type, reader_answer, short_answer
from app.qa.answer import local_answer
from app.qa.model import EvidenceNode, Retrieval


def ranked(*sentences: str) -> list[Candidate]:
    return [
        Candidate(item=ContextItem(i + 1, f"p{i + 1}", "passage", s), position=i, text=s, score=1.0 - 0.05 * i)
        for i, s in enumerate(sentences)
    ]


def span(question: str, *sentences: str) -> str | None:
    found = short_answer(question, ranked(*sentences))
    return found[0] if found else None


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("When was the bridge opened?", "date"),
        ("In what year was the composer of Foo born?", "date"),
        ("How many people live in Bar?", "number"),
        ("What percentage of voters chose Baz?", "number"),
        ("Who founded the Acme Company?", "person"),
        ("Where was the author of Qux born?", "place"),
        ("Which country hosted the games?", "place"),
        ("Is Foo a city?", "yesno"),
        ("Are both Foo and Bar rivers?", "yesno"),
        ("Which band was formed first, Foo Fighters or Bar Lions?", "choice"),
        ("What label released the album?", "entity"),
    ],
)
def test_expected_type(question: str, kind: str) -> None:
    assert expected_type(question) == kind


def test_date_and_year() -> None:
    sentence = "Jan Novak (born 12 May 1897 – died 3 June 1960) was a Czech composer."
    assert span("When was the composer of Ocean Suite born?", sentence) == "12 May 1897"
    assert span("In what year was the composer of Ocean Suite born?", sentence) == "1897"
    assert span("When did the composer of Ocean Suite die?", sentence) == "3 June 1960"
    assert span("When was the bridge opened?", "The bridge was opened on March 3, 1932 by the mayor.") == (
        "March 3, 1932"
    )


def test_date_not_in_question() -> None:
    # The year named by the question is not its answer.
    assert span("In what year did the team that won in 1990 form?", "It won in 1990 and was formed in 1901.") == "1901"


def test_number_quantity_percentage() -> None:
    assert span("How many people lived in Springfield in 2010?",
                "At the 2010 census, Springfield had 30,720 residents.") == "30,720"  # fmt: skip
    assert span("What percentage of the vote did Smith win?", "Smith won 52.3% of the vote in 1998.") == "52.3%"
    assert span("How much did the film gross?", "The film grossed $45 million worldwide.") == "$45 million"


def test_person_is_a_new_name() -> None:
    assert span("Who composed Ocean Suite?", "Ocean Suite was composed by Jan Novak in 1920.") == "Jan Novak"
    assert span("Whose novel inspired the film Dark Water?",
                "Dark Water is based on a novel by Koji Suzuki.") == "Koji Suzuki"  # fmt: skip


def test_place_prefers_a_name_after_a_preposition() -> None:
    sentence = "Mary Brown was born in Columbus, Ohio and moved to Paris."
    assert span("Where was the author of Green Fields born?", sentence) == "Columbus"
    assert span("Which country was Ocean Suite first performed in?",
                "Ocean Suite was first performed in France by Pierre Dubois.") == "France"  # fmt: skip


def test_yes_no() -> None:
    assert span("Are Foo and Bar both rivers?", "Foo and Bar are rivers in Europe.") == "yes"
    assert span("Was Foo a painter?", "Foo was not a painter but a sculptor.") == "no"


def test_choice_by_evidence() -> None:
    assert choice_options("Which band was formed first, Foo Fighters or Bar Lions?") == ("Foo Fighters", "Bar Lions")
    assert choice_options("What is the capital of France?") is None
    sentences = ("Bar Lions is a rock band formed in 1995.", "Foo Fighters is a rock band formed in 1994.")
    assert span("Which band was formed first, Foo Fighters or Bar Lions?", *sentences) == "Foo Fighters"
    assert span("Which band was formed later, Foo Fighters or Bar Lions?", *sentences) == "Bar Lions"
    # No comparison word: the option the best-ranked evidence names.
    assert span("Which plant is a fern, Pteris or Cotula?",
                "Pteris is a genus of ferns.", "Cotula is a genus of flowering plants.") == "Pteris"  # fmt: skip


def test_other_questions_give_an_entity_not_in_the_question() -> None:
    assert span("What label released Blue Moon?", "Blue Moon was released by Sun Records in 1956.") == "Sun Records"


def test_nothing_fits_keeps_the_sentence_answer() -> None:
    assert span("When was the bridge opened?", "The bridge is long and made of stone.") is None
    items = [ContextItem(1, "p1", "passage", "The bridge is long and made of stone.")]
    text, short = reader_answer("When was the bridge opened?", items, None)
    assert short is None and text == "The bridge is long and made of stone. [1]"


def test_reader_answer_format_short_first_then_cited_sentences() -> None:
    items = [
        ContextItem(1, "p1", "passage", "Ocean Suite is a piece for orchestra. It was written by Jan Novak."),
        ContextItem(2, "p2", "passage", "Jan Novak (born 12 May 1897) was a composer."),
    ]
    text, short = reader_answer("In what year was the composer of Ocean Suite born?", items, None)
    assert short == "1897"
    first, _, rest = text.partition("\n\n")
    assert first == "1897 [2]"
    assert "Jan Novak (born 12 May 1897) was a composer. [2]" in rest


def test_local_answer_carries_short_answer_and_valid_markers() -> None:
    nodes = [
        EvidenceNode("a", "passage", "d1", 1, "", "Ocean Suite was written by Jan Novak.", 0, 1.0),
        EvidenceNode("b", "passage", "d2", 1, "", "Jan Novak (born 12 May 1897) was a composer.", 1, 0.9),
    ]
    answer = local_answer("In what year was the composer of Ocean Suite born?", Retrieval("content", nodes), None)
    assert answer.short_answer == "1897"
    assert answer.text.split("\n\n")[0] == "1897 [1]"
    markers = {int(m) for m in re.findall(r"\[(\d+)\]", answer.text)}
    assert markers == set(range(1, len(answer.cited) + 1))
    assert answer.cited[0].node_id == "b"


def test_number_guard_skips_year_ranges_and_needs_a_percentage_for_shares() -> None:
    from app.llm.local import _number_span

    sentence = "Private School Universe Survey, selected years, 1997–98 through 2009–10, covered 412 schools."
    assert _number_span("How many schools were covered?", sentence, set()) == "412"
    assert _number_span("What share of students attended public schools?", sentence, set()) is None
    assert _number_span("What share of students were absent?", "Of them, 35.4% were absent.", set()) == "35.4%"
