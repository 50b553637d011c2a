"""Asking through the API and the pages: streamed answers (server-sent events), the answer's own address, no-GET-asks.

Runs over the HotpotQA collection of test_ask_content (real graph, real embedder), on SQLite and PostgreSQL.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.db.models import Question
from app.main import create_app
from tests.fixtures.llm.replay import ReplayServer, Step, reply
from tests.integration.test_ask_content import HotpotCollection, encoder, hotpot  # noqa: F401 - the fixture

QUESTION = "Who is Sulli?"


def events_of(body: str) -> list[tuple[str, Any]]:
    events = []
    for block in body.strip().split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.split("\n"))
        events.append((lines["event"], json.loads(lines["data"])))
    return events


@pytest.fixture
def client(session: Session, hotpot: HotpotCollection, monkeypatch: pytest.MonkeyPatch):  # noqa: ANN201, F811
    monkeypatch.setattr("app.qa.tools.get_embedder", lambda device="auto", backend="auto": encoder())
    session.commit()
    with TestClient(create_app(hotpot.settings, migrate=False, start_worker=False)) as test_client:
        yield test_client


def question_count(session: Session, cid: str) -> int:
    session.expire_all()
    return session.scalar(select(func.count()).select_from(Question).where(Question.collection_id == cid)) or 0


def test_streamed_answer_with_the_built_in_reader(client: TestClient, hotpot: HotpotCollection) -> None:  # noqa: F811
    cid = hotpot.collection_id
    with client.stream("POST", f"/api/collections/{cid}/ask", json={"question": QUESTION, "stream": True}) as r:
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
        events = events_of(r.read().decode())
    names = [name for name, _ in events]
    # Citations and text first (each citation before the text that uses it), then the lists, then the response.
    assert names[-3:] == ["citations", "evidence", "done"]
    assert set(names[:-3]) == {"citation", "delta"}
    done = events[-1][1]
    text = "".join(data["text"] for name, data in events if name == "delta")
    assert text == done["answer"] and text.strip()
    announced = [data for name, data in events if name == "citation"]
    assert announced == done["citations"] == events[-3][1]["citations"]
    assert events[-2][1]["evidence"] == done["evidence"]
    # The same response as the plain call, recorded under its id, with the sanitised HTML of its Markdown.
    plain = client.post(f"/api/collections/{cid}/ask", json={"question": QUESTION}).json()
    assert set(done) == set(plain)
    assert done["answer"] == plain["answer"] and done["citations"] == plain["citations"]
    stored = client.get(f"/api/collections/{cid}/questions/{done['id']}").json()
    assert stored["result"]["answer"] == done["answer"] and stored["question"] == QUESTION
    assert re.search(r'<a class="citation" href="/documents/[^"]+"', done["answer_html"])


def test_bad_streamed_requests_are_json_errors_before_any_event(
    client: TestClient,
    hotpot: HotpotCollection,  # noqa: F811
) -> None:
    cid = hotpot.collection_id
    empty = client.post(f"/api/collections/{cid}/ask", json={"question": " ", "stream": True})
    assert empty.status_code == 422 and "empty" in empty.json()["detail"]
    odd = client.post(f"/api/collections/{cid}/ask", json={"question": QUESTION, "stream": "yes"})
    assert odd.status_code == 422 and "stream" in odd.json()["detail"]
    missing = client.post("/api/collections/nope/ask", json={"question": QUESTION, "stream": True})
    assert missing.status_code == 404
    no_llm = client.post(f"/api/collections/{cid}/ask", json={"question": QUESTION, "stream": True,
                                                              "options": {"llm": "openai"}})  # fmt: skip
    assert no_llm.status_code == 422 and "no LLM" in no_llm.json()["detail"]
    assert client.get(f"/api/collections/{cid}/questions/nope").status_code == 404


def sse_body(*deltas: str) -> str:
    events = [{"choices": [{"index": 0, "delta": {"content": d}}]} for d in deltas]
    return "".join(f"data: {json.dumps(e)}\n\n" for e in events) + "data: [DONE]\n\n"


def test_streamed_llm_answer_links_markers_as_they_arrive(
    session: Session,
    hotpot: HotpotCollection,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("app.qa.tools.get_embedder", lambda device="auto", backend="auto": encoder())
    session.commit()
    deltas = ["<think>which passage? [", "5]</think>Sulli was a singer [", "2] and an actress [1", "]. [99]"]
    analysed = reply('{"shape": "single", "expected": "entity"}')  # the question analysed first, then the reader
    with ReplayServer([Step(200, analysed), Step(200, sse_body(*deltas))]) as server:
        settings = hotpot.settings.model_copy(update={"llm_base_url": server.base_url + "/v1", "llm_model": "m"})
        with TestClient(create_app(settings, migrate=False, start_worker=False)) as client:
            body = {"question": QUESTION, "stream": True, "options": {"llm": "openai"}}
            with client.stream("POST", f"/api/collections/{hotpot.collection_id}/ask", json=body) as r:
                events = events_of(r.read().decode())
        sent = server.requests[1]
    assert "Analyse a question" in server.requests[0]["json"]["messages"][-1]["content"]
    assert sent["path"] == "/v1/chat/completions" and sent["json"]["stream"] is True
    done = events[-1][1]
    assert done["answer"] == "Sulli was a singer [1] and an actress [2]."
    assert done["llm_calls"] == 2 and [c["marker"] for c in done["citations"]] == [1, 2]
    shown = ""
    linked: set[int] = set()
    for name, data in events[:-3]:
        if name == "citation":
            linked.add(data["marker"])
        else:
            shown += data["text"]
            assert {int(m) for m in re.findall(r"\[(\d+)\]", shown)} <= linked  # never a marker before its source
    assert "think" not in shown and "[5]" not in shown and "[99]" not in shown
    assert len([n for n, _ in events if n == "delta"]) >= 3


def test_llm_failure_during_the_stream_ends_with_an_error_event(
    session: Session,
    hotpot: HotpotCollection,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("app.qa.tools.get_embedder", lambda device="auto", backend="auto": encoder())
    session.commit()
    before = question_count(session, hotpot.collection_id)
    with ReplayServer([Step(401, {"error": {"message": "Incorrect API key provided"}})]) as server:
        settings = hotpot.settings.model_copy(update={"llm_base_url": server.base_url + "/v1"})
        with TestClient(create_app(settings, migrate=False, start_worker=False)) as client:
            body = {"question": QUESTION, "stream": True, "options": {"llm": "openai"}}
            with client.stream("POST", f"/api/collections/{hotpot.collection_id}/ask", json=body) as r:
                events = events_of(r.read().decode())
    assert events[-1][0] == "error"
    assert events[-1][1]["status"] == 502 and "Incorrect API key" in events[-1][1]["detail"]
    assert question_count(session, hotpot.collection_id) == before  # a failed answer is not recorded


def test_answer_has_its_own_page_and_a_get_never_asks(
    session: Session,
    client: TestClient,
    hotpot: HotpotCollection,  # noqa: F811
) -> None:
    cid = hotpot.collection_id
    before = question_count(session, cid)
    prefilled = client.get(f"/collections/{cid}/ask", params={"q": QUESTION})
    assert prefilled.status_code == 200 and f'value="{QUESTION}"' in prefilled.text
    assert question_count(session, cid) == before  # the link only filled in the box
    # The form without script: POST, then 303 to the answer's own address.
    posted = client.post(f"/collections/{cid}/ask", data={"question": QUESTION}, follow_redirects=False)
    assert posted.status_code == 303
    url = posted.headers["location"]
    assert re.fullmatch(rf"/collections/{cid}/questions/\w+", url)
    assert question_count(session, cid) == before + 1
    page = client.get(url)
    assert page.status_code == 200 and 'data-testid="citation"' in page.text and 'data-state="done"' in page.text
    assert client.get(url).status_code == 200 and question_count(session, cid) == before + 1  # shown, not re-asked
    history = client.get(f"/collections/{cid}/questions")
    assert history.status_code == 200 and f'href="{url}"' in history.text
    bad = client.post(f"/collections/{cid}/ask", data={"question": ""})
    assert bad.status_code == 422 and "empty" in bad.text
    assert client.get(f"/collections/{cid}/questions/nope").status_code == 404
