"""How likely a short-answer candidate is to be right: a logistic model over its features, and the thresholds
at which it is shown (SHOW_THRESHOLD) or only highlighted in its sentence (HIGHLIGHT_THRESHOLD).

The weights and thresholds were fitted and chosen on development questions only (HotpotQA and MuSiQue questions
whose sha256(id) is even, and the "dev" records of the PDF answer set) by `benchmarks/reader_calibration.py`, which
prints this block; held-out figures are in docs/benchmarks.md ("Short answers of the built-in reader").
"""

from __future__ import annotations

import math

FEATURES = (
    "rank", "rel_score", "similarity", "overlap", "retrieval", "strict", "share", "margin", "items", "ambiguity",
    "proximity", "repeats_question", "type_date", "type_number", "type_person", "type_place", "type_entity",
    "type_yesno", "type_choice",
)  # fmt: skip

# --- calibrated (benchmarks/reader_calibration.py --fit, 2026-11-23, 106 dev candidates, 18 right) ---
# No threshold reached the target out of fold (95% = 90% plus a margin for the small held-out half), so
# SHOW_THRESHOLD is above every possible confidence: the reader shows no short answer until a larger dev set finds a
# region where it is sure. HIGHLIGHT_THRESHOLD is 0: the best span of the asked type is always set in bold inside
# its evidence sentence, marking where the answer of that type stands, not a verified answer.
MEANS = {
    "rank": 1.0943, "rel_score": 0.9326, "similarity": 0.5685, "overlap": 0.3996, "retrieval": 0.5399,
    "strict": 0.9057, "share": 0.3616, "margin": 0.3192, "items": 1.3208, "ambiguity": 1.5849, "proximity": 0.5926,
    "repeats_question": 0.1604, "type_date": 0.1226, "type_number": 0.0943, "type_person": 0.2264,
    "type_place": 0.1887, "type_entity": 0.2925, "type_yesno": 0.0377, "type_choice": 0.0377,
}
SCALES = {
    "rank": 1.2095, "rel_score": 0.0842, "similarity": 0.1282, "overlap": 0.1699, "retrieval": 0.1491,
    "strict": 0.2923, "share": 0.2381, "margin": 0.2824, "items": 0.6226, "ambiguity": 1.1399, "proximity": 0.3644,
    "repeats_question": 0.367, "type_date": 0.328, "type_number": 0.2923, "type_person": 0.4185,
    "type_place": 0.3913, "type_entity": 0.4549, "type_yesno": 0.1906, "type_choice": 0.1906,
}
WEIGHTS = {
    "rank": -0.3566, "rel_score": 0.0, "similarity": 0.0263, "overlap": 0.1499, "retrieval": 0.2931, "strict": 0.0,
    "share": 0.2868, "margin": 0.0, "items": 0.0, "ambiguity": -0.1479, "proximity": 0.0639,
    "repeats_question": 0.0, "type_date": 0.2283, "type_number": 0.0671, "type_person": -0.2008,
    "type_place": -0.2105, "type_entity": 0.0837, "type_yesno": -0.0086, "type_choice": 0.186,
}
BIAS = -1.8765
SHOW_THRESHOLD = 1.0100
HIGHLIGHT_THRESHOLD = 0.0
# --- end calibrated ---


def linear(features: dict[str, float]) -> float:
    return BIAS + sum(
        WEIGHTS[f] * (features.get(f, 0.0) - MEANS[f]) / (SCALES[f] or 1.0) for f in FEATURES
    )


def confidence(features: dict[str, float]) -> float:
    z = max(-30.0, min(30.0, linear(features)))
    return 1.0 / (1.0 + math.exp(-z))
