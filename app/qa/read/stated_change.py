"""A change stated as its values before and after: "By how much does the budget raise the limit?" read in "… the
limit of 2.40 lakh is being increased to 6 lakh" is 3.60 lakh, computed and shown with its working. Only when the
question asks one thing's change and the reading's sentence says the value it moves from and the value it moves to,
of one kind, with a verb of change (or "from") before the second."""

from __future__ import annotations

from dataclasses import replace

from app.qa.analysis.operation import lexicon
from app.qa.answer import MARKER, Answer
from app.qa.compose import VALUE, Value, value_of

SYMBOLS = "`'’‘\"“”"  # a currency sign a text layer lost prints as a stray mark ("` 6 lakh")


def _unit_after(text: str, end: int) -> str:
    """The word right after a value ("lakh", "employees"), or "" when a mark or nothing follows it."""
    words = text[end:].split(None, 1)
    word = words[0].strip(".,;:()") if words else ""
    return word.lower() if word.isalpha() and word.lower() not in ("to", "from", "and") else ""


def _kind(value: Value) -> tuple[bool, str, str]:
    return value.percent, value.currency, value.scale


def stated_change(sentence: str) -> tuple[Value, Value, str] | None:
    """(value before, value after, their unit word) of the first change the sentence states: two values of one kind,
    the words between them ending in "to", a verb of change among them or "from" before the first."""
    found = list(VALUE.finditer(sentence))
    changes = lexicon()["changes"]
    for first, second in zip(found, found[1:], strict=False):
        between = [w.strip(SYMBOLS + ".,;:").lower() for w in sentence[first.end() : second.start()].split()]
        between = [w for w in between if w]
        before = sentence[: first.start()].split()
        opened = bool(before) and before[-1].lower() == "from"
        if not between or between[-1] != "to" or not (opened or set(between) & changes):
            continue
        a, b = value_of(first.group(0)), value_of(second.group(0))
        units = {_unit_after(sentence, first.end()), _unit_after(sentence, second.end())} - {""}
        if a is None or b is None or len(units) > 1 or _kind(a) != _kind(b):
            continue
        return a, b, next(iter(units), "")
    return None


def with_stated_change(answer: Answer) -> Answer:
    """The answer led by the change its first sentence states, worked out ("**3.60 lakh**: 6 lakh − 2.40 lakh =
    3.60 lakh [1]"); as it was when that sentence states none."""
    first = answer.text.split("\n\n", 1)[0].replace("**", "")
    marker = MARKER.search(first)
    sentence = first[: marker.start()] if marker else first
    change = stated_change(sentence)
    if change is None:
        return answer
    a, b, unit = change
    places = max(a.decimals, b.decimals)
    said = f" {unit}" if unit else ""
    size = a.said(round(abs(b.amount - a.amount), places), places)
    mark = f" {marker.group(0)}" if marker else ""
    working = f"**{size}{said}**: {b.said(b.amount)}{said} − {a.said(a.amount)}{said} = {size}{said}{mark}."
    return replace(answer, text=f"{working}\n\n{answer.text}")
