"""read: the extractive reader's answer, the ranked sentences shown with the short answer in bold."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from app.qa import confidence, sentence_rank
from app.qa.analysis.phrases import WORD
from app.qa.answer_types import expected_type
from app.qa.excerpt import MAX_EXCERPT_CHARS
from app.qa.extractive_reader.items import Candidate, ContextItem, Encode
from app.qa.extractive_reader.scoring import candidates, choose, score_candidates
from app.qa.extractive_reader.words import words
from app.qa.reader.headings import _heading, below_references, not_headings_alone
from app.qa.reader.ranking import _after_predecessors, completion, continuations, learned_rank, rerank_by_type
from app.qa.reader.shown import _line, kept_spans, lead_span
from app.qa.short_answer import ShortAnswer, propose, typed_spans
from app.qa.spans import rule_spans
from app.settings import get_settings


@dataclass(slots=True)
class Reading:
    text: str  # Markdown with [n] markers of the context items
    short_answer: str | None  # shown: confidence passed confidence.SHOW_THRESHOLD
    candidate: ShortAnswer | None  # the best candidate, shown or not (for evaluation and calibration)
    # A sentence shown that shares a word with the question holds a value of the asked type (a date, an amount).
    value_shown: bool = False
    # The sentence or table row that leads the answer.
    lead: Candidate | None = None


def read(
    question: str,
    items: Sequence[ContextItem],
    encode: Encode | None,
    question_vector: np.ndarray | None = None,
    tagger: str = "spacy",
    evidence_only: bool = False,
    rare_names: tuple[frozenset[str], ...] = (),
    next_of: Mapping[str, str] | None = None,
) -> Reading:
    """The reader's answer. `evidence_only`: the evidence is not about the question (app.qa.answer), so no short
    answer is shown and no span is set in bold as one; the sentences are still chosen and cited. `rare_names`: the
    words of each name of the question that few units hold (app.qa.seeds.rare_names); the one table row holding one
    such name whole is shown. `next_of`: node id → the passage that follows it (a shown sentence that ends its
    passage may be read on into it, app.qa.reader.completion)."""
    next_of = next_of or {}
    everything = candidates(items)
    if not everything:
        return Reading("", None, None)
    n_items = sum(1 for item in items if not item.continues)  # a window is not evidence of its own: not counted
    cands = score_candidates(question, everything, encode, n_items, question_vector)
    learned = encode is not None and sentence_rank.FITTED
    hand_set: dict[int, float] = {}
    follows: dict[int, Candidate] = {}
    if learned:
        assert encode is not None
        for c in rerank_by_type(question, sorted(cands, key=lambda c: -c.score), tagger, encode):
            hand_set[id(c)] = c.score
        ranked = below_references(learned_rank(question, cands, everything, n_items, tagger, encode))
        follows = continuations(question, ranked, everything, tagger)
        ranked.sort(key=lambda c: -c.score)
        chosen = choose(
            ranked,
            limit=sentence_rank.MAX_CHOSEN,
            second_ratio=sentence_rank.SECOND_RATIO,
            same_item_ratio=sentence_rank.SAME_ITEM_RATIO,
        )
    else:
        ranked = below_references(rerank_by_type(question, sorted(cands, key=lambda c: -c.score), tagger, encode))
        chosen = choose(ranked)
    chosen = not_headings_alone(chosen, ranked)
    found = propose(question, ranked, tagger)
    show = not evidence_only and found is not None and found.confidence >= confidence.SHOW_THRESHOLD
    limits = get_settings().answer.content
    limit = sentence_rank.MAX_CHOSEN if learned else limits.max_chosen
    record = named_row(everything, rare_names)
    if record is not None and all(c is not record for c in chosen):
        # The record the question names by a name hardly any unit holds ("a physician working for HealthEast"): a
        # row embeds poorly and ranks below passages about the question's topic, yet it is the evidence to see. It
        # takes the place of the weakest runner-up.
        chosen = [*sorted(chosen, key=lambda c: -c.score)[: limit - 1], record]
    if show and found is not None and found.source not in chosen:
        # The sentence the short answer stands in is evidence the user must see; it takes the place of the weakest
        # runner-up so that the answer stays at max_chosen sentences. A candidate not sure enough to be shown does not
        # displace a sentence the ranking chose ("For further information contact: Doug Rudolph, …" had given way to
        # the sentence of "Pilatus Aircraft Ltd", a name the reader was unsure of).
        kept = sorted(chosen, key=lambda c: -c.score)[: len(chosen) - 1 if len(chosen) >= limit else len(chosen)]
        chosen = [*kept, found.source]
    # The best sentence leads (the "lead with the best evidence"): in evidence order a sentence that only
    # sets the scene ("SUMMARY: The FAA proposes ...") could push the one holding the answer to the end.
    chosen.sort(key=lambda c: -c.score)
    if learned:
        # The learned ranking picks which sentences are shown (its gain on dev is mostly in the top 2-3); which of
        # them leads stays with the hand-set score, whose bonus for a span of the asked type puts the sentence that
        # holds the asked-for date or amount first (the example, tests/integration/test_ask_lead.py).
        chosen.sort(key=lambda c: -hand_set.get(id(c), 0.0))
    # A heading or a caption never leads while a sentence is shown: it names the topic the question shares words
    # with and answers nothing ("SECTION 2 DIESEL ENGINES" before "4.3.3 Works trials (Factory Acceptance Test)").
    chosen.sort(key=_heading)
    chosen = _after_predecessors(chosen, follows)
    more = completion(question, chosen, everything, items, next_of)
    if more is not None:
        at, following = more
        chosen.insert(at + 1, following)
    q_words = words(question)
    mark = None if evidence_only else lead_span(question, chosen[0], found, tagger)
    keep = kept_spans(question, chosen, q_words, tagger)
    # The leading sentence is shown whole (candidates are at most max_sentence_chars): it is the one the reader ranks
    # best, and an excerpt cut around the question's words could stop just before the value ("... disagree by more
    # than" without "5 knots"). The sentences after it stay excerpts; a table row is a record and is shown whole too
    # (cut, "Education system: Oman; … Sampled / students…" stopped before the column the question asked about).
    sentences = " ".join(
        _line(c, mark if i == 0 else None, q_words, keep[i],
              limits.max_sentence_chars if i == 0 or c.item.kind == "table" else MAX_EXCERPT_CHARS)
        for i, c in enumerate(chosen)
    )  # fmt: skip
    # A sentence shown as the end of another's statement speaks of the question as that one does.
    completing = [more[1]] if more is not None else []
    value_shown = _holds_value(question, [c for c in chosen if c.overlap > 0] + completing, tagger)
    if show:
        assert found is not None
        text = f"**{found.text}** [{found.source.item.marker}]\n\n{sentences}"
        return Reading(text, found.text, found, value_shown, chosen[0])
    return Reading(sentences, None, found, value_shown, chosen[0])


def bm25_words(text: str) -> set[str]:
    """The words of `text` as BM25's analyzer writes them (app.qa.seeds, sklearn's default tokens, lower case): what
    `rare_names` are made of."""
    return {w for w in WORD.findall(text.lower()) if len(w) > 1}


def named_row(everything: Sequence[Candidate], rare_names: tuple[frozenset[str], ...]) -> Candidate | None:
    """The one table row that holds the rare words of a name (`rare_names`) that no other sentence or row holds;
    None when there is none or several."""
    found: dict[int, Candidate] = {}
    for name in rare_names:
        holders = [c for c in everything if name <= bm25_words(c.text)]
        if len(holders) == 1 and holders[0].item.kind == "table":
            found[id(holders[0])] = holders[0]
    return next(iter(found.values())) if len(found) == 1 else None


def _holds_value(question: str, shown: Sequence[Candidate], tagger: str) -> bool:
    """Some sentence of `shown` holds a span of the asked type: the tagger's, or a pattern's ("within five months"
    is a date to spaCy, a number to the patterns)."""
    kind = expected_type(question)
    if kind in ("yesno", "choice") or not shown:
        return False
    texts = [c.text for c in shown]
    return any(typed_spans(kind, question, texts, tagger)) or any(rule_spans(kind, question, t) for t in texts)
