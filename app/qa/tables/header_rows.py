"""Header rows a table's stored columns miss: a row of category numbers under the headers ("0 | 1 | 2 | … | 6+",
"15-19 | 20-24"), a header line written across several columns, and a lone word set over a block of rows ("WOMEN"
centred over the first block, "MEN" over the second) that names the block."""

from __future__ import annotations

from app.qa.tablelayout import has_value, is_number, note_line
from app.settings_reading import TableReadingSettings

RANGE_DASHES = ("-", "–")
BOUND_MARKS = "<>≤≥"
MAX_CATEGORY_DIGITS = 3  # "6+", "15-49", "100+": a year ("2019") is a header too, but read elsewhere
MAX_SECTION_WORDS = 4  # a lone cell of more words is a wrapped line or a note, not a block's name
MIN_BLOCK_LETTERS = 2
MIN_BLOCKS = 2  # blocks come in sets ("WOMEN" and "MEN"): one lone title is as often a stray piece of text
MAX_MARK_DIGITS = 2  # "WOMEN1", "Sterilized4": a note's number glued to the word it annotates
MIN_MARKED_LETTERS = 3


def category_number(cell: str) -> int | None:
    """The number a category label starts at: "6+" → 6, "15-49" → 15, "<5" → 5, "3" → 3; None for a figure ("2.5",
    "1,073") or words."""
    text = cell.strip().rstrip("+").lstrip(BOUND_MARKS).strip()
    for dash in RANGE_DASHES:
        if dash in text:
            low, _, high = (part.strip() for part in text.partition(dash))
            ok = low.isdecimal() and high.isdecimal() and max(len(low), len(high)) <= MAX_CATEGORY_DIGITS
            return int(low) if ok else None
    return int(text) if text.isdecimal() and len(text) <= MAX_CATEGORY_DIGITS else None


def _decimal(cell: str) -> bool:
    return is_number(cell) and "." in cell


def category_row(rows: list[list[str]], r: int, limits: TableReadingSettings = TableReadingSettings()) -> bool:
    """Row r names the columns by category numbers rising left to right ("Desire for children | 0 | 1 | … | 6+") and
    the first row of figures below it states decimals where it states whole numbers: a header row, not data."""
    if r >= len(rows) or (rows[r] and is_number(rows[r][0])):
        return False
    spots = [c for c in range(1, len(rows[r])) if has_value(rows[r][c])]
    starts = [category_number(rows[r][c]) for c in spots]
    if len(spots) < limits.category_header_min_cells or None in starts:
        return False
    rising = [s for s in starts if s is not None]
    if any(b < a for a, b in zip(rising, rising[1:], strict=False)) or len(set(rising)) < 2:
        return False
    for row in rows[r + 1 :]:
        figures = [row[c] for c in spots if c < len(row) and is_number(row[c])]
        if len(figures) >= limits.category_header_min_cells:
            return sum(_decimal(f) for f in figures) >= limits.category_header_decimal_share * len(figures)
    return False


def category_end(rows: list[list[str]], nh: int, limits: TableReadingSettings = TableReadingSettings()) -> int:
    """The header's end, one row further when the row right below it is a row of category numbers."""
    return nh + 1 if nh > 0 and category_row(rows, nh, limits) else nh


def with_row(columns: list[str], row: list[str]) -> list[str]:
    """Stored column names with one more header row's cells joined below them."""
    width = max(len(columns), len(row))
    names = [*columns, *[""] * (width - len(columns))]
    cells = [" ".join(c.split()) for c in [*row, *[""] * (width - len(row))]]
    return [f"{n} / {c}" if n and c else n or c for n, c in zip(names, cells, strict=True)]


def without_mark(text: str) -> str:
    """ "WOMEN1" → "WOMEN": a note's number glued to the end of a word of letters."""
    word = text.rstrip("0123456789")
    marked = 0 < len(text) - len(word) <= MAX_MARK_DIGITS
    last = word.split()[-1] if word.split() else ""
    return word if marked and last.isalpha() and len(last) >= MIN_MARKED_LETTERS else text


def _lone_cell(row: list[str], label_column: int) -> tuple[int, str] | None:
    filled = [(k, " ".join(c.split())) for k, c in enumerate(row) if c.strip()]
    if len(filled) != 1 or filled[0][0] == label_column:
        return None
    column, text = filled[0]
    name = without_mark(text)
    # a name set in capitals as a block's title ("WOMEN", "MSVD"); a wrapped piece of a cell ("time)", "Date") is none
    titled = name.isupper() and sum(ch.isalpha() for ch in name) >= MIN_BLOCK_LETTERS and not note_line(name, 2)
    words = name.split()
    plain = all(w.replace("-", "").replace("&", "").isalpha() for w in words) and len(words) <= MAX_SECTION_WORDS
    return (column, name) if titled and plain and not is_number(text) else None


def block_names(rows: list[list[str]], data: list[int], label_column: int) -> dict[int, str]:
    """Rows whose one filled cell, right of the row labels, names the block of rows below it ("WOMEN" centred over
    the first block, "MEN" over the next): at least two such names in capitals, in one column, each other."""
    found = {i: cell for i in data[:-1] if (cell := _lone_cell(rows[i], label_column)) is not None}
    columns = {column for column, _ in found.values()}
    names = {name for _, name in found.values()}
    if len(columns) != 1 or len(names) < MIN_BLOCKS:
        return {}
    return {i: name for i, (_, name) in found.items()}


def spread_fragments(row: list[str]) -> list[str]:
    """A header line broken over several columns ("Number of living" | | "children"), opening with a capital and its
    later pieces in lower case, joined into one name and spread as far left as right over the empty cells around it:
    centred over its columns, it names each of them."""
    out = list(row)
    filled = [c for c in range(1, len(row)) if row[c].strip()]
    groups: list[list[int]] = []
    for c in filled:
        opened = groups and row[groups[-1][0]].strip()[:1].isupper()  # a phrase opens with a capital …
        if opened and row[c].strip()[:1].islower() and row[groups[-1][-1]].strip()[-1:].isalnum():
            groups[-1].append(c)
        else:
            groups.append([c])
    for group in (g for g in groups if len(g) > 1):
        phrase = " ".join(" ".join(row[c].split()) for c in group)
        low, high = group[0], group[-1]
        while low > 1 and high + 1 < len(row) and not row[low - 1].strip() and not row[high + 1].strip():
            low, high = low - 1, high + 1
        out[low : high + 1] = [phrase] * (high + 1 - low)
    return out


def spread_shared_lines(columns: list[str]) -> list[str]:
    """A header line written across k columns but read into each of them whole ("December 28, December 30," over
    "2024 | 2023"): when it falls into k pieces of one shape, each holding a number, the i-th column keeps the i-th
    piece."""
    out = list(columns)
    k = 0
    while k < len(out):
        parts = out[k].split(" / ")
        for part in parts:
            if k and part in out[k - 1].split(" / "):
                continue  # the line began further left: cut it there or not at all
            run = k
            while run + 1 < len(out) and part in out[run + 1].split(" / "):
                run += 1
            pieces = _pieces(part, run - k + 1)
            if pieces:
                for offset, piece in enumerate(pieces):
                    out[k + offset] = " / ".join(piece if p == part else p for p in out[k + offset].split(" / "))
                break
        k += 1
    return out


def _pieces(line: str, count: int) -> list[str]:
    """`line` cut into `count` runs of words of one shape (words, numbers), each holding a number; [] if it does not
    cut so."""
    words = line.split()
    if count < 2 or not words or len(words) % count:
        return []
    size = len(words) // count
    runs = [words[i : i + size] for i in range(0, len(words), size)]
    shapes = {tuple(any(ch.isdigit() for ch in w) for w in run) for run in runs}
    if len(shapes) != 1 or not any(next(iter(shapes))):
        return []
    return [" ".join(run) for run in runs]
