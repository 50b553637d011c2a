"""The reader interface: `Reader.read(analysis, evidence) -> Reading`, after the contract of Haystack's extractive
reader: scored candidate answers and an explicit score that the evidence does not answer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

import numpy as np

from app.qa.analysis.model import QuestionAnalysis
from app.qa.answer import Answer
from app.qa.ask import AskOptions, EvidenceNode, Retrieval
from app.qa.extractive_reader.items import Encode

if TYPE_CHECKING:
    from app.llm.chat import ChatClient
    from app.qa.llm_reader import AnswerSink


@dataclass(frozen=True, slots=True)
class Scored:
    """A candidate short answer and the reader's score for it (0-1; for a table cell, 1 when it was read)."""

    text: str
    score: float


@dataclass(frozen=True, slots=True)
class Reading:
    reader: str  # the registered name of the reader that wrote it
    text: str  # Markdown with [n] markers, n indexing `cited` from 1
    cited: tuple[EvidenceNode, ...] = ()
    short_answer: str | None = None  # shown above the text: a candidate the reader is sure of
    candidates: tuple[Scored, ...] = ()  # best first, shown or not (what `mdqa eval` scores as the reader's span)
    # How likely the evidence does not answer the question: 1 when nothing was found or the evidence is about
    # something else, 0 when a named cell or table was read.
    no_answer: float = 0.0
    llm_calls: int = 0
    notes: tuple[str, ...] = field(default_factory=tuple)

    def answer(self) -> Answer:
        """The mutable answer the compose stage and the notes work on."""
        best = self.candidates[0].text if self.candidates else None
        return Answer(text=self.text, cited=list(self.cited), llm_calls=self.llm_calls,
                      short_answer=self.short_answer, candidate=best)  # fmt: skip


@dataclass(slots=True)
class ReadTools:
    """What readers may use, each built only when a reader asks for it."""

    encode: Encode | None = None  # sentences → vectors, remembered per encoder
    question_vector: Callable[[], np.ndarray] | None = None  # the retriever's vector, remembered
    chat: Callable[[], ChatClient] | None = None  # the configured LLM's client (None: no LLM)
    sink: AnswerSink | None = None  # where the LLM reader streams its answer as it is written


class Reader(Protocol):
    name: str

    def accepts(self, analysis: QuestionAnalysis, evidence: Retrieval, options: AskOptions) -> bool:
        """Whether this reader reads this evidence (the registry asks each in turn)."""
        ...

    def read(self, analysis: QuestionAnalysis, evidence: Retrieval) -> Reading: ...


def from_answer(name: str, answer: Answer, no_answer: float, score: float | None = None) -> Reading:
    """A Reading of an answer written by one of the answer functions."""
    scored = score if score is not None else 1.0 - no_answer
    candidates = (Scored(answer.candidate, scored),) if answer.candidate else ()
    return Reading(name, answer.text, tuple(answer.cited), answer.short_answer, candidates, no_answer, answer.llm_calls)
