"""The values two parts of an arithmetic or a comparison read from the same sentences when neither part's reading gave
one. "Penalties range up to a $500,000 fine … for a first offense, and up to a $1,000,000 fine … for subsequent
offenses" holds both fines: a value belongs to the part whose own words stand in its clause, and is the other part's
when its clause names neither ("repeat" is not said, "first" is). "F-measures of 0.64 and 0.61 respectively" gives
its values in the order the parts were named.

The two values are read together: they are of one kind (both sums of one currency, both shares, both plain figures),
and the pair whose clauses say most of each part's words wins. Nothing here knows a document's vocabulary: a part is
told apart by the words of its label that the other part's label does not hold."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

from app.qa.analysis.arithmetic import lexicon_data
from app.qa.analysis.phrases import WORD, Phrases, lexicon, words_after
from app.qa.answer import Answer
from app.qa.answer_types import SHARE_ASKS
from app.qa.ask import EvidenceNode
from app.qa.compose import VALUE, value_of
from app.qa.decompose.choice import years
from app.qa.extractive_reader.pieces import sentence_pieces
from app.qa.extractive_reader.words import section_number, stemmed
from app.qa.tables.words import UNITS
from app.settings_answer import PartValueSettings

CLAUSES = lexicon("clauses")
GLUED_SYMBOLS = "°µμΩ"  # a unit that opens on a symbol, glued to its figure ("250°C/W", "5µA")
HOW_MANY = Phrases.of(["how many"])
JOINERS, CONTRASTS, RESPECTIVELY = CLAUSES["joiners"], CLAUSES["contrasts"], CLAUSES["respectively"]


@dataclass(frozen=True, slots=True)
class ReadValue:
    text: str  # as printed: "$1,000,000", "0.64", "12.5%"
    node: EvidenceNode  # the unit whose sentence holds it


@dataclass(frozen=True, slots=True)
class _Found:
    text: str
    kind: tuple[str, bool, str]  # currency, percent, scale: both values of a pair share it
    sentence: int  # which sentence (over all units read)
    scores: tuple[float, float]  # how well it belongs to each part
    node: EvidenceNode


def part_values(
    labels: Sequence[str],
    questions: Sequence[str],
    answers: Sequence[Answer],
    following: Sequence[EvidenceNode],
    limits: PartValueSettings,
    unit: str = "",
    stated: Sequence[str] = (),
    share: bool = False,
    together: bool = False,
) -> tuple[ReadValue, ReadValue] | None:
    """One value per part, read from the units the two parts cite and the passage after each (`following`: passages
    whose parent is the passage before them; "… one run for English and the other for German." ends one passage,
    "They have achieved f-measures of 0.64 and 0.61 respectively." opens the next); None unless two values of one
    kind are told apart by the parts' own words. With the values the parts' readings `stated`, only a pair that
    differs from them and whose values both stand in clauses of their own part's words, in a sentence that says both
    stated values; `together`, only such a pair said in one sentence. A `share` asked ("by how many percentage
    points") reads percentages when any are there."""
    if len(labels) != 2 or len(answers) != 2:
        return None
    own = [stemmed(labels[0]) - stemmed(labels[1]), stemmed(labels[1]) - stemmed(labels[0])]
    if not own[0] or not own[1]:
        return None
    asked = [stemmed(q) - own[0] - own[1] for q in questions]
    in_question = {m.group("num") for q in questions for m in VALUE.finditer(q)}
    # "how many clock cycles went to …": "1058 cycles" is counted in the unit asked for.
    counted = set().union(*(stemmed(" ".join(words_after(q, HOW_MANY, 3, str.isalnum) or [])) for q in questions))
    units: dict[str, EvidenceNode] = {}
    for answer in answers:
        units.update((n.node_id, n) for n in answer.cited if n.kind == "passage")
    after = {n.parent: n for n in following if n.parent in units}
    units.update((n.node_id, n) for n in after.values())
    found: list[_Found] = []
    sentence_no = 0
    last: dict[str, str] = {}  # unit id → its last sentence: what a passage that follows it reads on from
    for node in units.values():
        before = last.get(node.parent or "", "")
        for sentence in sentence_pieces(node.text):
            read = _values(sentence, before, sentence_no, own, asked, (in_question, counted), node, limits)
            found += [f for f in read if not unit or _unit_after(sentence, f.text, unit)]
            before, sentence_no = sentence, sentence_no + 1
        last[node.node_id] = before
    if share and any(f.kind[1] for f in found):
        found = [f for f in found if f.kind[1]]  # "by how many percentage points": shares, no plain figures
    if stated:
        # Both readings stated values of one sentence that says more: only its values are read again.
        shared = set.intersection(*({f.sentence for f in found if f.text == said} for said in stated))
        found = [f for f in found if f.sentence in shared]
    best: tuple[float, _Found, _Found] | None = None
    for a, b in product(found, found):
        if a is b or a.kind != b.kind or a.text == b.text or min(a.scores[0], b.scores[1]) < 0:
            continue
        if max(a.scores[0], b.scores[1]) < limits.min_told_apart:
            continue  # neither value is told apart by its part's own words: a guess
        if (stated or together) and min(a.scores[0], b.scores[1]) < limits.in_clause:
            continue  # a stated value is replaced only by values each said beside its own part's words
        if together and a.sentence != b.sentence:
            continue
        total = a.scores[0] + b.scores[1] + (limits.same_sentence if a.sentence == b.sentence else 0.0)
        if best is None or total > best[0]:
            best = (total, a, b)
    if best is None or [best[1].text, best[2].text] == list(stated):
        return None
    return ReadValue(best[1].text, best[1].node), ReadValue(best[2].text, best[2].node)


def _values(
    sentence: str,
    before: str,
    sentence_no: int,
    own: list[set[str]],
    asked: list[set[str]],
    said: tuple[set[str], set[str]],
    node: EvidenceNode,
    limits: PartValueSettings,
) -> list[_Found]:
    """The values of one sentence with how well each belongs to each part. `said`: the numbers the questions say, and
    the stems of their words."""
    values = [
        m
        for m in VALUE.finditer(sentence)
        if (_a_value(m.group("num"), m.group(0), said[0]) or _an_amount(sentence, m.start("num"), m.end(), said[1]))
        and m.group("num") not in said[0]
        and not section_number(sentence, m.start("num"))
    ]
    values = [m for k, m in enumerate(values)
              if not (k and _restated(sentence[values[k - 1].end() : m.start()], sentence[m.end() :]))]  # fmt: skip
    if not values:
        return []
    clauses = _clauses(sentence, [m.span("num") for m in values])
    respective = _respective(sentence, before, own, len(values)) if RESPECTIVELY.said(sentence) else None
    out = []
    for i, m in enumerate(values):
        start, end = next((s, e) for s, e in clauses if s <= m.start("num") < e)
        clause = stemmed(sentence[start:end])
        scores = []
        for k in (0, 1):
            if respective is not None:
                told = limits.in_clause if respective[i] == k else -limits.in_clause
            elif clause & own[k]:
                # "a total of -59,732, the most for Pool Operations at -34,294": the value nearest the part's words
                told = limits.in_clause + limits.nearest / (1 + _gap(sentence, m.span(), own[k], (start, end)))
            elif clause & own[1 - k]:
                told = -limits.in_clause
            else:
                told = 0.0  # a clause that names neither part ("…, and up to a $1,000,000 fine …")
            focus = len(asked[k] & clause) / len(asked[k]) if asked[k] else 0.0
            # "… WDFN-6L package is 165°C/W … SC-82 package is 333°C/W": the clause saying more of the part's own
            # words ("SC-82 package", not "package" alone) is its.
            owned = len(own[k] & clause) / len(own[k])
            scores.append(told + limits.focus * (focus + owned))
        value = value_of(m.group(0))
        assert value is not None
        kind = (value.currency, value.percent, value.scale)
        out.append(_Found(m.group(0).strip(), kind, sentence_no, (scores[0], scores[1]), node))
    return out


def _restated(between: str, after: str) -> bool:
    """ "8 kg (18 lbs)": a value in brackets, opened right after another's unit and closed after its own, is the
    first in other units, not a value of its own ("EUR 67.5 (67.4 in 2021)" says another year's)."""
    said = between.replace("~", "").strip()
    unit = after.split(")", 1)[0].split()
    return said.endswith("(") and len(said[:-1].split()) <= 1 and ")" in after and len(unit) == 1 and unit[0].isalpha()


def _gap(sentence: str, value: tuple[int, int], own: set[str], clause: tuple[int, int]) -> int:
    """How many words of its clause stand between a value and the nearest of a part's own words."""
    said = [m for m in WORD.finditer(sentence) if clause[0] <= m.start() < clause[1]]
    gaps = []
    for m in said:
        if not stemmed(m.group(0)) & own:
            continue
        low, high = (m.end(), value[0]) if m.end() <= value[0] else (value[1], m.start())
        gaps.append(sum(1 for w in said if low <= w.start() and w.end() <= high))
    return min(gaps, default=0)


def _a_value(number: str, printed: str, in_question: set[str]) -> bool:
    """An amount the question does not itself say ("in 2013", "36 weeks" are what was asked about): a sum, a share, a
    decimal or a grouped figure. A bare whole number is as often a line, form or section number ("Form 8863", "line
    23") or a year as an amount, and is not read."""
    if number in in_question:
        return False
    return printed.strip() != number or not number.lstrip("-").isdigit()


def _an_amount(sentence: str, start: int, end: int, counted: set[str]) -> bool:
    """A whole number said with its unit: glued to it ("130mA", "5V"; not an ordinal, "2nd", nor part of a name,
    "GPT3") or followed by a word the question counts in ("how many more clock cycles": "1058 cycles")."""
    if (start > 0 and sentence[start - 1].isalnum()) or years(sentence[start:end]):
        return False
    after = sentence[end:]
    glued = after[:1].isalpha() or (after != "" and after[0] in GLUED_SYMBOLS)
    unit = after[: len(after) - len(after.lstrip())] == "" and glued
    if unit:
        return after.split(None, 1)[0].rstrip(".,;:)").lower() not in ("st", "nd", "rd", "th")
    following = after.split(None, 1)
    # "8 kg (18 lbs) for Stainless Steel": a unit's abbreviation after the figure
    return bool(following) and (bool(stemmed(following[0]) & counted) or following[0].rstrip(".,;:)") in UNITS)


def _clauses(sentence: str, values: Sequence[tuple[int, int]] = ()) -> list[tuple[int, int]]:
    """(start, end) of the sentence's clauses: cut at semicolons and where a comma is followed by a word that joins
    clauses ("…, and up to …", "…, compared to …"); two values (`values`: their spans) still in one clause are cut
    apart at the last comma or joining word between them ("1058 cycles for writing, 642 polling and 590 for the
    reads", "130mA without a keyboard and around 180mA with one connected")."""
    cuts = [0]
    joins: list[int] = []  # where a comma or a joining word opens what follows
    for m in WORD.finditer(sentence):
        gap = sentence[cuts[-1] : m.start()].rstrip()
        rest = sentence[m.start() :]
        if (gap.endswith((",", ";")) and JOINERS.opens(rest)) or CONTRASTS.opens(rest):
            cuts.append(m.start())
        if sentence[: m.start()].rstrip().endswith(",") or JOINERS.opens(rest):
            joins.append(m.start())
    cuts += [i + 1 for i, ch in enumerate(sentence) if ch == ";"]
    spans = sorted(values)
    for (_, end), (start, _) in zip(spans, spans[1:], strict=False):
        if not any(end <= c <= start for c in cuts):
            cuts += [j for j in joins if end <= j <= start][-1:]
    cuts = sorted(set(cuts))
    return list(zip(cuts, [*cuts[1:], len(sentence) + 1], strict=True))


def _mentions(sentence: str, own: list[set[str]]) -> list[tuple[int, int]]:
    """(offset, part) of each word of the sentence that is one part's own."""
    out = []
    for m in WORD.finditer(sentence):
        said = stemmed(m.group(0))
        out += [(m.start(), k) for k in (0, 1) if said & own[k]]
    return out


def _respective(sentence: str, before: str, own: list[set[str]], count: int) -> list[int] | None:
    """ "… for English and … for German. They have achieved f-measures of 0.64 and 0.61 respectively.": the part each
    listed value belongs to, in the order the parts were first named (in the sentence or the one before)."""
    if count != 2:
        return None
    named = [k for _, k in _mentions(f"{before} {sentence}", own)]
    if 0 not in named or 1 not in named:
        return None
    first = named[0]
    return [first, 1 - first]


def with_part_values(
    answered: list[tuple[str, Answer]],
    questions: Sequence[str],
    following: Sequence[EvidenceNode],
    limits: PartValueSettings,
    unit: str = "",
    cell_read: bool = False,
) -> list[tuple[str, Answer]]:
    """The parts' answers, each led by the value `part_values` reads for it when no part's reading stated a value,
    or when the question counts in a unit (`unit`: "°C/W") that a part's reading does not say and two values said
    in it are told apart; unchanged otherwise. When a part read a table cell (`cell_read`) and not both parts stated a
    value, only a sentence saying both values, each beside its own part's words, leads them."""
    if len(answered) != 2:
        return answered
    labels, answers = [label for label, _ in answered], [a for _, a in answered]
    said = [a.short_answer or "" for a in answers]
    stated = any(value_of(s) for s in said)
    # "by how many percentage points": the unit asked says which kind of value both parts read
    share = any(SHARE_ASKS.said(q) for q in (*questions, unit))
    got = None
    if unit and not cell_read and not all(_says_unit(a, unit) for a in answers):
        got = part_values(labels, questions, answers, following, limits, unit)
    both = all(value_of(s) for s in said)
    # Both parts stated a value, one of them from a cell: the readings stand.
    if got is None and both and not cell_read:
        got = part_values(labels, questions, answers, following, limits, stated=said, share=share)
    elif got is None and stated and not both:
        got = _beside_one_stated(labels, questions, answers, following, limits, said, share)
    elif got is None and not stated:
        got = part_values(labels, questions, answers, following, limits, share=share, together=cell_read)
    return answered if got is None else _led(answered, got)


def with_values_of_one_cell(
    answered: list[tuple[str, Answer]],
    questions: Sequence[str],
    table: EvidenceNode,
    cell: str,
    limits: PartValueSettings,
) -> list[tuple[str, Answer]]:
    """Both parts read one cell of `table` that says both values, each beside its own part's words ("8 kg (18 lbs)
    for Stainless Steel or ~2.7 kg (~6 lbs) for Delrin"): each part is led by its own value, citing the table;
    unchanged otherwise."""
    if len(answered) != 2:
        return answered
    said = EvidenceNode(table.node_id, "passage", table.document_id, table.page, table.label, cell, table.hop, 0.0)
    reading = Answer(cell, [said])
    got = part_values([label for label, _ in answered], questions, [reading, reading], [], limits, together=True)
    if got is None:
        return answered
    return _led(answered, [ReadValue(v.text, table) for v in got])


def _led(answered: list[tuple[str, Answer]], got: Sequence[ReadValue]) -> list[tuple[str, Answer]]:
    """Each part's answer led by its value, cited."""
    out = []
    for (label, answer), value in zip(answered, got, strict=True):
        cited = list(answer.cited)
        if value.node not in cited:
            cited.append(value.node)
        marker = cited.index(value.node) + 1
        text = f"**{value.text}** [{marker}]\n\n{answer.text}"
        out.append((label, Answer(text, cited, answer.llm_calls, value.text, value.text)))
    return out


def _beside_one_stated(
    labels: Sequence[str],
    questions: Sequence[str],
    answers: Sequence[Answer],
    following: Sequence[EvidenceNode],
    limits: PartValueSettings,
    said: Sequence[str],
    share: bool,
) -> tuple[ReadValue, ReadValue] | None:
    """One part stated a value and the other none: a sentence saying both parts' values, each beside its own part's
    words ("Capital Expenditure of NPR 352.35 billion and Financial Management of NPR 367.28 billion"), is read
    instead when the stated value cannot be set against them (a percentage beside two sums): then the stated value
    came from somewhere else, and the parts' readings give no arithmetic."""
    got = part_values(labels, questions, answers, following, limits, share=share, together=True)
    if got is None:
        return None
    one = next(value_of(s) for s in said if value_of(s))
    pair = value_of(got[0].text)
    assert one is not None and pair is not None
    return None if (one.currency, one.percent, one.scale) == (pair.currency, pair.percent, pair.scale) else got


def _compact(text: str) -> str:
    return "".join(text.split()).replace("*", "").lower()


CURRENCY_SYMBOLS: dict[str, str] = {str(k): str(v) for k, v in lexicon_data()["currency_symbols"].items()}


def _unit_after(sentence: str, value: str, unit: str) -> bool:
    """The sentence says `value` with `unit` after it ("250°C/W", "250 °C/W"), or, for a currency named ("dollars"),
    with its symbol before it ("$12.20")."""
    symbol = CURRENCY_SYMBOLS.get(unit.lower(), "")
    if symbol:
        bare = _compact(value).removeprefix(symbol)
        return f"{symbol}{bare}" in _compact(sentence)
    return f"{_compact(value)}{_compact(unit)}" in _compact(sentence)


def _says_unit(answer: Answer, unit: str) -> bool:
    """The part's reading states a value with the unit asked: in its short answer, or right after it in its text."""
    short = answer.short_answer or ""
    if CURRENCY_SYMBOLS.get(unit.lower()):
        return bool(short) and _compact(short).startswith(CURRENCY_SYMBOLS[unit.lower()])
    return bool(short) and (_compact(short).endswith(_compact(unit)) or _unit_after(answer.text, short, unit))
