"""How well a typed span's surroundings fit what the question asks about.

"How many people were killed in the Lion Air accident?" is answered by "... resulting in 189 fatalities", a
sentence that shares no word with the question and is far from it in embedding space as a whole; what makes it the
answer is that the number counts *fatalities*, which is what "how many people were killed" asks for. So the
question's focus (its wh-phrase and verb, without the scope that follows: "How many people were killed") is
compared, by embedding, with a few words around each span of the asked type ("Indonesia, resulting in 189
fatalities"), and the best match is the sentence's span fit.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from app.qa.analysis.phrases import SPACED, WORD, Phrases
from app.qa.extractive_reader.items import Encode
from app.qa.spans import Span

WINDOW_WORDS = 4  # words kept on each side of the span
# Where the question's focus ends: the first preposition or subordinate clause after its opening words ("How many
# airplanes | of U.S. registry ...", "How many people were killed | in the Lion Air ...").
FOCUS_END = frozenset(
    "in of for on at by during from under between according since after before within per to".split()
)
MIN_FOCUS_WORDS = 2


# A leading scope ("In eu-021.pdf, ...", "According to the FAA, ...") names where to look, not what is asked.
SCOPE_OPENERS = Phrases.of(["in", "according to", "for"])
MAX_SCOPE_CHARS = 60


def without_leading_scope(question: str) -> str:
    """ "In eu-021.pdf, what …" → "what …"."""
    opened = SCOPE_OPENERS.lead(question)
    comma = question.find(",", opened) if opened else -1
    if comma < 0 or "?" in question[opened:comma] or not question[comma + 1 : comma + 2].isspace():
        return question
    # the scope is one character at least, and may begin in the white space after its opener
    spaces = opened - len(question[:opened].rstrip())
    scope = max(comma - opened, 1)
    if scope > MAX_SCOPE_CHARS or (comma == opened and spaces < 2):
        return question
    return question[comma + 1 :].lstrip()
# "what percentage of students suffered ...": the "of" after a quantity word belongs to the focus.
QUANTITY = frozenset("percentage percent share proportion number amount fraction rate".split())


def _quantity(word: str) -> bool:
    """`word` ends in a quantity word ("percentage", "(share")."""
    runs = WORD.findall(word.lower())
    return bool(runs) and runs[-1] in QUANTITY and word.lower().endswith(runs[-1])


def question_focus(question: str) -> str:
    """The wh-phrase and its verb: the question, without a leading scope, up to its first preposition after two
    words (an "of" after "percentage", "share", "number" ... does not end it)."""
    q = without_leading_scope(" ".join(question.split()).rstrip(" ?"))
    words = q.split(" ")
    at, said = 0, -2
    for i, word in enumerate(words[:-1]):
        at += len(words[i - 1]) + 1 if i else 0
        # A preposition ends the focus with a space on each side, and the space after one is not the next one's.
        if i == 0 or word.lower() not in FOCUS_END or said == i - 1:
            continue
        said = i
        if word.lower() == "of" and _quantity(words[i - 1]):
            continue
        if i >= MIN_FOCUS_WORDS:
            return q[: at - 1]
    return q


def span_window(sentence: str, span: Span, words: int = WINDOW_WORDS) -> str:
    """The span with up to `words` words on each side (within its sentence)."""
    tokens = [(m.start(), m.end()) for m in SPACED.finditer(sentence)]
    before = [t for t in tokens if t[1] <= span.start][-words:]
    after = [t for t in tokens if t[0] >= span.end][:words]
    start = before[0][0] if before else span.start
    end = after[-1][1] if after else span.end
    return sentence[start:end]


def span_fits(question: str, sentences: Sequence[str], spans: Sequence[Sequence[Span]], encode: Encode) -> list[float]:
    """Per sentence: the best cosine between the question's focus and the window of one of its spans (0 when the
    sentence has no span)."""
    windows = [(i, span_window(s, sp)) for i, (s, found) in enumerate(zip(sentences, spans, strict=True))
               for sp in found]  # fmt: skip
    out = [0.0] * len(sentences)
    if not windows:
        return out
    vectors = np.asarray(encode([question_focus(question)] + [w for _, w in windows]), dtype=np.float32)
    focus, rest = vectors[0], vectors[1:]
    for (i, _), sim in zip(windows, rest @ focus, strict=True):
        out[i] = max(out[i], float(sim))
    return out
