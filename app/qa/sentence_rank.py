"""A learned ranking of the reader's shortlisted sentences: which one holds the answer.

The reader's hand-set score (0.5 × cosine + 0.3 × word overlap + 0.2 × answer-type rule + a bonus for a typed span)
weighs its signals the same for every question. Here the same signals, and a few more, are read per sentence
*relative to the other shortlisted sentences of the question* (the gap to the best cosine, to the best overlap), and
a logistic model turns them into the probability that the sentence holds the answer. It is fitted on HotpotQA and
MuSiQue questions only (the sentence of a supporting paragraph that holds the answer), so the PDF dev questions
measure it out of domain (docs/benchmarks.md, "Content answers: a learned sentence ranking"). The reader shows the
sentences it ranks best; which of them leads stays with the hand-set score (app.qa.reader.read).

`benchmarks/reader_rank.py` dumps the pairs, cross-validates and prints the fitted block below.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

import numpy as np

from app.qa.answer_types import expected_type
from app.qa.extractive_reader import Candidate, Encode, answer_type_bonus, words
from app.qa.short_answer import _proximity, typed_spans
from app.qa.span_fit import question_focus, span_fits

FEATURES = (
    "similarity", "sim_gap", "sim_rank", "focus_similarity", "overlap", "overlap_gap", "type_rule", "typed_span",
    "typed_spans", "span_proximity", "span_fit_number", "span_fit_other", "order", "first_in_item", "refers_back",
    "prev_overlap", "item_overlap", "log_chars", "table",
)  # fmt: skip

# A pronoun or demonstrative among a sentence's first words: it borrows its subject from the sentence before.
REFERS_BACK = re.compile(r"^(?:\W*\w+\W+){0,5}?(?:it|its|they|their|them|this|these|those|that|both|such|he|she|his|"
                         r"her)\b", re.I)  # fmt: skip


def features(
    question: str,
    shortlist: Sequence[Candidate],
    everything: Sequence[Candidate],
    n_items: int,
    tagger: str = "spacy",
    encode: Encode | None = None,
    every_feature: bool = False,
) -> np.ndarray:
    """One row of FEATURES per shortlisted candidate (scored: `similarity` and `overlap` set); `everything` is the
    full candidate list in evidence order, for each sentence's neighbours and passage. The span fits (an encoding
    per typed span) are computed only when the fitted model weighs them, or `every_feature` (for fitting)."""
    q_words = words(question)
    kind = expected_type(question)
    texts = [c.text for c in shortlist]
    if kind in ("yesno", "choice"):
        spans: list[list] = [[] for _ in texts]
    else:
        spans = typed_spans(kind, question, texts, tagger)
    fit_weighed = every_feature or bool(WEIGHTS[FEATURES.index("span_fit_number")] or
                                        WEIGHTS[FEATURES.index("span_fit_other")])  # fmt: skip
    if encode is not None and fit_weighed and any(spans):
        fits = span_fits(question, texts, spans, encode)
    else:
        fits = [0.0] * len(texts)
    by_item: dict[int, list[Candidate]] = {}
    for c in everything:
        by_item.setdefault(id(c.item), []).append(c)
    item_words = {k: words(" ".join(c.text for c in v)) for k, v in by_item.items()}
    best_sim = max((c.similarity for c in shortlist), default=0.0)
    sim_order = sorted(range(len(shortlist)), key=lambda i: -shortlist[i].similarity)
    sim_rank = {i: r for r, i in enumerate(sim_order)}
    focus = [0.0] * len(texts)
    if encode is not None and texts:
        vectors = np.asarray(encode([question_focus(question), *texts]), dtype=np.float32)
        focus = [float(v) for v in vectors[1:] @ vectors[0]]
    best_overlap = max((c.overlap for c in shortlist), default=0.0)
    rows = []
    for i, (c, found, fit) in enumerate(zip(shortlist, spans, fits, strict=True)):
        siblings = by_item.get(id(c.item), [c])
        index = next((i for i, s in enumerate(siblings) if s is c), 0)
        prev = siblings[index - 1].text if index > 0 else ""
        rows.append([
            c.similarity,
            c.similarity - best_sim,
            1.0 / (1.0 + sim_rank[i]),
            focus[i],
            c.overlap,
            c.overlap - best_overlap,
            answer_type_bonus(question, c.text),
            1.0 if found else 0.0,
            math.log(1 + len(found)),
            max((_proximity(c.text, sp, q_words) for sp in found), default=0.0),
            fit if kind == "number" else 0.0,
            fit if kind != "number" else 0.0,
            1.0 - c.position / max(n_items, 1),
            1.0 if index == 0 else 0.0,
            1.0 if REFERS_BACK.match(c.text) else 0.0,
            len(q_words & words(prev)) / max(len(q_words), 1),
            len(q_words & item_words.get(id(c.item), set())) / max(len(q_words), 1),
            math.log(1 + len(c.text)),
            1.0 if c.item.kind == "table" else 0.0,
        ])  # fmt: skip
    return np.asarray(rows, dtype=np.float64).reshape(len(rows), len(FEATURES))


# --- fitted (benchmarks/reader_rank.py fit, 2026-11-25: 343 dev questions,
# 5488 sentences, 404 holding the answer; C=1.0; from hotpotqa+musique;
# left out: span_fit_number, span_fit_other) ---
# fmt: off
MEANS = np.array([
    0.3516, -0.2955, 0.2113, 0.2770, 0.2558, -0.3056, 0.5512, 0.7744, 0.8743, 0.2355, 0.0000, 0.0000,
    0.6649, 0.3876, 0.2310, 0.1007, 0.3886, 4.8731, 0.0000,
])
SCALES = np.array([
    0.1702, 0.1821, 0.2332, 0.1927, 0.1946, 0.2250, 0.1914, 0.4180, 0.6108, 0.3030, 1.0000, 1.0000, 0.2670,
    0.4872, 0.4215, 0.1735, 0.2181, 0.4927, 1.0000,
])
WEIGHTS = np.array([
    -0.0387, 0.5326, 0.3054, 0.1600, -0.2929, 0.5381, 0.2762, 0.2104, 0.1289, 0.0963, 0.0000, 0.0000,
    0.6072, 0.2724, -0.0111, -0.0849, 0.4347, -0.0006, 0.0000,
])
# fmt: on
BIAS = -1.0584
# --- end fitted ---
FITTED = bool(WEIGHTS.any())
# With the learned ranking the answer leads with up to MAX_CHOSEN sentences: a runner-up is shown when its
# probability is at least SECOND_RATIO of the best one's, from the same passage or another (the features already
# tell a sentence that repeats its neighbour). Chosen on the PDF dev halves among 0.5/0.6/0.7 × 2/3 sentences: the
# one that keeps the mean answer length of the hand-set reader (371 characters over the 88 dev content questions).
SECOND_RATIO = 0.7
SAME_ITEM_RATIO = 0.7
MAX_CHOSEN = 3


def probabilities(x: np.ndarray) -> np.ndarray:
    z = BIAS + ((x - MEANS) / np.where(SCALES > 0, SCALES, 1.0)) @ WEIGHTS
    return 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))
