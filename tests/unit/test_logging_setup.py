"""Log lines in both formats carry the request id they were written under, and a record's extra fields."""

from __future__ import annotations

import io
import json
import logging

from app.logging_setup import make_handler, request_id_var
from app.settings import Settings


def _log(log_format: str, request_id: str | None) -> str:
    stream = io.StringIO()
    logger = logging.getLogger(f"mdqa.test.{log_format}")
    logger.propagate = False
    logger.setLevel(logging.INFO)
    handler = make_handler(Settings(log_format=log_format), stream)  # type: ignore[arg-type]
    logger.addHandler(handler)
    token = request_id_var.set(request_id)
    try:
        logger.info("document %s ready", "d1", extra={"document_id": "d1", "pages": 3})
        try:
            raise ValueError("boom")
        except ValueError:
            logger.exception("failed")
    finally:
        request_id_var.reset(token)
        logger.removeHandler(handler)
    return stream.getvalue()


def test_json_lines_hold_ids_extras_and_tracebacks() -> None:
    first, second = (json.loads(line) for line in _log("json", "r-1").splitlines() if line.startswith("{"))
    assert first["message"] == "document d1 ready" and first["level"] == "INFO"
    assert (first["request_id"], first["document_id"], first["pages"]) == ("r-1", "d1", 3)
    assert "task_id" not in first and "args" not in first and "msg" not in first
    assert second["level"] == "ERROR" and "ValueError: boom" in second["exc_info"]


def test_text_lines_name_the_request() -> None:
    lines = _log("text", "r-2").splitlines()
    assert lines[0].endswith("mdqa.test.text: document d1 ready [request_id=r-2]")
    assert _log("text", None).splitlines()[0].endswith("document d1 ready")
