"""The LLM reader: any OpenAI-compatible chat model composes the answer from the evidence, whole or streamed.

The context is the evidence in hop order (seeds first, then what the traversal reached from them), numbered
[1]..[n]; tables go in as their Markdown. Whatever the model writes, markers that cite nothing in the context are
dropped and the rest renumbered 1..m by first use (app.qa.answer.renumber). Streamed, the same renumbering runs
on the text as it arrives, so each marker reaches the caller already resolved to its evidence node.

A small model often answers correctly without citing; then the answer is attributed after the fact to the one
context block it shares the most words with (at least MIN_ATTRIBUTION_OVERLAP), so the user still sees where it
came from; an answer that states the value of the table cell the look-up found is attributed to that table. An
answer that shares nothing with the context stays uncited.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Protocol

from app.llm.prompts import CELL_HINT, EvidenceBlock, answer_messages
from app.qa.answer import MARKER, NO_ANSWER, Answer, cited, context_nodes, renumber
from app.qa.ask import EvidenceNode, Retrieval
from app.qa.extractive_reader.items import ContextItem

MAX_CONTEXT_CHARS_PER_ITEM = 2500  # one long page or table must not crowd the others out of the prompt
MIN_ATTRIBUTION_OVERLAP = 2
# Text that may still grow into a marker ("[", "[1", "[1, 2") or into an echoed placeholder ("(cite [n]") is held
# back until the next chunk settles it.
_PARTIAL_MARKER = re.compile(r"\[[\d\s,;]*$|\s*\[n$|\s*\((?:c(?:i(?:t(?:e(?:\s*(?:\[n?)?)?)?)?)?)?$", re.I)
# Small models copy the prompt's instruction into the answer: "(cite [n])", "[n]", "Answer (cite [n]):".
ECHOED_PLACEHOLDER = re.compile(r"^\s*answer\s*\(cite \[n\]\)\s*:\s*|\s*\(\s*cite\s*\[n\]\s*\)|\s*\[n\]", re.I)
_WORD = re.compile(r"[a-z0-9][a-z0-9.%-]*")
_STOP = frozenset(
    "the a an of and or in on at to for by with from is are was were be been it its this that as not no "
    "what which who when where how did does do i could find documents context answer".split()
)

Messages = list[dict[str, str]]


class AnswerSink(Protocol):
    """Receives a streamed answer: text deltas, and each citation the moment its marker first appears."""

    def text(self, delta: str) -> None: ...

    def cite(self, marker: int, node: EvidenceNode) -> None: ...


def llm_context(nodes: list[EvidenceNode]) -> list[ContextItem]:
    """The context blocks in hop order (stable within a hop: the retriever's order), numbered from 1."""
    ordered = sorted(context_nodes(nodes), key=lambda n: n.hop)
    return [
        ContextItem(marker=i, node_id=n.node_id, kind=n.kind, text=n.text[:MAX_CONTEXT_CHARS_PER_ITEM])
        for i, n in enumerate(ordered, start=1)
    ]


def _blocks(items: list[ContextItem], by_id: dict[str, EvidenceNode]) -> list[EvidenceBlock]:
    return [EvidenceBlock(marker=i.marker, where=by_id[i.node_id].label, text=i.text) for i in items]


def _cell_hint(retrieval: Retrieval, items: list[ContextItem]) -> str:
    cell = retrieval.cell
    marker = {i.node_id: i.marker for i in items}.get(cell["node_id"]) if cell else None
    if not cell or marker is None:
        return ""
    return CELL_HINT.format(row=cell["row"], column=cell["column"], value=cell["value"], marker=marker)


class MarkerStream:
    """Renumbers `[n]` markers in text that arrives in pieces, by first use, as `renumber` does on the whole."""

    def __init__(self, items: list[ContextItem]) -> None:
        self.valid = {item.marker: item.node_id for item in items}
        self.order: list[int] = []  # context markers in order of first use; new marker k is order[k - 1]
        self._held = ""

    def _replace(self, m: re.Match[str]) -> str:
        kept: list[int] = []
        for n in cited(m.group(1)):
            if n in self.valid:
                if n not in self.order:
                    self.order.append(n)
                new = self.order.index(n) + 1
                if new not in kept:
                    kept.append(new)
        return "".join(f"[{k}]" for k in kept)

    def feed(self, chunk: str) -> tuple[str, list[tuple[int, str]]]:
        """(text to show, [(new marker, node id)] first used in it)."""
        text = self._held + chunk
        partial = _PARTIAL_MARKER.search(text)
        self._held = text[partial.start() :] if partial else ""
        return self._sub(text[: partial.start()] if partial else text)

    def flush(self) -> tuple[str, list[tuple[int, str]]]:
        text, self._held = self._held, ""
        return self._sub(text)

    def _sub(self, text: str) -> tuple[str, list[tuple[int, str]]]:
        before = len(self.order)
        out = MARKER.sub(self._replace, strip_placeholders(text))
        return out, [(k + 1, self.valid[self.order[k]]) for k in range(before, len(self.order))]


def strip_placeholders(text: str) -> str:
    """The reply without instruction text the model echoed ("(cite [n])"), which no marker renumbering removes."""
    return ECHOED_PLACEHOLDER.sub("", text)


def _words(text: str) -> set[str]:
    return {w.strip(".-") for w in _WORD.findall(text.lower()) if w not in _STOP and len(w.strip(".-")) > 1}


def attribution(answer: str, items: list[ContextItem]) -> ContextItem | None:
    """The context block an uncited answer shares the most words with, if it shares enough."""
    words = _words(MARKER.sub(" ", answer))
    if not words:
        return None
    best = max(items, key=lambda item: (len(words & _words(item.text)), -item.marker))
    return best if len(words & _words(best.text)) >= MIN_ATTRIBUTION_OVERLAP else None


def cell_source(answer: str, retrieval: Retrieval, items: list[ContextItem]) -> ContextItem | None:
    """The table block of the cell look-up when an uncited answer states that cell's value: the value is the
    evidence the answer quotes, even when it shares no other word with the table."""
    cell = retrieval.cell
    value = " ".join(cell["value"].split()) if cell else ""
    if cell is None or not value:
        return None
    if not re.search(rf"(?<![\w.]){re.escape(value)}(?![\w]|\.\d)", " ".join(answer.split())):
        return None
    return next((item for item in items if item.node_id == cell["node_id"]), None)


def llm_answer(
    question: str,
    retrieval: Retrieval,
    complete: Callable[[Messages], str],
    stream: Callable[[Messages], Iterable[str]] | None = None,
    sink: AnswerSink | None = None,
) -> Answer:
    """Any OpenAI-compatible chat model as the reader, in one call.

    `complete` is messages -> reply text. With `stream` (messages -> text deltas) and a `sink`, the reply is
    streamed into the sink as it is written, markers already renumbered, each citation sent when first used."""
    nodes = retrieval.nodes
    items = llm_context(nodes)
    if not items:
        if sink is not None:
            sink.text(NO_ANSWER)
        return Answer(text=NO_ANSWER)
    by_id = {n.node_id: n for n in nodes}
    messages = answer_messages(question, _blocks(items, by_id), _cell_hint(retrieval, items))
    if stream is None or sink is None:
        reply = strip_placeholders(complete(messages)).strip()
    else:
        reply = strip_placeholders(_stream_into(sink, stream(messages), items, by_id))
    if not MARKER.search(reply) or not renumber(reply, items)[1]:
        source = cell_source(reply, retrieval, items) or attribution(reply, items)
        if source is not None:
            reply = f"{reply.rstrip()} [{source.marker}]"
            if sink is not None and stream is not None:
                sink.cite(1, by_id[source.node_id])
                sink.text(" [1]")
    text, cited_ids = renumber(reply, items)
    return Answer(text=text or NO_ANSWER, cited=[by_id[i] for i in cited_ids], llm_calls=1)


def _stream_into(
    sink: AnswerSink, deltas: Iterable[str], items: list[ContextItem], by_id: dict[str, EvidenceNode]
) -> str:
    """Feed the streamed reply to `sink` (markers resolved on the way); the whole raw reply."""
    markers = MarkerStream(items)
    raw: list[str] = []

    def send(part: tuple[str, list[tuple[int, str]]]) -> None:
        text, new = part
        for marker, node_id in new:
            sink.cite(marker, by_id[node_id])
        if text:
            sink.text(text)

    for delta in deltas:
        raw.append(delta)
        send(markers.feed(delta))
    send(markers.flush())
    return "".join(raw).strip()
