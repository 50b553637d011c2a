"""A name the question gives that one document alone holds says which document the question is about."""

from __future__ import annotations

import networkx as nx
import numpy as np

from app.qa.index import CollectionIndex
from app.qa.seeds import named_document


def _index(rows: list[tuple[str, str]]) -> CollectionIndex:
    n = len(rows)
    return CollectionIndex(
        collection_id="c", version=1, ids=[f"n{i}" for i in range(n)], kinds=["passage"] * n,
        document_ids=[d for d, _ in rows], pages=[1] * n, labels=[""] * n, texts=[t for _, t in rows],
        matrix=np.ones((n, 3), dtype=np.float32), graph=nx.DiGraph(),
    )  # fmt: skip


ROWS = [
    ("imu", "The ADIS16477 is a precision inertial measurement unit."),
    ("imu", "Storage temperature range of the ADIS16477: -65 to +150 degrees."),
    ("wifi", "The MT7681 is a Wi-Fi system on chip. Storage temperature: -40 to +125."),
    ("wifi", "The MT7681 supports 802.11 b/g/n."),
    ("both", "Both the ADIS16477 and the MT7681 are sold by distributors."),
]


def test_a_name_held_by_one_document_names_it() -> None:
    index = _index(ROWS[:4])
    assert named_document(index, "What storage temperature range is allowed for the ADIS16477?") == "imu"
    assert named_document(index, "What does the MT7681 support?") == "wifi"


def test_no_document_is_named_when_names_point_apart_or_are_held_widely() -> None:
    assert named_document(_index(ROWS[:4]), "Is the ADIS16477 colder than the MT7681?") is None  # two documents
    assert named_document(_index(ROWS), "What storage temperature does the ADIS16477 allow?") is None  # two hold it
    assert named_document(_index(ROWS[:4]), "what storage temperature is allowed?") is None  # no name given


def test_the_evidence_of_the_named_document_alone_is_read() -> None:
    from app.qa.ask import EvidenceNode
    from app.qa.evidence import held_by_named

    def node(i: int, document: str) -> EvidenceNode:
        return EvidenceNode(f"n{i}", "passage", document, 1, "", ROWS[i][1], 0, 1.0)

    index = _index(ROWS[:4])
    nodes = [node(2, "wifi"), node(1, "imu"), node(3, "wifi")]
    named = named_document(index, "What storage temperature range is allowed for the ADIS16477?")
    assert [n.document_id for n in held_by_named(nodes, named)] == ["imu"]
    assert held_by_named(nodes, None) == nodes  # no name held by one document: every unit stays
    assert held_by_named(nodes[:1], named) == nodes[:1]  # the named document retrieved nothing: nothing is dropped


def test_only_a_name_holding_a_figure_fences_the_reading() -> None:
    rows = [("city", "Tobacco settlement revenues of the city."), ("tax", "Walnut Creek sales tax form."),
            ("imu", "The ADIS16477 inertial measurement unit.")]  # fmt: skip
    index = _index(rows)
    assert named_document(index, "What tobacco revenue did Walnut Creek record?") == "tax"  # said by one only
    assert named_document(index, "What tobacco revenue did Walnut Creek record?", codes_only=True) is None
    assert named_document(index, "What does the ADIS16477 measure?", codes_only=True) == "imu"
