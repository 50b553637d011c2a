"""The built-in reader: a cited answer without any LLM.

Extractive: the sentence(s) of the retrieved context that best answer the question, scored by embedding
similarity to the question, word overlap with it, and whether they hold a span of the type the question asks for
(a year for "when", a number for "how many", a new name for "who"). Each chosen sentence carries the marker of the
context item it came from.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

Encode = Callable[[list[str]], np.ndarray]

WEIGHT_EMBEDDING = 0.5
WEIGHT_OVERLAP = 0.3
WEIGHT_TYPE = 0.2
WEIGHT_ORDER = 0.05  # earlier evidence is a little more trustworthy (seeds before far hops)
SECOND_SENTENCE_RATIO = 0.85  # a second sentence is added when it scores this close to the best one
MAX_SENTENCES = 120  # sentences considered per question
# Sentences embedded per question: the best MAX_EMBEDDED by the cheap signals (word overlap, answer type, evidence
# order) are embedded, the others cannot win. Encoding is ~95% of a local answer's time on a CPU (10-20 ms per
# sentence on 2 cores), so this bounds the reader at a few hundred ms instead of seconds.
MAX_EMBEDDED = 16
SENTENCE_CACHE_SIZE = 20_000  # sentence vectors kept per encoder (~1.5 kB each at 384 dims)
MAX_SENTENCE_CHARS = 400

STOP = frozenset(
    """a an and are as at be been by did do does for from had has have he her his how i in is it its of on or
    she that the their them they this to was were what when where which who whom whose why with you your
    many much name named called year""".split()
)
YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)s?\b")
DATE = re.compile(
    r"\b(\d{1,2}\s+)?(january|february|march|april|may|june|july|august|september|october|november|december)\b", re.I
)
NUMBER = re.compile(r"\b\d[\d,.]*\b|\b(one|two|three|four|five|six|seven|eight|nine|ten|hundred|thousand|million)\b",
                    re.I)  # fmt: skip
PROPER = re.compile(r"\b[A-Z][\w'’-]+(?:\s+(?:of|the|de|von|van|and)?\s*[A-Z][\w'’-]+)*")
ABBREVIATION_END = re.compile(
    r"(?:\b[A-Z]\.|\b(?:Mr|Mrs|Ms|Dr|Prof|St|Jr|Sr|vs|etc|e\.g|i\.e|No|Inc|Co|Ltd|Fig|Vol|pp?)\.)$"
)
SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[A-Z0-9\"'(\[])")


@dataclass(frozen=True, slots=True)
class ContextItem:
    marker: int  # [n] in the prompt and the answer
    node_id: str
    kind: str
    text: str  # tables as markdown


def words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in STOP and len(w) > 1}


def split_sentences(text: str) -> list[str]:
    text = " ".join(text.split())
    if not text:
        return []
    parts = [p.strip() for p in SENTENCE_END.split(text) if p.strip()]
    out: list[str] = []
    glue_next = False
    for part in parts:
        # "U.S. Army", "Dr. Smith", "J. Doe": the split after an abbreviation was no sentence end.
        if out and (glue_next or len(part.split()) < 2):
            out[-1] = f"{out[-1]} {part}"
        else:
            out.append(part)
        glue_next = bool(ABBREVIATION_END.search(out[-1]))
    return [s[:MAX_SENTENCE_CHARS] for s in out]


def table_rows(markdown: str) -> list[str]:
    """A markdown table as one line per data row, prefixed with its header so a row reads on its own."""
    lines = [ln.strip() for ln in markdown.splitlines() if ln.strip().startswith("|")]
    rows = [[c.strip() for c in ln.strip("|").split("|")] for ln in lines if not re.fullmatch(r"[|\s:-]+", ln)]
    if len(rows) < 2:
        return [markdown[:MAX_SENTENCE_CHARS]] if markdown.strip() else []
    header = rows[0]
    out = []
    for row in rows[1:]:
        pairs = [f"{h}: {v}" if h else v for h, v in zip(header, row, strict=False) if v]
        if pairs:
            out.append("; ".join(pairs)[:MAX_SENTENCE_CHARS])
    return out


def answer_type_bonus(question: str, sentence: str) -> float:
    """1.0 when the sentence holds a span of the kind the question asks for and the question does not."""
    q = question.lower()
    q_words = words(question)

    def new_spans(pattern: re.Pattern[str]) -> bool:
        return any(not (words(m.group(0)) <= q_words) for m in pattern.finditer(sentence))

    if re.search(r"\bwhen\b|\bwhat year\b|\bwhich year\b|\bwhat date\b", q):
        return 1.0 if new_spans(YEAR) or new_spans(DATE) else 0.0
    if re.search(r"\bhow (many|much|long|old|far|tall|big)\b|\bwhat (percentage|number|amount)\b", q):
        return 1.0 if new_spans(NUMBER) else 0.0
    if re.search(r"\b(who|whom|whose|where|which)\b", q):
        return 1.0 if new_spans(PROPER) else 0.0
    return 0.5 if new_spans(PROPER) or new_spans(NUMBER) else 0.0


@dataclass(slots=True)
class Candidate:
    item: ContextItem
    position: int  # order of the item in the evidence
    text: str
    score: float = 0.0


def candidates(items: Sequence[ContextItem]) -> list[Candidate]:
    out: list[Candidate] = []
    for pos, item in enumerate(items):
        pieces = table_rows(item.text) if item.kind == "table" else split_sentences(item.text)
        out.extend(Candidate(item=item, position=pos, text=p) for p in pieces)
        if len(out) >= MAX_SENTENCES:
            break
    return out[:MAX_SENTENCES]


class CachedEncode:
    """An encoder's `encode` with an LRU of vectors by text (thread-safe): the sentences of popular passages are
    embedded once per process, not once per question. Vectors depend only on the text and the model, so no
    invalidation is needed when a collection changes."""

    def __init__(self, encode: Encode, size: int = SENTENCE_CACHE_SIZE) -> None:
        self.inner = encode
        self.size = size
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    def __call__(self, texts: list[str]) -> np.ndarray:
        found: dict[str, np.ndarray] = {}
        with self._lock:
            for t in texts:
                v = self._cache.get(t)
                if v is not None:
                    self._cache.move_to_end(t)
                    found[t] = v
        missing = [t for t in dict.fromkeys(texts) if t not in found]
        if missing:
            vectors = np.asarray(self.inner(missing), dtype=np.float32)
            with self._lock:
                for t, v in zip(missing, vectors, strict=True):
                    found[t] = v
                    self._cache[t] = v
                while len(self._cache) > self.size:
                    self._cache.popitem(last=False)
        if not texts:
            return np.zeros((0, 0), dtype=np.float32)
        return np.vstack([found[t] for t in texts])


_cached: dict[int, tuple[object, CachedEncode]] = {}
_cached_lock = threading.Lock()


def cached_encode(encoder: object) -> CachedEncode:
    """The process-wide sentence cache of `encoder` (an object with `encode(texts)`)."""
    with _cached_lock:
        entry = _cached.get(id(encoder))
        if entry is None or entry[0] is not encoder:
            entry = (encoder, CachedEncode(encoder.encode))  # type: ignore[attr-defined]
            _cached[id(encoder)] = entry
        return entry[1]


def score_candidates(
    question: str,
    cands: list[Candidate],
    encode: Encode | None,
    n_items: int,
    question_vector: np.ndarray | None = None,
    max_embedded: int = MAX_EMBEDDED,
) -> list[Candidate]:
    """Score candidates; with an encoder, only the best `max_embedded` by the cheap signals are embedded and
    returned (the others could only win on similarity, which a sentence sharing nothing with the question rarely
    has). Without one, every candidate is returned, scored by the cheap signals."""
    q_words = words(question)
    for c in cands:
        overlap = len(q_words & words(c.text)) / max(len(q_words), 1)
        order = 1.0 - c.position / max(n_items, 1)
        c.score = WEIGHT_OVERLAP * overlap + WEIGHT_TYPE * answer_type_bonus(question, c.text) + WEIGHT_ORDER * order
    if encode is None or not cands:
        return cands
    if len(cands) > max_embedded:
        # Stable: ties keep evidence order.
        cands = sorted(cands, key=lambda c: -c.score)[:max_embedded]
    if question_vector is None:
        vectors = encode([question] + [c.text for c in cands])
        q, vectors = vectors[0], vectors[1:]
    else:
        q, vectors = np.asarray(question_vector, dtype=np.float32), encode([c.text for c in cands])
    for c, sim in zip(cands, vectors @ q, strict=True):
        c.score += WEIGHT_EMBEDDING * float(sim)
    return cands


def extractive_answer(
    question: str, items: Sequence[ContextItem], encode: Encode | None, question_vector: np.ndarray | None = None
) -> str:
    """The best sentence (and a close second from another item) with [n] markers; '' when there is no context.

    `question_vector` (the retriever's embedding of the question, when at hand) saves encoding it again."""
    cands = candidates(items)
    if not cands:
        return ""
    cands = score_candidates(question, cands, encode, len(items), question_vector)
    chosen = _choose(sorted(cands, key=lambda c: -c.score))
    return " ".join(f"{_sentence(c.text)} [{c.item.marker}]" for c in chosen)


def _choose(ranked: list[Candidate]) -> list[Candidate]:
    """The best sentence and a close second from another item, in evidence order."""
    chosen = [ranked[0]]
    for c in ranked[1:]:
        if c.score < SECOND_SENTENCE_RATIO * ranked[0].score:
            break
        # A second sentence from another passage is what a two-hop answer usually needs.
        if c.item.marker != ranked[0].item.marker:
            chosen.append(c)
            break
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


# --- Short answers ------------------------------------------------------------------------------------------------
# A direct answer first: the span of the best-ranked cited sentence(s) that answers the question, by the kind of
# answer the question asks for. Heuristic and general (no model): None when nothing fits, and the caller keeps the
# sentence answer alone.

SHORT_CANDIDATES = 3  # ranked sentences searched for a span
SHORT_MIN_RATIO = 0.6  # ... each scoring at least this share of the best one
MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december"
FULL_DATE = re.compile(
    rf"\b(?:\d{{1,2}}\s+(?:{MONTHS})(?:,?\s+\d{{3,4}})?|(?:{MONTHS})\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{3,4}}"
    rf"|(?:{MONTHS})\s+\d{{3,4}}|\d{{3,4}}s?)\b",
    re.I,
)
QUANTITY = re.compile(
    r"(?:[$£€]\s?)?\b\d[\d,]*(?:\.\d+)?(?:\s?%|\s+(?:percent|per cent|million|billion|thousand|hundred))?"
    r"|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
    r"seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)\b"
    r"(?:\s+(?:million|billion|thousand|hundred))?",
    re.I,
)
NAME = re.compile(
    r"\b[A-Z][\w'’.-]*[\w’]"  # first capitalised word
    r"(?:(?:\s+(?:of|the|de|da|del|la|le|von|van|der|den|and|&|for|on|upon|du|di|y))*\s+[A-Z0-9][\w'’.-]*[\w’])*"
)
YES_NO = re.compile(
    r"^(is|are|was|were|do|does|did|has|have|had|can|could|will|would|should|shall|may|might)\b", re.I
)
NEGATION = re.compile(r"\b(not|never|no|neither|nor|none|n't|cannot|without)\b|n't\b", re.I)
# Capitalised words that open a sentence or a clause but name nothing.
NOT_NAMES = frozenset(
    """a an the he she it its they them their his her this that these those there here in on at of for from by with
    as after before during since until when while where which who whom whose what why how but and or if then also
    however although though both either neither each every all some many most one its our we you i born died
    january february march april may june july august september october november december monday tuesday wednesday
    thursday friday saturday sunday""".split()
)
DEMONYMS = frozenset(
    "German Dutch French Greek Thai Swiss Irish Welsh Roman Hindi Jewish Christian Catholic Muslim Arab Czech".split()
)
EARLY = re.compile(r"\b(first|earlier|earliest|older|oldest|before|sooner|previously)\b", re.I)
LATE = re.compile(r"\b(later|latest|last|younger|youngest|more recent|most recent|newer|newest|after)\b", re.I)
MORE = re.compile(r"\b(more|most|larger|largest|bigger|biggest|higher|highest|taller|tallest|longer|longest|greater|"
                  r"greatest|heavier|wider|deeper)\b", re.I)  # fmt: skip
LESS = re.compile(r"\b(fewer|fewest|less|least|smaller|smallest|lower|lowest|shorter|shortest|lighter)\b", re.I)


def expected_type(question: str) -> str:
    """yesno | choice | date | number | person | place | entity: the kind of answer the question asks for."""
    q = question.strip()
    low = q.lower()
    if choice_options(q):
        return "choice"
    if YES_NO.match(q):
        return "yesno"
    if re.search(r"\bwhen\b|\b(what|which|in what|in which) (year|date|month|decade|century)\b", low):
        return "date"
    if re.search(r"\bhow (many|much|long|old|far|tall|big|large|high)\b|\bwhat (percentage|percent|number|amount|"
                 r"proportion|share)\b|\bwhat (is|was) the population\b", low):  # fmt: skip
        return "number"
    if re.search(r"\bwhere\b|\b(what|which) (country|city|town|state|county|province|region|continent|island|"
                 r"place|village|location|nation|district)\b", low):  # fmt: skip
        return "place"
    if re.search(r"\b(who|whom|whose)\b", low):
        return "person"
    return "entity"


def choice_options(question: str) -> tuple[str, str] | None:
    """The two options of "Which X, A or B?" / "Who was born first, A or B?"; None for other questions."""
    q = question.strip().rstrip("?").strip()
    if " or " not in q or YES_NO.match(q) and "," not in q:
        return None
    left, right = q.rsplit(" or ", 1)
    right = right.strip(" ,")
    if "," in left:
        a = left.rsplit(",", 1)[1].strip()
    else:
        names = list(NAME.finditer(left))
        if not names or names[-1].end() < len(left.rstrip()) - 1:
            return None
        a = names[-1].group(0)
    a = re.sub(r"^(the|a|an|between|either)\s+", "", a, flags=re.I).strip()
    right = re.sub(r"^(the|a|an)\s+", "", right, flags=re.I).strip()
    if not a or not right or len(a.split()) > 8 or len(right.split()) > 8:
        return None
    return a, right


def _new(span: str, q_words: set[str]) -> bool:
    w = words(span)
    return bool(w) and not w <= q_words


def _clean_name(span: str) -> str:
    tokens = span.split()
    while tokens and tokens[0].lower().strip(".,") in NOT_NAMES:
        tokens = tokens[1:]
    while tokens and tokens[-1].lower().strip(".,") in NOT_NAMES:
        tokens = tokens[:-1]
    return " ".join(tokens).rstrip(".,;:")


def _is_demonym(span: str) -> bool:
    """"American", "Indian", "French": an adjective of a name, rarely the name asked for."""
    return " " not in span and bool(re.search(r"(ian|ean|can|ese|ish|ine)$", span) or span in DEMONYMS)


def _names(sentence: str, q_words: set[str]) -> list[tuple[int, str]]:
    out = []
    for m in NAME.finditer(sentence):
        span = _clean_name(m.group(0))
        if span and _new(span, q_words) and not re.fullmatch(r"[\d\s,.]+", span) and not _is_demonym(span):
            out.append((m.start(), span))
    return out


def _date_span(question: str, sentence: str, q_words: set[str]) -> str | None:
    low = question.lower()
    spans = [m.group(0) for m in FULL_DATE.finditer(sentence) if _new(m.group(0), q_words)]
    spans = [s for s in spans if re.search(r"\d", s)]
    if not spans:
        return None
    # "(12 May 1897 – 3 June 1960)": death is the second date of the range.
    pick = spans[-1] if re.search(r"\b(die|died|death|end|ended|close|closed)\b", low) and len(spans) > 1 else spans[0]
    if re.search(r"\b(what|which|in what|in which) year\b", low):
        year = re.search(r"\d{3,4}s?", pick)
        return year.group(0) if year else None
    return pick


# "1997–98", "2009-10": the second number is part of a period, never a count or a share.
YEAR_RANGE = re.compile(r"\b(?:1[5-9]|20)\d\d\s?[–—-]\s?\d{2,4}\b")


def _number_span(question: str, sentence: str, q_words: set[str]) -> str | None:
    periods = [m.span() for m in YEAR_RANGE.finditer(sentence)]
    spans = [
        m.group(0).strip()
        for m in QUANTITY.finditer(sentence)
        if _new(m.group(0), q_words) and not any(a <= m.start() < b for a, b in periods)
    ]
    if re.search(r"\b(percentage|percent|proportion|share|fraction|rate)\b", question.lower()):
        # A share is answered by a percentage; any other number in the sentence would be a guess.
        spans = [s for s in spans if re.search(r"%|per ?cent", s)]
    if not spans:
        return None
    if not re.search(r"\byears?\b|\bold\b|\bage\b", question.lower()):
        # A year is rarely the count asked for.
        counts = [s for s in spans if not re.fullmatch(r"1[5-9]\d\d|20\d\d", s)]
        spans = counts or spans
    return spans[0]


def _place_span(sentence: str, q_words: set[str]) -> str | None:
    names = _names(sentence, q_words)
    for start, span in names:
        if re.search(r"\b(in|at|from|near|of|to)\s+(the\s+)?$", sentence[max(0, start - 10):start]):
            return span
    return names[0][1] if names else None


def _entity_span(question: str, sentence: str, q_words: set[str]) -> str | None:
    names = _names(sentence, q_words)
    return names[0][1] if names else None


def _option_score(option: str, texts: list[str]) -> tuple[int, str]:
    """How many of the option's words the best sentence holds, and that sentence."""
    want = words(option)
    best = (0, "")
    for t in texts:
        hit = len(want & words(t))
        if hit > best[0]:
            best = (hit, t)
    return best


def _choice(question: str, options: tuple[str, str], ranked: list[Candidate]) -> tuple[str, Candidate] | None:
    texts = [c.text for c in ranked]
    found = []
    for opt in options:
        # The first (best-ranked) sentence that names the option.
        want = words(opt)
        cand = next((c for c in ranked if want and len(want & words(c.text)) >= max(1, len(want) // 2 + 1)), None)
        found.append(cand)
    low = question.lower()
    direction = 0
    if EARLY.search(low):
        direction = -1
    elif LATE.search(low):
        direction = 1
    elif MORE.search(low):
        direction = 2
    elif LESS.search(low):
        direction = -2
    if direction and all(found):
        values = []
        for c in found:
            assert c is not None
            if abs(direction) == 1:
                m = re.search(r"\b(1[0-9]\d\d|20\d\d)\b", c.text)
            else:
                m = re.search(r"\b\d[\d,]*(?:\.\d+)?\b", c.text)
            values.append(float(m.group(0).replace(",", "")) if m else None)
        if all(v is not None for v in values) and values[0] != values[1]:
            a, b = values
            assert a is not None and b is not None
            pick = 0 if (a < b) == (direction < 0) else 1
            return options[pick], found[pick]  # type: ignore[return-value]
    # Otherwise: the option the best evidence names (the earlier-ranked sentence wins).
    ranks = [ranked.index(c) if c is not None else len(ranked) for c in found]
    if ranks[0] == ranks[1]:
        if found[0] is None:
            return None
        scores = [_option_score(o, [texts[ranks[0]]])[0] for o in options]
        if scores[0] == scores[1]:
            return None
        pick = 0 if scores[0] > scores[1] else 1
    else:
        pick = 0 if ranks[0] < ranks[1] else 1
    chosen = found[pick]
    return (options[pick], chosen) if chosen is not None else None


def _yes_no(question: str, ranked: list[Candidate]) -> tuple[str, Candidate]:
    """Honest and simple: "no" when the best evidence is negated, or when a "both ... same" comparison finds two
    different values; else "yes"."""
    best = ranked[0]
    text = best.text
    if NEGATION.search(text) and not NEGATION.search(question):
        return "no", best
    return "yes", best


def short_answer(question: str, ranked: list[Candidate]) -> tuple[str, Candidate] | None:
    """(span, the candidate it came from) for the best-ranked candidates, or None when nothing fits."""
    if not ranked:
        return None
    kind = expected_type(question)
    if kind == "choice":
        options = choice_options(question)
        assert options is not None
        return _choice(question, options, ranked)
    if kind == "yesno":
        return _yes_no(question, ranked)
    q_words = words(question)
    top = ranked[0].score
    for c in ranked[:SHORT_CANDIDATES]:
        if top > 0 and c.score < SHORT_MIN_RATIO * top:
            break
        if c.item.kind == "table":
            continue
        if kind == "date":
            span = _date_span(question, c.text, q_words)
        elif kind == "number":
            span = _number_span(question, c.text, q_words)
        elif kind == "place":
            span = _place_span(c.text, q_words)
        else:
            span = _entity_span(question, c.text, q_words)
        if span:
            return span, c
    return None


def reader_answer(
    question: str, items: Sequence[ContextItem], encode: Encode | None, question_vector: np.ndarray | None = None
) -> tuple[str, str | None]:
    """(answer text, short answer): "<short> [n]", a blank line, then the supporting sentence(s) with their markers;
    the sentence answer alone (and None) when no span fits."""
    cands = candidates(items)
    if not cands:
        return "", None
    cands = score_candidates(question, cands, encode, len(items), question_vector)
    ranked = sorted(cands, key=lambda c: -c.score)
    chosen = _choose(ranked)
    sentences = " ".join(f"{_sentence(c.text)} [{c.item.marker}]" for c in chosen)
    found = short_answer(question, ranked)
    if found is None:
        return sentences, None
    span, source = found
    if source not in chosen:
        chosen = sorted([*chosen, source], key=lambda c: c.position)
        sentences = " ".join(f"{_sentence(c.text)} [{c.item.marker}]" for c in chosen)
    return f"{span} [{source.item.marker}]\n\n{sentences}", span
