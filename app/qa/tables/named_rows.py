"""Whether a question names a table's rows itself: then it asks what those rows hold, not which row is highest or
what the column's mean is."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import yaml

from app.qa.analysis.phrases import WORD
from app.qa.tables.matching import best_row, label_head, summary_label
from app.qa.tables.model import Shape, TableData
from app.qa.tables.words import question_tokens, tokens, word_stem
from app.settings_reading import TableReadingSettings

_LEXICON = yaml.safe_load((Path(__file__).with_name("lexicon") / "row_groups.yaml").read_text(encoding="utf-8"))
_SUBSETS: dict[str, str] = _LEXICON["subsets"]
_SUBSET_WORDS = int(_LEXICON["max_subset_words"])
_ENDS_SUBSET = frozenset({"which", "what", "who", "whose", "how", "is", "are", "was", "were", "has", "have", "had"})


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
    label of figures alone ("1") is no name (the question's "1,000-year" holds it). A row the question leaves out
    ("leaving out Hubei, what is the highest …") is named, but not asked of."""
    asked = question_tokens(question)
    subset = _subset_said(question)
    if subset is not None and subset[0] == "drop":
        asked = [t for t in asked if t not in subset[1]]
    row, tied = best_row(table, sh, asked, limits)
    if row is None or len(tied) > 1 or row.coverage < 1.0 or summary_label(row.name):
        return False
    return any(c.isalpha() for c in row.name)


def _subset_said(question: str) -> tuple[str, list[str]] | None:
    """("keep" | "drop", the words) of "among the distilled models", "leaving out the RMN models"; None if unsaid."""
    words = list(WORD.finditer(question))
    said = [w.group(0).lower() for w in words]
    for k in range(len(words)):
        for marker, how in _SUBSETS.items():
            parts = marker.split()
            if said[k : k + len(parts)] != parts:
                continue
            start = k + len(parts)
            run: list[str] = []
            for at in range(start, min(len(words), start + _SUBSET_WORDS)):
                gap = question[words[at - 1].end() : words[at].start()]
                if any(c in ",;:?" for c in gap) or said[at] in _ENDS_SUBSET:
                    break
                run.append(words[at].group(0))
            return how, tokens(" ".join(run))
    return None


def rows_said_apart(sh: Shape, values: list[tuple[int, float]], question: str) -> list[tuple[int, float]]:
    """The rows a question keeps ("among the models distilled from DeepSeek-R1": those whose labels hold each of its
    words any label holds, two rows or more) or leaves out ("leaving out the RMN models"); all rows when it says no
    subset, its words are in no label, or it would keep none or all of them."""
    subset = _subset_said(question)
    if subset is None:
        return values
    how, said = subset
    labels = {i: set(tokens(sh.name(i))) for i, _ in values}
    held = {w for w in said if any(w in words for words in labels.values())}
    if not held:
        return values
    named = {i for i, words in labels.items() if held <= words}
    if how == "keep" and len(named) < 2:
        return values  # "among the ten states": one row named "United States" is no subset said of several
    kept = [(i, v) for i, v in values if (i in named) == (how == "keep")]
    return kept if 0 < len(kept) < len(values) else values

