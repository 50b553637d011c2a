"""What the extractive reader reads and ranks: the context items, their candidate sentences, and its limits."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

Encode = Callable[[list[str]], np.ndarray]


# The reader's weights and limits are settings (answer.content, app.settings_reading.ContentReadingSettings):
# weight_embedding, weight_overlap, weight_type, weight_order (earlier evidence is a little more trustworthy: seeds
# before far hops), second_sentence_ratio, same_item_ratio, max_chosen (evidence sentences an answer leads with, each
# from another item), max_sentences, max_embedded, max_sentence_chars, max_embedded_per_item.
# max_sentences: sentences considered per question, scored by cheap signals (max_embedded of them are embedded). At
# 120 the rows of one long table early in the evidence filled it and the passages after it were never read; a cap per
# item instead (24) dropped a table's notes row ("NOTE: The pupil/teacher ratios were derived from tables 1 and 16").
# max_embedded: the best this many by the cheap signals (word overlap, answer type, evidence order) are embedded, the
# others cannot win. Encoding is ~95% of a local answer's time on a CPU (10-20 ms per sentence on 2 cores), so this
# bounds the reader at a few hundred ms instead of seconds.


STOP = frozenset(
    """a an and are as at be been by did do does for from had has have he her his how i in is it its of on or
    she that the their them they this to was were what when where which who whom whose why with you your
    many much name named called year""".split()
)


@dataclass(frozen=True, slots=True)
class ContextItem:
    marker: int  # [n] in the prompt and the answer
    node_id: str
    kind: str
    text: str  # tables as markdown
    score: float = 0.0  # the retriever's score of the node
    document_id: str = ""
    # The node id of the passage this one follows when it is read only as that passage's continuation (a window:
    # never ranked, see app.qa.reader.completion); "" for evidence.
    continues: str = ""


@dataclass(slots=True)
class Candidate:
    item: ContextItem
    position: int  # order of the item in the evidence
    text: str
    score: float = 0.0
    similarity: float = 0.0  # cosine of the sentence and the question (0 when not embedded)
    overlap: float = 0.0  # share of the question's content words the sentence holds
