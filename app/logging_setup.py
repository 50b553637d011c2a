"""Logging for `mdqa serve` and `mdqa worker`: plain text or one JSON object per line (MDQA_LOG_FORMAT=json),
each line carrying the request id of the HTTP request or the id of the Celery task it was written under."""

from __future__ import annotations

import json
import logging
import sys
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

from app.settings import Settings

# Set by the request-log middleware for the duration of one request (asyncio tasks and the threadpool that runs
# sync endpoints both copy the context, so every line a request causes carries it).
request_id_var: ContextVar[str | None] = ContextVar("mdqa_request_id", default=None)

# Attributes every LogRecord has; anything else on a record came from `extra=` and goes into the JSON object.
_STANDARD = set(logging.makeLogRecord({}).__dict__) | {"message", "asctime", "request_id", "task_id", "color_message"}


def _task_id() -> str | None:
    if "celery" not in sys.modules:  # the web process never imports Celery for this
        return None
    from celery import current_task

    return current_task.request.id if current_task else None


class ContextFilter(logging.Filter):
    """Puts request_id and task_id on every record, so both formats can show them."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id_var.get()
        record.task_id = _task_id()
        return True


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key in ("request_id", "task_id"):
            if getattr(record, key, None):
                entry[key] = getattr(record, key)
        for key, value in record.__dict__.items():
            if key not in _STANDARD and not key.startswith("_"):
                entry[key] = value
        if record.exc_info:
            entry["exc_info"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str, ensure_ascii=False)


class TextFormatter(logging.Formatter):
    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        ids = [f"{key}={getattr(record, key)}" for key in ("request_id", "task_id") if getattr(record, key, None)]
        return f"{line} [{' '.join(ids)}]" if ids else line


def make_handler(settings: Settings, stream: Any = None) -> logging.Handler:
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.addFilter(ContextFilter())
    handler.setFormatter(JsonFormatter() if settings.log_format == "json" else TextFormatter())
    return handler


def configure_logging(settings: Settings) -> None:
    """One handler on the root logger (replacing earlier ones: uvicorn's and Celery's loggers propagate to it)."""
    handler = make_handler(settings)
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(settings.log_level)
    for name in ("uvicorn", "uvicorn.error"):
        logging.getLogger(name).handlers.clear()
        logging.getLogger(name).propagate = True
    # Our middleware writes the one line per request (with its id and duration); uvicorn's would repeat it.
    logging.getLogger("uvicorn.access").disabled = True
