"""Why a request was refused, as one sentence for ErrorOut: FastAPI's validation errors and unreadable bodies."""

from __future__ import annotations

from typing import Any

# FastAPI's own words for any exception while reading a body; the cause says more.
FASTAPI_BODY_ERROR = "There was an error parsing the body"
# FastAPI's check of an UploadFile parameter, met when a multipart part has an empty file name (the part is then
# a plain field, not a file).
_NOT_A_FILE = "Expected UploadFile"
NOT_A_FILE = "a part with an empty file name is not a file: each part needs a file with its name"


def _message(error: dict[str, Any]) -> str:
    message = str(error.get("msg", ""))
    if error.get("type") == "value_error" and _NOT_A_FILE in message:
        return NOT_A_FILE
    # pydantic prefixes the text of a ValueError raised by a validator; the sentence stands alone.
    return message.removeprefix("Value error, ")


def readable(errors: list[dict[str, Any]]) -> str:
    """`field: what is wrong` for each problem, joined by "; "."""
    parts = []
    for error in errors:
        where = ".".join(str(p) for p in error.get("loc", ()) if p not in ("body", "query", "path"))
        parts.append(f"{where}: {_message(error)}" if where else _message(error))
    return "; ".join(parts) or "invalid request"


def unreadable_body(cause: BaseException | None) -> str:
    """Instead of FastAPI's "There was an error parsing the body": what went wrong while reading it."""
    if isinstance(cause, UnicodeDecodeError):
        return f"the body is not valid UTF-8: byte 0x{cause.object[cause.start]:02X} at offset {cause.start}"
    if isinstance(cause, RecursionError):
        return "the body is nested too deeply to read"
    if cause is not None and str(cause):
        return f"the body could not be read: {str(cause)[:200]}"
    return "the body could not be read"
