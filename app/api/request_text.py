"""Every text of a request read once, before any route: what cannot be read or is not text is a 422 with a sentence.

The address (path and query) and textual bodies (JSON, urlencoded forms) are decoded here and each string in
them, names and keys included, is held to app.text.validity: an unpaired surrogate (the JSON escape "\\ud800" or
the raw bytes ED A0 80), a NUL, a non-character or a control character is refused with the field it was in. So
a new field of any request model is covered without a line of its own, and no such text reaches a route, a log
or the database. A JSON body that cannot be read (invalid UTF-8, nested too deeply, a number too long to
convert, a syntax error) is refused here too, with what was wrong, instead of FastAPI's "There was an error
parsing the body". File uploads (multipart) are binary: their text fields are held to the same rule by their
type (app.api.schemas.Text).
"""

from __future__ import annotations

import json
import sys
from typing import Any
from urllib.parse import parse_qsl, unquote_to_bytes

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.api.schemas import error_response
from app.text.validity import problem

_FORM = b"application/x-www-form-urlencoded"


class Unreadable(ValueError):
    """The request's text cannot be read or is not text; the message says where and why."""


def _is_json(content_type: bytes) -> bool:
    # What FastAPI reads as JSON: no content type at all, application/json and application/*+json.
    media = content_type.split(b";", 1)[0].strip().lower()
    return not media or media == b"application/json" or (media.startswith(b"application/") and media.endswith(b"+json"))


def _int(digits: str) -> int:
    try:
        return int(digits)
    except ValueError:  # over sys.get_int_max_str_digits(): Python refuses to convert it
        raise Unreadable(
            f"the JSON body has a number of {len(digits.lstrip('-'))} digits; "
            f"at most {sys.get_int_max_str_digits()} are read"
        ) from None


def read_json(body: bytes) -> Any:
    """The JSON document in `body`, or Unreadable saying what is wrong with it."""
    try:
        # As json.loads(bytes) reads it (UTF-8, or UTF-16/32 by their BOM), but an encoded surrogate (ED A0 80)
        # is kept as the surrogate it encodes, so that it is reported like the escape "\ud800", by field.
        text = body.decode(json.detect_encoding(body), "surrogatepass")
    except UnicodeDecodeError as exc:
        raise Unreadable(f"the body {_not_utf8(body, exc)}") from None
    try:
        return json.loads(text, parse_int=_int)
    except RecursionError:
        raise Unreadable("the JSON body is nested too deeply to read") from None
    except json.JSONDecodeError as exc:
        raise Unreadable(f"the body is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None


def check_strings(data: Any) -> None:
    """Unreadable for the first string (value or key) that is not text, named by its place ("options.reader")."""
    stack: list[tuple[str, Any]] = [("", data)]
    while stack:  # not recursive: the document may be nested as deeply as json.loads allows
        where, value = stack.pop()
        if isinstance(value, str):
            _check(where or "the body", value)
        elif isinstance(value, dict):
            for key, item in value.items():
                place = f"{where}.{key}" if where else str(key)
                _check(f"{where or 'the body'}: a key", key)
                stack.append((place, item))
        elif isinstance(value, list):
            stack.extend((f"{where}.{i}" if where else str(i), item) for i, item in enumerate(value))


def _check(where: str, text: str) -> None:
    why = problem(text)
    if why is not None:
        raise Unreadable(f"{where}: {why}")  # error_response escapes a bad key quoted in `where`


def check_address(scope: Scope) -> None:
    """Unreadable for a path or query parameter that is not text (a %00, an encoded non-character, ...)."""
    raw_path: bytes = scope.get("raw_path") or scope["path"].encode("utf-8", "surrogateescape")
    _check("the address", _utf8("the address", unquote_to_bytes(raw_path)))
    _check_pairs("query parameter", scope.get("query_string", b""), named=True)


def check_form(body: bytes) -> None:
    _check_pairs("form field", body, named=False)


def _check_pairs(kind: str, encoded: bytes, named: bool) -> None:
    # Percent-decoded strictly: the server would otherwise read invalid UTF-8 as U+FFFD and never know.
    for raw_name, raw_value in parse_qsl(encoded.decode("latin-1"), keep_blank_values=True, encoding="latin-1"):
        name = _utf8(f"a {kind}'s name", raw_name.encode("latin-1"))
        _check(f"a {kind}'s name", name)
        where = f"{kind} {name!r}" if named else name  # a form's field is named as a JSON body's is
        _check(where, _utf8(where, raw_value.encode("latin-1")))


def _utf8(where: str, data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Unreadable(f"{where}: {_not_utf8(data, exc)}") from None


def _not_utf8(data: bytes, exc: UnicodeDecodeError) -> str:
    return f"is not valid UTF-8 (at byte {exc.start}: {data[exc.start : exc.end].hex(' ').upper()})"


class RequestText:
    """The middleware: 422 (ErrorOut) for an address or a textual body that is unreadable or not text."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        try:
            check_address(scope)
        except Unreadable as exc:
            await _refuse(send, str(exc))
            return
        content_type = dict(scope.get("headers") or []).get(b"content-type", b"")
        is_form = content_type.lower().startswith(_FORM)
        if not (is_form or _is_json(content_type)):
            await self.app(scope, receive, send)
            return
        body, ended = await _read_body(receive)
        if ended is not None:  # the client went away mid-body (or a limit cut it off): the app hears only that
            await self.app(scope, _once(ended), send)
            return
        try:
            if is_form:
                check_form(body)
            elif body.strip():
                check_strings(read_json(body))
        except Unreadable as exc:
            await _refuse(send, str(exc))
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


async def _read_body(receive: Receive) -> tuple[bytes, Message | None]:
    """The whole body, and the message that ended it when that was not the body's last part (a disconnect)."""
    body = bytearray()
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return bytes(body), message
        body += message.get("body", b"")
        if not message.get("more_body", False):
            return bytes(body), None


def _once(message: Message) -> Receive:
    async def receive() -> Message:
        return message

    return receive


async def _refuse(send: Send, detail: str) -> None:
    await error_response(422, detail)({"type": "http"}, _nothing, send)


async def _nothing() -> Message:
    return {"type": "http.disconnect"}
