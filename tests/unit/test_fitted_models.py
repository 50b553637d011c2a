"""The fitted weights (app/qa/models/*.json) say what they were fitted on, and match the features of their module."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.qa import confidence, sentence_rank

MODELS = Path(confidence.__file__).resolve().parent / "models"
PROVENANCE = ("command", "date", "data", "splits", "unit", "examples", "positives")


def _load(name: str) -> dict:
    return json.loads((MODELS / f"{name}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("name", "module", "numbers"),
    [
        ("confidence", confidence, ("bias", "show_threshold", "highlight_threshold")),
        ("sentence_rank", sentence_rank, ("bias",)),
    ],
)
def test_model_file(name: str, module: object, numbers: tuple[str, ...]) -> None:
    model = _load(name)
    for key in ("model", "fitted_on", "features", "means", "scales", "weights", *numbers):
        assert key in model, f"{name}.json lacks {key}"
    features = model["features"]
    assert features == list(module.FEATURES)  # type: ignore[attr-defined]
    assert len(set(features)) == len(features)
    for key in ("means", "scales", "weights"):
        assert list(model[key]) == features, f"{name}.json: the keys of {key} are not its features, in order"
        assert all(isinstance(v, float) for v in model[key].values())
    for key in numbers:
        assert isinstance(model[key], float)
    fitted_on = model["fitted_on"]
    for key in PROVENANCE:
        value = fitted_on.get(key)
        assert value not in (None, "", [], {}), f"{name}.json: fitted_on.{key} is empty"
        if isinstance(value, str):
            assert value.strip()
    assert isinstance(fitted_on["examples"], int) and fitted_on["examples"] > 0
    assert 0 < fitted_on["positives"] <= fitted_on["examples"]


def test_modules_read_their_files() -> None:
    conf = _load("confidence")
    assert conf["weights"] == confidence.WEIGHTS and conf["means"] == confidence.MEANS
    assert conf["scales"] == confidence.SCALES and conf["bias"] == confidence.BIAS
    assert conf["show_threshold"] == confidence.SHOW_THRESHOLD
    assert conf["highlight_threshold"] == confidence.HIGHLIGHT_THRESHOLD
    rank = _load("sentence_rank")
    for key, values in (("means", sentence_rank.MEANS), ("scales", sentence_rank.SCALES),
                        ("weights", sentence_rank.WEIGHTS)):  # fmt: skip
        assert values.tolist() == [rank[key][f] for f in sentence_rank.FEATURES]
    assert rank["bias"] == sentence_rank.BIAS
