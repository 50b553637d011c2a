"""A learned ranking of the reader's shortlisted sentences: which one holds the answer.

The reader's hand-set score (0.5 × cosine + 0.3 × word overlap + 0.2 × answer-type rule + a bonus for a typed span)
weighs its signals the same for every question. Here the same signals, and a few more, are read per sentence
*relative to the other shortlisted sentences of the question* (the gap to the best cosine, to the best overlap), and
a logistic model turns them into the probability that the sentence holds the answer. Three signals look past
plain word overlap: the question words a sentence holds weighted by their rarity among all candidates (a word every
row of a table repeats in its header says little), the question's own pairs of neighbouring words ("works trials",
"mark each page"), and for "how many <unit>" a number followed by that unit. It is fitted on HotpotQA and MuSiQue
questions (the sentence of a supporting paragraph that holds the answer) and the dev halves of the PDF answer sets
(never their test halves); fitted on HotpotQA and MuSiQue alone it ranks the PDF dev questions as well, so the signals
carry across domains (docs/benchmarks.md, "Content answers: rarity and phrase signals in the sentence ranking"). The
reader shows the sentences it ranks best; which of them leads stays with the hand-set score (app.qa.reader.read).

`benchmarks/reader_rank.py` dumps the pairs, cross-validates and fits; its fit writes models/sentence_rank.json, the
numbers with what they were fitted on.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from pathlib import Path
from string import ascii_letters
from typing import Any

import numpy as np

from app.qa.analysis.phrases import WORD, Phrases, words_after
from app.qa.answer_types import expected_type
from app.qa.extractive_reader.items import STOP, Candidate, Encode
from app.qa.extractive_reader.scoring import answer_type_bonus, rarity
from app.qa.extractive_reader.words import stemmed, words
from app.qa.short_answer import _proximity, typed_spans
from app.qa.span_fit import question_focus, span_fits

FEATURES = (
    "similarity", "sim_gap", "sim_rank", "focus_similarity", "overlap", "overlap_gap", "type_rule", "typed_span",
    "typed_spans", "span_proximity", "span_fit_number", "span_fit_other", "order", "first_in_item", "refers_back",
    "prev_overlap", "item_overlap", "log_chars", "table", "rare_overlap", "rare_gap", "phrase", "unit_match",
)  # fmt: skip

# A pronoun or demonstrative among a sentence's first words: it borrows its subject from the sentence before.
REFERS_BACK = frozenset("it its they their them this these those that both such he she his her".split())
FIRST_WORDS = 6


def refers_back(text: str) -> bool:
    """One of the first words of `text` (a word it opens on only when it opens on a word) is in REFERS_BACK."""
    words = WORD.findall(text.lower())
    return any(w in REFERS_BACK for w in words[0 if WORD.match(text) else 1 : FIRST_WORDS])


TOKEN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
# "how many seconds", "within how many work-hours", "how much money": the unit an amount must carry.
HOW_MANY = Phrases.of(["how many", "how much"])


def _asked_unit(question: str) -> str | None:
    """ "how many seconds", "how much money": the unit an amount must carry (letters, hyphens)."""
    for start, _ in HOW_MANY.every(question):
        said = words_after(question[start:], HOW_MANY, 1, lambda c: c in ascii_letters or c == "-")
        if said and len(said[0]) > 1 and said[0][0] != "-":
            return said[0]
    return None
AMOUNT = re.compile(r"\d[\d,.]*\s*(?:%|percent\b)?")


def _content_tokens(text: str) -> list[str]:
    return [t for t in TOKEN.findall(text.lower()) if t not in STOP and len(t) > 1]


def _pairs(tokens: list[str]) -> set[tuple[str, str]]:
    return set(zip(tokens, tokens[1:], strict=False))


def phrase_share(q_pairs: set[tuple[str, str]], text: str) -> float:
    """The share of the question's pairs of neighbouring content words ("works trials", "mark each", "each page")
    that stand side by side in `text` too: a sentence that repeats the question's own phrase, not only its words."""
    if not q_pairs:
        return 0.0
    return len(q_pairs & _pairs(_content_tokens(text))) / len(q_pairs)


def _stem(word: str) -> str:
    return word.lower()[:5]


def unit_match(question: str, text: str) -> float:
    """1.0 when the question asks "how many <unit>" and `text` has a number followed (within two words) by that
    unit: "within 45 seconds" for "within how many seconds"."""
    asked = _asked_unit(question)
    if asked is None or asked.lower() in STOP:
        return 0.0
    unit = _stem(asked)
    for n in AMOUNT.finditer(text):
        after = TOKEN.findall(text[n.end() : n.end() + 40].lower())[:2]
        if any(_stem(w) == unit for w in after):
            return 1.0
    return 0.0


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
    q_words = stemmed(question)
    raw_words = words(question)
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
    item_words = {k: stemmed(" ".join(c.text for c in v)) for k, v in by_item.items()}
    best_sim = max((c.similarity for c in shortlist), default=0.0)
    sim_order = sorted(range(len(shortlist)), key=lambda i: -shortlist[i].similarity)
    sim_rank = {i: r for r, i in enumerate(sim_order)}
    focus = [0.0] * len(texts)
    if encode is not None and texts:
        vectors = np.asarray(encode([question_focus(question), *texts]), dtype=np.float32)
        focus = [float(v) for v in vectors[1:] @ vectors[0]]
    best_overlap = max((c.overlap for c in shortlist), default=0.0)
    # The question words a sentence holds, each weighted by how rare it is among all the candidates: a word every
    # row of a table repeats in its header ("dollars") says little, a rare one ("works trials") much.
    held = {id(c): q_words & stemmed(c.text) for c in everything}
    rare = rarity(q_words, list(held.values()))
    rare_share = [rare(held[id(c)] if id(c) in held else q_words & stemmed(c.text)) for c in shortlist]
    best_rare = max(rare_share, default=0.0)
    q_pairs = _pairs(_content_tokens(question))
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
            max((_proximity(c.text, sp, raw_words) for sp in found), default=0.0),
            fit if kind == "number" else 0.0,
            fit if kind != "number" else 0.0,
            1.0 - c.position / max(n_items, 1),
            1.0 if index == 0 else 0.0,
            1.0 if refers_back(c.text) else 0.0,
            len(q_words & stemmed(prev)) / max(len(q_words), 1),
            len(q_words & item_words.get(id(c.item), set())) / max(len(q_words), 1),
            math.log(1 + len(c.text)),
            1.0 if c.item.kind == "table" else 0.0,
            rare_share[i],
            rare_share[i] - best_rare,
            phrase_share(q_pairs, c.text),
            unit_match(question, c.text) if kind == "number" else 0.0,
        ])  # fmt: skip
    return np.asarray(rows, dtype=np.float64).reshape(len(rows), len(FEATURES))


# The fitted numbers live in models/sentence_rank.json, one per feature, beside what they were fitted on (data,
# splits, date, command, number of sentences and questions, features left out); `benchmarks/reader_rank.py fit`
# writes that file.
MODEL_PATH = Path(__file__).resolve().parent / "models" / "sentence_rank.json"
_MODEL: dict[str, Any] = json.loads(MODEL_PATH.read_text(encoding="utf-8"))
if tuple(_MODEL["features"]) != FEATURES:
    raise RuntimeError(f"{MODEL_PATH} was fitted on features {_MODEL['features']}, not {list(FEATURES)}")
MEANS = np.array([float(_MODEL["means"][f]) for f in FEATURES], dtype=np.float64)
SCALES = np.array([float(_MODEL["scales"][f]) for f in FEATURES], dtype=np.float64)
WEIGHTS = np.array([float(_MODEL["weights"][f]) for f in FEATURES], dtype=np.float64)
BIAS: float = float(_MODEL["bias"])
# Fitted on stemmed overlaps ("recruiting" counts for "recruits"; docs/benchmarks.md, thirteenth session).
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
