"""What the extractive reader reads and ranks: the context items, their candidate sentences, and its limits."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

Encode = Callable[[list[str]], np.ndarray]


WEIGHT_EMBEDDING = 0.5


WEIGHT_OVERLAP = 0.3


WEIGHT_TYPE = 0.2


WEIGHT_ORDER = 0.05  # earlier evidence is a little more trustworthy (seeds before far hops)


SECOND_SENTENCE_RATIO = 0.85  # a runner-up sentence is added when it scores this close to the best one


SAME_ITEM_RATIO = 0.95  # ... and a runner-up from an item already chosen when it scores this close


MAX_CHOSEN = 3  # evidence sentences an answer leads with (each from another item)


# Sentences considered per question, scored by cheap signals (MAX_EMBEDDED of them are embedded). At 120 the rows of
# one long table early in the evidence filled it and the passages after it were never read; a cap per item instead
# (24) dropped a table's notes row ("NOTE: The pupil/teacher ratios were derived from tables 1 and 16").
MAX_SENTENCES = 800


# Sentences embedded per question: the best MAX_EMBEDDED by the cheap signals (word overlap, answer type, evidence
# order) are embedded, the others cannot win. Encoding is ~95% of a local answer's time on a CPU (10-20 ms per
# sentence on 2 cores), so this bounds the reader at a few hundred ms instead of seconds.
MAX_EMBEDDED = 16


MAX_SENTENCE_CHARS = 400


MAX_EMBEDDED_PER_ITEM = 4  # of the MAX_EMBEDDED, from one item while other items have candidates left


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
