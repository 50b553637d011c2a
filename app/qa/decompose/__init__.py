"""Questions that are really several: two questions joined ("What did X say about A, and when did Y happen?"),
two things asked at once ("the revenue and the costs of the fund"), and comparisons ("Compare the revenue of A and
B", "Which is older: A or B?"). "Which documents ..." questions are app.qa.documents_question's.

Rules only (no LLM): each returns None when the question is not of its shape, and the pipeline asks it whole.
"""

from __future__ import annotations

from app.qa.decompose.choice import years
from app.qa.decompose.compare import CAPITALISED, YEARISH, comparative
from app.qa.decompose.patterns import Part
from app.qa.decompose.split import split_question
from app.qa.resolve import FILE_NAME

__all__ = [
    "CAPITALISED", "FILE_NAME", "Part", "YEARISH", "comparative", "split_question", "years",
]
