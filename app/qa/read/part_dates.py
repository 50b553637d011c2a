"""The dates two parts of an elapsed-time question read ("How many days passed between the release candidate and the
final release?"): each part's date is the one date of a line (a table's row, a sentence) of the units either part
cites whose words name that part and not the other ("Release Candidate #1" | "July 22, 2021"). Nothing here knows a
document's vocabulary: a part is told apart by the words of its label the other part's label does not hold."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from app.qa.analysis.elapsed import days_in
from app.qa.answer import Answer
from app.qa.ask import EvidenceNode
from app.qa.extractive_reader.pieces import sentence_pieces
from app.qa.extractive_reader.words import stemmed
from app.text.dates import date_keys


def one_date(text: str | None) -> date | None:
    """The one day `text` writes ("July 22, 2021", "22/07/2021"); None for none or several."""
    days = {k for k in date_keys(text or "") if k.startswith("d")}
    if len(days) != 1:
        return None
    key = next(iter(days))
    return date(int(key[1:5]), int(key[5:7]), int(key[7:9]))


def with_part_dates(answered: list[tuple[str, Answer]], unit: str) -> list[tuple[str, Answer]]:
    """The parts' answers, each led by its date, when the question counts time between them (`unit`: "days") and
    each part's date is told apart; unchanged otherwise."""
    if unit not in days_in() or len(answered) != 2:
        return answered
    labels = [stemmed(label) for label, _ in answered]
    own = [labels[0] - labels[1], labels[1] - labels[0]]
    if not own[0] or not own[1]:
        return answered
    units: dict[str, EvidenceNode] = {}
    for _, answer in answered:
        units.update((n.node_id, n) for n in answer.cited if n.kind in ("passage", "table"))
    lines = [(line, node) for node in units.values() for line in _lines(node.text)]
    found = [_dated(lines, own[k], own[1 - k]) for k in (0, 1)]
    if found[0] is None or found[1] is None or found[0][0] == found[1][0]:
        return answered
    out = []
    for (label, answer), (day, node) in zip(answered, [found[0], found[1]], strict=True):
        cited = list(answer.cited)
        if node not in cited:
            cited.append(node)
        said = f"{day:%B} {day.day}, {day.year}"
        text = f"**{said}** [{cited.index(node) + 1}]\n\n{answer.text}"
        out.append((label, Answer(text, cited, answer.llm_calls, said, said)))
    return out


def _lines(text: str) -> list[str]:
    """A unit's lines as read: a table's rows one by one, a passage's sentences."""
    return [piece for line in text.splitlines() for piece in sentence_pieces(line)]


def _dated(
    lines: Sequence[tuple[str, EvidenceNode]], mine: set[str], theirs: set[str]
) -> tuple[date, EvidenceNode] | None:
    """The date of the line naming most of `mine` and none of `theirs`: None when no line does, or two lines tie
    with two dates."""
    scored: list[tuple[int, date, EvidenceNode]] = []
    for line, node in lines:
        day = one_date(line)
        said = stemmed(line)
        if day is not None and said & mine and not said & theirs:
            scored.append((len(said & mine), day, node))
    if not scored:
        return None
    top = max(s for s, _, _ in scored)
    best = {(d, n.node_id): (d, n) for s, d, n in scored if s == top}
    days = {d for d, _ in best}
    return next(iter(best.values())) if len(days) == 1 else None
