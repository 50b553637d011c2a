"""The document-name rules never fence a multi-hop benchmark question into one document.

Fencing ("eu-021", "the diesel engines manual") restricts content retrieval to the named file. Entity-named
documents ("Gallu.txt", "Guinea-Bissau.txt", "2018 FIFA World Cup statistics.txt") are what multi-hop questions are
about, and a fence there would cut the second hop; so every question of the shared multi-hop sets, classified
against the pooled collection's names, must stay unfenced and a content question.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from app.eval.datasets import load_questions
from app.qa.classify.documents import DocumentNames
from app.qa.classify.model import DocumentName
from app.qa.classify.question import classify

MDQA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "mdqa"


@pytest.mark.parametrize("dataset", ["hotpotqa_100", "musique_100", "2wikimultihopqa_16"])
def test_no_multihop_question_is_fenced(dataset: str) -> None:
    _, questions = load_questions(MDQA / f"{dataset}.json")
    titles = sorted({p.title for q in questions for p in q.paragraphs})
    assert len(titles) > 100
    names = DocumentNames([DocumentName(str(i), f"{t[:240]}.txt") for i, t in enumerate(titles)])
    fenced = []
    for q in questions:
        parsed = classify(q.question, names)
        if parsed.question_type != "content" or (parsed.document is not None and parsed.document.explicit):
            fenced.append(q.question)
    assert fenced == []
