"""How likely a short-answer candidate is to be right: a logistic model over its features, and the thresholds
at which it is shown (SHOW_THRESHOLD) or only highlighted in its sentence (HIGHLIGHT_THRESHOLD).

The weights and thresholds were fitted and chosen on development questions only (HotpotQA and MuSiQue questions
whose sha256(id) is even, and the "dev" records of the PDF answer set) by `benchmarks/reader_calibration.py --fit`,
which writes them to models/confidence.json with what they were fitted on; held-out figures are in
docs/benchmarks.md ("Short answers of the built-in reader").
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

FEATURES = (
    "rank", "rel_score", "similarity", "overlap", "retrieval", "strict", "share", "margin", "items", "ambiguity",
    "proximity", "repeats_question", "type_date", "type_number", "type_person", "type_place", "type_entity",
    "type_yesno", "type_choice",
)  # fmt: skip

# The calibrated numbers live in models/confidence.json beside what they were fitted on (data, splits, date,
# command, number of candidates); `benchmarks/reader_calibration.py --fit` writes that file.
MODEL_PATH = Path(__file__).resolve().parent / "models" / "confidence.json"
_MODEL: dict[str, Any] = json.loads(MODEL_PATH.read_text(encoding="utf-8"))
if tuple(_MODEL["features"]) != FEATURES:
    raise RuntimeError(f"{MODEL_PATH} was fitted on features {_MODEL['features']}, not {list(FEATURES)}")
MEANS: dict[str, float] = {f: float(_MODEL["means"][f]) for f in FEATURES}
SCALES: dict[str, float] = {f: float(_MODEL["scales"][f]) for f in FEATURES}
WEIGHTS: dict[str, float] = {f: float(_MODEL["weights"][f]) for f in FEATURES}
BIAS: float = float(_MODEL["bias"])
# A SHOW_THRESHOLD above 1 shows no short answer; the file's "note" says why the thresholds are what they are.
SHOW_THRESHOLD: float = float(_MODEL["show_threshold"])
HIGHLIGHT_THRESHOLD: float = float(_MODEL["highlight_threshold"])


def linear(features: dict[str, float]) -> float:
    return BIAS + sum(
        WEIGHTS[f] * (features.get(f, 0.0) - MEANS[f]) / (SCALES[f] or 1.0) for f in FEATURES
    )


def confidence(features: dict[str, float]) -> float:
    z = max(-30.0, min(30.0, linear(features)))
    return 1.0 / (1.0 + math.exp(-z))
