"""The short answer of the built-in reader, shown only when its confidence passes a threshold calibrated for
precision (`app.qa.confidence`): a null short answer is far better than a wrong one.

Candidates are typed spans (app.qa.spans) of the best-ranked sentences; the same span found in several sentences
pools its support. The best one is described by features (type fit, agreement across evidence, proximity to the
question's words, similarity of its sentence to the question, retrieval score, ...) that the confidence model
turns into a probability of being right.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from string import ascii_lowercase, ascii_uppercase

from app.qa import nlp
from app.qa.analysis.phrases import ALNUM, WORD, Phrases
from app.qa.answer_types import choice_options, comparison_direction, expected_type
from app.qa.confidence import confidence
from app.qa.extractive_reader.items import Candidate
from app.qa.extractive_reader.words import section_number, words
from app.qa.spans import Span, ner_spans, rule_spans, year_of

TOP_SENTENCES = 5  # ranked sentences searched for spans
NEGATION = Phrases.of("not never no neither nor none cannot without".split())

YEAR_Q = Phrases.of(["what year", "which year", "in what year", "in which year"])
# "When did X die", "when did the war end": the later of two dates is asked for.
ENDING = Phrases.of("die died death end ended close closed".split())


def says_no(text: str) -> bool:
    """A negation word, or a verb ending in "n't"."""
    low = text.lower()
    return NEGATION.said(low) or any(not WORD.match(rest) for rest in low.split("n't")[1:])
TAGGERS = ("spacy", "rules")


@dataclass(slots=True)
class ShortAnswer:
    text: str
    kind: str
    source: Candidate  # the sentence it came from (cited)
    span: Span | None  # where it stands in `source.text`, for the highlight (None for yes/no and choices)
    features: dict[str, float] = field(default_factory=dict)
    confidence: float = 0.0


def _key(text: str) -> str:
    return " ".join(ALNUM.findall(text.lower()))


def _proximity(sentence: str, span: Span, q_words: set[str]) -> float:
    """1 / (1 + words between the span and the nearest question word in its sentence); 0 when none is there."""
    tokens = [(m.start(), m.group(0).lower()) for m in re.finditer(r"[A-Za-z0-9]+", sentence)]
    hits = [i for i, (_, w) in enumerate(tokens) if w in q_words and not (span.start <= tokens[i][0] < span.end)]
    inside = [i for i, (pos, _) in enumerate(tokens) if span.start <= pos < span.end]
    if not hits or not inside:
        return 0.0
    gap = min(min(abs(h - inside[0]), abs(h - inside[-1])) for h in hits)
    return 1.0 / (1.0 + max(gap - 1, 0))


LIST_ITEMS = "•;"  # what parts the items of a list said in one sentence


def _label_hits(sentence: str, span: Span, q_words: set[str]) -> int | None:
    """Question words in the label of the list item a span stands in ("• sea water temperature (and temperature at
    inlet …) = 32°C" for "What sea water temperature is assumed …"); None outside a list of "•" or ";" items."""
    marks = [i + 1 for i, c in enumerate(sentence[: span.start]) if c in LIST_ITEMS]
    if not marks:
        return None
    return len(q_words & words(sentence[marks[-1] : span.start]))


# A web address or file path: the tagger reads "%20035%20-%20PK" inside one as a number, which answers nothing.
_ADDRESS = re.compile(r"(?:https?://|www\.)\S+(?:\s\S*%\S*)*|\S*%[0-9A-Fa-f]{2}\S*")


def typed_spans(kind: str, question: str, sentences: list[str], tagger: str) -> list[list[Span]]:
    """The spans of each sentence that could answer a question of this kind (spaCy's entities, else the rules),
    none inside a web address and no footnote mark."""
    if tagger == "spacy" and nlp.available():
        ents = nlp.entities(sentences)
        out = []
        for s, e in zip(sentences, ents, strict=True):
            spans = ner_spans(kind, question, s, e)
            # The tagger misses some full dates and quantities the patterns are sure of; keep those too.
            if kind in ("date", "number"):
                covered = [(x.start, x.end) for x in spans]
                spans += [
                    r for r in rule_spans(kind, question, s) if r.strict and not any(a < r.end and r.start < b
                                                                                        for a, b in covered)
                ]
            out.append(_plausible(s, spans))
        return out
    return [_plausible(s, rule_spans(kind, question, s)) for s in sentences]


def _glued(sentence: str, span: Span) -> bool:
    """The span opens with digits the text layer glued to a capitalised word ("6Flight data recorder"): a footnote
    mark, not an amount."""
    digits = next((i for i, c in enumerate(span.text) if not c.isdecimal()), len(span.text))
    pair = sentence[span.start + digits : span.start + digits + 2]
    return digits > 0 and len(pair) == 2 and pair[0] in ascii_uppercase and pair[1] in ascii_lowercase


def _listed_numbers(text: str) -> bool:
    """ "2,39,45", "12,15": numbers listed with commas (references cited by number), not one amount whose
    thousands are set apart, as every group after the first of an amount ends in three digits."""
    groups = text.strip("()[] ").split(",")
    return len(groups) > 1 and all(g.isdigit() for g in groups) and len(groups[-1]) != 3


def _plausible(sentence: str, spans: list[Span]) -> list[Span]:
    """`spans` without those inside a web address, footnote marks glued to a word, a heading's number and numbers
    listed with commas."""
    spans = [x for x in spans if not _glued(sentence, x) and not _listed_numbers(x.text)
             and not (x.text[:1].isdigit() and section_number(sentence, x.start))]
    if "%" not in sentence and "://" not in sentence and "www." not in sentence:
        return spans
    addresses = [(m.start(), m.end()) for m in _ADDRESS.finditer(sentence)]
    return [x for x in spans if not any(a < x.end and x.start < b for a, b in addresses)]


def _display(kind: str, question: str, span: Span, spans_in_sentence: list[Span]) -> str:
    if kind == "date" and YEAR_Q.said(question):
        return year_of(span.text) or span.text
    return span.text


def _base_features(kind: str, c: Candidate, top: Candidate, position: int) -> dict[str, float]:
    return {
        "rank": float(position),
        "rel_score": c.score / top.score if top.score > 0 else 0.0,
        "similarity": c.similarity,
        "overlap": c.overlap,
        "retrieval": c.item.score,
        **{f"type_{t}": float(kind == t) for t in ("date", "number", "person", "place", "entity", "yesno", "choice")},
    }


def typed_answer(question: str, kind: str, ranked: list[Candidate], tagger: str) -> ShortAnswer | None:
    q_words = words(question)
    pool = [c for c in ranked[:TOP_SENTENCES] if c.item.kind != "table"]
    if not pool:
        return None
    per_sentence = typed_spans(kind, question, [c.text for c in pool], tagger)
    died = ENDING.said(question)
    support: dict[str, float] = {}
    items: dict[str, set[int]] = {}
    best_at: dict[str, tuple[float, Candidate, Span, int]] = {}
    top = ranked[0]
    for rank, (c, spans) in enumerate(zip(pool, per_sentence, strict=True)):
        if died and len(spans) > 1 and kind == "date":
            spans = spans[::-1]  # "(12 May 1897 – 3 June 1960)": death is the second date of the range
        for order, span in enumerate(spans):
            key = _key(_display(kind, question, span, spans))
            if not key:
                continue
            rel = c.score / top.score if top.score > 0 else 0.0
            # An earlier span of the sentence and a span near the question's words carry more weight; in a list of
            # "label = value" items, where the order says nothing, the value whose label the question names most.
            weight = rel * (1.0 + _proximity(c.text, span, q_words))
            hits = _label_hits(c.text, span, q_words)
            weight *= 1.0 / (1.0 + 0.5 * order) if hits is None else 1.0 + hits
            support[key] = support.get(key, 0.0) + weight
            items.setdefault(key, set()).add(c.item.marker)
            if key not in best_at or weight > best_at[key][0]:
                best_at[key] = (weight, c, span, rank)
    if not support:
        return None
    ordered = sorted(support, key=lambda k: -support[k])
    best = ordered[0]
    _, c, span, rank = best_at[best]
    total = sum(support.values())
    second = support[ordered[1]] if len(ordered) > 1 else 0.0
    spans_here = per_sentence[rank]
    features = _base_features(kind, c, top, rank)
    features.update(
        strict=float(span.strict),
        share=support[best] / total,
        margin=(support[best] - second) / support[best],
        items=float(len(items[best])),
        ambiguity=float(len(spans_here)),
        proximity=_proximity(c.text, span, q_words),
        repeats_question=float(bool(words(span.text) & q_words)),
    )
    return ShortAnswer(_display(kind, question, span, spans_here), kind, c, span, features)


def _mentions(option: str, text: str) -> bool:
    want = words(option)
    return bool(want) and len(want & words(text)) >= max(1, len(want) // 2 + 1)


def _value(text: str, direction: int) -> float | None:
    if abs(direction) == 1:
        m = re.search(r"\b(1[0-9]\d\d|20\d\d)\b", text)
    else:
        m = re.search(r"\b\d[\d,]*(?:\.\d+)?\b", text)
    return float(m.group(0).replace(",", "")) if m else None


def choice_answer(question: str, ranked: list[Candidate]) -> ShortAnswer | None:
    """One of the two options: by the compared values when the question compares (earlier, more, ...), else the
    option the best-ranked evidence names."""
    options = choice_options(question)
    if options is None:
        return None
    found = [next((c for c in ranked if _mentions(opt, c.text)), None) for opt in options]
    direction = comparison_direction(question)
    top = ranked[0]
    first, second = found
    if direction and first is not None and second is not None and first is not second:
        a, b = _value(first.text, direction), _value(second.text, direction)
        if a is not None and b is not None and a != b:
            pick = 0 if (a < b) == (direction < 0) else 1
            c = found[pick]
            assert c is not None
            features = _base_features("choice", c, top, ranked.index(c))
            features.update(strict=1.0, share=1.0, margin=1.0, items=2.0, proximity=1.0)
            return ShortAnswer(options[pick], "choice", c, None, features)
    ranks = [ranked.index(c) if c is not None else len(ranked) for c in found]
    if ranks[0] == ranks[1]:
        return None
    pick = 0 if ranks[0] < ranks[1] else 1
    c = found[pick]
    if c is None:
        return None
    features = _base_features("choice", c, top, ranks[pick])
    features.update(strict=0.0, share=0.5, margin=0.0, items=1.0)
    return ShortAnswer(options[pick], "choice", c, None, features)


def yes_no_answer(question: str, ranked: list[Candidate]) -> ShortAnswer:
    """"no" when the best evidence is negated and the question is not; else "yes". Weak by nature: the gate keeps
    it hidden unless the evidence is close to the question."""
    best = ranked[0]
    negated = says_no(best.text) and not says_no(question)
    features = _base_features("yesno", best, best, 0)
    features.update(strict=0.0, share=0.5, margin=0.0, items=1.0)
    return ShortAnswer("no" if negated else "yes", "yesno", best, None, features)


def propose(question: str, ranked: Sequence[Candidate], tagger: str = "spacy") -> ShortAnswer | None:
    """The best short-answer candidate with its features and confidence; None when no span of the asked type is
    in the best evidence. The caller shows it only when `confidence` passes the threshold."""
    ranked = list(ranked)
    if not ranked:
        return None
    kind = expected_type(question)
    if kind == "choice":
        found = choice_answer(question, ranked)
    elif kind == "yesno":
        found = yes_no_answer(question, ranked)
    else:
        found = typed_answer(question, kind, ranked, tagger)
    if found is not None:
        found.confidence = confidence(found.features)
    return found
