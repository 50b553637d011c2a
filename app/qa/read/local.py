"""The built-in readers (no LLM), one per kind of evidence: a table's cells read by retrieval, a document's
overview, named pages and tables, and ranked sentences with typed spans. They share one context: the evidence in
reading order, numbered [1]..[n], and the passage after each (read on into, never ranked)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from app.qa.analysis.model import QuestionAnalysis
from app.qa.answer import (
    MAX_CONTEXT_CHARS_PER_ITEM,
    NO_ANSWER,
    NO_VALUE_OF_TYPE,
    WEAK_EVIDENCE,
    Answer,
    build_context,
    far_from_question,
    finish,
    names_record,
    reading_order,
)
from app.qa.ask import AskOptions, EvidenceNode, Retrieval
from app.qa.extractive_reader.items import ContextItem, Encode
from app.qa.read.base import Reading, ReadTools, Scored, from_answer
from app.qa.read.shapes import overview_text, structural_text
from app.qa.reader.reading import read


@dataclass(frozen=True, slots=True)
class Context:
    items: list[ContextItem]
    nodes: list[EvidenceNode]
    next_of: dict[str, str]  # passage id → the passage after it
    notes: str  # sentences the structural stage added ("Table 2 was found as Table 2.1")

    @property
    def marker_of(self) -> dict[str, int]:
        return {item.node_id: item.marker for item in self.items}


def context(evidence: Retrieval) -> Context:
    nodes = reading_order(evidence.nodes, evidence.reading_extra)
    items = build_context(nodes)
    next_of = {n.parent: n.node_id for n in evidence.windows if n.parent}
    in_context = {n.node_id for n in nodes}
    windows = [n for n in evidence.windows if n.node_id not in in_context] if items else []
    items += [
        ContextItem(marker=len(items) + k, node_id=n.node_id, kind=n.kind, text=n.text[:MAX_CONTEXT_CHARS_PER_ITEM],
                    document_id=n.document_id, continues=n.parent or "")
        for k, n in enumerate(windows, start=1)
    ]  # fmt: skip
    return Context(items, [*nodes, *windows], next_of, " ".join(evidence.notes))


def _local(options: AskOptions) -> bool:
    return options.reader == "local"


@dataclass(slots=True)
class TableCellReader:
    """The value of the cell (or the rows, or the aggregate) a table answer read (app.qa.tables), when its table
    is among the units read."""

    tools: ReadTools
    name: str = "table"

    def accepts(self, analysis: QuestionAnalysis, evidence: Retrieval, options: AskOptions) -> bool:
        if not _local(options) or not evidence.table_answers:
            return False
        if analysis.expected == "choice" and all(a.kind == "cell" for a in evidence.table_answers):
            return False  # one cell cannot choose between two things the question offers: the sentences are read
        read_ids = {n.node_id for n in context(evidence).nodes}
        return any(a.table_id in read_ids for a in evidence.table_answers)

    def read(self, analysis: QuestionAnalysis, evidence: Retrieval) -> Reading:
        ctx = context(evidence)
        marker_of = ctx.marker_of
        table_answers = [a for a in evidence.table_answers if a.table_id in marker_of]
        text = "\n\n".join(a.render(marker_of[a.table_id]) for a in table_answers)
        answer = finish(f"{text}\n\n{ctx.notes}".strip(), ctx.items, ctx.nodes, 0)
        # Only a cell is shown as the short answer. An aggregate (highest, total, count) reads the question's wording
        # as well as the cells, and on questions not yet tuned on that reading was wrong often enough (11 of 14 right
        # on the fresh dev half before tuning, against 6 of 6 cells) to miss the 90% bar: its value leads the text.
        one = table_answers[0] if len(table_answers) == 1 else None
        answer.short_answer = one.short_answer if one is not None and one.kind == "cell" else None
        answer.candidate = answer.short_answer
        return from_answer(self.name, answer, no_answer=0.0)


@dataclass(slots=True)
class OverviewReader:
    """A document asked for as a whole: its description, opening sentences and tables."""

    tools: ReadTools
    name: str = "overview"

    def accepts(self, analysis: QuestionAnalysis, evidence: Retrieval, options: AskOptions) -> bool:
        return _local(options) and evidence.overview is not None and bool(context(evidence).items)

    def read(self, analysis: QuestionAnalysis, evidence: Retrieval) -> Reading:
        ctx = context(evidence)
        return from_answer(self.name, finish(overview_text(evidence, ctx.items), ctx.items, ctx.nodes, 0), 0.0)


@dataclass(slots=True)
class StructuralReader:
    """Named pages and tables: grouped by what was named, tables kept as tables."""

    tools: ReadTools
    name: str = "structural"

    def accepts(self, analysis: QuestionAnalysis, evidence: Retrieval, options: AskOptions) -> bool:
        return _local(options) and evidence.question_type == "structural" and bool(context(evidence).items)

    def read(self, analysis: QuestionAnalysis, evidence: Retrieval) -> Reading:
        ctx = context(evidence)
        text = structural_text(analysis.question, evidence, ctx.items, self.tools.encode, evidence.intent)
        return from_answer(self.name, finish(f"{text}\n\n{ctx.notes}".strip(), ctx.items, ctx.nodes, 0), 0.0)


@dataclass(slots=True)
class ExtractiveReader:
    """Content: the learned sentence ranking picks the sentences, the asked type the span; hedged when the evidence
    is far from the question or holds no value of the asked type."""

    tools: ReadTools
    name: str = "extractive"

    def accepts(self, analysis: QuestionAnalysis, evidence: Retrieval, options: AskOptions) -> bool:
        return _local(options)

    def read(self, analysis: QuestionAnalysis, evidence: Retrieval) -> Reading:
        ctx = context(evidence)
        if not ctx.items:
            return Reading(self.name, NO_ANSWER, no_answer=1.0)
        question = analysis.question
        vector = self.tools.question_vector() if self.tools.question_vector is not None else None
        # Nothing retrieved is about the question: say so, and show the closest evidence as evidence only (a bold
        # span or a short answer would present a sentence about something else as the answer).
        weak = far_from_question(evidence)
        reading = read(question, ctx.items, self.tools.encode, vector, evidence_only=weak,
                       rare_names=evidence.rare_names, next_of=ctx.next_of)  # fmt: skip
        lead = WEAK_EVIDENCE if weak and not names_record(question, evidence.rare_names, reading.lead) else None
        # A value in a sentence that shares no word with the question (a year of a reference-list entry) is no value
        # of what was asked.
        typed = reading.value_shown or (reading.candidate is not None and reading.candidate.source.overlap > 0)
        if lead is None and not typed and (untyped := NO_VALUE_OF_TYPE.get(analysis.expected)):
            # A date or an amount asked for, and no sentence of the evidence about the question holds one: the
            # sentences shown are about the question, not its answer, and must not read as the answer.
            lead = untyped
        text = f"{lead}\n\n{reading.text}" if lead and reading.text else reading.text
        answer: Answer = finish(text, ctx.items, ctx.nodes, 0)
        answer.short_answer = reading.short_answer if answer.text != NO_ANSWER else None
        best = reading.candidate
        candidates = (Scored(best.text, best.confidence),) if best is not None else ()
        no_answer = 1.0 if answer.text == NO_ANSWER or lead else 1.0 - (best.confidence if best else 0.0)
        return Reading(self.name, answer.text, tuple(answer.cited), answer.short_answer, candidates,
                       round(no_answer, 4))  # fmt: skip


def local_answer(question: str, retrieval: Retrieval, encode: Encode | None, intent: str = "lookup",
                 question_vector: np.ndarray | None = None) -> Answer:  # fmt: skip
    """The built-in readers in their registry order (tests and benchmarks read one retrieval with them)."""
    from app.qa.analysis.parse import analyse
    from app.qa.read.registry import choose

    retrieval.intent = intent  # type: ignore[assignment]
    tools = ReadTools(encode, (lambda: question_vector) if question_vector is not None else None)
    analysis = analyse(question)
    return choose(analysis, retrieval, AskOptions(reader="local"), tools).read(analysis, retrieval).answer()
