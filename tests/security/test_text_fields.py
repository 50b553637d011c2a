"""Every text field of the API refuses text that is not text, and text that shows as nothing, with a 422 sentence.

The fields are read from the OpenAPI schema (JSON bodies, nested objects, multipart form fields, query
parameters), so a field added later is held to the same rule without a line here. Each bad form is sent to each
field on SQLite and PostgreSQL: an unpaired surrogate as the JSON escape "\\ud800" and as the raw bytes ED A0 80,
a NUL, non-characters and a control character; then whitespace and zero-width text. None may be a 5xx, each
answer names the field and says what was wrong, and nothing is stored (not even the audit row of an ask).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from fastapi.testclient import TestClient

from app.db.session import session_scope
from app.services.collections import create_collection
from app.services.errors import Invalid
from app.settings import Settings
from tests.security.conftest import page_token

# (label, value, how a JSON body carries it: "escape" = \uXXXX escapes, "raw" = the UTF-8 bytes, surrogatepass)
NOT_TEXT = [
    ("surrogate as JSON escape", "revenue \ud800?", "escape"),
    ("surrogate as raw bytes ED A0 80", "revenue \ud800?", "raw"),
    ("low surrogate", "\udfff", "escape"),
    ("NUL", "what\x00is this", "raw"),
    ("non-character U+FFFE", "a\ufffeb", "raw"),
    ("non-character U+FDD0", "\ufdd0", "escape"),
    ("non-character U+10FFFF", "x\U0010ffff", "raw"),
    ("control character ESC", "red \x1b[31m", "raw"),
]
BLANK = ["   ", "\u200b\u200d", "\ufeff\u3164 \u2060", "\t\n"]
# What a refusal says, whatever the transport made of the bad text (multipart reads invalid UTF-8 as Latin-1).
REASONS = ("unpaired surrogate", "not valid UTF-8", "NUL", "non-character", "control character")
HIGH_LIMITS = {"ask": "100000/minute", "upload": "100000/minute", "login": "100000/minute"}
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


@dataclass(frozen=True)
class TextField:
    method: str
    path: str
    where: str  # "json", "form" (multipart) or "query"
    name: tuple[str, ...]  # nested place in a JSON body, e.g. ("options", "retriever")
    secret: bool  # format "password": matched, not shown; spaces may be a whole password
    choice: bool  # an enum: any other text is refused by the enum itself

    def __str__(self) -> str:
        return f"{self.method.upper()} {self.path} {self.where}:{'.'.join(self.name)}"


def _resolve(spec: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in schema:
        return _resolve(spec, spec["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]])
    options = [s for s in schema.get("anyOf", []) if s.get("type") != "null"]
    return _resolve(spec, options[0]) if len(options) == 1 else schema


def _is_text(schema: dict[str, Any]) -> bool:
    return schema.get("type") == "string" and "contentMediaType" not in schema and schema.get("format") != "binary"


def _fields_of(spec: dict[str, Any], schema: dict[str, Any], prefix: tuple[str, ...]) -> Iterator[tuple[Any, ...]]:
    for name, raw in _resolve(spec, schema).get("properties", {}).items():
        prop = _resolve(spec, raw)
        if _is_text(prop):
            yield (*prefix, name), prop
        elif prop.get("type") == "object":
            yield from _fields_of(spec, prop, (*prefix, name))


def text_fields(spec: dict[str, Any]) -> list[TextField]:
    found = []
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            content = (operation.get("requestBody") or {}).get("content", {})
            for media, where in (("application/json", "json"), ("multipart/form-data", "form")):
                if media in content:
                    for name, prop in _fields_of(spec, content[media]["schema"], ()):
                        secret, choice = prop.get("format") == "password", "enum" in prop
                        found.append(TextField(method, path, where, name, secret, choice))
            for parameter in operation.get("parameters", []):
                if parameter["in"] == "query" and _is_text(_resolve(spec, parameter["schema"])):
                    found.append(TextField(method, path, "query", (parameter["name"],), False, False))
    return found


def _sample(spec: dict[str, Any], schema: dict[str, Any]) -> Any:
    """A valid value of a schema: what the other fields of a request hold while one field is probed."""
    schema = _resolve(spec, schema)
    if "enum" in schema:
        return schema["enum"][0]
    if schema.get("type") == "object":
        return {k: _sample(spec, v) for k, v in schema.get("properties", {}).items() if k in schema.get("required", [])}
    return {"string": "ok", "integer": 1, "number": 1.0, "boolean": False}.get(schema.get("type", ""), "ok")


def _with(body: dict[str, Any], name: tuple[str, ...], value: Any) -> dict[str, Any]:
    out = dict(body)
    if len(name) == 1:
        out[name[0]] = value
    else:
        out[name[0]] = _with(out.get(name[0]) or {}, name[1:], value)
    return out


def send(
    client: TestClient, spec: dict[str, Any], field: TextField, url: str, value: str, how: str, flags: dict[str, Any]
) -> Any:
    operation = spec["paths"][field.path][field.method]
    if field.where == "query":
        required = [p for p in operation.get("parameters", []) if p["in"] == "query" and p.get("required")]
        params = {p["name"]: _sample(spec, p["schema"]) for p in required}
        query = "&".join(f"{k}={quote(str(v))}" for k, v in params.items() if k != field.name[0])
        bad = quote(value.encode("utf-8", "surrogatepass"))
        return client.request(field.method, f"{url}?{query}&{field.name[0]}={bad}")
    if field.where == "form":
        files = [("files", ("probe.pdf", PDF, "application/pdf"))]
        return client.request(
            field.method, url, files=files, data={field.name[0]: value.encode("utf-8", "surrogatepass")}
        )
    schema = operation["requestBody"]["content"]["application/json"]["schema"]
    body = _with({**_sample(spec, schema), **flags}, field.name, value)
    if how == "escape":
        raw = json.dumps(body, ensure_ascii=True).encode()
    else:
        raw = json.dumps(body, ensure_ascii=False).encode("utf-8", "surrogatepass")
    return client.request(field.method, url, content=raw, headers={"content-type": "application/json"})


def _variants(spec: dict[str, Any], field: TextField) -> list[dict[str, Any]]:
    """The body's flags both ways (the ask's question streamed and not streamed); one empty variant otherwise."""
    if field.where != "json":
        return [{}]
    operation = spec["paths"][field.path][field.method]
    props = _resolve(spec, operation["requestBody"]["content"]["application/json"]["schema"]).get("properties", {})
    flags = [k for k, v in props.items() if _resolve(spec, v).get("type") == "boolean"]
    return [{}] + [{flag: value} for flag in flags for value in (False, True)]


def _refused(response: Any, field: TextField, context: str) -> str:
    assert response.status_code == 422, (context, response.status_code, response.text[:300])
    assert response.headers["content-type"].startswith("application/json"), context
    detail = response.json()["detail"]
    assert isinstance(detail, str) and field.name[-1] in detail, (context, detail)
    return detail


def test_every_text_field_refuses_what_is_not_text(app_client: Callable[..., Any]) -> None:
    with app_client(rate_limits=HIGH_LIMITS) as client:
        cid = client.post("/api/collections", json={"name": "probe"}).json()["id"]
        spec = client.get("/openapi.json").json()
        fields = text_fields(spec)
        # The walk found the fields this test was written against (and would find new ones the same way).
        names = {(f.path, ".".join(f.name)) for f in fields}
        assert {
            ("/api/collections", "name"),
            ("/api/collections/{cid}/ask", "question"),
            ("/api/collections/{cid}/ask", "options.retriever"),
            ("/api/collections/{cid}/documents", "password"),
            ("/api/documents/{did}/unlock", "password"),
            ("/api/tokens", "name"),
            ("/api/collections/{cid}/members", "user"),
            ("/api/audit", "user"),
            ("/api/collections/{cid}/graph", "node"),
        } <= names, names
        sent = 0
        for field in fields:
            url = field.path.replace("{cid}", cid).replace("{did}", "no-such-document").replace("{n}", "1")
            for flags in _variants(spec, field):
                for label, value, how in NOT_TEXT:
                    if how == "escape" and field.where == "form":
                        # A multipart part has no escapes, only bytes; its invalid UTF-8 (the raw form, sent
                        # below) is read as Latin-1 by the parser, so no surrogate can come through it.
                        continue
                    context = f"{field} {flags} {label}"
                    response = send(client, spec, field, url, value, how, flags)
                    detail = _refused(response, field, context)
                    assert any(reason in detail for reason in REASONS), (context, detail)
                    sent += 1
                if field.secret:
                    continue
                for value in BLANK:
                    context = f"{field} {flags} blank {value!r}"
                    response = send(client, spec, field, url, value, "raw", flags)
                    detail = _refused(response, field, context)
                    assert field.choice or "empty" in detail, (context, detail)
                    sent += 1
        assert sent > 100
        # Nothing was stored: no collection, document, question or token, and no audit row but the first create.
        assert [c["name"] for c in client.get("/api/collections").json()] == ["probe"]
        assert client.get(f"/api/collections/{cid}").json()["documents"] == []
        assert client.get(f"/api/collections/{cid}/questions").json() == []
        events = client.get("/api/audit").json()
        assert [e["action"] for e in events] == ["collection.create"], events


def test_bad_text_in_the_address_is_refused(app_client: Callable[..., Any]) -> None:
    with app_client() as client:
        for url in ("/api/documents/ab%00cd", "/api/documents/%EF%BF%BE", "/api/documents/%ED%A0%80", "/x%1B"):
            response = client.get(url)
            assert response.status_code == 422, (url, response.text)
            assert response.json()["detail"].startswith("the address"), response.text


def test_web_forms_and_services_refuse_blank_and_bad_text(app_client: Callable[..., Any], settings: Settings) -> None:
    with app_client() as client:
        cid = client.post("/api/collections", json={"name": "forms"}).json()["id"]
        token = page_token(client)
        origin = {"Origin": str(client.base_url).rstrip("/")}
        # The page's form without script: a zero-width question is empty, on the page, and nothing is asked.
        page = client.post(
            f"/collections/{cid}/ask", data={"question": "\u200b\u200b", "csrf_token": token}, headers=origin
        )
        assert page.status_code == 422 and "the question is empty" in page.text, page.text[:300]
        # An urlencoded form is read like a JSON body: an encoded surrogate or a NUL is refused by field.
        for raw in (b"question=%ED%A0%80", b"question=a%00b"):
            response = client.post(
                f"/collections/{cid}/ask",
                content=raw + b"&csrf_token=" + token.encode(),
                headers={**origin, "content-type": "application/x-www-form-urlencoded"},
            )
            assert response.status_code == 422 and response.json()["detail"].startswith("question:"), response.text
        named = client.post("/collections", data={"name": "\u200b", "csrf_token": token}, headers=origin)
        assert named.status_code == 422 and "needs a name" in named.text
        assert [c["name"] for c in client.get("/api/collections").json()] == ["forms"]
        assert client.get(f"/api/collections/{cid}/questions").json() == []
    # The CLI reaches the same services: a surrogate from a badly encoded argument is refused there too.
    with session_scope(settings.resolved_database_url) as session:
        for name in ("\u200b\u2060", "bad \udcff name"):
            try:
                create_collection(session, name)
            except Invalid:
                continue
            raise AssertionError(f"{name!r} was accepted as a collection name")
