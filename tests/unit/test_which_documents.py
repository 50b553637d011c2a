"""Which documents name a topic: words stemmed, short capitalised names (acronyms) matched as written."""

from __future__ import annotations

import networkx as nx
import numpy as np

from app.qa.answer import documents_answer
from app.qa.index import CollectionIndex
from app.qa.which_documents import PageText, find_documents, topic_words


def _index(units: list[tuple[str, str]]) -> CollectionIndex:
    n = len(units)
    return CollectionIndex(
        collection_id="c",
        version=1,
        ids=[f"n{i}" for i in range(n)],
        kinds=["passage"] * n,
        document_ids=[doc for doc, _ in units],
        pages=[1] * n,
        labels=[""] * n,
        texts=[text for _, text in units],
        matrix=np.zeros((n, 4), dtype=np.float32),
        graph=nx.DiGraph(),
    )


def test_a_two_letter_name_is_found_as_written() -> None:
    index = _index([
        ("a", "Retail sales in the UK rose by 4% in 1996."),
        ("b", "Let us see how the figures compare."),  # "us", not "US"
        ("c", "Exports to the US and to Canada grew."),
        ("d", "The duke of Ukraine."),  # "uk" only inside words
    ])  # fmt: skip
    found = find_documents(index, "the UK", np.zeros(4, dtype=np.float32))
    assert [m.document_id for m in found] == ["a"]
    assert "**UK**" in found[0].reason
    found = find_documents(index, "the US", np.zeros(4, dtype=np.float32))
    assert [m.document_id for m in found] == ["c"]


def test_words_are_stemmed_and_every_word_of_a_term_is_needed() -> None:
    index = _index([("a", "Students learn to read."), ("b", "A student council met."), ("c", "Teachers met.")])
    found = find_documents(index, "student council", np.zeros(4, dtype=np.float32))
    assert [m.document_id for m in found] == ["b"]
    found = find_documents(index, "students or teachers", np.zeros(4, dtype=np.float32))
    assert sorted(m.document_id for m in found) == ["a", "b", "c"]


def test_a_word_only_the_pages_text_holds_still_lists_the_document_citing_that_pages_table() -> None:
    # The table's extraction cut "airport" in two; the page's text has it whole.
    index = _index([("a", "Flights landed at the airport."), ("b", "| Flights returned to departure airp | rt 9 |"),
                    ("c", "Nothing of interest.")])  # fmt: skip
    index.kinds[1] = "table"
    index.pages[1] = 5
    pages = [PageText("b", 5, "Flights returned to departure airport 9 2 11"), PageText("c", 1, "Nothing of interest.")]
    found = find_documents(index, "an airport", np.zeros(4, dtype=np.float32), pages)
    assert [m.document_id for m in found] == ["a", "b"]
    assert found[1].page == 5 and found[1].node.node_id == "n1"
    assert "**airport**" in found[1].reason
    assert found[0].page is None
    # Without the page texts, only the passage that names it is found.
    assert [m.document_id for m in find_documents(index, "an airport", np.zeros(4, dtype=np.float32))] == ["a"]
    assert topic_words("an airport or the UK") == ["UK", "airport"]


def test_only_tables_count_when_the_list_is_of_tables() -> None:
    index = _index([("a", "The weather was fine."), ("b", "| Due to weather | 41 |")])
    index.kinds[1] = "table"
    found = find_documents(index, "the weather", np.zeros(4, dtype=np.float32), kinds=("table",))
    assert [m.document_id for m in found] == ["b"]


def test_the_answer_says_a_document_names_the_topic_only_in_a_pages_text() -> None:
    index = _index([("b", "| Flights returned to departure airp | rt 9 |")])
    index.kinds[0] = "table"
    pages = [PageText("b", 1, "Flights returned to departure airport 9 2 11")]
    found = find_documents(index, "an airport", np.zeros(4, dtype=np.float32), pages)
    answer = documents_answer("an airport", [("jal.pdf", m) for m in found])
    assert answer.text.startswith("1 document mentions an airport:")
    assert "**jal.pdf** (in the text of page 1, not in a passage or table read from it)" in answer.text
    assert [n.node_id for n in answer.cited] == ["n0"]


def test_singular_and_plural_forms_name_the_same_topic() -> None:
    index = _index([
        ("a", "Motor vehicle theft rose."),
        ("b", "Two companies bid for the contract."),
        ("c", "The process was slow."),
        ("d", "Nothing here."),
    ])  # fmt: skip
    zero = np.zeros(4, dtype=np.float32)
    assert [m.document_id for m in find_documents(index, "vehicles", zero)] == ["a"]
    assert [m.document_id for m in find_documents(index, "a company", zero)] == ["b"]
    assert [m.document_id for m in find_documents(index, "processes", zero)] == ["c"]


def test_a_rare_name_of_the_question_points_to_the_units_that_hold_it() -> None:
    from app.qa.seeds import MAX_NAMING_UNITS, rank_named

    common = [("w", f"Row {k}: Boeing delivered aircraft.") for k in range(MAX_NAMING_UNITS + 1)]
    index = _index([
        ("w", "Company: Envoy Air; City: Palm Springs; No. Of: 52"),
        ("w", "Company: Envoy Airlines; City: Dallas"),  # not the name as a whole word
        *common,
    ])  # fmt: skip
    found = rank_named(index, "How many staff did Envoy Air's closure in Palm Springs affect?")
    assert found == [0]  # once, though it holds two of the names
    # A name many units hold is a topic, not a pointer; the question's first word is no name.
    assert rank_named(index, "What did Boeing deliver?") == []
    assert rank_named(index, "Company totals?") == []


def test_the_rare_words_of_a_questions_names_are_those_few_units_or_none_hold() -> None:
    from app.qa.seeds import MAX_NAMING_UNITS, rare_names

    common = [("w", f"Row {k}: Boeing delivered aircraft to Marvell.") for k in range(MAX_NAMING_UNITS + 1)]
    index = _index([("w", "Last Name: Reese; First Name: Cheri A; Employer: Far North Spirits"), *common])
    assert rare_names(index, "Which company does Cheri Reese work for?") == (frozenset({"cheri", "reese"}),)
    # Held by many units: no pointer to one record; held by none ("CEO"): rare, and no record holds it.
    assert rare_names(index, "Who is the CEO of Marvell?") == (frozenset({"ceo"}),)
    assert rare_names(index, "what did boeing deliver?") == ()  # no capitalised name
    # A code few units hold names a record too; one no unit holds, or a common number, does not.
    coded = _index([("w", "Clave: 0190; El Duraznillo"), *common])
    assert rare_names(coded, "Which locality carries the code 0190?") == (frozenset({"0190"}),)
    assert rare_names(coded, "Which locality carries the code 0191?") == ()


def test_a_description_no_unit_says_whole_lists_the_documents_naming_its_name() -> None:
    from app.qa.which_documents import named_within

    index = _index([
        ("a", "Sales fell after the exit from Russia and the sale of two plants."),
        ("b", "Operations in Russia were sold in the first quarter."),
        ("c", "Revenue grew in every region."),
    ])  # fmt: skip
    topic = "the company's business being affected by leaving or selling operations in Russia"
    vector = np.zeros(4, dtype=np.float32)
    assert not any(m.naming for m in find_documents(index, topic, vector))
    got = named_within(index, topic, vector, lambda name: [])
    assert got is not None
    name, found = got
    assert name == "Russia" and sorted(m.document_id for m in found) == ["a", "b"]
    assert named_within(index, "the company's business being affected by leaving", vector, lambda name: []) is None


def test_a_plural_acronym_names_what_its_singular_names() -> None:
    index = _index([
        ("a", "Training ran on one GPU for a day."),
        ("b", "Four TPUs and two GPUs were compared."),
        ("c", "The gpus directory holds drivers."),  # lower case: no acronym
        ("d", "Nothing here."),
    ])  # fmt: skip
    zero = np.zeros(4, dtype=np.float32)
    assert sorted(m.document_id for m in find_documents(index, "GPUs", zero)) == ["a", "b"]
    assert sorted(m.document_id for m in find_documents(index, "a GPU", zero)) == ["a", "b"]


def test_a_closing_word_saying_where_to_look_is_no_part_of_the_topic() -> None:
    index = _index([("a", "Most of the wheat is imported."), ("b", "Bread and waffles."), ("c", "Found anywhere.")])
    zero = np.zeros(4, dtype=np.float32)
    assert [m.document_id for m in find_documents(index, "wheat anywhere", zero)] == ["a"]
    assert [m.document_id for m in find_documents(index, "wheat at all", zero)] == ["a"]
