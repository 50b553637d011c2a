"""Metric functions: SQuAD answer EM/F1, supporting-paragraph recall@k, sentence recall, latency percentiles."""

from __future__ import annotations

import math
import re
import string
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence

_ARTICLES = re.compile(r"\b(a|an|the)\b", re.UNICODE)
_CITATION = re.compile(r"\s*\[\d+(?:\s*[,–-]\s*\d+)*\]")
_PUNCT = frozenset(string.punctuation)


def normalize_answer(text: str) -> str:
    """SQuAD normalisation: lower-case, drop punctuation and articles, collapse whitespace."""
    text = text.lower()
    text = "".join(ch for ch in text if ch not in _PUNCT)
    text = _ARTICLES.sub(" ", text)
    return " ".join(text.split())


def strip_citations(answer: str) -> str:
    """Remove `[1]`, `[2, 3]` markers the reader puts in its answer text."""
    return " ".join(_CITATION.sub("", answer).split())


def exact_match(prediction: str, gold: str) -> float:
    return float(normalize_answer(prediction) == normalize_answer(gold))


def f1_score(prediction: str, gold: str) -> float:
    pred_tokens = normalize_answer(prediction).split()
    gold_tokens = normalize_answer(gold).split()
    # SQuAD / HotpotQA: yes/no/noanswer only match exactly.
    specials = {"yes", "no", "noanswer"}
    if (" ".join(pred_tokens) in specials or " ".join(gold_tokens) in specials) and pred_tokens != gold_tokens:
        return 0.0
    common = Counter(pred_tokens) & Counter(gold_tokens)
    same = sum(common.values())
    if same == 0:
        return 0.0
    precision = same / len(pred_tokens)
    recall = same / len(gold_tokens)
    return 2 * precision * recall / (precision + recall)


def best_em_f1(prediction: str, answers: Sequence[str]) -> tuple[float, float]:
    """Max EM and max F1 over the gold answer and its aliases (MuSiQue)."""
    golds = [a for a in answers if a and a.strip()]
    if not golds:
        return 0.0, 0.0
    prediction = strip_citations(prediction)
    return max(exact_match(prediction, g) for g in golds), max(f1_score(prediction, g) for g in golds)


def answer_contains(prediction: str, expected: str) -> bool:
    """The normalised prediction contains the normalised expected value (cell-answer accuracy)."""
    want = normalize_answer(expected)
    if not want:
        return False
    return f" {want} " in f" {normalize_answer(strip_citations(prediction))} "


def distinct_in_order(items: Iterable[Hashable]) -> list[Hashable]:
    """First occurrence of each item, in order (several passages of one paragraph count once)."""
    seen: set[Hashable] = set()
    out: list[Hashable] = []
    for item in items:
        if item not in seen:
            seen.add(item)
            out.append(item)
    return out


def recall_at_k(ranked: Sequence[Hashable], gold: Iterable[Hashable], k: int | None) -> float:
    """Fraction of gold items among the first k *distinct* ranked items (k=None: all of them)."""
    gold_set = set(gold)
    if not gold_set:
        return 0.0
    top = distinct_in_order(ranked)
    if k is not None:
        top = top[:k]
    return len(gold_set.intersection(top)) / len(gold_set)


def all_at_k(ranked: Sequence[Hashable], gold: Iterable[Hashable], k: int | None) -> float:
    """1.0 when every gold item is among the first k distinct ranked items."""
    return float(recall_at_k(ranked, gold, k) == 1.0)


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank-interpolated percentile (q in 0..100); NaN for an empty list."""
    if not values:
        return math.nan
    ordered = sorted(values)
    if len(ordered) == 1:
        return float(ordered[0])
    position = (len(ordered) - 1) * q / 100.0
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return float(ordered[low] + (ordered[high] - ordered[low]) * (position - low))


def mean(values: Iterable[float]) -> float:
    values = [v for v in values if not math.isnan(v)]
    return sum(values) / len(values) if values else math.nan


def word_tokens(text: str) -> list[str]:
    """Lower-case alphanumeric tokens: the unit for matching passages to paragraphs and sentences."""
    return re.findall(r"\w+", text.lower())


def contains_sentence(passage_text: str, sentence: str) -> bool:
    """A sentence counts as retrieved when its tokens appear, in order, in the passage."""
    sentence_norm = " ".join(word_tokens(sentence))
    if not sentence_norm:
        return False
    return f" {sentence_norm} " in f" {' '.join(word_tokens(passage_text))} "
