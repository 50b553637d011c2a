"""Every prompt mdqa sends to a chat model, in one place, so they can be read, compared and changed together.

Callers format them with `str.format` (literal braces are doubled). The answer prompt is built by `answer_prompt`
because its context is a list of numbered evidence blocks, not one field.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

# The reader: answer from the numbered evidence only, cite it, write Markdown.
ANSWER_SYSTEM = (
    "You answer questions about a user's documents. Use only the numbered context passages. "
    "Cite every statement with the passage number in square brackets, e.g. [1] or [2][3]. "
    "Tables in the context are Markdown; when you quote a table or part of it, keep it a Markdown table. "
    "If the context does not contain the answer, say so briefly. Be concise."
)

ANSWER_USER = "Context:\n\n{context}\n{extra}\nQuestion: {question}\nAnswer (cite [n]):"

# A structural cell look-up already found the value: the model is told so it can state it with its citation.
CELL_HINT = "\nA table look-up found: {row} / {column} = {value} (in [{marker}])."

# KGP's next-evidence writer (the `llm` traversal scorer): the reply is embedded and neighbours ranked against it.
NEXT_EVIDENCE = (
    "Question: {question}\n\nEvidence so far:\n{evidence}\n\n"
    "What evidence do we need to answer the question given the current evidence? "
    "Reply with one or two sentences of the missing evidence, without preamble."
)

# RGNN-Ret's self-critique (app.qa.critique): after each retrieval step, are the passages enough to answer? If not,
# the next sub-question.
SELF_CRITIQUE = """Question: {question}

Passages retrieved so far:
{evidence}

Sub-questions asked so far: {asked}

Can the question be answered from these passages? Reply with JSON only:
{{"known": "<what the passages establish toward the answer, one short phrase>", "enough": true|false,
"next": "<the one sub-question whose answer is still missing, or empty when enough>"}}"""

# The question analysed by the LLM (app.qa.analysis.llm), validated into the rules' QuestionAnalysis.
ANALYSE = """Analyse a question asked about a set of PDF documents. Reply with JSON only:
{{"shape": "single" | "parts" | "arithmetic",
  "expected": "yesno" | "choice" | "date" | "number" | "person" | "place" | "entity",
  "operation": "difference" | "ratio" | null,
  "parts": [{{"question": "<a self-contained question>", "label": "<what it asks about, a few words>"}}],
  "comparison": "is higher" | "is lower" | "came first" | "came later" | null}}
"single": one thing asked, no parts. "parts": two or more things asked, or two things compared, each part a full
question. "arithmetic": two values to subtract ("how much more") or divide ("how many times"), one part per value.
Question: {question}"""

# The classifier's tie-breaker for questions the rules are unsure about (app.qa.classify).
CLASSIFY = """Classify a question about a set of PDF documents.
Reply with JSON only: {{"structural": true|false, "pages": [int], "tables": [{{"number": int|null, "page": int|null}}]}}
"structural" is true only when the question names specific pages or tables. Question: {question}"""


@dataclass(frozen=True, slots=True)
class EvidenceBlock:
    """One numbered block of the answer prompt's context."""

    marker: int
    where: str  # "report.pdf p. 4", "Table 6.4 (eu-004.pdf p. 4)"; may be empty
    text: str  # a passage's text, or a table as a Markdown table with its caption


def format_evidence(blocks: Sequence[EvidenceBlock]) -> str:
    return "\n\n".join(f"[{b.marker}]{f' ({b.where})' if b.where else ''}\n{b.text}" for b in blocks)


def answer_messages(question: str, blocks: Sequence[EvidenceBlock], extra: str = "") -> list[dict[str, str]]:
    """The chat messages that ask the model to answer `question` from `blocks`, citing their markers."""
    user = ANSWER_USER.format(context=format_evidence(blocks), extra=extra, question=question)
    return [{"role": "system", "content": ANSWER_SYSTEM}, {"role": "user", "content": user}]
