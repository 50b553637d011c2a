"""What an arithmetic question becomes: the operation and the two lookups whose values it combines, and the words that
mark it (lexicon/operations.yaml)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

import yaml

from app.qa.analysis.contrast import PREPOSITIONS
from app.qa.decompose.patterns import Part

Operation = Literal["difference", "ratio", "sum"]
LEXICON = Path(__file__).with_name("lexicon") / "operations.yaml"
PREPOSITION_WORDS = "|".join(sorted(PREPOSITIONS))


@dataclass(frozen=True, slots=True)
class Arithmetic:
    operation: Operation
    parts: tuple[Part, Part]
    unit: str = ""  # what the question counts the result in, as said ("°C/W" of "how many °C/W higher")


@cache
def lexicon_data() -> dict[str, Any]:
    return dict(yaml.safe_load(LEXICON.read_text(encoding="utf-8")))


def lexicon() -> dict[str, frozenset[str]]:
    data = lexicon_data()
    return {key: frozenset(str(w).lower() for w in words) for key, words in data.items() if isinstance(words, list)}


def year_offset(phrase: str) -> int:
    """How many years `phrase` moves the first thing's time ("the same quarter a year before": -1); 0 for none."""
    low = " ".join(phrase.lower().split())
    return next((int(n) for said, n in lexicon_data()["year_offsets"].items() if said in low), 0)


def part_label(phrase: str) -> str:
    """What a part is headed with: the phrase without its preposition ("in 2019" → "2019")."""
    phrase = re.sub(rf"^(?:{PREPOSITION_WORDS})\s+", "", phrase.strip(" ,"))
    return phrase[:1].upper() + phrase[1:]
