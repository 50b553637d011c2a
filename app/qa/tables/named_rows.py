"""Whether a question names a table's rows itself: then it asks what those rows hold, not which row is highest or
what the column's mean is."""

from __future__ import annotations

from collections.abc import Sequence

from app.qa.tables.matching import best_row, label_head, summary_label
from app.qa.tables.model import Shape, TableData
from app.qa.tables.words import question_tokens, tokens, word_stem
from app.settings_reading import TableReadingSettings


def names_a_member(sh: Shape, members: list[int], question: Sequence[str]) -> bool:
    """Whether the question names one data row (not a summary row) by its whole label, as a phrase."""
    # A label set as one word ("BERTBASE") is named by its words apart ("BERT-Base").
    joined = [word_stem(a + b) for a, b in zip(question, question[1:], strict=False) if a.isalpha() and b.isalpha()]
    said = f" {' '.join(question)} {' '.join(joined)} "
    for i in members:
        label = sh.primary.get(i, sh.name(i)).split(" / ")[-1]
        for own in (tokens(label), tokens(label_head(label))):
            if own and f" {' '.join(own)} " in said:
                return True
    return False


def one_row_named_whole(table: TableData, sh: Shape, question: str, limits: TableReadingSettings) -> bool:
    """The question names one data row, every word of its label ("on a gray (17%) target"), and no other as well; a
    label of figures alone ("1") is no name (the question's "1,000-year" holds it)."""
    row, tied = best_row(table, sh, question_tokens(question), limits)
    if row is None or len(tied) > 1 or row.coverage < 1.0 or summary_label(row.name):
        return False
    return any(c.isalpha() for c in row.name)
