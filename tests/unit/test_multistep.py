"""RGNN-Ret (app.qa.multistep): a second step asks about the bridge the first step's best unit names, and its best
unit joins the evidence after the first step's; the unit a name of the question is most like joins the first step."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from app.qa.critique import SelfCritique
from app.qa.index import index_from_graph
from app.qa.multistep import NextStep, StepSettings, nested_phrases, read_bridge, rgnn_retrieve
from tests.unit.test_traverse import build, unit

QUESTION = "Which lore describes the spirit that Gallu is like?"
LIMITS = StepSettings(alpha=0.5, layers=1, top_k=1, beta=0.9, steps=3, per_step=1)


def encode(text: str) -> np.ndarray:
    # The sub-question that names the bridge is about it (axis 1), the question alone about Gallu (axis 0).
    return unit((1, 1.0)) if "Alu" in text else unit((0, 1.0))


def capitalised_bridge(question: str, texts: Sequence[str], said: frozenset[str]) -> NextStep | None:
    """A bridge reader for the test: the first capitalised word of the best unit the question does not say."""
    for text in texts:
        for word in text.replace(";", " ").replace(".", " ").split()[1:]:
            if word[:1].isupper() and word.lower() not in question.lower() and word.lower() not in said:
                return NextStep(word, f"{question} {word}")
    return None


def test_the_second_step_asks_about_the_bridge_and_adds_its_unit() -> None:
    index = index_from_graph(*build())
    found = rgnn_retrieve(index, QUESTION, encode, capitalised_bridge, budget=3, limits=LIMITS)
    ids = [n.node_id for n in found.nodes]
    assert ids[0] == "seed" and ids[1] == "bridge", ids
    first, second = found.steps[0], found.steps[1]
    assert first.question == QUESTION and first.bridge == "Alu" and first.units == ("seed",)
    assert second.question == f"{QUESTION} Alu" and second.units == ("bridge",)
    assert found.nodes[1].hop == 1  # the step that found it


def test_no_bridge_is_one_step_and_the_budget_is_filled_from_the_merged_ranking() -> None:
    index = index_from_graph(*build())
    found = rgnn_retrieve(index, QUESTION, encode, lambda q, texts, said: None, budget=3, limits=LIMITS)
    assert len(found.steps) == 1 and found.steps[0].bridge is None
    assert len(found.nodes) == 3 and found.nodes[0].node_id == "seed"
    # An empty collection retrieves nothing.
    empty = rgnn_retrieve(index_from_graph(*build()), QUESTION, encode, capitalised_bridge, budget=0, limits=LIMITS)
    assert empty.nodes == () and empty.steps == ()


NAMED = "Which lore describes the spirit that Gallu is like, says the Cover?"


def encode_names(text: str) -> np.ndarray:
    # The name "Cover" alone is about the book's cover (axis 3), which the question's own vector is far from.
    return unit((3, 1.0)) if text == "cover" else encode(text)


def test_the_unit_a_question_name_is_most_like_joins_the_first_step() -> None:
    index = index_from_graph(*build())
    named = StepSettings(alpha=0.5, layers=1, top_k=1, beta=0.9, steps=3, per_step=1, names=2)
    found = rgnn_retrieve(index, NAMED, encode_names, capitalised_bridge, budget=4, limits=named)
    # "gallu" is most like `seed`, which the question's ranking took already: it adds nothing; "cover" adds `sibling`.
    assert found.steps[0].units == ("seed", "sibling"), found.steps
    assert [n.node_id for n in found.nodes][:3] == ["seed", "sibling", "bridge"]
    assert found.nodes[1].hop == 0
    # Without names the first step is the question's ranking alone, and `sibling` is not in the first three.
    plain = rgnn_retrieve(index, NAMED, encode_names, capitalised_bridge, budget=4, limits=LIMITS)
    assert plain.steps[0].units == ("seed",) and "sibling" not in [n.node_id for n in plain.nodes][:3]
    # The budget caps the first step: one unit, the question's own.
    one = rgnn_retrieve(index, NAMED, encode_names, capitalised_bridge, budget=1, limits=named)
    assert [n.node_id for n in one.nodes] == ["seed"]


class Replies:
    """The LLM service's replies, in order (a stand-in for the remote chat model), and the prompts it was sent."""

    def __init__(self, *replies: str) -> None:
        self.replies = list(replies)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        return self.replies.pop(0)


def test_with_an_llm_the_next_sub_question_is_the_llms_until_it_says_enough() -> None:
    index = index_from_graph(*build())
    llm = Replies('{"known": "Gallu is like Alu", "enough": false, "next": "Which lore describes Alu?"}',
                  '{"known": "Alu is in Mesopotamian lore", "enough": true, "next": ""}')  # fmt: skip
    critique = SelfCritique(llm)
    found = rgnn_retrieve(index, QUESTION, encode, critique, budget=3, limits=LIMITS)
    assert [s.question for s in found.steps[:2]] == [QUESTION, "Which lore describes Alu?"]
    assert found.steps[0].bridge == "Gallu is like Alu" and found.steps[1].bridge is None
    assert [n.node_id for n in found.nodes][:2] == ["seed", "bridge"]
    assert critique.calls == 2 and len(llm.prompts) == 2
    # The second call sees the first step's passage again and the sub-question asked.
    assert "Which lore describes Alu?" in llm.prompts[1] and llm.prompts[1].count("[1]") == 1


def test_a_reply_that_is_not_the_json_asked_for_ends_the_steps() -> None:
    index = index_from_graph(*build())
    critique = SelfCritique(Replies("I think we need to know more about Alu."))
    found = rgnn_retrieve(index, QUESTION, encode, critique, budget=3, limits=LIMITS)
    assert len(found.steps) == 1 and critique.calls == 1
    assert len(found.nodes) == 3  # the merged ranking still fills the budget


def test_nested_phrases_innermost_first() -> None:
    question = "What is the famous bridge in the birth city of the composer of Scanderbeg?"
    assert nested_phrases(question) == ["the composer of Scanderbeg", "the birth city of the composer of Scanderbeg"]
    assert nested_phrases("Who is the sibling of the actress who played Susan Walker?") == [
        "the actress who played Susan Walker", "the sibling of the actress who played Susan Walker"]  # fmt: skip
    # A capitalised "The" opens a title; a question naming things directly has no nested phrase.
    assert nested_phrases("Who wrote The Lord of the Rings?") == []
    assert nested_phrases("When was Lothair II born?") == []


def test_the_reader_is_asked_about_the_steps_nested_phrase_then_the_whole_question() -> None:
    asked: list[tuple[str, tuple[str, ...]]] = []
    spans = iter(["Antonio Vivaldi", "Venice", "Rialto Bridge"])

    def reader(question: str, texts: Sequence[str]) -> str | None:
        asked.append((question, tuple(texts)))
        return next(spans)

    advance = read_bridge(reader)
    question = "What is the famous bridge in the birth city of the composer of Scanderbeg?"
    said = frozenset({question.lower()})
    first = advance(question, ["Scanderbeg is an opera by Antonio Vivaldi.", "Named unit"], said)
    assert first == NextStep("Antonio Vivaldi", f"{question} Antonio Vivaldi")
    # Every unit the step added is read, the names' too.
    assert asked[0] == (
        "What is the composer of Scanderbeg?",
        ("Scanderbeg is an opera by Antonio Vivaldi.", "Named unit"),
    )
    said |= {first.bridge.lower(), first.question.lower()}
    second = advance(question, ["Vivaldi was born in Venice."], said)
    assert second is not None and second.bridge == "Venice"
    assert asked[1][0] == "What is the birth city of the composer of Scanderbeg?"
    said |= {second.bridge.lower(), second.question.lower()}
    advance(question, ["The Rialto Bridge crosses the Grand Canal."], said)
    assert asked[2][0] == question  # past its last nested phrase the question is asked whole


def test_a_near_copy_of_the_questions_name_is_no_bridge_and_the_question_is_asked_whole() -> None:
    asked: list[str] = []
    spans = iter(["Joaan bin Hamad Al Thani", "Qatar"])

    def reader(question: str, texts: Sequence[str]) -> str | None:
        asked.append(question)
        return next(spans)

    question = "Where was the mother of Mohammed bin Hamad Al Thani born?"
    found = read_bridge(reader)(question, ["…"], frozenset({question.lower()}))
    assert asked == ["What is the mother of Mohammed bin Hamad Al Thani born?", question]
    assert found == NextStep("Qatar", f"{question} Qatar")


def test_a_names_unit_is_one_that_says_the_name_and_a_name_no_unit_says_adds_nothing() -> None:
    index = index_from_graph(*build())
    named = StepSettings(alpha=0.5, layers=1, top_k=1, beta=0.9, steps=3, per_step=1, names=2)
    # "folklore" alone is nearest `sibling` (axis 3), which never says it; `far` does ("spirits in folklore").
    folk = "Which lore describes the spirit that Gallu is like, says the Folklore?"
    found = rgnn_retrieve(index, folk, lambda t: unit((3, 1.0)) if t == "folklore" else encode(t),
                          lambda q, texts, said: None, budget=4, limits=named)  # fmt: skip
    assert found.steps[0].units == ("seed", "far"), found.steps
    # "Ishtar" is said by no unit: however near its vector is to one, it adds nothing to the first step.
    absent = "Which lore describes the spirit that Gallu is like, says the Ishtar?"
    found = rgnn_retrieve(index, absent, lambda t: unit((3, 1.0)) if t == "ishtar" else encode(t),
                          lambda q, texts, said: None, budget=4, limits=named)  # fmt: skip
    assert found.steps[0].units == ("seed",), found.steps


def test_a_step_puts_the_units_that_say_its_bridge_nearer() -> None:
    index = index_from_graph(*build())

    # Question + bridge is nearer `far` (axis 2) than `bridge`, the one passage after `seed` that says "Alu".
    def leaning(text: str) -> np.ndarray:
        return unit((1, 0.9), (2, 1.0)) if "Alu" in text else unit((0, 1.0))

    plain = rgnn_retrieve(index, QUESTION, leaning, capitalised_bridge, budget=3, limits=LIMITS)
    assert plain.steps[1].units == ("far",), plain.steps
    said = StepSettings(alpha=0.5, layers=1, top_k=1, beta=0.9, steps=3, per_step=1, bridge_said=0.1)
    found = rgnn_retrieve(index, QUESTION, leaning, capitalised_bridge, budget=3, limits=said)
    assert found.steps[0].bridge == "Alu" and found.steps[1].units == ("bridge",), found.steps
