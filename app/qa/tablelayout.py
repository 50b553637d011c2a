"""How a table's rows are laid out: numbers in cells, "no value" marks, and which leading rows are its headers.

Pure functions over rows (lists of cell strings), shared by the cell and aggregate readers of `app.qa.tables`:
a headnote above the headers, group headers printed centred over their columns, a title row over the whole table,
column numbers under the headers, and one name per column with the header rows joined by " / ".
"""

from __future__ import annotations

import re
from string import ascii_lowercase

from app.qa.analysis.phrases import WORD
from app.text.quantities import figure_before_unit

FOOTNOTE_SIGNS = "*†‡§¶#"
SUPERSCRIPTS = "¹²³⁴⁵⁶⁷⁸⁹⁰"


def without_footnote(text: str) -> str:
    """`text` less the footnote mark it ends with: a run of signs ("**", "†") or of superscript digits, or "(a)",
    "(1)"."""
    said, newline = (text[:-1], "\n") if text.endswith("\n") else (text, "")
    for marks in (FOOTNOTE_SIGNS, SUPERSCRIPTS):
        if said.rstrip(marks) != said:
            return said.rstrip(marks) + newline
    mark = said[-3:]
    if len(mark) == 3 and mark[0] == "(" and mark[2] == ")" and (mark[1] in ascii_lowercase or mark[1].isdecimal()):
        return said[:-3] + newline
    return text
MINUS = "-−–—"


def _year(text: str) -> bool:
    """ "1998", "2019-20", "2019 / 2020": a year or a span of years, a header's and not a figure."""
    said = text.removesuffix("\n")
    if said[:2] not in ("18", "19", "20") or not said[2:4].isdecimal() or len(said) < 4:
        return False
    span = said[4:].lstrip()
    end = span[1:].lstrip()
    return not said[4:] or (span[:1] in ("-", "–", "/") and 0 < len(end) < 5 and end.isdecimal())
# Cells that say "no value" ("-", "—", "n.a.", "..", "(X)", "*"): neither a number nor text, so a column of
# figures with many of them is still a column of figures.
NO_VALUE_DASHES = frozenset("-−–—‐")
NO_VALUE_WORDS = frozenset(
    {"n.a.", "n.a", "n. a.", "n. a", "na.", "na", "n a.", "n a", "…", "x", "(x)", "(x", "x)", "nil"}
)


def _no_value(text: str) -> bool:
    said = text.removesuffix("\n")
    marks = set(said)
    dots = marks == {"."} and len(said) > 1
    return bool(said) and (marks <= NO_VALUE_DASHES or said.lower() in NO_VALUE_WORDS or marks == {"*"} or dots)


def parse_number(text: str | None) -> float | None:
    """A cell's number: thousands separators, %, currency, (negative), footnote marks and +/− handled; else None."""
    if text is None:
        return None
    s = text.strip()
    for _ in range(2):
        s = without_footnote(s).strip()
    if not s:
        return None
    estimate, sign, spread = s.partition("±")
    if sign:  # "83.29(±0.35)", "0.712 ± 0.03": a measurement's estimate, its uncertainty set beside it
        estimate = estimate.strip().removesuffix("(").strip()
        return parse_number(estimate) if estimate and parse_number(spread.strip().strip("()")) is not None else None
    negative = False
    if s.startswith("(") and s.endswith(")"):
        negative, s = True, s[1:-1].strip()
    s = re.sub(r"^(?:[$€£¥]|us\$|eur|usd)\s*", "", s, flags=re.I)
    s = re.sub(r"\s*(?:%|[$€£]|pct|percent|[x×])$", "", s, flags=re.I)  # "2.20x": a factor
    if s and s[0] in MINUS:
        negative, s = not negative, s[1:].strip()
    elif s.startswith("+"):
        s = s[1:].strip()
    s = re.sub(r"^(?:[$€£¥])\s*", "", s)
    s = s.replace("\u202f", " ").replace("\xa0", " ")
    if re.fullmatch(r"\d[\d,]* ?\. ?(?:\d{3} )*\d+", s):
        s = s.replace(" ", "")  # "1,396 . 4": spaces set around the decimal point; "1.192 735": its digits grouped
    if re.fullmatch(r"\d{1,3}(?:[ ,]\d{3})+(?:\.\d+)?", s):
        s = s.replace(",", "").replace(" ", "")  # 1,234,567.8 or 15 455
    elif re.fullmatch(r"\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d+)?", s):
        s = s.replace(",", "")  # 2,02,705 or 1,23,45,678.50: grouped in lakhs and crores
    elif re.fullmatch(r"\d{1,3}(?:\.\d{3})+,\d+", s):
        s = s.replace(".", "").replace(",", ".")  # 1.234,5
    elif re.fullmatch(r"\d+,\d{1,2}", s):
        s = s.replace(",", ".")  # 8,5 (decimal comma)
    if not re.fullmatch(r"\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|\.\d+", s):  # "2.01E-6": scientific notation
        figure = figure_before_unit(s)  # "325 V DC", "50 kHz", "20 µs": a quantity and its unit's symbol
        value = parse_number(figure) if figure is not None else None
        return None if value is None else -value if negative else value
    value = float(s)
    return -value if negative else value



def is_number(cell: str) -> bool:
    """A figure, or a bound on one ("< 2.2e-16", "≥ 0.5"): a column of them is a column of values."""
    text = cell.strip()
    return parse_number(text) is not None or (text[:1] in BOUNDS and parse_number(text[1:]) is not None)


BOUNDS = frozenset("<>≤≥")


def has_value(cell: str) -> bool:
    """A filled cell that states something: not empty, not a "no value" mark."""
    text = cell.strip()
    return bool(text) and not _no_value(text)


def guess_header_rows(rows: list[list[str]]) -> int:
    """Leading rows until the first that is mostly numbers (the data starts there); 0 to 6. A table whose first
    row is already data, its row named ("(Intercept) | −18.205", a model's estimates), has no header to name its
    columns by; a first row of figures over an unnamed label column ("| 1997 | 1995* |") heads the columns."""
    for r, row in enumerate(rows[:7]):
        values = [c for c in row[1:] if has_value(c)]
        # Years ("1996", "2003-04") head columns far more often than they fill them.
        numbers = sum(is_number(c) and not _year(c.strip()) for c in values)
        if values and numbers * 2 >= len(values):
            return r if r or (row and row[0].strip()) else 1
    return 1


NOTE_WORDS = 8  # a leading row whose one filled cell runs this long is a headnote or title, not a header


NOTE_OPENERS = frozenset({"note", "notes", "source", "sources", "see"})


def note_line(text: str, words: int) -> bool:
    """A note ("Source: …", "NOTE: …") or a sentence of at least `words` words ending in a full stop: a line that
    heads nothing."""
    first = WORD.match(text)
    if first is not None and first.group(0).lower() in NOTE_OPENERS:
        return True
    line = text.removesuffix("\n")
    said = line.split()
    return bool(said) and line == line.strip() and len(said) >= words and len(said[-1]) > 1 and line.endswith(".")


def note_rows(rows: list[list[str]]) -> int:
    """Leading rows that are a headnote or the caption ("Program. Represents arrests reported …"): one filled cell
    of running text, in the first column. Carried over every column they would make every header the same."""
    k = 0
    while k < min(len(rows) - 1, 6):
        # In the first column: a lone header over a table's one column of figures is no note.
        if not _lone_first(rows[k]) or (len(rows[k][0].split()) < NOTE_WORDS and not _header_below(rows, k)):
            break
        k += 1
    return k


def _lone_first(row: list[str]) -> bool:
    return bool(row) and bool(row[0].strip()) and not any(c.strip() for c in row[1:])


HEADER_MIN_CELLS = 3  # a row of this many worded cells, its first one filled, heads the columns below it


def _header_below(rows: list[list[str]], k: int) -> bool:
    """Row k and any lone first cells after it ("ELECTRICAL CHARACTERISTICS", "(VCC = 2.3V to 5.5V, …)") stand
    over a row of worded cells ("PARAMETER | MIN | TYP | MAX | UNITS"): a title and its conditions, not headers."""
    j = k + 1
    while j < min(len(rows), 7) and _lone_first(rows[j]):
        j += 1
    if j >= min(len(rows), 7):
        return False
    cells = [c for c in rows[j] if c.strip()]
    return bool(rows[j][0].strip()) and len(cells) >= HEADER_MIN_CELLS and not any(is_number(c) for c in cells)


def prose_above_header(rows: list[list[str]]) -> int:
    """Rows of a two-column page's running text taken into the table over its own header ("Additionally, | looking
    at different | …", then "… are presented in Table III.", then "Category | True distribution | …"): the text ends
    in a sentence alone in the first column right above a row of worded cells, and holds no figure. The count of rows
    down to that sentence, read as a headnote; 0 when there is none."""
    for k in range(1, min(len(rows) - 2, 7)):
        if any(is_number(c) for c in rows[k - 1] if c.strip()):
            return 0
        if _lone_first(rows[k]) and note_line(rows[k][0], NOTE_WORDS) and _header_below(rows, k):
            return k + 1
    return 0


def _period(row: list[str]) -> tuple[int, int] | None:
    """(start, period) of sub-headers repeating under each group ("Total | Under 18 | 18 and over" three times)."""
    width = len(row)
    for start in (1, 0):
        for p in range(2, (width - start) // 2 + 1):
            cells = [" ".join(c.split()).lower() for c in row[start:]]
            blocks = len(cells) // p
            if blocks < 2 or not all(cells[:p]):
                continue
            if all(cells[k] == cells[k % p] for k in range(blocks * p)):
                return start, p
    return None


def _centre_groups(rows: list[list[str]], header_rows: int) -> list[list[str]]:
    """Group headers printed centred over their columns ("Male" above the middle of "Total | Under 18 | 18 and
    over") moved to the first column of their group, where the carry-right of `join_headers` expects them."""
    if header_rows < 2:
        return rows
    found = _period(rows[header_rows - 1])
    if found is None:
        return rows
    start, p = found
    out = [list(r) for r in rows]
    for r in range(header_rows - 1):
        row = out[r]
        spots = [c for c in range(max(start, 1), len(row)) if row[c].strip()]
        offsets = {(c - start) % p for c in spots}
        blocks = {(c - start) // p for c in spots}
        if len(spots) < 2 or len(offsets) != 1 or len(blocks) != len(spots) or offsets == {0}:
            continue
        moved = [""] * len(row)
        moved[0] = row[0]
        for c in spots:
            moved[start + (c - start) // p * p] = row[c]
        out[r] = moved
    return out


def no_title(row: list[str], width: int) -> list[str]:
    """A header row above the last whose one cell sits mid-table ("November - 2015" over 23 columns) is a title
    centred over the whole table: carried right it would name only the columns after it."""
    filled = [c for c in range(1, len(row)) if row[c].strip()]
    if width >= 5 and len(filled) == 1 and 1 < filled[0] < width - 1:
        return [row[0]] + [""] * (len(row) - 1)
    return row


def join_headers(rows: list[list[str]], header_rows: int) -> list[str]:
    """One name per column, header rows joined with " / "; a spanning group header (in its first column only,
    in a row above the last header row) carries right over the empty cells beside it."""
    rows = _centre_groups(rows, header_rows)
    width = max((len(r) for r in rows), default=0)
    rows = [no_title(r, width) if k < header_rows - 1 else r for k, r in enumerate(rows)]
    parts: list[list[str]] = [[] for _ in range(width)]
    starts = [False] * width  # a header cell above starts a span here: nothing carries across it
    for r, row in enumerate(rows[:header_rows]):
        carry = ""
        last = r == header_rows - 1
        for c in range(width):
            cell = " ".join((row[c] if c < len(row) else "").split())
            if cell:
                carry = cell if c > 0 else ""  # the row-label column's header heads no other column
            elif last or c == 0 or starts[c]:
                carry = ""
            value = cell or carry
            if value and (not parts[c] or parts[c][-1] != value):
                parts[c].append(value)
        for c in range(width):
            starts[c] = starts[c] or bool(c < len(row) and row[c].strip())
    return [" / ".join(p) for p in parts]


def numbering(row: list[str]) -> bool:
    """A row of column numbers under the headers ("1 | 2= | 3 | 4 …"): part of the header, not data."""
    cells = [c.strip().rstrip("=") for c in row if c.strip()]
    return (
        len(cells) >= 3
        and all(c.isdecimal() for c in cells)
        and [int(c) for c in cells] == list(range(int(cells[0]), int(cells[0]) + len(cells)))
    )


def header_tail(rows: list[list[str]], nh: int) -> int:
    """Rows right below the headers that still belong to them: column numbers, then rows with no label and no
    figure ("(3 to 6)+14" under "Total Internal Debt")."""
    while nh < min(len(rows) - 1, 8):
        row = rows[nh]
        label = row[0].strip() if row else ""
        if numbering(row) or (not label and any(c.strip() for c in row) and not any(is_number(c) for c in row)):
            nh += 1
        else:
            break
    return nh


def unhyphenated(header: str) -> str:
    """ "Attacker / Popu- / lation / (×103 )" → "Attacker / Population / (×103 )": a header word hyphenated over two
    lines of the header joined again (a hyphen between two lower-case letters' lines only)."""
    parts = header.split(" / ")
    out = [parts[0]]
    for part in parts[1:]:
        before = out[-1]
        if len(before) > 2 and before.endswith("-") and before[-2].isalpha() and part[:1].islower():
            out[-1] = before[:-1] + part
        else:
            out.append(part)
    return " / ".join(out)


def titled_header_rows(rows: list[list[str]], notes: int) -> int:
    """Header rows under a short title and its conditions ("ELECTRICAL CHARACTERISTICS" / "(VCC = 2.3V to 5.5V …)"
    / "PARAMETER | MIN | TYP | MAX | UNITS"): the worded row, and any row after it that opens empty and holds no
    figure (a second header line); the rows of a data sheet's values ("< 8", "±250") are read as data, not as more
    header rows. 0 when the first note is a long headnote (its headers are guessed as any table's)."""
    if not notes or len(rows[0][0].split()) >= NOTE_WORDS:
        return 0
    k = notes + 1
    while k < len(rows) and not rows[k][0].strip() and not any(is_number(c) for c in rows[k]):
        k += 1
    return k
