"""Where a table's sections begin and end beyond its heading rows: a total that names its section closes it, and the
rows above the first heading are named by the label column's header when a section repeats their labels."""

from __future__ import annotations

from app.qa.tables.model import Shape
from app.qa.tables.words import tokens


def closes_section(label: str, section: str) -> bool:
    """A total row that says every word of its section's heading closes the section (a statement's "Total deferred
    charges and other assets" under "Deferred Charges and Other Assets")."""
    words = tokens(label)
    heading = set(tokens(section.rsplit(" / ", 1)[-1]))
    return words[:1] in (["total"], ["totals"]) and bool(heading) and heading <= set(words)


def head_first_block(sh: Shape, data: list[int]) -> None:
    """Rows above a table's first section heading whose labels a section repeats belong to what the label column's
    header names: "Firm ($ millions)" over the firm's "Net revenues", then "Institutional Securities" over a
    segment's own "Net revenues"."""
    heading = sh.columns[sh.label_column].split("(")[0].strip() if sh.label_column < len(sh.columns) else ""
    if not sh.sections or not tokens(heading):
        return
    first = min(sh.sections)
    block = [i for i in data if i < first and sh.names.get(i)]
    later = {sh.names[i].rsplit(" / ", 1)[-1].lower() for i in sh.sections}
    if not any(sh.names[i].lower() in later for i in block):
        return
    for i in block:
        sh.sections[i] = heading
        sh.names[i] = f"{heading} / {sh.names[i]}"
        sh.primary[i] = f"{heading} / {sh.primary.get(i, '')}".rstrip(" /")
