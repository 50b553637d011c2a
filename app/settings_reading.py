"""Thresholds of the two readers, kept apart from app/settings.py so that each reader's numbers read in one place.

Nested under `Settings.answer`: MDQA_ANSWER__TABLES__<NAME> and MDQA_ANSWER__CONTENT__<NAME>.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class TableReadingSettings(BaseModel):
    """How tables are found and read for an answer: matching rows, columns, captions and labels."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class ContentReadingSettings(BaseModel):
    """How passages are read for an answer: question classes, decomposition, sentence and span choice, confidence."""

    model_config = ConfigDict(extra="forbid", frozen=True)
