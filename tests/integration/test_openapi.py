"""/openapi.json describes the answers the API really gives: typed ask, question and graph responses, and the one
error body (a `detail` string) for every error status, validation errors included."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings


def _schema(spec: dict[str, Any], ref: dict[str, Any]) -> dict[str, Any]:
    return spec["components"]["schemas"][ref["$ref"].rsplit("/", 1)[1]]


def test_openapi_types_the_answers_and_the_errors(tmp_path) -> None:  # type: ignore[no-untyped-def]
    app = create_app(Settings(data_dir=tmp_path), start_worker=False)
    with TestClient(app) as client:
        spec = client.get("/openapi.json").json()
        paths = spec["paths"]
        ask = paths["/api/collections/{cid}/ask"]["post"]["responses"]
        answer = _schema(spec, ask["200"]["content"]["application/json"]["schema"])
        fields = {"answer", "citations", "evidence", "retrieved", "timings_ms", "cell", "cells"}
        assert fields <= set(answer["properties"])
        assert {"404", "409", "422", "502", "503"} <= set(ask)
        for status in ("404", "422"):
            error = _schema(spec, ask[status]["content"]["application/json"]["schema"])
            assert error["properties"]["detail"]["type"] == "string"
        stats = paths["/api/collections/{cid}/graph/stats"]["get"]["responses"]["200"]
        assert "density" in _schema(spec, stats["content"]["application/json"]["schema"])["properties"]
        history = paths["/api/collections/{cid}/questions/{qid}"]["get"]["responses"]["200"]
        assert "result" in _schema(spec, history["content"]["application/json"]["schema"])["properties"]

        # The body really returned for a validation error is the declared one.
        created = client.post("/api/collections", json={"name": "c"}).json()
        bad = client.post(f"/api/collections/{created['id']}/ask", json={"question": "q", "options": {"budget": 0}})
        assert bad.status_code == 422 and isinstance(bad.json()["detail"], str)
        assert "options.budget" in bad.json()["detail"]
        unknown = client.post(f"/api/collections/{created['id']}/ask", json={"question": "q", "options": {"x": 1}})
        assert unknown.status_code == 422 and "options.x" in unknown.json()["detail"]
        # The reader's first name, `llm`, is still accepted (and refused here only because no LLM is configured).
        old = client.post(f"/api/collections/{created['id']}/ask", json={"question": "q", "options": {"llm": "openai"}})
        assert old.status_code == 422 and "no LLM" in old.json()["detail"]
        missing = client.get("/api/collections/nope/graph/stats")
        assert missing.status_code == 404 and isinstance(missing.json()["detail"], str)

        # Every API operation announces the one error body for validation errors and the statuses any route may
        # answer, never FastAPI's own list-shaped validation error; routes add their own statuses.
        assert "HTTPValidationError" not in spec["components"]["schemas"]
        for path, operations in paths.items():
            if not path.startswith("/api/"):
                continue
            for method, operation in operations.items():
                responses = operation["responses"]
                assert {"401", "403", "422", "503"} <= set(responses), (method, path)
                for status, response in responses.items():
                    if status.startswith(("4", "5")):
                        schema = response["content"]["application/json"]["schema"]
                        assert schema == {"$ref": "#/components/schemas/ErrorOut"}, (method, path, status)
        assert {"404", "409", "413", "429"} <= set(paths["/api/collections/{cid}/documents"]["post"]["responses"])
        assert "404" in paths["/api/documents/{did}/pages/{n}"]["get"]["responses"]
        assert "409" in paths["/api/collections"]["post"]["responses"]
        audit = paths["/api/audit"]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
        assert "action" in _schema(spec, audit["items"])["properties"]

        # What those statuses really carry: a `detail` sentence (a path parameter out of range, a missing page).
        page_zero = client.get("/api/documents/nope/pages/0")
        assert page_zero.status_code == 422 and "n" in page_zero.json()["detail"]
        assert isinstance(page_zero.json()["detail"], str)
        no_document = client.get("/api/documents/nope/pages/1")
        assert no_document.status_code == 404 and isinstance(no_document.json()["detail"], str)
        taken = client.post("/api/collections", json={"name": "c"})
        assert taken.status_code == 409 and isinstance(taken.json()["detail"], str)
        events = client.get("/api/audit")
        assert events.status_code == 200 and "collection.create" in {e["action"] for e in events.json()}


def test_the_ask_page_and_the_api_share_the_options_and_their_limits(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from app.vocabulary import MAX_BRANCHING, MAX_BUDGET

    app = create_app(Settings(data_dir=tmp_path), start_worker=False)
    with TestClient(app) as client:
        cid = client.post("/api/collections", json={"name": "limits"}).json()["id"]
        page = client.get(f"/collections/{cid}/ask").text
        assert f'name="budget" type="number" min="1" max="{MAX_BUDGET}"' in page
        assert f'name="branching" type="number" min="1" max="{MAX_BRANCHING}"' in page
        over = client.post(f"/api/collections/{cid}/ask", json={"question": "q", "options": {"budget": MAX_BUDGET + 1}})
        assert over.status_code == 422 and "options.budget" in over.json()["detail"]
        # The form without script names the reader as the API does: asking for the LLM reader with none configured
        # is refused with the API's reason.
        assert '<select name="reader"' in page
        token = re.search(r'name="csrf_token" value="([^"]+)"', page)
        assert token is not None
        form = {"question": "q", "reader": "openai", "csrf_token": token.group(1)}
        refused = client.post(f"/collections/{cid}/ask", data=form, follow_redirects=False)
        assert refused.status_code == 422 and "no LLM is configured" in refused.text
