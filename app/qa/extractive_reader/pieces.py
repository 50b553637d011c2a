"""How a text breaks into candidate sentences: sentence pieces, list items, and a table's rows."""

from __future__ import annotations

import re
from itertools import zip_longest

from app.qa.tablelayout import is_number, join_headers, note_line
from app.settings import get_settings
from app.text.sentences import split_sentences

# Where a long sentence is cut: before a bullet or a list item "b) ", after a semicolon.
LIST_BREAK = re.compile(r"\s+(?=[•▪●]\s)|(?<=;)\s+|\s+(?=\(?[a-z]\)\s)")


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
    """A sentence longer than max_sentence_chars (settings; a list, a run of table text) in pieces of at most that
    length, cut at bullets, semicolons or list items ("c) ...") where it has them, else between words: nothing is
    dropped, so a value near the end of a long list can still be read."""
    max_chars = get_settings().answer.content.max_sentence_chars
    if len(sentence) <= max_chars:
        return [sentence]
    out: list[str] = []
    current = ""
    for part in LIST_BREAK.split(sentence):
        for chunk in _wrap(part):
            if current and len(current) + 1 + len(chunk) > max_chars:
                out.append(current)
                current = chunk
            else:
                current = f"{current} {chunk}" if current else chunk
    if current:
        out.append(current)
    return out


def _wrap(text: str) -> list[str]:
    max_chars = get_settings().answer.content.max_sentence_chars
    if len(text) <= max_chars:
        return [text]
    out, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > max_chars:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return [*out, line] if line else out


def table_rows(markdown: str) -> list[str]:
    """A markdown table as one line per data row, prefixed with its header so a row reads on its own."""
    max_chars = get_settings().answer.content.max_sentence_chars
    lines = [ln.strip() for ln in markdown.splitlines() if ln.strip().startswith("|")]
    rows = [[c.strip() for c in ln.strip("|").split("|")] for ln in lines if not _rule(ln)]
    rows = _wrapped_cells_joined(rows)
    if len(rows) < 2:
        return [markdown[:max_chars]] if markdown.strip() else []
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
        if section and row and row[0] and not note_line(row[0], 6):
            row = [f"{section} / {row[0]}", *row[1:]]
        pairs = [f"{h}: {v}" if h else v for h, v in zip(header, row, strict=False) if v]
        if pairs:
            out.append("; ".join(pairs)[:max_chars])
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


def _rule(line: str) -> bool:
    """A markdown table's rule line ("|---|:--:|"): no row."""
    return bool(line) and all(c in "|:-" or c.isspace() for c in line)


def _heads_section(rows: list[list[str]], k: int) -> bool:
    """Row `k` holds only a label, and the row below holds a label and values: a section heading. A label wrapped
    onto the next row ("Murder and nonnegligent" / "manslaughter") or a note is not one."""
    row = rows[k]
    if not row or not row[0] or any(c for c in row[1:]) or note_line(row[0], 6) or k + 1 >= len(rows):
        return False
    below = rows[k + 1]
    return bool(below and below[0] and not below[0][:1].islower() and any(c for c in below[1:]))
