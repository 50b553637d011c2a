"""The registered readers, asked in order; the first that accepts the evidence reads it. A named target that does
not exist is said by one sentence whatever the reader; an LLM reads when the user chose it and one is configured;
else the built-in readers, most specific first (a table's cell, a document overview, named pages and tables,
sentences)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from app.qa.analysis.model import QuestionAnalysis
from app.qa.ask import AskOptions, Retrieval
from app.qa.read.base import Reader, Reading, ReadTools
from app.qa.read.llm import LlmReader
from app.qa.read.local import ExtractiveReader, OverviewReader, StructuralReader, TableCellReader
from app.qa.read.table_show import TableShowReader


@dataclass(slots=True)
class MissingReader:
    """The named document, page or table does not exist: the one sentence saying what does."""

    tools: ReadTools
    name: str = "missing"

    def accepts(self, analysis: QuestionAnalysis, evidence: Retrieval, options: AskOptions) -> bool:
        return evidence.missing is not None

    def read(self, analysis: QuestionAnalysis, evidence: Retrieval) -> Reading:
        return Reading(self.name, evidence.missing or "", no_answer=1.0)


READERS: tuple[Callable[[ReadTools], Reader], ...] = (
    MissingReader,
    LlmReader,
    TableCellReader,
    OverviewReader,
    StructuralReader,
    TableShowReader,
    ExtractiveReader,
)


class NoReader(ValueError):
    """No registered reader accepts the options (an unknown reader name, or the LLM reader with no LLM)."""


def choose(analysis: QuestionAnalysis, evidence: Retrieval, options: AskOptions, tools: ReadTools) -> Reader:
    """The first registered reader that accepts the evidence."""
    for build in READERS:
        reader = build(tools)
        if reader.accepts(analysis, evidence, options):
            return reader
    raise NoReader(f"no reader for {options.reader!r}: local, or openai with an LLM configured")
