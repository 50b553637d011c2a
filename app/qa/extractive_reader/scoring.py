"""Scoring the candidate sentences (embedding, word overlap, answer type) and choosing the ones an answer
leads with."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import numpy as np

from app.qa.analysis.grammar import clause_when
from app.qa.analysis.phrases import WORD, Phrases
from app.qa.extractive_reader.items import Candidate, ContextItem, Encode
from app.qa.extractive_reader.pieces import sentence_pieces, table_rows
from app.qa.extractive_reader.words import says_new, section_number, stemmed, words
from app.qa.spans import is_year
from app.qa.tables.contents import contents_text
from app.settings import get_settings

# "What does the FAA estimate as the average cost ...": a what-question about an amount asks for a number.
WHEN_Q = Phrases.of(["when", "what year", "which year", "what date"])
AMOUNT_Q = Phrases.of([*(f"how {w}" for w in "many much long old far tall big".split()), "what number", "what amount"])
NAME_Q = Phrases.of("who whom whose where which".split())
COSTS = frozenset("cost costs price amount total percentage proportion share rate population".split())


def _asks_cost(q: str) -> bool:
    """ "What does the FAA estimate as the average cost …": a what-question about an amount (on its first line)."""
    said = WORD.findall(q.split("\n", 1)[0].lower())
    return q.lstrip()[:4].lower() == "what" and said[:1] == ["what"] and any(w in COSTS for w in said[1:])


MONTHS = frozenset("january february march april may june july august september october november december".split())


def _dates(sentence: str) -> list[tuple[int, str]]:
    """Where the sentence says a year ("1995", "1990s") or a month, with the day before it ("21 August")."""
    runs = list(WORD.finditer(sentence))
    out = [(w.start(), w.group(0)) for w in runs if is_year(w.group(0).removesuffix("s"))]
    for i, month in enumerate(runs):
        if month.group(0).lower() not in MONTHS:
            continue
        day = runs[i - 1] if i else None
        dated = day is not None and len(day.group(0)) < 3 and day.group(0).isdecimal()
        start = day.start() if dated and day and sentence[day.end() : month.start()].isspace() else month.start()
        out.append((start, sentence[start : month.end()]))
    return out


NUMBER = re.compile(r"\b\d[\d,.]*\b|\b(one|two|three|four|five|six|seven|eight|nine|ten|hundred|thousand|million)\b",
                    re.I)  # fmt: skip


PROPER = re.compile(r"\b[A-Z][\w'’-]+(?:\s+(?:of|the|de|von|van|and)?\s*[A-Z][\w'’-]+)*")


def answer_type_bonus(question: str, sentence: str) -> float:
    """1.0 when the sentence holds a span of the kind the question asks for and the question does not."""
    q = question.lower()
    q_words = words(question)

    def new_spans(found: re.Pattern[str] | list[tuple[int, str]]) -> bool:
        spans = found if isinstance(found, list) else [(m.start(), m.group(0)) for m in found.finditer(sentence)]
        return any(says_new(said, q_words) and not section_number(sentence, at) for at, said in spans)

    if (when := WHEN_Q.first(q)) is not None and not clause_when(q, when):
        return 1.0 if new_spans(_dates(sentence)) else 0.0
    if AMOUNT_Q.said(q) or _asks_cost(q):
        return 1.0 if new_spans(NUMBER) else 0.0
    if NAME_Q.said(q):
        # Half: nearly every sentence of a report holds some new capitalised word, so this says little.
        return 0.5 if new_spans(PROPER) else 0.0
    return 0.5 if new_spans(PROPER) or new_spans(NUMBER) else 0.0


def candidates(items: Sequence[ContextItem]) -> list[Candidate]:
    max_sentences = get_settings().answer.content.max_sentences
    out: list[Candidate] = []
    for pos, item in enumerate(items):
        if item.continues or (item.kind != "table" and contents_text(item.text)):
            continue
        pieces = table_rows(item.text) if item.kind == "table" else sentence_pieces(item.text)
        out.extend(Candidate(item=item, position=pos, text=p) for p in pieces)
        if len(out) >= max_sentences:
            break
    return out[:max_sentences]


def score_candidates(
    question: str,
    cands: list[Candidate],
    encode: Encode | None,
    n_items: int,
    question_vector: np.ndarray | None = None,
    max_embedded: int | None = None,
) -> list[Candidate]:
    """Score candidates; with an encoder, only the best `max_embedded` by the cheap signals are embedded and
    returned (the others could only win on similarity, which a sentence sharing nothing with the question rarely
    has). Without one, every candidate is returned, scored by the cheap signals."""
    limits = get_settings().answer.content
    if max_embedded is None:
        max_embedded = limits.max_embedded
    q_words = stemmed(question)
    held = [q_words & stemmed(c.text) for c in cands]  # the question's words each sentence holds
    for c, hits in zip(cands, held, strict=True):
        overlap = len(hits) / max(len(q_words), 1)
        c.overlap = overlap
        order = 1.0 - c.position / max(n_items, 1)
        c.score = (
            limits.weight_overlap * overlap
            + limits.weight_type * answer_type_bonus(question, c.text)
            + limits.weight_order * order
        )
    if encode is None or not cands:
        return cands
    if len(cands) > max_embedded:
        # Which sentences are embedded: the cheap score plus the question words they hold weighted by how rare each
        # is among the candidates. A word every table row repeats ("dollars" of a "Constant 2010–11 dollars" column)
        # says little about which sentence answers; the rare ones ("works trials") say much. Stable: ties keep
        # evidence order.
        rare = rarity(q_words, held)
        weight = limits.weight_overlap
        ranked = sorted(zip(cands, held, strict=True), key=lambda ch: -(ch[0].score + weight * rare(ch[1])))
        cands = spread([c for c, _ in ranked], max_embedded)
    if question_vector is None:
        vectors = encode([question] + [c.text for c in cands])
        q, vectors = vectors[0], vectors[1:]
    else:
        q, vectors = np.asarray(question_vector, dtype=np.float32), encode([c.text for c in cands])
    for c, sim in zip(cands, vectors @ q, strict=True):
        c.similarity = float(sim)
        c.score += limits.weight_embedding * float(sim)
    return cands


def spread(ranked: list[Candidate], k: int, per_item: int | None = None) -> list[Candidate]:
    """The best `k` of `ranked`, at most `per_item` from one item while others wait (the rows of one table repeat
    the question's words in its header and would otherwise take every place)."""
    if per_item is None:
        per_item = get_settings().answer.content.max_embedded_per_item
    taken: list[Candidate] = []
    rest: list[Candidate] = []
    count: dict[int, int] = {}
    for c in ranked:
        n = count.get(c.item.marker, 0)
        if n < per_item:
            count[c.item.marker] = n + 1
            taken.append(c)
            if len(taken) == k:
                return taken
        else:
            rest.append(c)
    return taken + rest[: k - len(taken)]


def rarity(q_words: set[str], held: Sequence[set[str]]) -> Callable[[set[str]], float]:
    """The question words a sentence holds → their share of the question's words, each weighted by its inverse
    frequency among `held` (the question words every candidate holds), 0..1."""
    n = len(held)
    weight = {w: np.log((n + 1) / (1 + sum(w in h for h in held))) + 1.0 for w in q_words}
    total = sum(weight.values()) or 1.0
    return lambda hits: sum(weight[w] for w in hits) / total


def extractive_answer(
    question: str, items: Sequence[ContextItem], encode: Encode | None, question_vector: np.ndarray | None = None
) -> str:
    """The best sentence (and a close second from another item) with [n] markers; '' when there is no context.

    `question_vector` (the retriever's embedding of the question, when at hand) saves encoding it again."""
    cands = candidates(items)
    if not cands:
        return ""
    cands = score_candidates(question, cands, encode, len(items), question_vector)
    chosen = choose(sorted(cands, key=lambda c: -c.score))
    return " ".join(f"{_sentence(c.text)} [{c.item.marker}]" for c in chosen)


def choose(
    ranked: list[Candidate],
    limit: int | None = None,
    second_ratio: float | None = None,
    same_item_ratio: float | None = None,
) -> list[Candidate]:
    """The best sentence and up to `limit - 1` close runners-up, each from another item, in evidence order."""
    limits = get_settings().answer.content
    limit = limits.max_chosen if limit is None else limit
    second_ratio = limits.second_sentence_ratio if second_ratio is None else second_ratio
    same_item_ratio = limits.same_item_ratio if same_item_ratio is None else same_item_ratio
    chosen = [ranked[0]]
    for c in ranked[1:]:
        if len(chosen) >= limit or c.score < second_ratio * ranked[0].score:
            break
        # Evidence spread over passages is what a two-hop answer usually needs; a second sentence of the same
        # passage mostly repeats the first, unless it scores nearly as well (the sentence after a lead-in, "...
        # Therefore, the FAA estimates the average total cost per operator to be $7,650").
        if all(c.item.marker != x.item.marker for x in chosen) or c.score >= same_item_ratio * ranked[0].score:
            chosen.append(c)
    chosen.sort(key=lambda c: c.position)
    return chosen


def _sentence(text: str) -> str:
    return text.rstrip()


def central_sentences(items: Sequence[ContextItem], encode: Encode | None, limit: int = 3) -> str:
    """A summary without an LLM: the sentences closest to the centroid of all sentences, in reading order."""
    cands = [c for c in candidates(items) if len(c.text) > 30 or c.item.kind == "table"]
    if not cands:
        return ""
    if encode is not None and len(cands) > limit:
        vectors = encode([c.text for c in cands])
        centroid = vectors.mean(axis=0)
        scores = vectors @ centroid
        keep = sorted(np.argsort(-scores)[:limit].tolist())
        cands = [cands[i] for i in keep]
    else:
        cands = cands[:limit]
    return " ".join(f"{_sentence(c.text)} [{c.item.marker}]" for c in cands)
