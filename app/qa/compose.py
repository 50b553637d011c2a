"""Compose: what is said once a question's parts were read — the arithmetic asked of two read values ("how much more",
"how many times"), computed and shown with its working and the citation of each value; a list of documents described
by meaning."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date

from app.qa.analysis.elapsed import days_in
from app.qa.analysis.operation import Arithmetic, Operation
from app.qa.answer import Answer
from app.qa.ask import Cell
from app.qa.read.part_dates import one_date
from app.qa.which_documents import DocumentMatch

MAX_SHORT_SCALE = 2  # "K", "bn": a scale's abbreviation, glued to its figure
ELAPSED_WHOLE = 0.05  # an elapsed count within this of a whole one is said whole

# A value as a table or a sentence prints it: "$1,234.5", "12.5%", "-3", "1 234" (space-grouped thousands), "130K".
VALUE = re.compile(
    r"(?P<cur>[$€£¥])?\s?(?P<num>-?\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d+)?|-?\d{1,3}(?:[, \u00a0]\d{3})+(?:\.\d+)?"
    r"|-?\d+(?:\.(?:\d{3} )*\d+)?)"
    r"(?:\s?(?P<pct>%)|\s?(?P<scale>thousand|million|billion|trillion)\b|(?P<short>[kmb]|bn|mn)\b)?",
    re.I,
)


@dataclass(frozen=True, slots=True)
class Value:
    amount: float
    decimals: int
    grouped: bool  # printed with thousands separators
    currency: str
    percent: bool
    scale: str  # "million" in "€5.0 million": both values must share it

    def said(self, amount: float, decimals: int | None = None) -> str:
        places = self.decimals if decimals is None else decimals
        number = f"{amount:,.{places}f}" if self.grouped or abs(amount) >= 10_000 else f"{amount:.{places}f}"
        # a scale said in full is set apart ("5.0 million"), its abbreviation glued on, as printed ("130K")
        scale = f" {self.scale}" if len(self.scale) > MAX_SHORT_SCALE else self.scale
        return f"{self.currency}{number}{'%' if self.percent else ''}{scale}"


def value_of(text: str | None) -> Value | None:
    """The first value a read answer states; None when it states none."""
    m = VALUE.search(text or "")
    if m is None:
        return None
    raw = m.group("num")
    digits = raw.replace(",", "").replace(" ", "").replace("\u00a0", "")
    decimals = len(digits.split(".")[1]) if "." in digits else 0
    scale = (m.group("scale") or "").lower() or m.group("short") or ""
    return Value(float(digits), decimals, digits != raw, m.group("cur") or "", bool(m.group("pct")), scale)


def arithmetic_line(
    operation: Operation,
    labels: Sequence[str],
    read: Sequence[str | None],
    markers: Sequence[str],
    one_table: bool = False,
) -> str | None:
    """ "**2.3 percentage points**: Businesses (12.5%) [2] − Households (10.2%) [1] = 2.3." — the larger value first,
    so the result says by how much one exceeds the other; None unless both parts read a value of the same kind (both
    percentages or neither, the same currency). Two cells of `one_table` share the currency one of them prints (a
    statement sets "$" on a column's first and total rows only). A sum is said in the order the parts were asked."""
    a, b = (value_of(text) for text in read)
    if one_table and a is not None and b is not None and bool(a.currency) != bool(b.currency):
        a, b = (replace(v, currency=a.currency or b.currency) for v in (a, b))
    if a is None or b is None or (a.percent, a.currency, a.scale.lower()) != (b.percent, b.currency, b.scale.lower()):
        return None
    (big, big_label, big_mark), (small, small_label, small_mark) = sorted(
        ((a, labels[0], markers[0]), (b, labels[1], markers[1])), key=lambda v: -v[0].amount
    )
    if operation == "ratio":
        if small.amount == 0:
            return None
        ratio = big.amount / small.amount
        return (
            f"**{ratio:.2f} times**: {big_label} ({big.said(big.amount)}) {big_mark} ÷ {small_label} "
            f"({small.said(small.amount)}) {small_mark} = {ratio:.2f}."
        )
    places = max(a.decimals, b.decimals)
    if operation == "sum":
        total = big.said(round(a.amount + b.amount, places), places)
        return (f"**{total}**: {labels[0]} ({a.said(a.amount)}) {markers[0]} + {labels[1]} ({b.said(b.amount)}) "
                f"{markers[1]} = {total}.")  # fmt: skip
    gap = round(big.amount - small.amount, places)
    unit = " percentage points"
    result = big.said(gap, places).replace("%", unit)
    return (
        f"**{result}**: {big_label} ({big.said(big.amount)}) {big_mark} − {small_label} ({small.said(small.amount)}) "
        f"{small_mark} = {result}."
    )


def described_answer(predicate: str, matches: Sequence[tuple[str, DocumentMatch]]) -> Answer:
    """The documents closest in meaning to what the question says of them, closest first, each with the passage or
    table that brought it and a citation: a judgement by meaning, said as such."""
    if not matches:
        return Answer(text=f"No document seems to {predicate.removeprefix('were ').removeprefix('are ')}.")
    cited = [m.node for _, m in matches]
    lines = [f"Closest in meaning to “{predicate}”, closest first:", ""]
    lines += [f"- **{name}**: {m.reason} [{k}]" for k, (name, m) in enumerate(matches, start=1)]
    return Answer(text="\n".join(lines), cited=cited)


def arithmetic_working(
    arithmetic: Arithmetic, answered: Sequence[tuple[str, Answer]], cells: Sequence[tuple[str, Cell] | None],
    whole: Answer,
) -> str | None:  # fmt: skip
    """The arithmetic line over the value each part read — its table cell (table node id, cell), else its short
    answer or candidate — cited where that value stands in `whole`, the parts' combined answer."""
    # A time asked between two events: the date each part read comes before any cell (a version table's "0.8").
    dated = arithmetic.unit in days_in() and all(one_date(part.short_answer) for _, part in answered)
    cells = [None, None] if dated else cells
    if cells[0] is not None and cells[0] == cells[1]:
        return None  # both parts read one cell: the two things asked for were not told apart
    positions = {node.node_id: k for k, node in enumerate(whole.cited, start=1)}
    values: list[str | None] = []
    markers: list[str] = []
    for (_, part), cell in zip(answered, cells, strict=True):
        value = cell[1]["value"] if cell else part.short_answer or part.candidate
        values.append(value)
        # The unit the value stands in (the first cited one when none holds it as printed).
        holding = [n.node_id for n in part.cited if value and value in n.text]
        source = cell[0] if cell else next(iter(holding or [n.node_id for n in part.cited]), None)
        markers.append(f"[{positions[source]}]" if source in positions else "")
    if values[0] is not None and values[0] == values[1] and markers[0] == markers[1]:
        return None  # both parts read one value of one unit: the two things asked for were not told apart
    labels = [label for label, _ in answered]
    days = [one_date(v) for v in values]
    if arithmetic.unit in days_in() and days[0] is not None and days[1] is not None:
        return elapsed_line(labels, (days[0], days[1]), markers, arithmetic.unit)
    one_table = cells[0] is not None and cells[1] is not None and cells[0][0] == cells[1][0]
    return arithmetic_line(arithmetic.operation, labels, values, markers, one_table)


def elapsed_line(labels: Sequence[str], days: tuple[date, date], markers: Sequence[str], unit: str) -> str:
    """ "**19 days**: The final release (August 10, 2021) [1] − The release candidate (July 22, 2021) [2] = 19
    days." — the later date first; weeks, months and years counted from the days, to one decimal when not whole."""
    (late, late_label, late_mark), (early, early_label, early_mark) = sorted(
        zip(days, labels, markers, strict=True), key=lambda d: d[0], reverse=True
    )
    apart = (late - early).days / days_in()[unit]
    amount = f"{apart:.0f}" if abs(apart - round(apart)) < ELAPSED_WHOLE else f"{apart:.1f}"
    return (f"**{amount} {unit}**: {late_label} ({late:%B} {late.day}, {late.year}) {late_mark} − {early_label} "
            f"({early:%B} {early.day}, {early.year}) {early_mark} = {amount} {unit}.")  # fmt: skip
