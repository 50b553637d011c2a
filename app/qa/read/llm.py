"""The LLM reader: any OpenAI-compatible chat model reads the same evidence (tables as Markdown), told the question's
analysis where it helps (the type of value asked for); the prompt lives in app.llm.prompts."""

from __future__ import annotations

from dataclasses import dataclass

from app.qa.analysis.model import QuestionAnalysis
from app.qa.answer import NO_ANSWER
from app.qa.ask import AskOptions, Retrieval
from app.qa.llm_reader import llm_answer
from app.qa.read.base import Reading, ReadTools, from_answer


@dataclass(slots=True)
class LlmReader:
    tools: ReadTools
    name: str = "llm"

    def accepts(self, analysis: QuestionAnalysis, evidence: Retrieval, options: AskOptions) -> bool:
        return options.reader == "openai" and self.tools.chat is not None

    def read(self, analysis: QuestionAnalysis, evidence: Retrieval) -> Reading:
        assert self.tools.chat is not None
        client = self.tools.chat()
        answer = llm_answer(analysis.question, evidence, client.chat, stream=client.stream_chat,
                            sink=self.tools.sink)  # fmt: skip
        return from_answer(self.name, answer, no_answer=1.0 if answer.text == NO_ANSWER else 0.0)
