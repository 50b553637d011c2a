"""RGNN-Ret's self-critique loop with an LLM: after each retrieval step the LLM reads the step's best passages and
says whether the question can be answered; if not, it writes the next sub-question (GNN-Ret §3.3). Every call is
counted. A reply that is not the JSON asked for ends the steps: retrieval falls back to the merged ranking."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from app.llm.prompts import SELF_CRITIQUE
from app.qa.multistep import NextStep

# Characters of each passage shown to the LLM: the step's best units are passages, rarely longer.
PASSAGE_CHARS = 700


@dataclass(slots=True)
class SelfCritique:
    """An `Advance` (app.qa.multistep) asking `generate` (prompt → reply) for the next sub-question."""

    generate: Callable[[str], str]
    calls: int = 0
    seen: list[str] = field(default_factory=list)  # passages of the earlier steps, shown again each step
    asked: list[str] = field(default_factory=list)

    def __call__(self, question: str, texts: Sequence[str], said: frozenset[str]) -> NextStep | None:
        self.seen += [" ".join(t.split())[:PASSAGE_CHARS] for t in texts]
        evidence = "\n".join(f"[{k}] {t}" for k, t in enumerate(self.seen, start=1))
        prompt = SELF_CRITIQUE.format(question=question, evidence=evidence, asked="; ".join(self.asked) or "none")
        self.calls += 1
        verdict = _verdict(self.generate(prompt))
        if verdict is None or verdict[0]:
            return None
        _, known, nxt = verdict
        if not nxt or nxt.lower() in said or nxt.lower() == question.lower():
            return None
        self.asked.append(nxt)
        return NextStep(known or nxt, nxt)


def _verdict(reply: str) -> tuple[bool, str, str] | None:
    """(enough, known, next) from the reply's JSON object; None when it holds none."""
    start, end = reply.find("{"), reply.rfind("}")
    if start < 0 or end <= start:
        return None
    try:
        data = json.loads(reply[start : end + 1])
    except json.JSONDecodeError:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("enough"), bool):
        return None
    return data["enough"], str(data.get("known") or "").strip(), str(data.get("next") or "").strip()
