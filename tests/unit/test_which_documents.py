"""Which documents name a topic: words stemmed, short capitalised names (acronyms) matched as written."""

from __future__ import annotations

import networkx as nx
import numpy as np

from app.qa.index import CollectionIndex
from app.qa.which_documents import find_documents


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
