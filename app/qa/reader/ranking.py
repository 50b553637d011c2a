"""How the reader orders its sentences: by answer type, by the learned ranker, the passages read on into."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from app.qa import sentence_rank
from app.qa.answer_types import expected_type
from app.qa.extractive_reader.items import Candidate, ContextItem, Encode
from app.qa.extractive_reader.pieces import sentence_pieces
from app.qa.extractive_reader.words import stemmed
from app.qa.reader.headings import heading_like
from app.qa.short_answer import typed_spans
from app.qa.span_fit import span_fits
from app.qa.tables.quantities import asked_quantities, says_unit_of
from app.settings import get_settings

# Settings (answer.content): the best rerank_top sentences are tagged; one holding a span of the type the question
# asks for (a date for "when", a percentage for "what share", a person for "who") that the question does not already
# name gains weight_type_fit (the sentence scores are ~0.3-0.9), so it leads over a sentence that only repeats the
# question. weight_span_fit: added times the best cosine between the question's focus and the words around a typed
# span (app.qa.span_fit), so "189 fatalities" fits "how many people were killed" even when its sentence shares no
# word with the question.
#
# continuation_share: a sentence that continues a better-ranked one (the next sentence of its passage, opening on a
# word that refers back or in mid-sentence: "Both are worth 23 ECTS credits.", "of a study by the Texas
# Transportation Institute") and holds a span of the asked type is scored at least this share of its predecessor:
# alone it shares few words with the question, but the two read as one statement. It is shown right after its
# predecessor.


def rerank_by_type(
    question: str, ranked: list[Candidate], tagger: str, encode: Encode | None = None
) -> list[Candidate]:
    """`ranked` with the sentences that hold an answer of the asked type moved up (their score raised), the more so
    the better the words around that answer fit the question's focus (with an encoder)."""
    kind = expected_type(question)
    if kind in ("yesno", "choice") or not ranked:
        return ranked
    limits = get_settings().answer.content
    top = [c for c in ranked[: limits.rerank_top] if c.item.kind != "table"]
    found = typed_spans(kind, question, [c.text for c in top], tagger)
    # Only amounts: their unit ("189 fatalities", "40 work-hours") says what they count; around a name or a date
    # the nearby words say little about what the question asks (measured on dev: it hurt who/which questions).
    fit_here = encode is not None and kind == "number"
    fits = span_fits(question, [c.text for c in top], found, encode) if fit_here and encode else [0.0] * len(top)
    quantities = asked_quantities(question) if kind == "number" else set()
    for c, spans, fit in zip(top, found, fits, strict=True):
        if spans:
            c.score += limits.weight_type_fit + limits.weight_span_fit * fit
            # "What capacitance …", "for how long …": a figure printed in a unit of that quantity fits the type twice
            c.score += limits.weight_type_fit if quantities and says_unit_of(quantities, c.text) else 0.0
    return sorted(ranked, key=lambda c: -c.score)


def _continues(prev: Candidate, c: Candidate) -> bool:
    """`c` carries on `prev` (its sentence before, in the same item): it opens in mid-sentence (lower case, a cut
    piece of a long sentence) or refers back ("It", "Both", "These")."""
    head = c.text.lstrip()
    cut = not prev.text.rstrip().endswith((".", "!", "?", ":", ")", '"', "”"))
    return bool(head) and (head[0].islower() or cut or sentence_rank.refers_back(head))


def continuations(
    question: str, shortlist: list[Candidate], everything: list[Candidate], tagger: str
) -> dict[int, Candidate]:
    """id(continuation) → its predecessor, for each shortlisted sentence that continues a better-scored shortlisted
    one and holds a span of the asked type; the continuation's score is raised to continuation_share of the
    predecessor's."""
    kind = expected_type(question)
    if kind in ("yesno", "choice"):
        return {}
    listed = {id(c) for c in shortlist}
    pairs = [
        (p, c)
        for p, c in zip(everything, everything[1:], strict=False)
        if p.item is c.item and id(p) in listed and id(c) in listed and p.score > c.score and _continues(p, c)
    ]
    if not pairs:
        return {}
    found = typed_spans(kind, question, [c.text for _, c in pairs], tagger)
    share = get_settings().answer.content.continuation_share
    out: dict[int, Candidate] = {}
    for (p, c), spans in zip(pairs, found, strict=True):
        if spans:
            c.score = max(c.score, share * p.score)
            out[id(c)] = p
    return out


def learned_rank(
    question: str,
    shortlist: list[Candidate],
    everything: list[Candidate],
    n_items: int,
    tagger: str,
    encode: Encode,
) -> list[Candidate]:
    """`shortlist` (scored, embedded) ranked by app.qa.sentence_rank's probability that the sentence holds the
    answer; that probability becomes each candidate's score."""
    x = sentence_rank.features(question, shortlist, everything, n_items, tagger, encode)
    for c, p in zip(shortlist, sentence_rank.probabilities(x), strict=True):
        c.score = float(p)
    return sorted(shortlist, key=lambda c: -c.score)


def _next_sentence(
    c: Candidate, everything: Sequence[Candidate], items: Sequence[ContextItem], next_of: Mapping[str, str]
) -> Candidate | None:
    """The sentence after `c` in its passage, or else the first of the passage that follows its passage."""
    at = next((i for i, x in enumerate(everything) if x is c), None)
    if at is None or c.item.kind == "table":
        return None
    if at + 1 < len(everything) and everything[at + 1].item is c.item:
        return everything[at + 1]
    item = next((w for w in items if w.node_id == next_of.get(c.item.node_id)), None)
    if item is None or c.text.rstrip() != sentence_pieces(c.item.text)[-1].rstrip():
        return None
    first = next((x for x in everything if x.item is item), None)
    if first is not None:
        return first
    pieces = sentence_pieces(item.text)
    return Candidate(item=item, position=len(items), text=pieces[0]) if pieces else None


def completion(
    question: str,
    chosen: list[Candidate],
    everything: Sequence[Candidate],
    items: Sequence[ContextItem],
    next_of: Mapping[str, str],
) -> tuple[int, Candidate] | None:
    """(where, the sentence) to show right after one of the `completed` (settings) best shown sentences: the next
    sentence of its passage when that sentence holds a word of the question no shown sentence holds. A statement
    often runs over two sentences, the first naming the question's topic and the second its particular ("VET
    providers are responsible for recruiting ... the types and number of posts needed." / "As a general rule, posts
    should be filled permanently wherever possible." for "how should VET providers fill teaching posts?"), and the
    second alone shares too few words with the question to be chosen."""
    asked = stemmed(question)
    missing = asked - set().union(*(stemmed(c.text) for c in chosen))
    kind = expected_type(question)

    def holds_value(c: Candidate) -> bool:
        return kind in VALUE_KINDS and any(typed_spans(kind, question, [c.text], "rules"))

    # "BUILD: CF 3.0.0" / "RELEASE DATE: 9/28/2021" for "when was CF 3.0.0 released?": a date or an amount asked
    # for and no shown sentence states one, the next sentence that does completes the statement.
    valueless = kind in VALUE_KINDS and not any(holds_value(c) for c in chosen)
    if not missing and not valueless:
        return None
    # a value is looked for after every shown sentence; a missing word only after the best few
    completed = len(chosen) if valueless else get_settings().answer.content.completed
    for at, c in enumerate(chosen[:completed]):
        following = _next_sentence(c, everything, items, next_of)
        if following is None or any(following is x or following.text == x.text for x in chosen):
            continue
        # a line set like a heading ("RELEASE DATE: 9/28/2021") completes the statement only with the value
        if valueless and holds_value(following):
            return at, following
        if not heading_like(following.text) and stemmed(following.text) & missing:
            return at, following
    return None


VALUE_KINDS = ("date", "number")


def _after_predecessors(chosen: list[Candidate], follows: dict[int, Candidate]) -> list[Candidate]:
    """`chosen` with each continuation moved right after its predecessor when both are shown."""
    ids = {id(c) for c in chosen}
    moved = [c for c in chosen if id(c) in follows and id(follows[id(c)]) in ids]
    if not moved:
        return chosen
    out = [c for c in chosen if all(c is not m for m in moved)]
    for c in moved:
        at = next((i for i, x in enumerate(out) if x is follows[id(c)]), len(out) - 1)
        out.insert(at + 1, c)
    return out
