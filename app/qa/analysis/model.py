"""What a question asks, read once (app.qa.analysis.parse.analyse) and handed, frozen, to every later stage."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from app.qa.analysis.operation import Arithmetic
from app.qa.decompose.patterns import Part

# How the question is answered as a whole: a list of documents (by a table label, a word, or a meaning), two lookups
# and their arithmetic, several parts read on their own, or one question read whole.
Shape = Literal["labelled_tables", "documents_by_word", "documents_by_meaning", "arithmetic", "parts", "single"]


@dataclass(frozen=True, slots=True)
class QuestionAnalysis:
    # The question retrieved and read: as asked, or its first part when the later one asks only for that part's
    # answer's value ("Which … is the largest, and what is it?").
    question: str
    shape: Shape
    # The type of value asked for (app.qa.answer_types: date, number, person, yes/no, …; "other" when none).
    expected: str
    # "Which documents have a Table 3?": the label every listed table carries.
    label: str | None = None
    # "Which documents mention Finland?": the word(s) each listed document holds, and whether in a table.
    topic: str | None = None
    in_tables: bool = False
    # "Which documents present multi-year statistics?": what the listed documents are or do, matched by meaning.
    predicate: str | None = None
    # "Which documents are datasheets …?": what the listed documents are, which their titles and first pages name.
    kind: str | None = None
    # "How much more … than …?": the operation and its two lookups.
    arithmetic: Arithmetic | None = None
    # The parts asked on their own (arithmetic's two lookups, a comparison's two things, two questions in one).
    parts: tuple[Part, ...] = ()
    # "Which is higher …?": how the parts' values are compared ("is higher", "came first"); None when not compared.
    comparison: str | None = None
    # The parts are two named things coordinated in one phrase ("in the Kroger and the McDonald's releases"): asked
    # apart only when they name two documents (co-authors or "Spain and Portugal" are one thing asked about).
    coordinated: bool = False
    # "By how much does the budget raise the limit?": one thing's change asked, its values before and after unnamed.
    change: bool = False

    @property
    def several(self) -> bool:
        """Answered as several readings (parts, or a list of documents), not as one question read whole."""
        return self.shape != "single"
