"""A long evidence sentence cut to a readable excerpt around what matters in it.

Report sentences run long (a clause list, a table row flattened into prose, two columns read as one line): shown
whole, three of them make a wall of text. An excerpt keeps at most `limit` characters, cut at word boundaries with
an ellipsis, centred on the answer span when there is one, else on the stretch that holds most of the question's
words (where a reader looks for the answer).
"""

from __future__ import annotations

from app.qa.analysis.phrases import SPACED
from app.qa.extractive_reader.words import words

MAX_EXCERPT_CHARS = 240
ELLIPSIS = "…"


def densest(text: str, keys: set[str], limit: int = MAX_EXCERPT_CHARS) -> tuple[int, int]:
    """(start, end) of the question words in the `limit`-character stretch of `text` that holds most of them.

    A stretch counts the distinct words of `keys` it holds first (one word repeated down a list says less than
    two of the question's words), then adjacent pairs of them (the question's phrase, "sea water temperature",
    says where its answer stands better than the same words apart), then every hit; earliest on ties. The result
    spans the stretch's first to last hit, not the whole stretch, so that `excerpt` centres it and the words just
    after the last hit ("... and none for **severe substance abuse**") are shown as well as those before."""
    tokens = [(m.start(), m.end(), words(m.group(0)) & keys) for m in SPACED.finditer(text)]
    best: tuple[int, int, int] = (-1, -1, -1)
    best_at = (0, min(len(text), limit))
    for i, (start, _, hit) in enumerate(tokens):
        if not hit:
            continue
        found: set[str] = set()
        pairs = hits = 0
        last = start
        for j in range(i, len(tokens)):
            _, e, w = tokens[j]
            if e - start > limit:
                break
            if w:
                found |= w
                hits += 1
                last = e
                pairs += j > i and bool(tokens[j - 1][2])
        if (len(found), pairs, hits) > best:
            best, best_at = (len(found), pairs, hits), (start, last)
    return best_at


def excerpt(text: str, start: int, end: int, limit: int = MAX_EXCERPT_CHARS) -> tuple[str, int]:
    """`text` cut to about `limit` characters keeping [start, end) (centred on it when it is short), and the shift
    of offsets into the excerpt (subtract it from an offset of `text`)."""
    if len(text) <= limit:
        return text, 0
    room = max(limit - (end - start), 0)
    # Two thirds of the room go after the kept span: the answer to the question's words tends to follow them
    # ("the average annual growth rate, 1990-96, was only between 2% and 5%").
    left = max(start - room // 3, 0)
    right = min(max(end, left + limit), len(text))
    left = max(min(left, right - limit), 0)
    # Whole words only: move the cuts outwards to the nearest space, never into the kept span.
    if left > 0:
        space = text.rfind(" ", 0, left + 1)
        left = space + 1 if space >= 0 else 0
    if right < len(text):
        space = text.find(" ", right)
        right = space if space >= 0 else len(text)
    head = ELLIPSIS if left > 0 else ""
    tail = ELLIPSIS if right < len(text) else ""
    return f"{head}{text[left:right].strip()}{tail}", left - len(head)
