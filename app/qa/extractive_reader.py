"""The built-in reader: a cited answer without any LLM.

Extractive: the sentence(s) of the retrieved context that best answer the question, scored by embedding
similarity to the question, word overlap with it, and whether they hold a span of the type the question asks for
(a year for "when", a number for "how many", a new name for "who"). Each chosen sentence carries the marker of the
context item it came from.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import zip_longest

import numpy as np

from app.qa.tablelayout import is_number, join_headers
from app.text.dates import date_keys
from app.text.sentences import split_sentences
from app.text.stemming import stem

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
# "What does the FAA estimate as the average cost ...": a what-question about an amount asks for a number.
COST_Q = re.compile(r"^\s*what\b.*\b(costs?|price|amount|total|percentage|proportion|share|rate|population)\b", re.I)
YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)s?\b")
DATE = re.compile(
    r"\b(\d{1,2}\s+)?(january|february|march|april|may|june|july|august|september|october|november|december)\b", re.I
)
NUMBER = re.compile(r"\b\d[\d,.]*\b|\b(one|two|three|four|five|six|seven|eight|nine|ten|hundred|thousand|million)\b",
                    re.I)  # fmt: skip
PROPER = re.compile(r"\b[A-Z][\w'’-]+(?:\s+(?:of|the|de|von|van|and)?\s*[A-Z][\w'’-]+)*")
# Where a long sentence is cut: before a bullet or a list item "b) ", after a semicolon.
LIST_BREAK = re.compile(r"\s+(?=[•▪●]\s)|(?<=;)\s+|\s+(?=\(?[a-z]\)\s)")


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


def words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in STOP and len(w) > 1}


# A month is one word however it is written: "December 2015" asks for the row "Dec-2015".
_MONTHS = "january february march april may june july august september october november december".split()
MONTH_STEMS = {**{m: m[:3] for m in _MONTHS}, **{m[:3]: m[:3] for m in _MONTHS}, "sept": "sep"}


def stemmed(text: str) -> set[str]:
    """`words(text)` stemmed: the overlap of a sentence with its question counts "recruiting" for "recruits",
    "supervision" for "supervise" and "Dec" for "December"; a date's keys (app.text.dates) too, so "21 August 2015"
    meets "08/21/2015"."""
    return {MONTH_STEMS.get(w) or stem(w) for w in words(text)} | date_keys(text)


_ONE_DIGIT_PARTS = re.compile(r"\d[.,]\d")
# "6.4 The changing face of retail outlets", "2 Design and construction 2.1 Materials", "as per [1.1.1]": a
# heading's or a section's number, no amount; nor is the number of a table, figure or section referred to
# ("(Tables 6.6 - 6.9)", "see 4.6.1.").
SECTION_NUMBER = re.compile(r"\d+\.\d+\.\d+|\d+(?:\.\d+)+\.?\s+[A-Z][a-z]{2,}|\[\d+(?:\.\d+)*\]")
REFERENCE = re.compile(r"\b(?:tables?|figures?|figs?\.|sections?|chapters?|annex(?:es)?|appendix|appendices|"
                       r"paragraphs?|see|§)\s*(?:[\d.]+\s*(?:[-–—]|to)\s*)?$", re.I)  # fmt: skip


def section_number(sentence: str, start: int) -> bool:
    """The number starting at `start` numbers a heading or a section ("2.1 Materials", "1.1.1"), or a table, figure
    or section the sentence refers to."""
    at = start - 1 if start > 0 and sentence[start - 1] == "[" else start
    if SECTION_NUMBER.match(sentence, at) and (at == 0 or not sentence[at - 1].isalnum()):
        return True
    return REFERENCE.search(sentence, 0, start) is not None


def says_new(span: str, q_words: set[str]) -> bool:
    """The span says something the question does not. A decimal of one-digit parts ("2.9%", "8.4") leaves no
    word in `words` (one-character words are dropped) and is new all the same."""
    w = words(span)
    return not w <= q_words if w else bool(_ONE_DIGIT_PARTS.search(span))


# A numbered step's or list item's number split off as a sentence of its own ("… to 3 mph/s. 4. Set the cruising
# speed to 40 mph."): it opens the sentence after it.
LIST_NUMBER = re.compile(r"(?:\d{1,2}|[ivx]{1,4}|[a-z])[.)]|\([a-z0-9]{1,3}\)", re.I)


def sentence_pieces(text: str) -> list[str]:
    """The text's sentences (app.text.sentences), a one-word fragment ("Yes.") kept with the sentence before it
    (alone it answers nothing) unless it is a list item's number ("4."), which opens the sentence after it; a long
    one cut into pieces."""
    out: list[str] = []
    number = ""
    sentences = split_sentences(text)
    for i, sentence in enumerate(sentences):
        if number:
            sentence, number = f"{number} {sentence}", ""
        if len(sentence.split()) < 2 and LIST_NUMBER.fullmatch(sentence) and i + 1 < len(sentences):
            number = sentence
        elif out and len(sentence.split()) < 2:
            out[-1] = f"{out[-1]} {sentence}"
        else:
            out.append(sentence)
    return [piece for s in out for piece in _pieces(s)]


def _pieces(sentence: str) -> list[str]:
    """A sentence longer than MAX_SENTENCE_CHARS (a list, a run of table text) in pieces of at most that length,
    cut at bullets, semicolons or list items ("c) ...") where it has them, else between words: nothing is dropped,
    so a value near the end of a long list can still be read."""
    if len(sentence) <= MAX_SENTENCE_CHARS:
        return [sentence]
    out: list[str] = []
    current = ""
    for part in LIST_BREAK.split(sentence):
        for chunk in _wrap(part):
            if current and len(current) + 1 + len(chunk) > MAX_SENTENCE_CHARS:
                out.append(current)
                current = chunk
            else:
                current = f"{current} {chunk}" if current else chunk
    if current:
        out.append(current)
    return out


def _wrap(text: str) -> list[str]:
    if len(text) <= MAX_SENTENCE_CHARS:
        return [text]
    out, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > MAX_SENTENCE_CHARS:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return [*out, line] if line else out


def table_rows(markdown: str) -> list[str]:
    """A markdown table as one line per data row, prefixed with its header so a row reads on its own."""
    lines = [ln.strip() for ln in markdown.splitlines() if ln.strip().startswith("|")]
    rows = [[c.strip() for c in ln.strip("|").split("|")] for ln in lines if not re.fullmatch(r"[|\s:-]+", ln)]
    rows = _wrapped_cells_joined(rows)
    if len(rows) < 2:
        return [markdown[:MAX_SENTENCE_CHARS]] if markdown.strip() else []
    header = _without_title(rows[0])
    out = []
    section = ""
    block = 0  # rows of a header block still to skip
    for k, row in enumerate(rows[1:], start=1):
        if block:
            block -= 1
            continue
        n = _header_block(rows, k)
        if n:
            # A second table stacked under the first and read as one: its own header names the rows below it.
            header, section, block = _without_title(join_headers(rows[k : k + n], n)), "", n - 1
            continue
        if _heads_section(rows, k):
            # "Total for the Fund" over "Number of outstanding units | 520,691": the rows below are the section's,
            # and three rows of one label in three sections read apart only with it.
            section = row[0]
            continue
        if section and row and row[0] and not NOTE_ROW.match(row[0]):
            row = [f"{section} / {row[0]}", *row[1:]]
        pairs = [f"{h}: {v}" if h else v for h, v in zip(header, row, strict=False) if v]
        if pairs:
            out.append("; ".join(pairs)[:MAX_SENTENCE_CHARS])
    return out


def _wrapped_cells_joined(rows: list[list[str]]) -> list[list[str]]:
    """`rows` with each row that carries on the cells of the data row above joined to it: a table without ruling
    lines loses its cells' line breaks, and "Production of Road / Safety Education / Textbooks (15,000 / copies) … /
    for Junior High Schools" comes out as five rows, the last four with an empty first cell and few cells filled. Such
    a row (first cell empty, fewer than half as many cells filled as its data row) is part of that row's cells."""
    out: list[list[str]] = rows[:2]
    anchor = sum(bool(c) for c in rows[1]) if len(rows) > 1 and rows[1] and rows[1][0] else 0
    for row in rows[2:]:
        filled = sum(bool(c) for c in row)
        if anchor and row and not row[0] and 0 < filled * 2 < anchor:
            out[-1] = [f"{a} {b}".strip() for a, b in zip_longest(out[-1], row, fillvalue="")]
            continue
        out.append(row)
        anchor = filled if row and row[0] else 0
    return out


def _header_block(rows: list[list[str]], k: int) -> int:
    """How many rows from `k` on make a header in mid-table (0 when row `k` is data): rows without a figure, the first
    filling at least half its cells, after two rows of data and before a row with figures ("| | JTA | RAC | … | JAL
    Group TTL |", "| ROUTE | Domestic PAX FLT | …", then "| TTL Flight Number | 2,172 | …")."""
    if k < 3 or not all(any(is_number(c) for c in r[1:]) for r in rows[k - 2 : k]):
        return 0
    n = 0
    while k + n < len(rows) and not any(is_number(c) for c in rows[k + n][1:]) and any(rows[k + n][1:]):
        n += 1
    width = len(rows[k])
    if not n or k + n >= len(rows) or sum(bool(c) for c in rows[k]) * 2 < width or width < 3:
        return 0
    return n


def _without_title(header: list[str]) -> list[str]:
    """Header names without a first part every column shares: a title over the whole table, carried into each name
    ("4. Monthly JAL Group Flight Operation Data Dec-2015 / JAL / Domestic PAX FLT"), tells no column from another
    and pushed the values out of a row's first 400 characters."""
    named = [h for h in header if h]
    firsts = {h.split(" / ")[0] for h in named}
    if len(named) < 3 or len(firsts) != 1 or not any(" / " in h for h in named):
        return header
    title = firsts.pop()
    return [h[len(title) + 3 :] if h.startswith(f"{title} / ") else "" if h == title else h for h in header]


# A note row ("Source: …", "NOTE: The ratios were derived from tables 1 and 16.") heads nothing.
NOTE_ROW = re.compile(r"^(?:note|notes|source|sources|see)\b|^\S+(?:\s+\S+){5,}\.$", re.I)


def _heads_section(rows: list[list[str]], k: int) -> bool:
    """Row `k` holds only a label, and the row below holds a label and values: a section heading. A label wrapped
    onto the next row ("Murder and nonnegligent" / "manslaughter") or a note is not one."""
    row = rows[k]
    if not row or not row[0] or any(c for c in row[1:]) or NOTE_ROW.match(row[0]) or k + 1 >= len(rows):
        return False
    below = rows[k + 1]
    return bool(below and below[0] and not below[0][:1].islower() and any(c for c in below[1:]))


def answer_type_bonus(question: str, sentence: str) -> float:
    """1.0 when the sentence holds a span of the kind the question asks for and the question does not."""
    q = question.lower()
    q_words = words(question)

    def new_spans(pattern: re.Pattern[str]) -> bool:
        return any(says_new(m.group(0), q_words) and not section_number(sentence, m.start())
                   for m in pattern.finditer(sentence))

    if re.search(r"\bwhen\b|\bwhat year\b|\bwhich year\b|\bwhat date\b", q):
        return 1.0 if new_spans(YEAR) or new_spans(DATE) else 0.0
    if re.search(r"\bhow (many|much|long|old|far|tall|big)\b|\bwhat (number|amount)\b", q) or COST_Q.search(q):
        return 1.0 if new_spans(NUMBER) else 0.0
    if re.search(r"\b(who|whom|whose|where|which)\b", q):
        # Half: nearly every sentence of a report holds some new capitalised word, so this says little.
        return 0.5 if new_spans(PROPER) else 0.0
    return 0.5 if new_spans(PROPER) or new_spans(NUMBER) else 0.0


@dataclass(slots=True)
class Candidate:
    item: ContextItem
    position: int  # order of the item in the evidence
    text: str
    score: float = 0.0
    similarity: float = 0.0  # cosine of the sentence and the question (0 when not embedded)
    overlap: float = 0.0  # share of the question's content words the sentence holds


def candidates(items: Sequence[ContextItem]) -> list[Candidate]:
    out: list[Candidate] = []
    for pos, item in enumerate(items):
        if item.continues:
            continue
        pieces = table_rows(item.text) if item.kind == "table" else sentence_pieces(item.text)
        out.extend(Candidate(item=item, position=pos, text=p) for p in pieces)
        if len(out) >= MAX_SENTENCES:
            break
    return out[:MAX_SENTENCES]


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
    q_words = stemmed(question)
    held = [q_words & stemmed(c.text) for c in cands]  # the question's words each sentence holds
    for c, hits in zip(cands, held, strict=True):
        overlap = len(hits) / max(len(q_words), 1)
        c.overlap = overlap
        order = 1.0 - c.position / max(n_items, 1)
        c.score = WEIGHT_OVERLAP * overlap + WEIGHT_TYPE * answer_type_bonus(question, c.text) + WEIGHT_ORDER * order
    if encode is None or not cands:
        return cands
    if len(cands) > max_embedded:
        # Which sentences are embedded: the cheap score plus the question words they hold weighted by how rare each
        # is among the candidates. A word every table row repeats ("dollars" of a "Constant 2010–11 dollars" column)
        # says little about which sentence answers; the rare ones ("works trials") say much. Stable: ties keep
        # evidence order.
        rare = rarity(q_words, held)
        ranked = sorted(zip(cands, held, strict=True), key=lambda ch: -(ch[0].score + WEIGHT_OVERLAP * rare(ch[1])))
        cands = spread([c for c, _ in ranked], max_embedded)
    if question_vector is None:
        vectors = encode([question] + [c.text for c in cands])
        q, vectors = vectors[0], vectors[1:]
    else:
        q, vectors = np.asarray(question_vector, dtype=np.float32), encode([c.text for c in cands])
    for c, sim in zip(cands, vectors @ q, strict=True):
        c.similarity = float(sim)
        c.score += WEIGHT_EMBEDDING * float(sim)
    return cands


def spread(ranked: list[Candidate], k: int, per_item: int = MAX_EMBEDDED_PER_ITEM) -> list[Candidate]:
    """The best `k` of `ranked`, at most `per_item` from one item while others wait (the rows of one table repeat
    the question's words in its header and would otherwise take every place)."""
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
    limit: int = MAX_CHOSEN,
    second_ratio: float = SECOND_SENTENCE_RATIO,
    same_item_ratio: float = SAME_ITEM_RATIO,
) -> list[Candidate]:
    """The best sentence and up to `limit - 1` close runners-up, each from another item, in evidence order."""
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


# A run of capitalised words (with "of", "de", "van"... inside): a name, for the rules of app.qa.spans.
NAME = re.compile(
    r"\b[A-Z][\w'’.-]*[\w’]"  # first capitalised word
    r"(?:(?:\s+(?:of|the|de|da|del|la|le|von|van|der|den|and|&|for|on|upon|du|di|y))*\s+[A-Z0-9][\w'’.-]*[\w’])*"
)
