"""A question answered as events (name, data) while the answer is being written (API.md, Asking, `"stream": true`).

`citation` each time a marker is first used (before the text that uses it), `delta` text pieces, then `citations`
(all of them), `evidence`, and `done` with the whole response, or `error` `{"status", "detail"}`: a service error's
own sentence (404 when the collection was deleted meanwhile, 502 when the LLM failed), and for anything the server
did not expect a fixed sentence, the exception itself going to the log only.
"""

from __future__ import annotations

import contextvars
import logging
import queue
import threading
from collections.abc import Iterator
from typing import Any

from app.db.session import session_scope
from app.qa.ask import EvidenceNode
from app.qa.cite import CITATION_TEXT_CHARS
from app.qa.tools import Tools
from app.services.asking import AskRequest, answer_and_record
from app.services.errors import ServiceError
from app.settings import Settings

log = logging.getLogger(__name__)
# An unexpected exception's text may hold SQL, the statement's parameters (the answer, the question) or paths.
ANSWER_FAILED = "the answer failed because of an error in the server; its log has the details"


def citation_json(marker: int, node: EvidenceNode, filenames: dict[str, str]) -> dict[str, Any]:
    return {
        "marker": marker,
        "node_id": node.node_id,
        "kind": node.kind,
        "document_id": node.document_id,
        "filename": filenames.get(node.document_id, ""),
        "page": node.page,
        "text": node.text[:CITATION_TEXT_CHARS],
    }


class _QueueSink:
    """The LLM reader's stream, turned into events on a queue read by the request's thread."""

    def __init__(self, events: queue.Queue[tuple[str, Any]], filenames: dict[str, str]) -> None:
        self.events = events
        self.filenames = filenames
        self.streamed = False

    def text(self, delta: str) -> None:
        self.streamed = True
        self.events.put(("delta", {"text": delta}))

    def cite(self, marker: int, node: EvidenceNode) -> None:
        self.events.put(("citation", citation_json(marker, node, self.filenames)))


_END = ("__end__", None)


def stream_answer(request: AskRequest, settings: Settings, tools: Tools | None = None) -> Iterator[tuple[str, Any]]:
    """Answer a prepared question as events (see the module doc); the question is recorded before `done`.

    The pipeline runs in a thread with its own session and puts events on a queue as the reader writes; this
    generator hands them on. A client that goes away does not stop the answer: it is still recorded."""
    events: queue.Queue[tuple[str, Any]] = queue.Queue()

    def work() -> None:
        sink = _QueueSink(events, request.filenames)
        try:
            with session_scope(settings.resolved_database_url) as session:
                payload = answer_and_record(session, request, settings, tools, sink=sink)
            if not sink.streamed:  # the built-in reader: its citations, then the answer a paragraph at a time
                for citation in payload["citations"]:
                    events.put(("citation", citation))
                paragraphs = payload["answer"].split("\n\n")
                for i, paragraph in enumerate(paragraphs):
                    events.put(("delta", {"text": paragraph + ("\n\n" if i < len(paragraphs) - 1 else "")}))
            events.put(("citations", {"citations": payload["citations"]}))
            events.put(("evidence", {"evidence": payload["evidence"], "retrieved": payload["retrieved"]}))
            events.put(("done", payload))
        except ServiceError as exc:
            events.put(("error", {"status": exc.status_code, "detail": str(exc)}))
        except Exception:  # the stream must end with a reason, not hang or cut off
            log.exception("streamed answer to a question of collection %s failed", request.collection_id)
            events.put(("error", {"status": 500, "detail": ANSWER_FAILED}))
        finally:
            events.put(_END)

    # The request's context (its request id) goes with the thread, so the log lines it writes carry it.
    context = contextvars.copy_context()
    threading.Thread(target=context.run, args=(work,), name="mdqa-ask-stream", daemon=True).start()
    while True:
        event = events.get()
        if event is _END:
            return
        yield event
