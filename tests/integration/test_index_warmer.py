"""The retrieval index of a changed collection is rebuilt in the background, once, and questions share builds
(app.services.index_warmer, app.qa.index.get_index); each test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import threading
import time

import pytest
from sqlalchemy.orm import Session

from app.db.vectors import graph_version
from app.graph.build import add_documents
from app.qa import index as qindex
from app.services.index_warmer import IndexWarmer
from app.settings import GraphSettings, Settings
from tests.integration.test_graph_build import CORPUS, ENCODER, build_corpus, make_collection

GRAPH = GraphSettings(knn_k=2)


def counting_builds(monkeypatch: pytest.MonkeyPatch, pause_s: float = 0.0) -> list[int]:
    builds: list[int] = []
    original = qindex._build

    def build(session: Session, collection_id: str, version: int) -> qindex.CollectionIndex:
        builds.append(version)
        time.sleep(pause_s)
        return original(session, collection_id, version)

    monkeypatch.setattr(qindex, "_build", build)
    return builds


def collection_with(session: Session, titles: list[str], name: str = "c") -> tuple[str, dict]:  # type: ignore[type-arg]
    collection = make_collection(session, name)
    docs = build_corpus(session, collection)
    add_documents(session, [docs[t].id for t in titles], GRAPH, ENCODER)
    session.commit()
    return collection.id, docs


def test_a_changed_collection_is_rebuilt_once_it_has_been_quiet(
    session: Session, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    titles = list(CORPUS)
    collection_id, docs = collection_with(session, titles[:3])
    asked = qindex.get_index(session, collection_id)  # a question was asked: this process holds the index
    other_id, _ = collection_with(session, titles[:2], "other")  # never asked about: never warmed
    retrieval = settings.retrieval.model_copy(update={"warm_after_s": 5})
    warmer = IndexWarmer(settings.model_copy(update={"retrieval": retrieval}))
    builds = counting_builds(monkeypatch)

    assert warmer.step(now=100.0) == []  # nothing changed
    add_documents(session, [docs[titles[3]].id], GRAPH, ENCODER)
    session.commit()
    new_version = graph_version(session, collection_id)
    assert new_version > asked.version
    assert warmer.step(now=101.0) == []  # changed, but not quiet for 5 s yet
    add_documents(session, [docs[titles[4]].id], GRAPH, ENCODER)  # a folder still being ingested
    session.commit()
    newest = graph_version(session, collection_id)
    assert warmer.step(now=104.0) == []  # a newer version restarts the wait
    assert builds == []
    docs[titles[5]].status = "queued"  # one more document waits to be ingested: it will bump the version again
    session.commit()
    assert warmer.step(now=109.5) == []
    docs[titles[5]].status = "failed"
    session.commit()
    assert warmer.step(now=109.6) == [collection_id]
    assert builds == [newest]

    warmed = qindex.get_index(session, collection_id)
    assert warmed.version == newest and warmed is not asked
    assert warmed.tfidf is not None and warmed.bm25 is not None  # the first question fits nothing either
    assert len(warmed) == len(asked) + len(CORPUS[titles[3]]) + len(CORPUS[titles[4]])
    assert builds == [newest]  # the question used the warmed index
    assert warmer.step(now=200.0) == []  # up to date: nothing more to do
    assert other_id not in qindex.cached_versions()


def test_questions_arriving_together_share_one_build(
    session: Session, db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.db.session import get_sessionmaker

    collection_id, _ = collection_with(session, list(CORPUS)[:3])
    builds = counting_builds(monkeypatch, pause_s=0.5)
    found: list[qindex.CollectionIndex] = []

    def ask() -> None:
        with get_sessionmaker(db_url)() as own:
            found.append(qindex.get_index(own, collection_id))

    threads = [threading.Thread(target=ask) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(builds) == 1
    assert len(found) == 3 and found[0] is found[1] is found[2]


def test_an_older_version_never_replaces_a_newer_cached_index(session: Session) -> None:
    titles = list(CORPUS)
    collection_id, docs = collection_with(session, titles[:3])
    old_version = graph_version(session, collection_id)
    add_documents(session, [docs[titles[3]].id], GRAPH, ENCODER)
    session.commit()
    newer = qindex.get_index(session, collection_id)
    # A question that read the version before the change builds that version for itself only.
    stale = qindex.get_index(session, collection_id, old_version)
    assert stale.version == old_version < newer.version
    assert qindex.cached_versions()[collection_id] == newer.version
    assert qindex.get_index(session, collection_id) is newer


@pytest.mark.parametrize("warm_after_s", [10.0, 0.0])
def test_the_web_app_runs_the_warmer_while_it_serves_unless_turned_off(settings: Settings, warm_after_s: float) -> None:
    from fastapi.testclient import TestClient

    from app.main import create_app

    retrieval = settings.retrieval.model_copy(update={"warm_after_s": warm_after_s})
    app = create_app(settings.model_copy(update={"retrieval": retrieval}), start_worker=False)

    def warmers() -> list[threading.Thread]:
        return [t for t in threading.enumerate() if t.name == "mdqa-index-warmer" and t.is_alive()]

    before = len(warmers())
    with TestClient(app):
        assert len(warmers()) == before + (1 if warm_after_s else 0)
    assert len(warmers()) == before
