"""Metric functions of `mdqa eval`: SQuAD normalisation, EM/F1 with aliases, recall@k over distinct paragraphs."""

from __future__ import annotations

import math

import pytest

from app.eval.datasets import Paragraph, group_by_title, passage_texts
from app.eval.metrics import (
    all_at_k,
    answer_contains,
    best_em_f1,
    contains_sentence,
    exact_match,
    f1_score,
    normalize_answer,
    percentile,
    recall_at_k,
    strip_citations,
)


def test_normalize_answer_squad_rules() -> None:
    assert normalize_answer("The  Eiffel Tower!") == "eiffel tower"
    assert normalize_answer("An apple, a pear") == "apple pear"
    assert normalize_answer("  U.S.A. ") == "usa"


def test_exact_match_and_f1() -> None:
    assert exact_match("the Beatles", "Beatles") == 1.0
    assert exact_match("Beatles band", "Beatles") == 0.0
    assert f1_score("Beatles band", "The Beatles") == pytest.approx(2 / 3)
    assert f1_score("nothing", "Beatles") == 0.0
    assert f1_score("yes", "no") == 0.0
    assert f1_score("yes it is", "yes") == 0.0  # yes/no must match exactly


def test_best_em_f1_uses_aliases_and_strips_citations() -> None:
    em, f1 = best_em_f1("Stanley Hall [1]", ["G. Stanley Hall", "Stanley Hall"])
    assert em == 1.0 and f1 == 1.0
    em, f1 = best_em_f1("G. Stanley Hall was first [2, 3].", ["Someone Else"])
    assert em == 0.0 and f1 == 0.0
    assert best_em_f1("x", []) == (0.0, 0.0)
    assert strip_citations("Paris [1] is big [2,3].") == "Paris is big."


def test_recall_at_k_counts_distinct_paragraphs() -> None:
    ranked = ["a", "a", "x", "a", "b", "c"]  # three passages of paragraph a
    gold = {"a", "b"}
    assert recall_at_k(ranked, gold, 1) == 0.5
    assert recall_at_k(ranked, gold, 2) == 0.5  # distinct: a, x
    assert recall_at_k(ranked, gold, 3) == 1.0  # a, x, b
    assert recall_at_k(ranked, gold, None) == 1.0
    assert recall_at_k([], gold, 5) == 0.0
    assert recall_at_k(ranked, set(), 5) == 0.0
    assert all_at_k(ranked, gold, 2) == 0.0 and all_at_k(ranked, gold, 3) == 1.0


def test_recall_with_duplicate_gold_entries() -> None:
    assert recall_at_k(["a", "b"], ["a", "a", "c"], 2) == 0.5


def test_answer_contains_is_token_aligned() -> None:
    assert answer_contains("The value is 1,275,000 [1].", "1,275,000")
    assert not answer_contains("The value is 11,275,0001", "1,275,000")
    assert not answer_contains("anything", "")


def test_contains_sentence_ignores_spacing_and_punctuation() -> None:
    passage = "Lilu is a spirit.  In Akkadian,  it is a demon."
    assert contains_sentence(passage, " In Akkadian, it is a demon.")
    assert not contains_sentence(passage, "Gallu is a demon.")


def test_percentile() -> None:
    assert percentile([3.0, 1.0, 2.0], 50) == 2.0
    assert percentile([1.0, 2.0], 95) == pytest.approx(1.95)
    assert math.isnan(percentile([], 50))


def test_group_by_title_merges_repeated_titles_and_dedupes() -> None:
    paragraphs = [
        Paragraph(0, "A", "one", None),
        Paragraph(1, "B", "two", None),
        Paragraph(2, "A", "three", None),
        Paragraph(3, "A", "one", None),
    ]
    documents = group_by_title(paragraphs)
    assert [d.title for d in documents] == ["A", "B"]
    assert [p.idx for p in documents[0].paragraphs] == [0, 2]


def test_long_paragraphs_split_at_sentences() -> None:
    sentence = "This sentence has exactly eight words in it. "
    long = Paragraph(0, "T", (sentence * 40).strip(), None)
    chunks = passage_texts(long)
    assert len(chunks) > 1
    assert all(len(c.split()) <= 160 for c in chunks)
    assert " ".join(chunks).split() == long.text.split()
    assert passage_texts(Paragraph(1, "T", "short text", None)) == ["short text"]
