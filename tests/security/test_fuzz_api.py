"""Schemathesis against /openapi.json, authenticated as a user (owner) and as a viewer: no 5xx, and no response
that carries another user's data, whether the fuzzer's own ids are sent or the other user's real ids.

Bounded: FUZZ_EXAMPLES cases per operation and principal (MDQA_FUZZ_EXAMPLES to change it); the counts of what
ran are printed at the end (docs/security.md records a run).
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings

from app.main import create_app
from app.settings import Settings
from tests.security.conftest import bearer, make_token, make_user, write_pdf

FUZZ_EXAMPLES = int(os.environ.get("MDQA_FUZZ_EXAMPLES", "12"))
SECRET = "Zanzibar-7741"  # appears only in bob's collection name, document, answers and questions
RESULTS: Counter[str] = Counter()


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    root = tmp_path_factory.mktemp("fuzz")
    settings = Settings(data_dir=root / "data", database_url=f"sqlite:///{root / 'fuzz.db'}")
    app = create_app(settings)
    with TestClient(app) as client:
        for name in ("alice", "viola", "bob"):
            make_user(settings, name)
        h = {name: bearer(make_token(settings, name)) for name in ("alice", "viola", "bob")}
        ids: dict[str, list[str]] = {"alice": [], "bob": []}
        for owner, text in (("alice", "Alice's memo: the launch is on Tuesday."), ("bob", f"Bob's code is {SECRET}.")):
            name = f"{owner} collection" + (f" {SECRET}" if owner == "bob" else "")
            cid = client.post("/api/collections", json={"name": name}, headers=h[owner]).json()["id"]
            pdf = write_pdf(root / f"{owner}.pdf", f"{owner} memo", [text])
            upload = client.post(
                f"/api/collections/{cid}/documents",
                files=[("files", (f"{owner}-{SECRET if owner == 'bob' else 'memo'}.pdf", pdf.read_bytes()))],
                headers=h[owner],
            ).json()
            did = upload["documents"][0]["id"]
            deadline = time.monotonic() + 300
            while client.get(f"/api/documents/{did}", headers=h[owner]).json()["status"] != "ready":
                assert time.monotonic() < deadline
                time.sleep(0.2)
            asked = client.post(
                f"/api/collections/{cid}/ask", json={"question": f"What is the code {owner}?"}, headers=h[owner]
            )
            assert asked.status_code == 200
            ids[owner] = [cid, did, asked.json()["id"]]
        member = {"user": "viola", "role": "viewer"}
        assert (
            client.put(f"/api/collections/{ids['alice'][0]}/members", json=member, headers=h["alice"]).status_code
            == 200
        )
        yield {"app": app, "client": client, "headers": h, "ids": ids}


def _leaks(body: str, bob_ids: list[str]) -> list[str]:
    return [marker for marker in [SECRET, *bob_ids] if marker in body]


def _fuzz(case: Any, principal: str, world: dict[str, Any]) -> None:
    headers = world["headers"][principal]
    bob_ids = world["ids"]["bob"]
    variants = [dict(case.path_parameters or {})]
    if case.path_parameters:  # the same request aimed at bob's real collection, document and question,
        # and at alice's own collection with bob's document or question in it
        real = {"cid": bob_ids[0], "did": bob_ids[1], "qid": bob_ids[2]}
        variants.append({k: real.get(k, v) for k, v in variants[0].items()})
        if "cid" in variants[0] and len(variants[0]) > 1:
            mixed = {**real, "cid": world["ids"]["alice"][0]}
            variants.append({k: mixed.get(k, v) for k, v in variants[0].items()})
    for params in variants:
        case.path_parameters = params
        response = case.call(headers=headers)
        RESULTS[f"{principal} {response.status_code // 100}xx"] += 1
        RESULTS["requests"] += 1
        assert response.status_code < 500, (case.method, case.formatted_path, params, response.text[:500])
        leaked = _leaks(response.text, bob_ids)
        assert not leaked, (case.method, case.formatted_path, params, leaked)


FUZZ = settings(max_examples=FUZZ_EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)


@pytest.mark.parametrize("principal", ["alice", "viola"])
def test_fuzz_every_operation(principal: str, world: dict[str, Any]) -> None:
    """alice owns a collection, viola is a viewer of it; neither is anybody in bob's."""
    schema = schemathesis.openapi.from_asgi("/openapi.json", world["app"], headers=world["headers"][principal])
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 20
    for operation in operations:

        @FUZZ
        @given(case=operation.as_strategy())
        def run(case: Any) -> None:
            _fuzz(case, principal, world)

        run()
        RESULTS["operations"] += 1


def test_fuzz_left_bob_untouched_and_report(world: dict[str, Any]) -> None:
    """Runs after the fuzz cases in this module: bob's data is whole, and the counts are printed."""
    client: TestClient = world["client"]
    cid, did, qid = world["ids"]["bob"]
    bob = world["headers"]["bob"]
    assert client.get(f"/api/collections/{cid}", headers=bob).json()["documents"][0]["id"] == did
    assert [q["id"] for q in client.get(f"/api/collections/{cid}/questions", headers=bob).json()] == [qid]
    assert RESULTS["requests"] > 0
    print("\nFUZZ COUNTS " + json.dumps(dict(sorted(RESULTS.items()))))
    Path(os.environ.get("MDQA_FUZZ_REPORT", "/dev/null")).write_text(json.dumps(dict(RESULTS)))
