"""The built-in reader's answer to a content question (no LLM): a short answer when it is sure, then the best
evidence sentence(s), the answer-bearing span in **bold**, each sentence with its [n] marker."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from app.qa import confidence, sentence_rank
from app.qa.answer_types import expected_type
from app.qa.excerpt import MAX_EXCERPT_CHARS, densest, excerpt
from app.qa.extractive_reader import (
    MAX_CHOSEN,
    MAX_SENTENCE_CHARS,
    STOP,
    Candidate,
    ContextItem,
    Encode,
    candidates,
    choose,
    score_candidates,
    sentence_pieces,
    stemmed,
    words,
)
from app.qa.short_answer import ShortAnswer, propose, typed_spans
from app.qa.span_fit import span_fits
from app.qa.spans import Span, rule_spans

# The best RERANK_TOP sentences are tagged; one holding a span of the type the question asks for (a date for
# "when", a percentage for "what share", a person for "who") that the question does not already name gains
# WEIGHT_TYPE_FIT (the sentence scores are ~0.3-0.9), so it leads over a sentence that only repeats the question.
RERANK_TOP = 8
WEIGHT_TYPE_FIT = 0.12
# Added times the best cosine between the question's focus and the words around a typed span (app.qa.span_fit), so
# "189 fatalities" fits "how many people were killed" even when its sentence shares no word with the question.
WEIGHT_SPAN_FIT = 0.4
# A sentence that continues a better-ranked one (the next sentence of its passage, opening on a word that refers back
# or in mid-sentence: "Both are worth 23 ECTS credits.", "of a study by the Texas Transportation Institute") and holds
# a span of the asked type is scored at least this share of its predecessor: alone it shares few words with the
# question, but the two read as one statement. It is shown right after its predecessor.
CONTINUATION_SHARE = 0.75


# "SECTION 2 DIESEL ENGINES", "Table 6.12: The World's Leading Food & Drink Manufacturers", "WARN Report* Summary
# by Received Date 07/01/2015 - 03/25/2016 Fiscal Year": a title names a topic and answers nothing.
CAPTION = re.compile(r"^\W*(?:table|figure|fig\.|section|chapter|annex|appendix|part)\s*[\dA-Z]", re.I)
ENDS_SENTENCE = re.compile(r"[.!?;:)\"”’]\s*$")


def heading_like(text: str) -> bool:
    """`text` reads as a heading or a caption: it opens as one ("Table 6.12:", "SECTION 2"), it is short and does
    not end as a sentence does, or it is a short line in capitals."""
    text = text.strip()
    if CAPTION.match(text) or (len(text.split()) <= 15 and not ENDS_SENTENCE.search(text)):
        return True
    # "PUBLICATION OF AWARD OF CONTRACTS UNDER THE TRANSPORT SECTOR PROJECT (P102000)": a title set in capitals,
    # whatever it ends on.
    letters = [c for c in text if c.isalpha()]
    return len(text.split()) <= 20 and len(letters) >= 12 and all(c.isupper() for c in letters)


def _heading(c: Candidate) -> bool:
    return c.item.kind != "table" and heading_like(c.text)


def not_headings_alone(chosen: list[Candidate], ranked: list[Candidate]) -> list[Candidate]:
    """`chosen`, and when it holds only headings, the best sentence or table row of `ranked` too: headings alone
    answer nothing ("Health Sector Financing by Centre and States/UTs in India [2009-10 to 2012-13]" had been the
    whole answer about a state's health budget)."""
    if all(_heading(c) for c in chosen):
        return chosen + [c for c in ranked if not _heading(c)][:1]
    return chosen


@dataclass(slots=True)
class Reading:
    text: str  # Markdown with [n] markers of the context items
    short_answer: str | None  # shown: confidence passed confidence.SHOW_THRESHOLD
    candidate: ShortAnswer | None  # the best candidate, shown or not (for evaluation and calibration)
    # A sentence shown that shares a word with the question holds a value of the asked type (a date, an amount).
    value_shown: bool = False
    # The sentence or table row that leads the answer.
    lead: Candidate | None = None


OPENERS = "([{\"'“‘"
CLOSERS = ",.;:!?)]}\"'”’"


def bold(text: str, start: int, end: int) -> str:
    """`text` with [start, end) in bold, widened to whole tokens: a tagger's span that starts or ends inside a
    token ("C • sea" of "45°C • sea water") must not split the value the reader is after ("45°**C")."""
    if "**" in text or not text[start:end].strip():
        return text
    while start > 0 and not text[start - 1].isspace() and text[start - 1] not in OPENERS:
        start -= 1
    while end < len(text) and not text[end].isspace():
        if text[end] in CLOSERS and (end + 1 == len(text) or text[end + 1].isspace() or text[end + 1] in CLOSERS):
            break
        end += 1
    span = text[start:end].strip()
    return f"{text[:start]}**{span}**{text[end:]}"


def _line(
    c: Candidate, mark: Span | None, q_words: set[str], keep: Span | None = None, limit: int = MAX_EXCERPT_CHARS
) -> str:
    """The sentence as shown: cut to an excerpt of `limit` characters around `mark` (its answer span) or else its
    densest stretch of question words (widened to `keep`, a span of the asked type, when both fit), `mark` in bold,
    its [n] marker after it."""
    text = c.text.rstrip()
    if mark is not None:
        text, shift = excerpt(text, mark.start, mark.end, limit)
        text = bold(text, mark.start - shift, mark.end - shift)
    else:
        start, end = densest(text, q_words, limit)
        if keep is not None and not (start <= keep.start and keep.end <= end):
            wide = (min(start, keep.start), max(end, keep.end))
            start, end = wide if wide[1] - wide[0] <= limit else (keep.start, keep.end)
        text, _ = excerpt(text, start, end, limit)
    return f"{text} [{c.item.marker}]"


def kept_spans(question: str, shown: Sequence[Candidate], q_words: set[str], tagger: str) -> list[Span | None]:
    """For each shown sentence too long to show whole, the span of the asked type its excerpt must keep (nearest
    the sentence's question words), so that an excerpt cut around the question's words does not stop just before
    the value ("... at an ambient temperature" without "of 25 °C")."""
    kind = expected_type(question)
    long = [i for i, c in enumerate(shown) if len(c.text.rstrip()) > MAX_EXCERPT_CHARS]
    out: list[Span | None] = [None] * len(shown)
    if kind in ("yesno", "choice") or not long:
        return out
    found = typed_spans(kind, question, [shown[i].text.rstrip() for i in long], tagger)
    for i, spans in zip(long, found, strict=True):
        if spans:
            lo, hi = densest(shown[i].text.rstrip(), q_words)
            out[i] = min(spans, key=lambda s: 0 if lo <= s.start < hi else min(abs(s.start - lo), abs(s.end - hi)))
    return out


def lead_span(question: str, lead: Candidate, found: ShortAnswer | None, tagger: str) -> Span | None:
    """The span to set in bold in the leading sentence: the best candidate when it stands there, else the lead's
    first span of the asked type. A span of a lower sentence is not marked: the lead is what the evidence ranks
    best, and bold text elsewhere would point the reader away from it ("On **November 7, 2018** ..." under a lead
    that says comments are due "by September 21, 2020")."""
    if lead.item.kind == "table" and (found is None or found.source is not lead):
        return row_cell(question, lead.text)
    if found is None or found.confidence < confidence.HIGHLIGHT_THRESHOLD:
        return None
    if found.source is lead:
        # A choice ("above or below one?") has no span to set in bold.
        return found.span if found.span is not None and near_question(question, lead.text, found.span) else None
    kind = expected_type(question)
    if kind in ("yesno", "choice"):
        return None
    spans = typed_spans(kind, question, [lead.text], tagger)[0]
    return next((sp for sp in spans if near_question(question, lead.text, sp)), None)


# "the whole group", "domestic and international together": a total asked for in other words.
TOTAL_WORDS = frozenset(w[:5] for w in "whole together combined overall altogether total totals all".split())
_PAIR = re.compile(r"(?:^|;\s)(?P<header>[^:;]+):\s(?P<value>[^;]+)")


def row_cell(question: str, row: str) -> Span | None:
    """The value of a table row ("header: value; …", extractive_reader.table_rows) under the one header that shares
    most words with the question, for the bold; None when no header shares a word or two share as many. Any number
    of a row stands "near" some question word, so `near_question` would set a wrong cell in bold."""
    asked = {w[:5] for w in words(question)}
    if asked & TOTAL_WORDS:
        asked |= {"total", "ttl"}
    scored = []
    for k, m in enumerate(_PAIR.finditer(row)):
        if k == 0 or not re.search(r"\d", m.group("value")):
            continue  # the first pair is the row's label
        header = {w[:5] for w in words(m.group("header"))}
        scored.append((len(asked & header), m))
    scored.sort(key=lambda x: -x[0])
    if not scored or scored[0][0] == 0 or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return None
    m = scored[0][1]
    return Span(m.group("value").strip(), "number", m.start("value"), m.start("value") + len(m.group("value").strip()),
                strict=False)  # fmt: skip


# A span set in bold reads as the answer. It must stand next to what the question asks about: at most this many words
# from a word of the question. "barometric pressure = 0,1 MPa • relative humidity = **60%**" had answered a question
# about the reference pressure, and "(2) Will not affect intrastate aviation in **Alaska**" one about an executive
# order.
MAX_BOLD_DISTANCE = 4
# Words of a question that tell nothing about where its answer stands ("judged **not** to be …").
NOT_TELLING = frozenset("not no also any all more most other such only same than then there these those".split())
_TOKEN = re.compile(r"[A-Za-z0-9]+(?:[.,'’][A-Za-z0-9]+)*")


def near_question(question: str, text: str, span: Span) -> bool:
    """Some word of the question stands within MAX_BOLD_DISTANCE words of `span` in `text` (outside the span)."""
    asked = {w[:5] for w in words(question) - NOT_TELLING}
    tokens = [(m.start(), m.end(), m.group(0).lower()) for m in _TOKEN.finditer(text)]
    inside = [i for i, (a, b, _) in enumerate(tokens) if a < span.end and b > span.start]
    if not inside:
        return False
    lo, hi = inside[0], inside[-1]
    near = tokens[max(lo - MAX_BOLD_DISTANCE, 0) : lo] + tokens[hi + 1 : hi + 1 + MAX_BOLD_DISTANCE]
    return any(t[:5] in asked for _, _, t in near if len(t) > 1 and t not in STOP)


def rerank_by_type(
    question: str, ranked: list[Candidate], tagger: str, encode: Encode | None = None
) -> list[Candidate]:
    """`ranked` with the sentences that hold an answer of the asked type moved up (their score raised), the more so
    the better the words around that answer fit the question's focus (with an encoder)."""
    kind = expected_type(question)
    if kind in ("yesno", "choice") or not ranked:
        return ranked
    top = [c for c in ranked[:RERANK_TOP] if c.item.kind != "table"]
    found = typed_spans(kind, question, [c.text for c in top], tagger)
    # Only amounts: their unit ("189 fatalities", "40 work-hours") says what they count; around a name or a date
    # the nearby words say little about what the question asks (measured on dev: it hurt who/which questions).
    fit_here = encode is not None and kind == "number"
    fits = span_fits(question, [c.text for c in top], found, encode) if fit_here and encode else [0.0] * len(top)
    for c, spans, fit in zip(top, found, fits, strict=True):
        if spans:
            c.score += WEIGHT_TYPE_FIT + WEIGHT_SPAN_FIT * fit
    return sorted(ranked, key=lambda c: -c.score)


def _continues(prev: Candidate, c: Candidate) -> bool:
    """`c` carries on `prev` (its sentence before, in the same item): it opens in mid-sentence (lower case, a cut
    piece of a long sentence) or refers back ("It", "Both", "These")."""
    head = c.text.lstrip()
    cut = not prev.text.rstrip().endswith((".", "!", "?", ":", ")", '"', "”"))
    return bool(head) and (head[0].islower() or cut or bool(sentence_rank.REFERS_BACK.match(head)))


def continuations(
    question: str, shortlist: list[Candidate], everything: list[Candidate], tagger: str
) -> dict[int, Candidate]:
    """id(continuation) → its predecessor, for each shortlisted sentence that continues a better-scored shortlisted
    one and holds a span of the asked type; the continuation's score is raised to CONTINUATION_SHARE of the
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
    out: dict[int, Candidate] = {}
    for (p, c), spans in zip(pairs, found, strict=True):
        if spans:
            c.score = max(c.score, CONTINUATION_SHARE * p.score)
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


COMPLETED = 2  # of the shown sentences, the best ones whose next sentence may be shown after them


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
    """(where, the sentence) to show right after one of the COMPLETED best shown sentences: the next sentence of its
    passage when that sentence holds a word of the question no shown sentence holds. A statement often runs over two
    sentences, the first naming the question's topic and the second its particular ("VET providers are responsible for
    recruiting ... the types and number of posts needed." / "As a general rule, posts should be filled permanently
    wherever possible." for "how should VET providers fill teaching posts?"), and the second alone shares too few
    words with the question to be chosen."""
    asked = stemmed(question)
    missing = asked - set().union(*(stemmed(c.text) for c in chosen))
    if not missing:
        return None
    for at, c in enumerate(chosen[:COMPLETED]):
        following = _next_sentence(c, everything, items, next_of)
        if (
            following is not None
            and all(following is not x and following.text != x.text for x in chosen)
            and not heading_like(following.text)
            and stemmed(following.text) & missing
        ):
            return at, following
    return None


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
        ranked = learned_rank(question, cands, everything, n_items, tagger, encode)
        follows = continuations(question, ranked, everything, tagger)
        ranked.sort(key=lambda c: -c.score)
        chosen = choose(
            ranked,
            limit=sentence_rank.MAX_CHOSEN,
            second_ratio=sentence_rank.SECOND_RATIO,
            same_item_ratio=sentence_rank.SAME_ITEM_RATIO,
        )
    else:
        ranked = rerank_by_type(question, sorted(cands, key=lambda c: -c.score), tagger, encode)
        chosen = choose(ranked)
    chosen = not_headings_alone(chosen, ranked)
    found = propose(question, ranked, tagger)
    show = not evidence_only and found is not None and found.confidence >= confidence.SHOW_THRESHOLD
    limit = sentence_rank.MAX_CHOSEN if learned else MAX_CHOSEN
    record = named_row(everything, rare_names)
    if record is not None and all(c is not record for c in chosen):
        # The record the question names by a name hardly any unit holds ("a physician working for HealthEast"): a
        # row embeds poorly and ranks below passages about the question's topic, yet it is the evidence to see. It
        # takes the place of the weakest runner-up.
        chosen = [*sorted(chosen, key=lambda c: -c.score)[: limit - 1], record]
    if show and found is not None and found.source not in chosen:
        # The sentence the short answer stands in is evidence the user must see; it takes the place of the weakest
        # runner-up so that the answer stays at MAX_CHOSEN sentences. A candidate not sure enough to be shown does not
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
    # The leading sentence is shown whole (candidates are at most MAX_SENTENCE_CHARS): it is the one the reader ranks
    # best, and an excerpt cut around the question's words could stop just before the value ("... disagree by more
    # than" without "5 knots"). The sentences after it stay excerpts; a table row is a record and is shown whole too
    # (cut, "Education system: Oman; … Sampled / students…" stopped before the column the question asked about).
    sentences = " ".join(
        _line(c, mark if i == 0 else None, q_words, keep[i],
              MAX_SENTENCE_CHARS if i == 0 or c.item.kind == "table" else MAX_EXCERPT_CHARS)
        for i, c in enumerate(chosen)
    )  # fmt: skip
    value_shown = _holds_value(question, [c for c in chosen if c.overlap > 0], tagger)
    if show:
        assert found is not None
        text = f"**{found.text}** [{found.source.item.marker}]\n\n{sentences}"
        return Reading(text, found.text, found, value_shown, chosen[0])
    return Reading(sentences, None, found, value_shown, chosen[0])


_BM25_TOKEN = re.compile(r"\b\w\w+\b")


def bm25_words(text: str) -> set[str]:
    """The words of `text` as BM25's analyzer writes them (app.qa.seeds, sklearn's default tokens, lower case): what
    `rare_names` are made of."""
    return set(_BM25_TOKEN.findall(text.lower()))


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
