"""A list of documents asked for by what they are or do: the predicate read off the question's head, and the
documents kept by meaning. The phrasings are written for these tests."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

from app.qa.analysis.listing import concept_predicate, kind_of
from app.qa.analysis.parse import analyse
from app.qa.index import CollectionIndex
from app.qa.which_documents import documents_by_meaning


@pytest.mark.parametrize(
    ("question", "predicate"),
    [
        ("Which documents present yearly figures on a budget?", "present yearly figures on a budget"),
        ("Which of the files were issued by a national government?", "were issued by a national government"),
        ("What reports give guidance to taxpayers?", "give guidance to taxpayers"),
        ("Which of these papers evaluate on ImageNet?", "evaluate on ImageNet"),
    ],
)
def test_the_predicate_of_a_list_question(question: str, predicate: str) -> None:
    assert concept_predicate(question) == predicate


@pytest.mark.parametrize(
    "question",
    [
        "Which report has the most tables?",  # one document by rank
        "Which reports are the most recent?",
        "Which document gives guidance to taxpayers?",  # one document, asked in the singular
        "What is the revenue of the city?",
        "Which documents?",
    ],
)
def test_no_list_is_asked(question: str) -> None:
    assert concept_predicate(question) is None


def _index(rows: list[tuple[str, str, list[float]]]) -> CollectionIndex:
    matrix = np.array([v for _, _, v in rows], dtype=np.float32)
    matrix /= np.linalg.norm(matrix, axis=1, keepdims=True)
    n = len(rows)
    return CollectionIndex(
        collection_id="c", version=1, ids=[f"n{i}" for i in range(n)], kinds=["passage"] * n,
        document_ids=[d for d, _, _ in rows], pages=[1] * n, labels=[""] * n, texts=[t for _, t, _ in rows],
        matrix=matrix, graph=nx.DiGraph(),
    )  # fmt: skip


def test_documents_are_kept_within_the_margin_of_the_closest() -> None:
    index = _index([
        ("a", "A table of fund balances over ten years.", [1.0, 0.1, 0.0]),
        ("a", "An unrelated passage.", [0.0, 0.0, 1.0]),
        ("b", "Revenues and expenditures by year.", [0.95, 0.3, 0.0]),
        ("c", "A boat registration form.", [0.2, 1.0, 0.3]),
    ])  # fmt: skip
    query = np.array([1.0, 0.0, 0.0], dtype=np.float32)
    found = documents_by_meaning(index, query, floor=0.25, margin=0.08)
    assert [m.document_id for m in found] == ["a", "b"]  # c is far below the closest document
    assert found[0].reason.startswith("A table of fund balances") and found[0].units == 2
    assert [m.document_id for m in documents_by_meaning(index, query, floor=0.1, margin=1.0)] == ["a", "b", "c"]
    assert documents_by_meaning(index, query, floor=0.99, margin=1.0)[0].document_id == "a"
    assert documents_by_meaning(index, -query, floor=0.25, margin=1.0) == []  # nothing close enough


def test_a_name_the_collection_never_says_is_absent() -> None:
    from app.qa.seeds import absent_names

    index = _index([
        ("a", "Costco reported comparable sales up 4%.", [1.0, 0.0, 0.0]),
        ("b", "McDonald's comparable sales rose 13%.", [0.0, 1.0, 0.0]),
    ])  # fmt: skip
    assert absent_names(index, "What comparable sales did Starbucks report?") == ["Starbucks"]
    assert absent_names(index, "What comparable sales did Costco report?") == []
    # A name a file name or title holds is there, though no passage says it.
    assert absent_names(index, "What did Starbucks report?", lambda: "starbucks-q3.pdf Starbucks results") == []
    # A name misspelt is still a name the collection says.
    assert absent_names(index, "What comparable sales did Cotsco report?") == []
    assert absent_names(index, "What comparable sales did Cotsco report?", likeness=0.99) == ["Cotsco"]
    assert absent_names(index, "What did the Costcos report?") == []  # another form of a name it says
    # Short words and numbers decide nothing ("Q2", "EU", a year).
    assert absent_names(index, "What did Costco report in Q2 2023 for the EU?") == []
    # A unit spelled out where documents print its symbol is no name ("degrees Celsius" over "°C").
    assert absent_names(index, "How warm, in degrees Celsius, were Costco's warehouses?") == []
    # A month is a date the documents may print as a number ("12/1/2017"), no name, alone or in a description.
    assert absent_names(index, "What comparable sales did Costco report in December 2017?") == []
    # … and so is a span of months ("October-December", "Jan–Mar"): a quarter, said as a table may not say it.
    assert absent_names(index, "What comparable sales did Costco report in its October-December quarter?") == []
    assert absent_names(index, "What comparable sales did Costco report for Jan–Mar?") == []
    assert absent_names(index, "What sales did the December 2017 report give for Costco?") == []
    assert absent_names(index, "What did Starbucks report in December?") == ["Starbucks"]


def test_a_document_described_by_words_the_collection_never_says_is_absent() -> None:
    from app.qa.seeds import absent_names

    index = _index([
        ("a", "Costco reported comparable sales up 4% at its polar warehouses.", [1.0, 0.0, 0.0]),
        ("b", "The sensor datasheet lists timing for each interrupt.", [0.0, 1.0, 0.0]),
    ])  # fmt: skip
    # Every describing word unsaid ("solar" is only spelled like "polar"): the document is not there.
    assert absent_names(index, "What efficiency does the solar inverter manual specify?") == [
        "the solar inverter manual"
    ]
    # One describing word the collection says: the description may paraphrase a document that is there.
    assert absent_names(index, "What does the solar sensor datasheet say?") == []
    assert absent_names(index, "What timing does the sensor datasheet give?") == []


@pytest.mark.parametrize(
    ("predicate", "kind"),
    [
        ("are datasheets for electronic hardware boards", "datasheets"),
        ("were annual reports of companies", "annual reports"),
        ("are user guides", "user guides"),
        ("are about neural networks", None),  # what they are about, not what they are
        ("were issued by governments outside the United States", None),
        ("present multi-year statistics for a city's funds", None),
    ],
)
def test_what_the_listed_documents_are(predicate: str, kind: str | None) -> None:
    assert kind_of(predicate) == kind


def test_documents_whose_title_or_first_page_names_what_they_are() -> None:
    from app.qa.profiles import build_profiles
    from app.qa.read.documents import profiles_naming

    index = _index([
        ("a", "Slave board LTC68XX: the slave boards monitor the cells.", [1.0, 0.0, 0.0]),
        ("b", "Board connections and nominal voltages.", [0.0, 1.0, 0.0]),
        ("c", "For more information: ibm.com/redbooks", [0.0, 0.0, 1.0]),
    ])  # fmt: skip
    names = {"a": ("battery-management-datasheet.pdf", None), "b": ("sensor.pdf", "MS430 Datasheet"),
             "c": ("access-control.pdf", "Access control")}  # fmt: skip
    assert profiles_naming(build_profiles(index, names), "datasheets") == {"a", "b"}


@pytest.mark.parametrize(
    ("question", "shape", "asked"),
    [
        ("Which files in this folder talk about tidal energy?", "documents_by_word", "tidal energy"),
        ("Which reports of the collection were written for a city council?", "documents_by_meaning",
         "were written for a city council"),
        ("Which papers in 2019 evaluate on ImageNet?", "documents_by_meaning", "in 2019 evaluate on ImageNet"),
    ],
)
def test_a_scope_naming_the_whole_collection_is_no_part_of_the_list(question: str, shape: str, asked: str) -> None:
    analysis = analyse(question)
    assert (analysis.shape, analysis.topic or analysis.predicate) == (shape, asked)
    assert analysis.question == question


@pytest.mark.parametrize(
    ("question", "first"),
    [
        ("Which pump in the catalogue has the lowest noise level, and what is that level?",
         "Which pump in the catalogue has the lowest noise level?"),
        ("Which county reported the most rainfall, and what was that figure?",
         "Which county reported the most rainfall?"),
    ],
)
def test_a_part_that_names_the_chosen_rows_value_again_is_no_part_of_its_own(question: str, first: str) -> None:
    assert (analyse(question).shape, analyse(question).question) == ("single", first)


def test_a_part_that_names_a_thing_of_its_own_stays_a_part() -> None:
    analysis = analyse("Which county reported the most rainfall, and what is its largest town?")
    assert analysis.shape == "parts" and len(analysis.parts) == 2
