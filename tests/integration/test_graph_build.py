"""Graph building on real databases (each test runs on SQLite and on PostgreSQL through the `session` fixture)."""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import re
from collections import Counter

import networkx as nx
import numpy as np
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.db.models import Collection, DocTable, Document, Edge, Node, Page, Passage, new_id
from app.db.vectors import unpack
from app.graph.build import add_documents, remove_document
from app.graph.export import export_bytes
from app.graph.load import GraphNotFound, graph_stats, load_graph, neighbourhood
from app.llm.embeddings import get_embedder
from app.services.errors import NotFound
from app.settings import GraphSettings, Settings

DIM = 64


class HashingEncoder:
    """A fast, deterministic stand-in for the sentence embedder: hashed bag of words, L2-normalised."""

    dim = DIM

    def encode(self, texts: list[str], batch_size: int | None = None) -> np.ndarray:
        out = np.zeros((len(texts), DIM), dtype=np.float32)
        for i, text in enumerate(texts):
            for word in re.findall(r"\w+", text.lower()):
                out[i, int(hashlib.md5(word.encode()).hexdigest(), 16) % DIM] += 1.0
            out[i] /= max(float(np.linalg.norm(out[i])), 1e-9)
        return out


ENCODER = HashingEncoder()


def make_collection(session: Session, name: str = "c") -> Collection:
    collection = Collection(name=name)
    session.add(collection)
    session.flush()
    return collection


def make_document(
    session: Session,
    collection: Collection,
    title: str | None,
    pages: list[list[str]],
    tables: dict[int, list[str]] | None = None,
) -> Document:
    """A document with one Page per entry of `pages` (its passages' texts) and optional tables per page number."""
    document = Document(
        collection_id=collection.id,
        filename=f"{title or 'untitled'}.pdf",
        path=f"{title or 'untitled'}.pdf",
        sha256=new_id() + new_id(),
        size_bytes=1,
        title=title,
        status="ready",
    )
    session.add(document)
    session.flush()
    index = 0
    table_index = 0
    for number, texts in enumerate(pages, start=1):
        session.add(
            Page(document_id=document.id, number=number, width=600, height=800, text=" ".join(texts) or "blank")
        )
        for text in texts:
            session.add(Passage(document_id=document.id, page_number=number, index=index, text=text, bbox=[0, 0, 1, 1]))
            index += 1
        for k, markdown in enumerate((tables or {}).get(number, [])):
            session.add(
                DocTable(
                    document_id=document.id,
                    page_number=number,
                    index_on_page=k,
                    index_in_document=table_index,
                    caption=None,
                    rows=[["a"]],
                    markdown=markdown,
                    bbox=[0, 0, 1, 1],
                )
            )
            table_index += 1
    session.flush()
    return document


def edges(session: Session, collection_id: str, kind: str | None = None) -> set[tuple[str, str, str, float]]:
    query = select(Edge.source, Edge.target, Edge.kind, Edge.weight).where(Edge.collection_id == collection_id)
    if kind:
        query = query.where(Edge.kind == kind)
    return {(s, t, k, round(w, 5)) for s, t, k, w in session.execute(query)}


def pairs(session: Session, collection_id: str, kind: str) -> set[tuple[str, str]]:
    return {(s, t) for s, t, _, _ in edges(session, collection_id, kind)}


def passage_ids(session: Session, document: Document) -> list[str]:
    return list(session.scalars(select(Passage.id).where(Passage.document_id == document.id).order_by(Passage.index)))


def node_terms(session: Session, collection_id: str, column) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    rows = session.execute(
        select(Node.id, column).where(Node.collection_id == collection_id, Node.kind == "passage")
    ).all()
    return {node_id: list(terms or []) for node_id, terms in rows}


def brute_force_shared(terms_of, max_fanout, max_edges, group_of=None):  # type: ignore[no-untyped-def]
    holders: dict[str, set[str]] = {}
    for item, terms in terms_of.items():
        for term in set(terms):
            holders.setdefault(term, set()).add(item)
    out = set()
    for source, terms in terms_of.items():
        counts: Counter[str] = Counter()
        for term in set(terms):
            if 2 <= len(holders[term]) <= max_fanout:
                counts.update(holders[term] - {source})
        if group_of:
            counts = Counter({t: c for t, c in counts.items() if group_of[t] != group_of[source]})
        best = sorted(counts.items(), key=lambda tc: (-tc[1], tc[0]))[:max_edges]
        out.update((source, target) for target, _ in best)
    return out


def brute_force_knn(session: Session, collection_id: str, k: int) -> set[tuple[str, str]]:
    rows = session.execute(
        select(Node.id, Node.vector)
        .where(Node.collection_id == collection_id, Node.kind.in_(("passage", "table")))
        .order_by(Node.id)
    ).all()
    ids = [r[0] for r in rows]
    matrix = np.vstack([unpack(r[1]) for r in rows])
    scores = matrix @ matrix.T
    out = set()
    for i, source in enumerate(ids):
        ranked = sorted((j for j in range(len(ids)) if j != i), key=lambda j: (-scores[i, j], ids[j]))[:k]
        out.update((source, ids[j]) for j in ranked)
    return out


CORPUS = {
    "Lothair II": [
        "Lothair II was a king of Lotharingia and a son of Emperor Lothair I. He married Teutberga.",
        "His marriage to Teutberga was childless, and his kingdom passed to his uncles after his death.",
    ],
    "Teutberga": ["Teutberga was a queen of Lotharingia by marriage to Lothair II and a daughter of Boso the Elder."],
    "Ermengarde of Tours": ["Ermengarde of Tours was the wife of Lothair I and mother of Lothair II of Lotharingia."],
    "Hucbert": ["Hucbert was the lay abbot of Saint Maurice Abbey and a brother of Teutberga."],
    "Journal of Psychotherapy Integration": [
        "The journal is published by the American Psychological Association on behalf of the society."
    ],
    "Monitor on Psychology": ["The magazine of the American Psychological Association reports psychology news."],
    "Prairie Lights": ["Prairie Lights is a bookstore in Iowa City that hosts readings by writers."],
}


def build_corpus(session: Session, collection: Collection, titles: list[str] | None = None) -> dict[str, Document]:
    return {t: make_document(session, collection, t, [CORPUS[t]]) for t in titles or list(CORPUS)}


# ------------------------------------------------------------------------------------------------------- tests
def test_structural_edges_of_a_known_document(session: Session) -> None:
    collection = make_collection(session)
    document = make_document(
        session, collection, "Annual report", [["First passage here.", "Second passage."], ["Third one."]],
        tables={1: ["| a | b |\n|---|---|\n| 1 | 2 |"]},
    )  # fmt: skip
    version = collection.graph_version
    add_documents(session, [document.id], GraphSettings(), ENCODER)
    session.commit()

    pages = dict(session.execute(select(Page.number, Page.id).where(Page.document_id == document.id)).all())
    a, b, c = passage_ids(session, document)
    table = session.scalar(select(DocTable.id).where(DocTable.document_id == document.id))
    assert pairs(session, collection.id, "contains") == {
        (document.id, pages[1]), (document.id, pages[2]), (pages[1], a), (pages[1], b), (pages[1], table), (pages[2], c)
    }  # fmt: skip
    assert pairs(session, collection.id, "next") == {(a, b), (b, c)}
    nodes = {n.id: n for n in session.scalars(select(Node).where(Node.collection_id == collection.id))}
    assert Counter(n.kind for n in nodes.values()) == {"document": 1, "page": 2, "passage": 3, "table": 1}
    assert nodes[document.id].label == "Annual report" and nodes[document.id].text == "Annual report"
    assert nodes[pages[2]].label == "p. 2" and nodes[pages[2]].page == 2
    assert nodes[table].label == "Table 1, p. 1" and nodes[table].text.startswith("| a | b |")
    assert nodes[a].vector is not None and nodes[table].vector is not None and nodes[pages[1]].vector is None
    assert "annual report" in (nodes[a].keywords or [])  # the title is always a keyword
    # three passages + one table: each vector node links to the 3 others
    assert len(pairs(session, collection.id, "semantic")) == 4 * 3
    session.refresh(collection)
    assert collection.graph_version > version


def test_keyword_edges_share_keywords_and_respect_both_caps(session: Session) -> None:
    collection = make_collection(session)
    settings = GraphSettings(keyword_max_fanout=3, keyword_max_edges_per_passage=2, keywords_per_passage=4)
    rare = ["zircon basalt", "zircon basalt obsidian", "basalt obsidian", "zircon obsidian", "quartz feldspar"]
    common = "granite"  # in every passage: over the fan-out cap, so it links none
    documents = [make_document(session, collection, None, [[f"{t} {common} {common}"]]) for t in rare]
    add_documents(session, [d.id for d in documents], settings, ENCODER)
    keyword_of = node_terms(session, collection.id, Node.keywords)
    found = pairs(session, collection.id, "keyword")
    assert found, "passages sharing rare keywords are linked"
    for source, target in found:
        assert set(keyword_of[source]) & set(keyword_of[target]) - {common}
    assert all(n <= 2 for n in Counter(s for s, _ in found).values())
    assert found == brute_force_shared(keyword_of, 3, 2)
    quartz = next(p for p, terms in keyword_of.items() if "quartz" in terms)
    assert not any(quartz in pair for pair in found)


def test_semantic_edges_are_the_true_top_k_through_adds_and_removals(session: Session) -> None:
    collection = make_collection(session)
    settings = GraphSettings(knn_k=3)
    titles = list(CORPUS)
    docs = build_corpus(session, collection)
    add_documents(session, [docs[t].id for t in titles[:3]], settings, ENCODER)
    assert pairs(session, collection.id, "semantic") == brute_force_knn(session, collection.id, 3)
    for title in titles[3:]:  # one at a time: old nodes' lists must take the new neighbours in
        add_documents(session, [docs[title].id], settings, ENCODER)
        assert pairs(session, collection.id, "semantic") == brute_force_knn(session, collection.id, 3)
    remove_document(session, docs["Teutberga"].id, settings)
    assert pairs(session, collection.id, "semantic") == brute_force_knn(session, collection.id, 3)
    weights = {(s, t): w for s, t, _, w in edges(session, collection.id, "semantic")}
    assert all(-1.0001 <= w <= 1.0001 for w in weights.values())


def test_mention_edges_link_a_passage_naming_another_documents_title(session: Session) -> None:
    collection = make_collection(session)
    settings = GraphSettings(mention_max_targets=1)
    target = make_document(session, collection, "Lothair II (king)", [["A king.", "Another passage."]])
    add_documents(session, [target.id], settings, ENCODER)
    source = make_document(session, collection, "Ermengarde", [["She was the mother of LOTHAIR II, a king."]])
    other = make_document(session, collection, "Unrelated", [["Lothair IIb is not him; nor is Lothair."]])
    add_documents(session, [source.id, other.id], settings, ENCODER)
    first_target = passage_ids(session, target)[0]
    assert pairs(session, collection.id, "mention") == {(passage_ids(session, source)[0], first_target)}
    # Incremental the other way: a new document whose title an old passage names.
    named_later = make_document(session, collection, "Unrelated Film", [["x"]])
    add_documents(session, [named_later.id], settings, ENCODER)
    assert len(pairs(session, collection.id, "mention")) == 1  # "Unrelated" alone is not "Unrelated Film"
    late = make_document(session, collection, "Ermengarde", [["Named by nobody but itself."]])
    add_documents(session, [late.id], settings, ENCODER)
    assert pairs(session, collection.id, "mention") == {(passage_ids(session, source)[0], first_target)}


def test_entity_edges_respect_the_fanout_cap_and_skip_same_document(session: Session) -> None:
    collection = make_collection(session)
    settings = GraphSettings(entity_max_fanout=3)
    shared = "It was founded by the Royal Geographic Society in London."
    crowded = "The Grand Old Company sold it."
    documents = [
        make_document(session, collection, "A", [[shared, "Royal Geographic Society again."]]),
        make_document(session, collection, "B", [[shared]]),
        make_document(session, collection, "C", [[crowded]]),
        make_document(session, collection, "D", [[crowded]]),
        make_document(session, collection, "E", [[crowded]]),
        make_document(session, collection, "F", [[crowded]]),
    ]
    add_documents(session, [d.id for d in documents], settings, ENCODER)
    a1, a2 = passage_ids(session, documents[0])
    (b,) = passage_ids(session, documents[1])
    assert pairs(session, collection.id, "entity") == {(a1, b), (a2, b), (b, a1), (b, a2)}
    # Removing one of the four "Grand Old Company" documents brings that entity under the cap: it now links.
    remove_document(session, documents[5].id, settings)
    crowded_ids = {passage_ids(session, d)[0] for d in documents[2:5]}
    linked = {p for pair in pairs(session, collection.id, "entity") for p in pair}
    assert crowded_ids <= linked
    group_of = {p: session.get(Node, p).document_id for p in node_terms(session, collection.id, Node.entities)}
    assert pairs(session, collection.id, "entity") == brute_force_shared(
        node_terms(session, collection.id, Node.entities), 3, settings.entity_max_edges_per_passage, group_of
    )


def test_add_remove_add_gives_the_same_graph(session: Session) -> None:
    collection = make_collection(session)
    settings = GraphSettings(knn_k=2, keyword_max_fanout=3, keyword_max_edges_per_passage=2, entity_max_fanout=2)
    docs = build_corpus(session, collection)
    titles = list(CORPUS)
    add_documents(session, [docs[t].id for t in titles[:-2]], settings, ENCODER)
    before = edges(session, collection.id)
    extra = [docs[titles[-2]].id, docs[titles[-1]].id]
    add_documents(session, extra, settings, ENCODER)
    once = edges(session, collection.id)
    assert once != before
    for document_id in extra:
        remove_document(session, document_id, settings)
    assert edges(session, collection.id) == before  # removal repairs exactly what the add displaced
    add_documents(session, extra, settings, ENCODER)
    assert edges(session, collection.id) == once
    add_documents(session, extra, settings, ENCODER)  # a retried job is idempotent
    assert edges(session, collection.id) == once


def test_a_bulk_first_build_rebuilds_the_edge_indexes_and_writes_the_same_edges(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sqlalchemy import inspect

    from app.graph import rows as graph_rows

    collection = make_collection(session)
    settings = GraphSettings(knn_k=2, keyword_max_fanout=3, keyword_max_edges_per_passage=2, entity_max_fanout=2)
    docs = build_corpus(session, collection)
    ids = [d.id for d in docs.values()]
    monkeypatch.setattr(graph_rows, "BULK_REINDEX_ROWS", 1)  # every insert into a table no larger than it is bulk
    dropped: list[int] = []
    drop = graph_rows._drop_edge_indexes
    monkeypatch.setattr(graph_rows, "_drop_edge_indexes", lambda s, rows: (dropped.append(rows), drop(s, rows))[1])
    add_documents(session, ids, settings, ENCODER)
    assert dropped  # the bulk path was asked for (it only runs on SQLite)
    bulk = edges(session, collection.id)
    assert {"ix_edges_source", "ix_edges_target", "ix_edges_collection_kind"} <= {
        index["name"] for index in inspect(session.connection()).get_indexes("edges")
    }
    for document_id in ids[-2:]:  # reads and deletes of edges on an update that then inserts in bulk again
        remove_document(session, document_id, settings)
    add_documents(session, ids[-2:], settings, ENCODER)
    assert edges(session, collection.id) == bulk
    for document_id in ids:
        remove_document(session, document_id, settings)
    monkeypatch.setattr(graph_rows, "BULK_REINDEX_ROWS", 10**9)
    add_documents(session, ids, settings, ENCODER)
    assert edges(session, collection.id) == bulk


def test_replaced_rows_are_updated_in_place_where_a_source_has_a_stale_row(session: Session) -> None:
    from app.graph import rows as graph_rows

    collection = make_collection(session)
    docs = build_corpus(session, collection)
    add_documents(session, [d.id for d in docs.values()], GraphSettings(knn_k=2), ENCODER)
    rows = session.execute(
        select(Edge.id, Edge.source, Edge.target).where(Edge.collection_id == collection.id, Edge.kind == "semantic")
    ).all()
    by_source: dict[str, list] = {}
    for row in rows:
        by_source.setdefault(row.source, []).append(row)
    (a, b), *_ = [pair for pair in by_source.values() if len(pair) == 2]
    other = next(source for source in by_source if source != a.source)
    node_ids = session.scalars(select(Node.id).where(Node.collection_id == collection.id)).all()
    spare = next(n for n in node_ids if n not in {a.source, a.target, b.target, other})
    before = session.scalar(select(func.count()).select_from(Edge))
    # a's source has two stale rows (a, b) and one wanted edge: one row is updated in place, the other deleted;
    # `other` has no stale row, so its wanted edge is inserted.
    graph_rows._replace_rows(
        session, collection.id, "semantic", [(a.id, a.source), (b.id, b.source)],
        [(a.source, spare, 0.5), (other, spare, 0.25)],
    )  # fmt: skip
    assert session.scalar(select(func.count()).select_from(Edge)) == before  # -2 stale, +1 updated, +1 inserted
    kept = session.execute(select(Edge.source, Edge.target, Edge.weight).where(Edge.id.in_([a.id, b.id]))).all()
    assert len(kept) == 1 and (kept[0].source, kept[0].target, kept[0].weight) == (a.source, spare, 0.5)
    assert (
        session.scalar(
            select(func.count())
            .select_from(Edge)
            .where(Edge.source == other, Edge.target == spare, Edge.weight == 0.25)
        )
        == 1
    )


def test_removing_a_document_leaves_other_rows_untouched(session: Session) -> None:
    collection = make_collection(session)
    docs = build_corpus(session, collection, ["Lothair II", "Teutberga", "Hucbert"])
    add_documents(session, [d.id for d in docs.values()], GraphSettings(), ENCODER)
    session.commit()

    def counts() -> dict[str, int]:
        return {
            model.__tablename__: session.scalar(select(func.count()).select_from(model)) or 0
            for model in (Document, Page, Passage, DocTable)
        }

    rows_before = counts()
    remove_document(session, docs["Teutberga"].id, GraphSettings())
    session.commit()
    assert counts() == rows_before
    assert session.scalar(select(func.count()).where(Node.document_id == docs["Teutberga"].id)) == 0
    gone = set(passage_ids(session, docs["Teutberga"])) | {docs["Teutberga"].id}
    assert not any(s in gone or t in gone for s, t, _, _ in edges(session, collection.id))
    assert session.scalar(select(func.count()).where(Node.document_id == docs["Hucbert"].id)) == 3


def test_stats_neighbourhood_and_networkx(session: Session) -> None:
    collection = make_collection(session)
    docs = build_corpus(session, collection, ["Lothair II", "Teutberga"])
    add_documents(session, [d.id for d in docs.values()], GraphSettings(), ENCODER)
    session.commit()
    stats = graph_stats(session, collection.id)
    assert set(stats) == {"nodes", "edges", "density"}
    assert stats["nodes"] == {"document": 2, "page": 2, "table": 0, "passage": 3}
    assert set(stats["edges"]) == {"contains", "next", "continues", "keyword", "semantic", "mention", "entity"}
    assert stats["edges"]["contains"] == 5 and stats["edges"]["next"] == 1
    assert stats["edges"]["mention"] >= 2  # Teutberga ↔ Lothair II name each other
    assert 0 < stats["density"] <= 1

    first = passage_ids(session, docs["Lothair II"])[0]
    view = neighbourhood(session, collection.id, first, depth=1)
    assert view["nodes"][0]["id"] == first
    assert set(view["nodes"][0]) == {"id", "kind", "document_id", "page", "label", "text"}
    assert all(set(e) == {"source", "target", "kind", "weight"} for e in view["edges"])
    ids = {n["id"] for n in view["nodes"]}
    assert all(e["source"] in ids and e["target"] in ids for e in view["edges"])
    assert len(neighbourhood(session, collection.id, first, depth=3)["nodes"]) == 7
    with pytest.raises(GraphNotFound):
        neighbourhood(session, collection.id, "nope")
    with pytest.raises(GraphNotFound):
        graph_stats(session, "nope")

    graph = load_graph(session, collection.id)
    assert graph.number_of_nodes() == 7
    assert graph.nodes[first]["kind"] == "passage" and graph.nodes[first]["page"] == 1
    assert load_graph(session, collection.id) is graph  # cached until the version changes
    assert all(graph.edges[e]["kind"] in graph.edges[e]["kinds"] for e in graph.edges)


def test_export_graphml_and_json_parse_back(session: Session) -> None:
    collection = make_collection(session)
    docs = build_corpus(session, collection, ["Lothair II", "Teutberga"])
    add_documents(session, [d.id for d in docs.values()], GraphSettings(), ENCODER)
    total_edges = session.scalar(select(func.count()).where(Edge.collection_id == collection.id))
    graphml = nx.read_graphml(io.BytesIO(export_bytes(session, collection.id, "graphml")))
    assert graphml.number_of_nodes() == 7 and graphml.number_of_edges() == total_edges
    data = json.loads(export_bytes(session, collection.id, "json"))
    graph = nx.node_link_graph(data, edges="edges")
    assert graph.number_of_nodes() == 7 and graph.number_of_edges() == total_edges
    assert graph.nodes[docs["Teutberga"].id]["kind"] == "document"


def test_api_routes_and_export_command(session: Session, settings: Settings, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from app.commands.graph import register
    from app.main import create_app

    collection = make_collection(session, "reports")
    docs = build_corpus(session, collection, ["Lothair II", "Teutberga"])
    add_documents(session, [d.id for d in docs.values()], settings.graph, ENCODER)
    session.commit()

    client = TestClient(create_app(settings, start_worker=False))  # with the app's one mapping of errors
    stats = client.get(f"/api/collections/{collection.id}/graph/stats")
    assert stats.status_code == 200 and stats.json()["nodes"]["passage"] == 3
    node = passage_ids(session, docs["Teutberga"])[0]
    view = client.get(f"/api/collections/{collection.id}/graph", params={"node": node, "depth": 9})
    assert view.status_code == 200 and view.json()["nodes"][0]["id"] == node
    assert client.get("/api/collections/nope/graph/stats").status_code == 404
    missing = client.get(f"/api/collections/{collection.id}/graph", params={"node": "nope"})
    assert missing.status_code == 404 and "not found" in missing.json()["detail"]

    monkeypatch.setattr("app.settings.get_settings", lambda: settings)
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command"))
    output = tmp_path / "graph.graphml"
    args = parser.parse_args(["graph", "export", "--collection", "reports", "--format", "graphml", "-o", str(output)])
    assert args.handler(args) == 0
    assert nx.read_graphml(output).number_of_nodes() == 7
    args = parser.parse_args(["graph", "export", "--collection", "absent"])
    with pytest.raises(NotFound, match="no collection named 'absent'"):  # `mdqa` maps it to a message and exit 2
        args.handler(args)


def test_default_embedder_builds_vectors(session: Session) -> None:
    collection = make_collection(session)
    docs = build_corpus(session, collection, ["Lothair II"])
    add_documents(session, [docs["Lothair II"].id], GraphSettings(), get_embedder("cpu"))  # the bundled model
    vectors = [unpack(v) for v in session.scalars(select(Node.vector).where(Node.vector.is_not(None)))]
    assert len(vectors) == 2 and all(v.shape == (384,) and abs(np.linalg.norm(v) - 1) < 1e-3 for v in vectors)
