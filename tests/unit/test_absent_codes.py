"""A model code the question names that no document says, while another model of its series is there, is missing
(app.qa.absent_codes): "the MQ-2 sensor" over the MQ-3's data sheet; a code said apart, with a suffix or in another
script of its figures is said."""

from __future__ import annotations

import networkx as nx
import numpy as np

from app.qa.absent_codes import absent_codes
from app.qa.index import CollectionIndex


def _index(texts: list[str]) -> CollectionIndex:
    n = len(texts)
    return CollectionIndex(
        collection_id="c", version=1, ids=[f"n{i}" for i in range(n)], kinds=["passage"] * n,
        document_ids=["d"] * n, pages=[1] * n, labels=[""] * n, texts=texts,
        matrix=np.ones((n, 3), dtype=np.float32), graph=nx.DiGraph(),
    )  # fmt: skip


SHEET = [
    "TECHNICAL DATA MQ-3 GAS SENSOR: high sensitivity to alcohol.",
    "The heater of the MQ 3 draws 150 mA; the I2 C bus runs at 400 kHz.",
    "| Model | Memory | | M2 Ultra | Qwen3.5-0.8B-Q8 | SERVO 42C |",
]


def test_a_code_of_a_series_the_folder_holds_but_not_this_model_is_missing() -> None:
    index = _index(SHEET)
    assert absent_codes(index, "What heater resistance does Hanwei's MQ-2 smoke sensor datasheet give?", str) == [
        "MQ-2"
    ]
    assert absent_codes(index, "What current does the SERVO57D draw?", str) == ["SERVO57D"]


def test_a_code_said_apart_with_a_suffix_or_by_its_file_name_is_not_missing() -> None:
    index = _index(SHEET)
    assert absent_codes(index, "What does the MQ-3 heater draw?", str) == []  # "MQ 3", "MQ-3"
    assert absent_codes(index, "How fast is the I2C bus?", str) == []  # "I2 C"; "I" is no series
    assert absent_codes(index, "How much memory does Qwen3.5-0.8B use?", str) == []  # "Qwen3.5-0.8B-Q8"
    assert absent_codes(index, "What is the MQ-5 rated for?", lambda: "mq5-sensor.pdf MQ-5 data sheet") == []


def test_no_code_is_missing_where_the_folder_holds_no_model_of_its_series_or_it_names_a_period() -> None:
    index = _index(SHEET)
    assert absent_codes(index, "What does the BME280 measure?", str) == []  # no BME model here: retrieval decides
    assert absent_codes(index, "What was revenue in FY2024 and Q4?", str) == []
    assert absent_codes(index, "What is the 10-K filing date?", str) == []
