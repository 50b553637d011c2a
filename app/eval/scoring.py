"""One retrieval (or answer) of one question → its metrics, and the per-retriever summary over questions."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from app.eval.datasets import EvalQuestion, ParagraphKey
from app.eval.metrics import all_at_k, contains_sentence, distinct_in_order, mean, percentile, recall_at_k
from app.qa.ask import Retrieval

RECALL_KS = (2, 5, 10)


@dataclass(slots=True)
class QuestionScore:
    recalls: dict[str, float]
    latency_ms: float
    llm_calls: int
    question_type: str
    retrieved: list[dict[str, Any]]
    sf_recall: dict[str, float] = field(default_factory=dict)
    answer: str | None = None
    em: float | None = None
    f1: float | None = None
    span_em: float | None = None  # the reader's best span, shown or not
    span_f1: float | None = None

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {**self.recalls, **self.sf_recall}
        out.update(
            latency_ms=round(self.latency_ms, 2),
            llm_calls=self.llm_calls,
            question_type=self.question_type,
            answer=self.answer,
            em=self.em,
            f1=self.f1,
            span_em=self.span_em,
            span_f1=self.span_f1,
            retrieved=self.retrieved,
        )
        return out


def ranked_paragraphs(retrieval: Retrieval, passage_keys: dict[str, list[ParagraphKey]]) -> list[ParagraphKey]:
    """Paragraph keys in evidence order (duplicates kept; recall counts distinct ones)."""
    out: list[ParagraphKey] = []
    for node in retrieval.nodes:
        out.extend(passage_keys.get(node.node_id, ()))
    return out


def _supporting_sentences(question: EvalQuestion) -> list[tuple[ParagraphKey, str]]:
    from app.eval.datasets import sentences_of

    by_idx = {p.idx: p for p in question.paragraphs}
    out = []
    for idx, sent_id in question.supporting_facts:
        paragraph = by_idx.get(idx)
        if paragraph is None:
            continue
        sentences = sentences_of(paragraph)
        if 0 <= sent_id < len(sentences):
            out.append((paragraph.key, sentences[sent_id]))
    return out


def sentence_recall(
    question: EvalQuestion,
    retrieval: Retrieval,
    passage_keys: dict[str, list[ParagraphKey]],
    top_paragraphs: set[ParagraphKey] | None,
) -> float:
    """Fraction of supporting sentences held by a retrieved passage (of a top paragraph when given)."""
    facts = _supporting_sentences(question)
    if not facts:
        return math.nan
    found = 0
    for key, sentence in facts:
        for node in retrieval.nodes:
            keys = passage_keys.get(node.node_id, ())
            if (
                key in keys
                and (top_paragraphs is None or key in top_paragraphs)
                and contains_sentence(node.text, sentence)
            ):
                found += 1
                break
    return found / len(facts)


def score_retrieval(
    question: EvalQuestion,
    retrieval: Retrieval,
    passage_keys: dict[str, list[ParagraphKey]],
    latency_ms: float,
) -> QuestionScore:
    gold = question.gold_keys
    ranked = ranked_paragraphs(retrieval, passage_keys)
    recalls = {f"recall@{k}": recall_at_k(ranked, gold, k) for k in RECALL_KS}
    recalls["recall@budget"] = recall_at_k(ranked, gold, None)
    recalls["all@5"] = all_at_k(ranked, gold, 5)
    sf: dict[str, float] = {}
    if question.supporting_facts:
        top5 = set(distinct_in_order(ranked)[:5])
        sf["sf_recall@5"] = sentence_recall(question, retrieval, passage_keys, top5)  # type: ignore[arg-type]
        sf["sf_recall@budget"] = sentence_recall(question, retrieval, passage_keys, None)
    index_of = {p.key: p.idx for p in question.paragraphs}
    retrieved = []
    for node in retrieval.nodes:
        keys = passage_keys.get(node.node_id, [])
        retrieved.append(
            {
                "node_id": node.node_id,
                "kind": node.kind,
                "title": keys[0][0] if keys else node.label,
                "paragraph_idx": [index_of.get(k) for k in keys],
                "supporting": any(k in gold for k in keys),
                "hop": node.hop,
                "edge_kind": node.edge_kind,
                "score": round(float(node.score), 4),
            }
        )
    return QuestionScore(
        recalls=recalls,
        latency_ms=latency_ms,
        llm_calls=int(retrieval.llm_calls),
        question_type=retrieval.question_type,
        retrieved=retrieved,
        sf_recall=sf,
    )


SUMMARY_KEYS = ("recall@2", "recall@5", "recall@10", "recall@budget", "all@5", "sf_recall@5", "sf_recall@budget")


def summarise(scores: list[QuestionScore]) -> dict[str, Any]:
    """The API.md per-retriever object (plus all@5, sentence recall, answered)."""

    def avg(key: str) -> float | None:
        values = [s.recalls.get(key, s.sf_recall.get(key, math.nan)) for s in scores]
        value = mean(values)
        return None if math.isnan(value) else round(value, 4)

    out: dict[str, Any] = {key: avg(key) for key in SUMMARY_KEYS}
    answered = [s for s in scores if s.em is not None]
    out["em"] = round(mean(s.em for s in answered if s.em is not None), 4) if answered else None
    out["f1"] = round(mean(s.f1 for s in answered if s.f1 is not None), 4) if answered else None
    spans = [s for s in scores if s.span_em is not None]
    out["span_em"] = round(mean(s.span_em for s in spans if s.span_em is not None), 4) if spans else None
    out["span_f1"] = round(mean(s.span_f1 for s in spans if s.span_f1 is not None), 4) if spans else None
    latencies = [s.latency_ms for s in scores]
    out["latency_ms_p50"] = round(percentile(latencies, 50), 2) if latencies else None
    out["latency_ms_p95"] = round(percentile(latencies, 95), 2) if latencies else None
    out["llm_calls"] = round(mean(float(s.llm_calls) for s in scores), 3) if scores else None
    out["answered"] = len(answered)
    return out
