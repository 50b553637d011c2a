"""Benchmark files (the unified HotpotQA / MuSiQue / 2Wiki format) → questions and document sets.

A paragraph is identified by its key (title, text): the same key in the per-question and the pooled setting,
so supporting paragraphs are found the same way in both, and duplicates in the pooled pool collapse.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from app.text.sentences import split_sentences

ParagraphKey = tuple[str, str]  # (title, text)

# MiniLM reads 256 word pieces; longer paragraphs are split at sentence boundaries into chunks of this size.
SPLIT_ABOVE_WORDS = 200
CHUNK_WORDS = 150


@dataclass(slots=True, frozen=True)
class Paragraph:
    idx: int
    title: str
    text: str
    sentences: tuple[str, ...] | None

    @property
    def key(self) -> ParagraphKey:
        return (self.title, self.text)


@dataclass(slots=True)
class EvalQuestion:
    id: str
    question: str
    answer: str
    aliases: list[str]
    question_type: str
    paragraphs: list[Paragraph]
    supporting_idx: list[int]
    # (paragraph idx, sentence id) of the sentence-level gold (HotpotQA; 2Wiki ids refer to another split).
    supporting_facts: list[tuple[int, int]] = field(default_factory=list)

    @property
    def answers(self) -> list[str]:
        return [self.answer, *self.aliases]

    @property
    def gold_keys(self) -> set[ParagraphKey]:
        by_idx = {p.idx: p for p in self.paragraphs}
        return {by_idx[i].key for i in self.supporting_idx if i in by_idx}


@dataclass(slots=True)
class SourceDocument:
    """One document to ingest: a title and its paragraphs, in order."""

    title: str
    paragraphs: list[Paragraph]


def split_of(qid: str) -> str:
    """The project's fixed split of multi-hop questions (BRIEF): dev when sha256(id) is even, else test."""
    return "dev" if int(hashlib.sha256(str(qid).encode()).hexdigest(), 16) % 2 == 0 else "test"


def load_questions(path: Path, limit: int | None = None, split: str = "all") -> tuple[str, list[EvalQuestion]]:
    """(dataset name, questions) from a unified-format file; `split` keeps one half (before `limit`)."""
    records = json.loads(path.read_text(encoding="utf-8"))
    if split != "all":
        records = [r for r in records if split_of(str(r["id"])) == split]
    if limit is not None:
        records = records[:limit]
    questions: list[EvalQuestion] = []
    for record in records:
        paragraphs = [
            Paragraph(
                idx=int(p["idx"]),
                title=str(p["title"]),
                text=str(p["text"]),
                sentences=tuple(p["sentences"]) if p.get("sentences") else None,
            )
            for p in record["paragraphs"]
        ]
        facts: list[tuple[int, int]] = []
        if record.get("dataset") == "hotpotqa":
            facts = [(int(f["paragraph_idx"]), int(f["sent_id"])) for f in record.get("supporting_facts") or []]
        questions.append(
            EvalQuestion(
                id=str(record["id"]),
                question=str(record["question"]),
                answer=str(record.get("answer") or ""),
                aliases=[str(a) for a in record.get("answer_aliases") or []],
                question_type=str(record.get("question_type") or ""),
                paragraphs=paragraphs,
                supporting_idx=[int(i) for i in record.get("supporting_paragraph_idx") or []],
                supporting_facts=facts,
            )
        )
    name = records[0].get("dataset", path.stem) if records else path.stem
    return str(name), questions


def group_by_title(paragraphs: list[Paragraph]) -> list[SourceDocument]:
    """One document per title (MuSiQue titles repeat), paragraphs deduplicated by (title, text), first-seen order."""
    documents: dict[str, SourceDocument] = {}
    seen: set[ParagraphKey] = set()
    for paragraph in paragraphs:
        if paragraph.key in seen:
            continue
        seen.add(paragraph.key)
        documents.setdefault(paragraph.title, SourceDocument(paragraph.title, [])).paragraphs.append(paragraph)
    return list(documents.values())


def per_question_documents(question: EvalQuestion) -> list[SourceDocument]:
    return group_by_title(question.paragraphs)


def pooled_documents(questions: list[EvalQuestion]) -> list[SourceDocument]:
    return group_by_title([p for q in questions for p in q.paragraphs])


def sentences_of(paragraph: Paragraph) -> list[str]:
    if paragraph.sentences:
        return [s.strip() for s in paragraph.sentences]
    return split_sentences(paragraph.text)


def passage_texts(paragraph: Paragraph) -> list[str]:
    """The paragraph as one passage, or split at sentence boundaries when it is too long for the embedder."""
    if len(paragraph.text.split()) <= SPLIT_ABOVE_WORDS:
        return [paragraph.text]
    chunks: list[str] = []
    current: list[str] = []
    words = 0
    for sentence in sentences_of(paragraph):
        n = len(sentence.split())
        if current and words + n > CHUNK_WORDS:
            chunks.append(" ".join(current))
            current, words = [], 0
        current.append(sentence)
        words += n
    if current:
        chunks.append(" ".join(current))
    return chunks
