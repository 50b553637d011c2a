"""Questions answered from a table's cells: one cell, an aggregate over a column, or the whole table.

Pure functions over `TableData` (no database): the row is found by its label (fuzzy match on the row-label column),
the column by its header (one name per column, a header spanning several rows joined with " / "). Rows of two
different tables are never mixed; a table's continuation on the next page is the same table (`extend`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from rapidfuzz import fuzz

from app.qa.aggregate_intent import MAX, MIN, Threshold, asks_period, blank, first_threshold, rank, thresholds
from app.qa.answer_types import expected_type
from app.qa.ask import Cell
from app.qa.classify import STOPWORDS, normalise
from app.qa.tablelayout import (
    FOOTNOTE,
    guess_header_rows,
    has_value,
    header_tail,
    is_number,
    join_headers,
    no_title,
    note_rows,
    numbering,
    parse_number,
)
from app.text.stemming import stem

MAX_MARKDOWN_ROWS = 200  # a whole table in an answer stays readable
MAX_SUMMARY_NAMES = 6  # columns and rows named in the sentence saying what a table compares
TOKEN_MATCH = 85  # rapidfuzz ratio for a spelling variant ("outlet"/"outlets", "Pradesh's")
# Rows that summarise others: never the "highest" member, never summed again.
SUMMARY_ROW = re.compile(r"^(?:total|totals|all|overall|sum|average|mean|median|pooled|eu ?\d+|eu total|world|"
                         r"grand total)\b", re.I)  # fmt: skip
POSSESSIVE = re.compile(r"(\w)['’]s\b")  # "EU's" names the EU; a stray "s" would match any caption with one
# Dot leaders after a row label ("Robbery . . . . .") are layout, not part of its name.
DOT_LEADER = re.compile(r"(?:\s*\.){2,}\s*$")
PARENTHETICAL = re.compile(r"\([^()]*\)")
NOTE_SENTENCE = re.compile(r"^(?:note|notes|source|sources|see)\b.*|^\S+(?:\s+\S+){3,}\.$", re.I)

# Words that ask for the table itself, not for a cell of it.
SHOW_WORDS = re.compile(r"^(?:contain|contains|list|lists|show|shows|include|includes|describe|describes|present|"
                        r"presents|display|summari[sz]e|summary|about|whole|full|entire|in|there)$")  # fmt: skip
# "fell the most", "the largest decline": the most of a fall is the lowest value of the change column.
DECLINE = re.compile(r"\b(?:fall|falls|fell|fallen|decline[ds]?|drop(?:s|ped)?|decrease[ds]?|shr[iu]nk|shrank|"
                     r"los[et]|lose[s]?|reduction|cut)\b", re.I)  # fmt: skip
TOTAL_HEADER = re.compile(r"^(?:total|totals|grand total|all)$")
CHANGE_HEADER = re.compile(r"\b(?:change|changes|growth|increase|decrease|difference|% ?points|percentage points)\b",
                           re.I)  # fmt: skip
# "county-wide", "across the state", "across all precincts": the whole column, as "in total" asks.
TOTAL = re.compile(r"\b(?:total|sum|combined|altogether|in all|overall|(?:county|state|nation|country|city)[ -]?wide|"
                   r"across\s+(?:the\s+)?(?:whole\s+|entire\s+)?(?:county|state|country|nation|district|region|city)|"
                   r"across\s+all)\b", re.I)  # fmt: skip
AVERAGE = re.compile(r"\b(?:average|mean)\b", re.I)
COUNT = re.compile(
    r"\bhow many (?:rows|entries|items|records|lines|countries|states|member states|firms|companies|cycles|"
    r"regions|cities|towns|schools|categories|years|[a-z]+ are (?:listed|there|shown))\b",
    re.I,
)


@dataclass(slots=True)
class TableData:
    """One extracted table as stored (DocTable), its continuations already appended (`extend`)."""

    id: str
    rows: list[list[str]]
    caption: str | None = None
    label: str | None = None
    columns: list[str] | None = None
    header_rows: int | None = None  # None: guess from the rows (tables extracted before columns existed)
    cell_boxes: list[list[list[float] | None]] | None = None
    where: str = ""  # "eu-004.pdf p. 4", for the answer text
    continued: list[str] = field(default_factory=list)  # ids of continuation tables appended below
    part_starts: list[tuple[int, str]] = field(default_factory=list)  # (first row, id) of each continuation

    def part_of(self, row: int) -> str:
        """The id of the stored table (this one or a continuation) that row `row` was read from."""
        return next((tid for start, tid in reversed(self.part_starts) if row >= start), self.id)

    def extend(self, other: TableData) -> bool:
        """Append a continuation's data rows (its repeated header, if any, dropped). A "continuation" whose stored
        columns are others (Table 14 goes on with 2013–14 … after 2003–04 …) is a table of its own: its rows under
        these headers would be read as the wrong years, so it is not appended (False)."""
        if other.columns and self.columns and not same_columns(self.columns, other.columns):
            return False
        skip = other.header_rows if other.header_rows is not None else 0
        if skip == 0 and other.rows and self.rows and other.rows[0] == self.rows[0]:
            skip = 1
        self.part_starts.append((len(self.rows), other.id))
        self.rows.extend(other.rows[skip:])
        if self.cell_boxes is not None:
            boxes: list[list[list[float] | None]] = (
                other.cell_boxes[skip:] if other.cell_boxes else [[None] * len(r) for r in other.rows[skip:]]
            )
            self.cell_boxes.extend(boxes)
        self.continued.append(other.id)
        return True


def same_columns(a: Sequence[str], b: Sequence[str]) -> bool:
    """Whether two header rows name the same columns (the row-label column aside): at least half of them agree, one
    name's words within the other's ("Method of" and "Method of Procurement": the same header cut short)."""
    pairs = list(zip(a[1:], b[1:], strict=False))
    if not pairs:
        return True
    agree = 0
    for x, y in pairs:
        tx, ty = set(tokens(x)), set(tokens(y))
        agree += tx <= ty or ty <= tx
    return agree * 2 >= len(pairs)


@dataclass(slots=True)
class Shape:
    """How a table's rows read: header rows, one name per column, the column holding row labels."""

    header_rows: int
    columns: list[str]
    label_column: int
    # Row names by row index: the label, filled down, with a sub-label column joined ("Back pain / Count").
    names: dict[int, str] = field(default_factory=dict)
    primary: dict[int, str] = field(default_factory=dict)
    # Words in every column's name (a title row carried over all of them, "November - 2015 / Handgun"): they tell
    # no column from another, so naming them names no column.
    shared: frozenset[str] = frozenset()
    sections: dict[int, str] = field(default_factory=dict)  # row index -> the section heading above it

    def data(self, rows: list[list[str]]) -> list[int]:
        return [i for i in range(self.header_rows, len(rows)) if any(c.strip() for c in rows[i])]

    def name(self, i: int) -> str:
        return self.names.get(i, "")


@dataclass(slots=True)
class TableAnswer:
    """What the table said; `render(marker)` writes it citing the table as [marker]."""

    table_id: str
    kind: str  # cell | aggregate | table | not_found
    body: str  # may hold "{cite}"
    short_answer: str | None = None
    cell: Cell | None = None
    # How surely the question named this table's row and column (matched tokens + coverage); ranks candidates.
    strength: float = 0.0
    exact_row: bool = False
    column: str = ""  # the header the answer was read under
    coverage: float = 0.0  # share of that header's words the question names
    sure: bool = False  # the question names its cell or column unambiguously: the short answer may be shown
    used: frozenset[str] = frozenset()  # question words the row and column names account for

    def render(self, marker: int) -> str:
        return self.body.replace("{cite}", f"[{marker}]")


# ---------------------------------------------------------------------------------------------------------------
# Headers and row names
# ---------------------------------------------------------------------------------------------------------------


def shape(table: TableData) -> Shape:
    rows = table.rows
    width = max((len(r) for r in rows), default=0)
    notes = note_rows(rows)
    if notes:
        # A headnote above the headers: the stored columns were read from it; read them again below it.
        nh = notes + guess_header_rows(rows[notes:])
        columns = join_headers(rows[notes:], nh - notes)
        columns += [""] * (width - len(columns))
    elif table.columns and table.header_rows is not None:
        nh = table.header_rows
        titles = {" ".join(r[c].split()) for r in rows[: max(0, nh - 1)] if no_title(r, width) != r
                  for c in range(1, len(r)) if r[c].strip()}  # fmt: skip
        columns = [" / ".join(p for p in c.split(" / ") if p not in titles) for c in table.columns]
        columns += [""] * (width - len(columns))
    else:
        nh = guess_header_rows(rows) if table.header_rows in (None, 0) or not table.columns else table.header_rows
        columns = list(table.columns) if table.columns else join_headers(rows, nh)
        columns += [""] * (width - len(columns))
    if numbering(rows[nh]) if nh < len(rows) else False:
        nh = header_tail(rows, nh)
    data = [rows[i] for i in range(nh, len(rows))]
    label_column = 0
    for c in range(min(width, 3)):
        cells = [r[c] for r in data if c < len(r) and r[c].strip()]
        if cells and sum(not is_number(x) for x in cells) * 2 > len(cells):
            label_column = c
            break
    sh = Shape(nh, columns, label_column)
    named = [set(tokens(c)) for k, c in enumerate(columns) if k != label_column and c.strip()]
    if len(named) >= 3:
        sh.shared = frozenset(set.intersection(*named))
    _name_rows(sh, rows)
    return sh


def _cell_text(row: list[str], c: int) -> str:
    return " ".join(row[c].split()) if c < len(row) else ""


def _label_text(row: list[str], c: int) -> str:
    return DOT_LEADER.sub("", _cell_text(row, c))


def _name_rows(sh: Shape, rows: list[list[str]]) -> None:
    """Each data row's name. A text column right of the labels whose values repeat ("Count", "Percentage") is a
    sub-label: its rows are named "<label above> / <sub-label>", the label filled down over the empty cells."""
    data = sh.data(rows)
    sub = sh.label_column + 1
    cells = [_cell_text(rows[i], sub) for i in data]
    filled = [c for c in cells if c]
    has_sub = (
        len(filled) >= 4
        and sum(not is_number(c) for c in filled) * 4 >= len(filled) * 3
        and len(set(filled)) * 2 <= len(filled)
        # A sub-label sits under a label filled down ("Back pain" over "Count", then "" over "Percentage"); a text
        # column beside labels that are all written out ("Rewe" | "Germany") is data, not a sub-label.
        and any(c and not _label_text(rows[i], sh.label_column) for i, c in zip(data, cells, strict=True))
    )
    last = ""
    section = ""
    wrapped = ""
    header = [_cell_text(rows[sh.header_rows - 1], k) for k in range(len(sh.columns))] if sh.header_rows else []
    for i in data:
        label = _label_text(rows[i], sh.label_column)
        others = [c for k, c in enumerate(rows[i]) if k != sh.label_column and c.strip()]
        if others and [_cell_text(rows[i], k) for k in range(len(sh.columns)) if k != sh.label_column] == [
            h for k, h in enumerate(header) if k != sh.label_column
        ]:
            sh.primary[i] = sh.names[i] = ""  # the header repeated inside the table, not a row of data
            continue
        if label and not others and i != data[-1]:
            sh.primary[i] = sh.names[i] = ""
            following = _label_text(rows[i + 1], sh.label_column) if i + 1 < len(rows) else ""
            if following[:1].islower():
                # A label wrapped onto the next row ("Murder and nonnegligent" / "manslaughter …"): one name.
                wrapped = label
                continue
            # A row holding only a label ("Best practice scenario") heads the rows below it: a section. A sentence
            # ("See notes at end of table.") is a note, heading nothing.
            if not NOTE_SENTENCE.match(label):
                section, last = label, ""
            continue
        if wrapped and label:
            label, wrapped = f"{wrapped} {label}", ""
        if section and label:
            label = f"{section} / {label}"
        if section:
            sh.sections[i] = section
        if has_sub:
            subl = _cell_text(rows[i], sub)
            if label:
                last = label
            primary = label or last
            sh.primary[i] = primary
            sh.names[i] = f"{primary} / {subl}" if primary and subl else primary or subl
        else:
            sh.primary[i] = sh.names[i] = label


# ---------------------------------------------------------------------------------------------------------------
# Matching names in the question
# ---------------------------------------------------------------------------------------------------------------


PERCENT = {"%", "percent", "percentage", "percentages", "pct", "share", "proportion"}


@lru_cache(maxsize=65536)
def _stem(token: str) -> str:
    """One form per word: "suffering" = "suffered", "outlets" = "outlet" (Snowball); every way of saying per cent."""
    if token in PERCENT:
        return "percent"
    if token.isdigit() or len(token) <= 3:
        return token
    return stem(token)


# "per eu-004.pdf", "per the retail table", a "per" ending the question: "according to", no part of a name.
PER_SOURCE = re.compile(
    r"\bper\b(?=\s*(?:[?.!,;)]|$|(?:the\s+)?(?:[\w.\-]+\.pdf\b|tables?\b|[a-z0-9 \-]{0,40}?\btables?\b)))", re.I
)


# A unit's abbreviation in a header ("Distance (mi)") is the word a question says ("longer than 50 miles").
UNITS = {"mi": "mile", "km": "kilometr", "kg": "kilogram", "lb": "pound", "lbs": "pound", "hr": "hour", "hrs": "hour",
         "yr": "year", "yrs": "year", "mn": "million", "bn": "billion", "sq": "squar", "ft": "feet"}  # fmt: skip


# Headers abbreviate what questions spell out ("Intl Pax" for international passengers, "Avg", "Qty", "TTL").
ABBREVIATIONS = {"pax": "passengers", "intl": "international", "dom": "domestic", "avg": "average", "qty": "quantity",
                 "amt": "amount", "govt": "government", "dept": "department", "ttl": "total", "tot": "total",
                 "approx": "approximate", "mfg": "manufacturing", "mgmt": "management", "emp": "employees",
                 "pop": "population"}  # fmt: skip


# "under-18s", "over-65s": the age a header names ("Under 18 years").
AGE_GROUP = re.compile(r"\b(under|over)[-\s](\d+)s\b", re.I)


def tokens(text: str) -> list[str]:
    """Content words, plurals folded ("females" = "female"), every way of saying per cent one word, unit and header
    abbreviations written out."""
    text = POSSESSIVE.sub(r"\1", PER_SOURCE.sub(" ", AGE_GROUP.sub(r"\1 \2", text)).replace("%", " % "))
    return [UNITS.get(t) or _stem(ABBREVIATIONS.get(t, t)) for t in normalise(text).split() if t not in STOPWORDS]


def _token_hit(token: str, question: Sequence[str]) -> float:
    if token in question:
        return 1.0
    if len(token) > 3 and not token.isdigit():
        for q in question:
            # A spelling variant keeps its first letters: "femal" is no variant of "male".
            if len(q) > 3 and not q.isdigit() and q[:2] == token[:2] and fuzz.ratio(token, q) >= TOKEN_MATCH:
                return 0.8
    return 0.0


def name_score(name: str, question: Sequence[str], ignore: frozenset[str] = frozenset()) -> tuple[float, float]:
    """(matched tokens, share of the name's tokens matched) of a row label or header named in the question; words
    in `ignore` (shared by every column) are no part of the name."""
    toks = [t for t in tokens(name) if t not in ignore] if ignore else tokens(name)
    if not toks:
        return 0.0, 0.0
    hits = [_token_hit(t, question) for t in toks]
    matched = sum(hits)
    return matched, matched / len(toks)


def column_score(name: str, question: Sequence[str], shared: frozenset[str] = frozenset()) -> tuple[float, float]:
    """`name_score` of a header; a header of several rows ("Literacy Status / Illiterate") whose last part is named
    whole counts half covered by that alone: the group words above it are a qualifier the question may leave out."""
    matched, coverage = name_score(name, question, shared)
    parts = name.split(" / ")
    if len(parts) > 1 and name_score(parts[-1], question, shared)[1] >= 1.0:
        coverage = max(coverage, (coverage + 1.0) / 2)
    return matched, coverage


@dataclass(slots=True)
class Pick:
    index: int
    name: str
    matched: float
    coverage: float
    used: set[str]


def best_row(table: TableData, sh: Shape, question: Sequence[str]) -> tuple[Pick | None, list[Pick]]:
    """The data row whose label the question names best, and every row tied with it (ambiguity)."""
    picks, _ = _row_picks(table, sh, question)
    if not picks:
        return None, []
    top = max(p.matched for p in picks)
    best = [p for p in picks if p.matched == top]
    best.sort(key=lambda p: (-p.matched, p.index))
    return best[0], best


def row_score(label: str, question: Sequence[str]) -> tuple[float, float, bool]:
    """(score, coverage, written out whole) of a row label named in the question. A label written out in full
    ("Belgium/Luxembourg") beats one sharing a word ("Belgium")."""
    matched, coverage = name_score(label, question)
    norm = " ".join(tokens(label))
    exact = bool(norm) and f" {norm} " in f" {' '.join(question)} "
    if matched <= 0 and not exact:
        return 0.0, coverage, exact
    return matched + coverage + (1.0 if exact else 0.0), coverage, exact


LABEL_PARTICULARS = re.compile(r"\s*[;:(—–]\s*")


def label_head(label: str) -> str:
    """A row label before its particulars: "Weapons" of "Weapons—carrying, possessing, etc." or "Weapons; …"."""
    return LABEL_PARTICULARS.split(label, maxsplit=1)[0]


def _row_picks(table: TableData, sh: Shape, question: Sequence[str]) -> tuple[list[Pick], list[Pick]]:
    """(rows named well enough to be picked, every row sharing a word with the question)."""
    picks, touched = [], []
    for i in sh.data(table.rows):
        label = sh.name(i)
        if not label.strip():
            continue
        score, coverage, exact = row_score(label, question)
        if score > 0:
            pick = Pick(i, label, score, coverage, set(tokens(label)))
            touched.append(pick)
            # A row under a section ("Best practice scenario / Server rooms") is named by its own label whole; the
            # section, when named too, still ranks it above the same label in other sections (the score).
            own = sh.primary.get(i, label).split(" / ")[-1]
            # "Weapons; carrying, possessing, etc.", "Weapons—carrying …": the head before the particulars names it too.
            shorter = {own, label_head(own)} - {label}
            if coverage >= 0.5 or exact or any(name_score(x, question)[1] >= 1.0 for x in shorter):
                picks.append(pick)
    return picks, touched


def phrases(name: str, question: Sequence[str]) -> int:
    """Word pairs of a header said together in the question: "world food sales" names the header "World food sales"
    as a phrase, the header "Total sales in EU food manufacturing" only word by word."""
    toks = tokens(name)
    said = set(zip(question, question[1:], strict=False))
    return sum(pair in said for pair in zip(toks, toks[1:], strict=False))


def best_column(
    sh: Shape, question: Sequence[str], skip: set[int], caption: frozenset[str] = frozenset()
) -> Pick | None:
    """The column whose header the question names best. Question words that are also the caption's describe the
    whole table ("public health outlay" of a table captioned so): they rank a column only after the other words."""
    own = [t for t in question if t not in caption]
    best: tuple[tuple[float, int, float, float], Pick] | None = None
    for c, name in enumerate(sh.columns):
        if c in skip or not name.strip():
            continue
        matched, coverage = column_score(name, question, sh.shared)
        if matched <= 0:
            continue
        pick = Pick(c, name, matched, coverage, set(tokens(name)))
        key = (column_score(name, own, sh.shared)[0], phrases(name, question), matched, coverage)
        if best is None or key > best[0]:
            best = (key, pick)
    return best[1] if best else None


def numeric_columns(table: TableData, sh: Shape) -> list[int]:
    data = sh.data(table.rows)
    out = []
    for c in range(len(sh.columns)):
        if c == sh.label_column:
            continue
        cells = [table.rows[i][c] for i in data if c < len(table.rows[i]) and has_value(table.rows[i][c])]
        if cells and sum(is_number(x) for x in cells) * 2 > len(cells) and not serial(cells):
            out.append(c)
    return out


SERIAL_SHARE = 0.8  # of a column's steps from one row to the next that are +1 for it to be a running number


def serial(cells: Sequence[str]) -> bool:
    """A running number ("No.", "Serial": 1, 2, 3, …): it numbers the rows and measures nothing, so it is never
    the column a question asks about unnamed ("What must the service manuals set out?" had been answered "24", the
    row's item number)."""
    # Notes set in the column's cells below the table ("(4) Operation and service manuals are to ...") are skipped.
    numbers = [x for x in (cell.strip().rstrip(".") for cell in cells) if x.isdigit()]
    if len(numbers) < 3:
        return False
    steps = [int(b) - int(a) for a, b in zip(numbers, numbers[1:], strict=False)]
    return sum(step == 1 for step in steps) >= SERIAL_SHARE * len(steps)


# ---------------------------------------------------------------------------------------------------------------
# Answers
# ---------------------------------------------------------------------------------------------------------------


def _name(table: TableData) -> str:
    if table.label:
        return table.label
    if table.caption:
        return table.caption.split("\n")[0].strip()[:80]
    return "the table"


def cite_name(table: TableData) -> str:
    return f"{_name(table)}" + (f" ({table.where})" if table.where else "")


def _box(table: TableData, row: int, column: int) -> list[float] | None:
    boxes = table.cell_boxes
    if not boxes or row >= len(boxes) or column >= len(boxes[row]):
        return None
    box = boxes[row][column]
    return [float(x) for x in box] if box else None


def cell_of(table: TableData, sh: Shape, row: int, column: int) -> Cell:
    cells = table.rows[row]
    return {
        "node_id": table.part_of(row),  # a continuation's row is highlighted on its own page
        "row": sh.name(row),
        "column": sh.columns[column],
        "value": cells[column] if column < len(cells) else "",
        "bbox": _box(table, row, column),
    }


def _fmt(value: float) -> str:
    if value == int(value) and abs(value) < 1e15:
        return f"{int(value):,}"
    return f"{value:,.4f}".rstrip("0").rstrip(".")


ROW_MARGIN = 1.0  # a sure row outscores every row holding another value by at least one named word


def _value(table: TableData, row: int, column: int) -> str:
    cells = table.rows[row]
    return " ".join(cells[column].split()) if column < len(cells) else ""


def _column_ranks(sh: Shape, question: Sequence[str], skip: set[int]) -> list[tuple[float, float, int]]:
    """(matched, coverage, column) of every header the question names, best first, caption words counted as any."""
    out = []
    for c, name in enumerate(sh.columns):
        if c in skip or not name.strip():
            continue
        matched, coverage = column_score(name, question, sh.shared)
        if matched > 0:
            out.append((matched, coverage, c))
    return sorted(out, reverse=True)


def cell_sure(
    table: TableData,
    sh: Shape,
    row: Pick,
    rivals: list[Pick],
    col: Pick,
    question: Sequence[str],
    rest: Sequence[str],
    only_numeric: bool,
) -> bool:
    """Whether the question names the cell unambiguously, so its value may stand alone as the short answer:
    the row's label is named whole and outscores, by ROW_MARGIN, every row holding another value in that column;
    the column is the only one named so well (or the table's only numeric column) among columns holding another
    value in that row. A rival holding the same value is no ambiguity: either reading gives the same answer."""
    value = _value(table, row.index, col.index)
    # The label named whole. A sub-label ("Count" under "Stress") or a section heading above it ("Actual" over
    # "2003") the question may leave out: rows differing in those only are rivals checked below.
    own = sh.primary.get(row.index, row.name).split(" / ")[-1]
    if not named_whole(own, question) and row.coverage < 1.0:
        return False
    # Words naming the column name no row ("constant 2010–11 dollars" does not name the row "2010–11").
    unclaimed = [t for t in question if t not in col.used]
    mine = row_score(row.name, unclaimed)[0]
    for other in rivals:
        held = _value(table, other.index, col.index)  # an empty cell (a note row) could never be the answer
        differs = other.index != row.index and held != "" and held != value
        if differs and mine - row_score(other.name, unclaimed)[0] < ROW_MARGIN:
            return False
    if only_numeric:
        return True
    ranks = _column_ranks(sh, rest, {sh.label_column})
    if not ranks or ranks[0][2] != col.index and _value(table, row.index, ranks[0][2]) != value:
        return False  # another header is named better (caption words count here): two readings
    best = ranks[0][:2]
    if _named_apart(sh, rest, col.index, [r[2] for r in ranks[1:] if _value(table, row.index, r[2]) != value]):
        return False
    return all(r[:2] < best or _value(table, row.index, r[2]) == value for r in ranks[1:])


def _named_apart(sh: Shape, question: Sequence[str], chosen: int, others: Sequence[int]) -> bool:
    """Whether another column is named by as many question words that the chosen one lacks as the chosen one is
    named by words the other lacks ("pill" of "Modern method / Pill" against "women" of "Number of women"): the
    question names two columns, so two readings remain. "inhabitants per retail outlet" names "inhabitants per
    outlet" by two words "Number of retail outlets" lacks, against one: one reading."""
    said = set(question)
    mine = (set(tokens(sh.columns[chosen])) - sh.shared) & said
    for c in others:
        theirs = (set(tokens(sh.columns[c])) - sh.shared) & said
        if theirs - mine and len(theirs - mine) >= len(mine - theirs):
            return True
    return False


MAX_EXCERPT_CELLS = 12


CODE_SUFFIX = re.compile(r"(?<=\w)\s*[-–]\s*[A-Z]{2,4}$")


def named_whole(label: str, question: Sequence[str]) -> bool:
    """Every word of a row label is in the question, a parenthetical aside ("Desktop Computers (49 No.)",
    "Sales (bn ecus)"), a list of particulars after the label's head ("Weapons—carrying, possessing, etc.") or a
    country code after a region ("Florida-USA") being optional."""
    if name_score(label, question)[1] >= 1.0:
        return True
    base = CODE_SUFFIX.sub("", label)  # "Florida-USA", "Ontario-CAN": a country code after the name
    shorter = (base, PARENTHETICAL.sub(" ", base), label_head(base))
    return any(x != label and bool(tokens(x)) and name_score(x, question)[1] >= 1.0 for x in shorter)


def row_excerpt(table: TableData, sh: Shape, row: int, column: int) -> str:
    """The row the question names, every filled cell with its header, the likeliest one in bold: what a reader
    checks when the column (or the row) was not named unambiguously."""
    cells = [
        (c, name, _value(table, row, c))
        for c, name in enumerate(sh.columns)
        if c != sh.label_column and _value(table, row, c)
    ][:MAX_EXCERPT_CELLS]
    shown = "; ".join(
        f"{name or 'column ' + str(c + 1)}: " + (f"**{v}**" if c == column else v) for c, name, v in cells
    )
    return f"The row {sh.name(row)} of {cite_name(table)} {{cite}} reads: {shown}."


def cell_answer(table: TableData, question: str) -> TableAnswer | None:
    """The cell named by a row label and a column header in the question; None when either is not named.
    The short answer is given only when the cell is named unambiguously (`cell_sure`)."""
    q = tokens(question)
    sh = shape(table)
    row, tied = best_row(table, sh, q)
    if row is None:
        return None
    if summary_label(row.name):
        # "the total arrests for weapons offences" beside a "Total" column: "total" names the column, "weapons" the
        # row ("Weapons—carrying, possessing, etc."), not the Total row.
        headers = {t for c in sh.columns for t in tokens(c.split(" / ")[-1])}
        members = [p for p in _row_picks(table, sh, q)[0] if not summary_label(p.name)]
        if members and set(tokens(row.name)) <= headers:
            row = max(members, key=lambda p: (p.matched, -p.index))
            tied = [row]
    caption = frozenset(tokens(table.caption or ""))

    def primary(p: Pick) -> str:
        return normalise(sh.primary.get(p.index, p.name))

    if len({primary(p) for p in tied}) > 1:
        # Rows tied on their label words: the question's other words must name a column. A row whose words are
        # the column's ("constant 2010–11 dollars" beside the row "2003–04") loses to the one that leaves them.
        joint = []
        for p in tied:
            c = best_column(sh, [t for t in q if t not in p.used], {sh.label_column}, caption)
            joint.append(((c.matched + c.coverage) if c else 0.0, p))
        joint.sort(key=lambda x: (-x[0], x[1].index))
        if len(joint) > 1 and joint[0][0] > joint[1][0]:
            row = joint[0][1]
            tied = [p for p in tied if primary(p) == primary(row)]
    rest = [t for t in q if t not in row.used]
    col = best_column(sh, rest, {sh.label_column}, caption)
    only_numeric = False
    if col is None:
        numeric = numeric_columns(table, sh)
        if len(numeric) == 1 and len(table.rows[row.index]) > numeric[0]:
            col = Pick(numeric[0], sh.columns[numeric[0]], 0.0, 0.0, set())
            only_numeric = True
        else:
            return None
    # Rows tied on the same label differ only by a sub-label the question did not name: the first is meant.
    distinct = {primary(p) for p in tied}
    if len(distinct) > 1:
        names = ", ".join(sorted({p.name for p in tied})[:6])
        body = (f"Several rows of {cite_name(table)} match: {names}. Name the row exactly to get one value "
                f"{{cite}}.")  # fmt: skip
        return TableAnswer(table.id, "not_found", body)
    cell = cell_of(table, sh, row.index, col.index)
    value = str(cell["value"]).strip()
    if not value:
        body = f"{cite_name(table)} has no value for {cell['row']} under {cell['column']} {{cite}}."
        return TableAnswer(table.id, "not_found", body, cell=None)
    words_only = any(ch.isalpha() for ch in value) and not any(ch.isdigit() for ch in value)
    if words_only and expected_type(question) == "number":
        # A count or an amount asked for, and the cell holds words ("Domestic PAX FLT" of a header row repeated
        # inside the table): the row and column words met by chance, this cell answers nothing.
        return None
    _, rivals = _row_picks(table, sh, q)
    sure = cell_sure(table, sh, row, [p for p in rivals if primary(p) != primary(row)], col, q, rest, only_numeric)
    if sure:
        body = f"**{value}** — {cell['row']}, {cell['column']}, in {cite_name(table)} {{cite}}."
    else:
        body = row_excerpt(table, sh, row.index, col.index)
    got = TableAnswer(table.id, "cell", body, short_answer=value if sure else None, cell=cell)
    # Words every column shares ("teachers" of "Number of teachers / Public" …) tell no column apart, yet they name
    # what this table counts: they count for the table against another one.
    got.strength = row.matched + col.matched + col.coverage + len(sh.shared & set(q))
    got.column = col.name
    got.coverage = col.coverage
    got.used = frozenset(row.used | col.used)
    got.exact_row = named_whole(sh.primary.get(row.index, row.name).split(" / ")[-1], q) or (
        row.coverage >= 1.0 and row.matched >= 2.0
    )
    got.sure = sure
    return got


def _aggregate_column(table: TableData, sh: Shape, q: list[str]) -> Pick | None:
    col = best_column(sh, q, {sh.label_column}, frozenset(tokens(table.caption or "")))
    numeric = numeric_columns(table, sh)
    if col is not None and col.index in numeric:
        return col
    if col is not None:
        # The named column is text ("Country of origin"): prefer a numeric column named as well as it.
        others = [best_column(sh, q, {c for c in range(len(sh.columns)) if c != n}) for n in numeric]
        scored = [p for p in others if p is not None and p.matched >= col.matched]
        if scored:
            return max(scored, key=lambda p: (p.matched, p.coverage))
        return None
    if len(numeric) == 1:
        return Pick(numeric[0], sh.columns[numeric[0]], 0.0, 0.0, set())
    # No column named ("Which state had the most background checks?"): the table's own total column, when it has
    # exactly one, is what "most" is counted in.
    totals = [c for c in numeric if TOTAL_HEADER.match(normalise(sh.columns[c].split(" / ")[-1]))]
    if len(totals) == 1:
        return Pick(totals[0], sh.columns[totals[0]], 0.0, 0.0, set())
    # "the lowest concentration ratio" of a table of ratios ("Current Level") and their changes: the level, the one
    # column that is no change of it.
    levels = [c for c in numeric if not CHANGE_HEADER.search(sh.columns[c])]
    if len(levels) == 1 and len(numeric) > 1:
        return Pick(levels[0], sh.columns[levels[0]], 0.0, 0.0, set())
    return None


def aggregate_column_sure(table: TableData, sh: Shape, q: Sequence[str], col: Pick) -> bool:
    """Whether the column an aggregate runs over is the only one the question could mean: the table's only numeric
    column, or the numeric column whose header the question names strictly best (caption words counted as any:
    when only the caption's words set it apart, two readings remain)."""
    numeric = numeric_columns(table, sh)
    if col.matched <= 0:
        return len(numeric) == 1
    ranks = [r for r in _column_ranks(sh, q, {sh.label_column}) if r[2] in numeric]
    if not ranks or ranks[0][2] != col.index:
        return False
    return len(ranks) == 1 or ranks[1][:2] < ranks[0][:2]


def aggregate_answer(table: TableData, question: str) -> TableAnswer | None:
    """Highest/lowest (with the row label), total, average, count, rows above/below a value; None if not asked."""
    got, col = _aggregate(table, question)
    if got is not None and col is not None:
        got.strength = col.matched + col.coverage
        got.column = col.name
        got.coverage = col.coverage
        got.used = frozenset(col.used)
    return got


def intent_text(question: str, vocabulary: str, labels: frozenset[str] = frozenset(), measures: str = "") -> str:
    """The question with aggregate words blanked where they are part of a name the table uses: "average" in
    "per pupil in average daily attendance" of a table captioned so names the measure, it asks for no mean."""
    said = f" {normalise(vocabulary)} "
    measure_tokens = set(tokens(measures))  # the value columns' headers (not the row labels' one)
    out = question
    for pattern in (MAX, MIN, AVERAGE, TOTAL):
        for m in pattern.finditer(question):
            after = normalise(question[m.end() :]).split()[:1]
            # ... or a row's whole label: "the highest wealth quintile" names the row "Highest" (the word after it
            # names no column; "the highest pill use" asks for the highest value of "Pill").
            row = (
                pattern in (MAX, MIN)
                and normalise(m.group(0)) in labels  # a "Total" row is what "total" asks
                and not (after and _stem(after[0]) in measure_tokens)
            )
            if row or after and f" {normalise(m.group(0))} {after[0]} " in said:
                out = blank(out, m.start(), m.end())
    # "under 18" of a column "Under 18 years", "over 65" of "65 and over": a name, not a threshold.
    for t in thresholds(question):
        if f" {normalise(question[t.start : t.end])} " in said:
            out = blank(out, t.start, t.end)
    return out


def _without_thresholds(question: str, asked: str) -> str:
    """The question less the thresholds it sets ("above $20"): the words of a threshold name no column; those
    `intent_text` kept as names ("under 18") stay."""
    out = question
    for t in thresholds(asked):
        out = blank(out, t.start, t.end)
    return out


def _names_a_member(sh: Shape, members: list[int], question: Sequence[str]) -> bool:
    """Whether the question names one data row (not a summary row) by its whole label, as a phrase."""
    said = f" {' '.join(question)} "
    for i in members:
        label = sh.primary.get(i, sh.name(i)).split(" / ")[-1]
        for own in (tokens(label), tokens(label_head(label))):
            if own and f" {' '.join(own)} " in said:
                return True
    return False


def _aggregate(table: TableData, question: str) -> tuple[TableAnswer | None, Pick | None]:
    sh = shape(table)
    labels = frozenset(normalise(sh.name(i).split(" / ")[-1]) for i in sh.data(table.rows))
    measures = " ".join(c for k, c in enumerate(sh.columns) if k != sh.label_column)
    asked = intent_text(question, " ".join([table.caption or "", *sh.columns]), labels, measures)
    ranked = rank(asked)
    limit = first_threshold(asked)
    kind = (
        ranked[0] if ranked else "max" if MAX.search(asked) else "min" if MIN.search(asked)
        else limit.direction if limit else "average" if AVERAGE.search(asked) else "total" if TOTAL.search(asked)
        else "count" if COUNT.search(asked) else None
    )  # fmt: skip
    if kind is None:
        return None, None
    nth = ranked[1] if ranked else 1
    data = sh.data(table.rows)

    def label(i: int) -> str:
        return sh.name(i)

    members = [i for i in data if label(i) and not summary_label(label(i))]
    if kind in ("total", "average") and _names_a_member(sh, members, tokens(question)):
        return None, None  # "the average ratio in private schools in 2010": the row 2010 is asked, not a mean
    if kind == "count" and limit is None:
        n = len(members)
        body = f"**{n}** rows in {cite_name(table)} {{cite}}: " + ", ".join(label(i) for i in members[:30]) + "."
        return TableAnswer(table.id, "aggregate", body, short_answer=str(n), sure=True), None
    if kind in ("max", "min") and asks_period(asked):
        along = _along_row(table, sh, tokens(_without_thresholds(question, asked)), kind, nth, question)
        if along is not None:
            return along
    # The threshold ("above $20") is no column name; other numbers ("in 1996") may be.
    q = tokens(_without_thresholds(question, asked))
    col = _aggregate_column(table, sh, q)
    if col is None:
        return None, None
    numbers = _column_values(table, col.index)
    values = [(i, numbers[i]) for i in members if i in numbers]
    sure = aggregate_column_sure(table, sh, q, col)
    if kind == "max" and DECLINE.search(question) and any(v < 0 for v in numbers.values()):
        kind = "min"  # "fell the most" over a column of changes: its lowest value
    if kind != "count":
        confirm = [c for c in numeric_columns(table, sh) if c != col.index]
        sums = subtotal_rows(values, [_column_values(table, c) for c in confirm[:2]])
        values = [(i, v) for i, v in values if i not in sums]
    if not values:
        return None, None
    where = f"{sh.columns[col.index]} in {cite_name(table)}"
    values = _in_named_section(sh, values, set(q) - col.used)
    if kind in ("max", "min"):
        return _extreme(table, sh, values, col, kind, nth, sure, where, question), col
    if kind in ("total", "average"):
        stated = [i for i in data if SUMMARY_ROW.match(normalise(label(i))) and kind == "total"
                  and normalise(label(i)).startswith("total")]  # fmt: skip
        if stated and col.index < len(table.rows[stated[0]]) and table.rows[stated[0]][col.index].strip():
            raw = table.rows[stated[0]][col.index].strip()
            body = f"**{raw}** — the {label(stated[0])} row of {where} {{cite}}."
            cell = cell_of(table, sh, stated[0], col.index)
            return TableAnswer(
                table.id, "aggregate", body, short_answer=raw if sure else None, cell=cell, sure=sure
            ), col
        total = sum(v for _, v in values)
        value = total if kind == "total" else total / len(values)
        body = f"**{_fmt(value)}** — the {kind} of {where} over {len(values)} rows {{cite}}."
        return TableAnswer(table.id, "aggregate", body, short_answer=_fmt(value) if sure else None, sure=sure), col
    limit = next((t for t in thresholds(asked) if t.direction == kind), None)
    threshold = _threshold_value(limit, sh.columns[col.index], [v for _, v in values]) if limit else None
    if limit is None or threshold is None:
        return None, None
    if kind == "above":
        hits = [(i, v) for i, v in values if v > threshold or (limit.inclusive and v == threshold)]
    else:
        hits = [(i, v) for i, v in values if v < threshold or (limit.inclusive and v == threshold)]
    listed = ", ".join(f"{label(i)} ({table.rows[i][col.index].strip()})" for i, _ in hits[:30]) or "none"
    word = ("at least" if kind == "above" else "at most") if limit.inclusive else kind
    shown = limit.text if limit.fraction is None else f"{_fmt(threshold)} ({limit.number})"
    body = f"**{len(hits)}** rows {word} {shown} in {where} {{cite}}: {listed}."
    short = str(len(hits)) if sure and re.search(r"\bhow many\b", question, re.I) else None
    return TableAnswer(table.id, "aggregate", body, short_answer=short, sure=sure), col


def _in_named_section(sh: Shape, values: list[tuple[int, float]], said: set[str]) -> list[tuple[int, float]]:
    """The rows of the one section the question names by a word no other section has ("Which wealth group …" of a
    table with sections "Caste/tribe", "Wealth index", "Number of living children"); all rows otherwise."""
    groups: dict[str, list[tuple[int, float]]] = {}
    for i, v in values:
        if i in sh.sections:
            groups.setdefault(sh.sections[i], []).append((i, v))
    if len(groups) < 2:
        return values
    words = {name: set(tokens(name)) for name in groups}
    common = set.intersection(*words.values())
    named = [name for name, w in words.items() if (w - common) & said]
    return groups[named[0]] if len(named) == 1 else values


def _threshold_value(limit: Threshold, header: str, values: Sequence[float]) -> float | None:
    """The number a threshold compares with: scaled ("40 million"), or a share ("more than half": 50 in a column of
    percentages, 0.5 in a column of fractions)."""
    if limit.fraction is not None:
        return limit.fraction if all(abs(v) <= 1 for v in values) else limit.fraction * 100
    value = parse_number(limit.number)
    if value is not None and limit.scale:
        value = _scaled(value, limit.scale, header)
    return value


# Rows that hold what no member holds ("Unspecified", "non-EU", "Unknown"): never the "highest" country. "Other"
# may be a member ("Other" castes) or the rest ("Other offenses"): kept, but no short answer when it would win.
CATCH_ALL = re.compile(r"^(?:unspecified|unknown|not (?:stated|specified|known|classified|available)|"
                       r"non [a-z]+(?: \d+)?|n e c|nec|rest of (?:the )?\w+|no answer)$")  # fmt: skip
OTHERS = re.compile(r"^(?:other|others|all others?\b.*|miscellaneous|misc)$")


def _own(sh: Shape, i: int, members: Sequence[int]) -> str:
    """A row's name without the section above it ("Projected / 2021–22" is "2021–22") when no other member has that
    name: the short answer a user reads."""
    own = sh.primary.get(i, sh.name(i)).split(" / ")[-1]
    same = [j for j in members if sh.primary.get(j, sh.name(j)).split(" / ")[-1] == own]
    return own if len(same) <= 1 else sh.name(i)


def _extreme(
    table: TableData,
    sh: Shape,
    values: list[tuple[int, float]],
    col: Pick,
    kind: str,
    nth: int,
    sure: bool,
    where: str,
    question: str,
) -> TableAnswer:
    """The row with the highest (lowest) value of the column, or the nth of them ("the second largest")."""
    members = [i for i, _ in values]
    plain = [(i, v) for i, v in values if not CATCH_ALL.match(normalise(_own(sh, i, members)))]
    values = plain or values
    order = sorted({v for _, v in values}, reverse=kind == "max")
    if nth > len(order):
        nth = len(order)
    target = order[nth - 1]
    rows = [i for i, v in values if v == target]
    if any(OTHERS.match(normalise(_own(sh, i, members))) for i in rows):
        sure = False  # "Other" leads: a member or the rest of them, two readings
    if len(rows) > 1:
        sure = False  # a tie: no one row is the answer
    names = " and ".join(sh.name(i) for i in rows)
    word = "highest" if kind == "max" else "lowest"
    if nth > 1:
        word = f"{_ORDINAL_WORD.get(nth, str(nth) + 'th')} {word}"
    raw = table.rows[rows[0]][col.index].strip()
    body = f"**{names}** — the {word} {where}: {raw} {{cite}}."
    cell = cell_of(table, sh, rows[0], col.index)
    short = " and ".join(_own(sh, i, members) for i in rows)
    if not ASKS_LABEL_FIRST.match(question.strip()):
        short = f"{short} ({raw})"  # "What was the highest …": the value is asked too
    return TableAnswer(table.id, "aggregate", body, short_answer=short if sure else None, cell=cell, sure=sure)


_ORDINAL_WORD = {2: "second", 3: "third", 4: "fourth", 5: "fifth"}
# A question asking for a row's name before anything else ("Which state …", "Who …", "In which year …").
ASKS_LABEL_FIRST = re.compile(r"^(?:\W*(?:in|for|of|from|at|on|by)\s+)?(?:which|who|whose|where)\b", re.I)
# A column header that names a period: a year, a school year, a fiscal year, a month, a quarter.
PERIOD_HEADER = re.compile(r"^(?:(?:19|20)\d\d(?:\s*[–\-/]\s*(?:19|20)?\d\d)?\*{0,3}|"
                           r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?(?:\s+\d{2,4})?|"
                           r"q[1-4](?:\s+\d{4})?)$", re.I)  # fmt: skip


def _along_row(
    table: TableData, sh: Shape, q: list[str], kind: str, nth: int, question: str
) -> tuple[TableAnswer, Pick] | None:
    """ "In which year was X lowest": the period column where the named row peaks (troughs), when the columns are
    periods and the question names one row. None when it names no row whole or the columns are no periods."""
    periods = [c for c in numeric_columns(table, sh)
               if PERIOD_HEADER.match(sh.columns[c].split(" / ")[-1].strip())]  # fmt: skip
    if len(periods) < 2:
        return None
    row, tied = best_row(table, sh, q)
    if row is None:
        return None
    own = sh.primary.get(row.index, row.name).split(" / ")[-1]
    if not named_whole(own, q) and row.coverage < 1.0:
        return None
    if len({normalise(sh.primary.get(p.index, p.name)) for p in tied}) > 1:
        return None
    cells = {c: parse_number(_value(table, row.index, c)) for c in periods}
    values = [(c, v) for c, v in cells.items() if v is not None]
    if len(values) < 2:
        return None
    order = sorted({v for _, v in values}, reverse=kind == "max")
    target = order[min(nth, len(order)) - 1]
    at = [c for c, v in values if v == target]
    # Another row named about as well, holding other values: two readings (ROW_MARGIN, as for one cell).
    _, rivals = _row_picks(table, sh, q)
    sure = len(at) == 1 and all(
        row.matched - p.matched >= ROW_MARGIN or [_value(table, p.index, c) for c in periods]
        == [_value(table, row.index, c) for c in periods]
        for p in rivals if p.index != row.index
    )  # fmt: skip
    heads = " and ".join(sh.columns[c].split(" / ")[-1] for c in at)
    raw = _value(table, row.index, at[0])
    word = "highest" if kind == "max" else "lowest"
    body = f"**{heads}** — the {word} of {row.name} in {cite_name(table)}: {raw} {{cite}}."
    cell = cell_of(table, sh, row.index, at[0])
    got = TableAnswer(table.id, "aggregate", body, short_answer=f"{heads} ({raw})" if sure else None, cell=cell,
                      sure=sure)  # fmt: skip
    return got, Pick(at[0], sh.columns[at[0]], row.matched, row.coverage, row.used)


SCALE = {"thousand": 1e3, "million": 1e6, "mn": 1e6, "billion": 1e9, "bn": 1e9}
SCALE_IN_HEADER = {1e3: r"thousand|000", 1e6: r"million|mn", 1e9: r"billion|bn"}


def _scaled(value: float, word: str, header: str) -> float:
    """ "above 40 million" over a column of plain figures is 40,000,000; over a column headed "(bn)" or "(000)" the
    figures are already counted in that unit."""
    scale = SCALE[word.lower()]
    if re.search(rf"\b(?:{SCALE_IN_HEADER[scale]})\b", header, re.I):
        return value
    return value * scale


SUBTOTAL_RUN = 3  # rows a subtotal must add up at least: two rows summing to a third happens by chance
SUBTOTAL_SPAN = 80
SUBTOTAL_TOLERANCE = 0.005  # printed figures are rounded


def _column_values(table: TableData, column: int) -> dict[int, float]:
    cells = {i: row[column] for i, row in enumerate(table.rows) if column < len(row)}
    return {i: v for i, v in column_numbers(cells).items() if v is not None}


DOT_THOUSANDS = re.compile(r"^\d{1,3}(?:\.\d{3})+$")


def column_numbers(cells: dict[int, str]) -> dict[int, float | None]:
    """The numbers of one column. "3.597" beside "732" and "119" is 3,597 written with a dot (every dotted value has
    exactly three decimals and the column holds plain integers too), not three and a half."""
    texts = {i: FOOTNOTE.sub("", c.strip()).strip() for i, c in cells.items()}
    dotted = [t for t in texts.values() if "." in t]
    plain = [t for t in texts.values() if t.isdigit()]
    if dotted and plain and all(DOT_THOUSANDS.match(t) for t in dotted):
        return {i: parse_number(t.replace(".", "")) if DOT_THOUSANDS.match(t) else parse_number(t)
                for i, t in texts.items()}  # fmt: skip
    return {i: parse_number(c) for i, c in cells.items()}


def _adds_up(total: float, parts: float) -> bool:
    return abs(total - parts) <= max(SUBTOTAL_TOLERANCE * abs(total), 1e-9) and total != 0


def subtotal_rows(values: list[tuple[int, float]], others: Sequence[dict[int, float]] = ()) -> set[int]:
    """Rows whose value is the sum of a run of at least SUBTOTAL_RUN rows right below or above them ("Northeast"
    over its states, "United States" over every state once the regions are out): totals whatever their label, never
    the "highest" member nor counted twice. Another numeric column, when the table has one, must add up the same way.
    Repeated until none is left, so a total of subtotals is found once the subtotals are out."""
    found: set[int] = set()
    positive = all(v >= 0 for _, v in values)
    while True:
        rest = [(i, v) for i, v in values if i not in found]
        new = set()
        for k, (i, v) in enumerate(rest):
            for run in (rest[k + 1 : k + 1 + SUBTOTAL_SPAN], rest[max(0, k - SUBTOTAL_SPAN) : k][::-1]):
                acc = 0.0
                for n, (_, x) in enumerate(run, start=1):
                    acc += x
                    if positive and acc > v * (1 + SUBTOTAL_TOLERANCE):
                        break  # only grows from here
                    if n >= SUBTOTAL_RUN and _adds_up(v, acc) and _confirmed(i, [j for j, _ in run[:n]], others):
                        new.add(i)
                        break
                if i in new:
                    break
        if not new:
            return found
        found |= new


def _confirmed(total: int, parts: list[int], others: Sequence[dict[int, float]]) -> bool:
    for column in others:
        if total in column and all(j in column for j in parts):
            return _adds_up(column[total], sum(column[j] for j in parts))
    return True


def _md(cell: str) -> str:
    # "[2]" in a cell is a footnote, not a citation marker for the answer's renumbering.
    text = re.sub(r"\[(\d+)\]", r"(\1)", " ".join(cell.split()))
    return text.replace("|", "\\|") or " "


def markdown(table: TableData) -> str:
    """The table as a GFM table: its joined headers as the header row, then the data rows."""
    sh = shape(table)
    width = len(sh.columns)
    if width == 0:
        return ""
    head = [_md(c) for c in sh.columns]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * width]
    data = sh.data(table.rows)
    for i in data[:MAX_MARKDOWN_ROWS]:
        row = table.rows[i] + [""] * (width - len(table.rows[i]))
        lines.append("| " + " | ".join(_md(c) for c in row[:width]) + " |")
    if len(data) > MAX_MARKDOWN_ROWS:
        lines.append(f"\n({len(data) - MAX_MARKDOWN_ROWS} more rows not shown)")
    return "\n".join(lines)


def _listed(names: Sequence[str], most: int) -> str:
    shown = [n for n in names if n][:most]
    if not shown:
        return ""
    more = ", …" if len([n for n in names if n]) > most else ""
    return (", ".join(shown[:-1]) + " and " + shown[-1] if len(shown) > 1 else shown[0]) + more


def table_summary(table: TableData) -> str:
    """What a table compares, from its header and row names: "It gives Net sales and Share of net sales by Category
    for 6 rows: Cosmetics, Skincare, …" (what a question asking what a table shows is answered with)."""
    sh = shape(table)
    named = [" ".join(c.split()) for k, c in enumerate(sh.columns) if k != sh.label_column and c.strip()]
    columns = list(dict.fromkeys(named))
    if len(columns) != len(named) or any(any(ch.isdigit() for ch in c) and is_number(c.split()[0]) for c in columns):
        return ""  # a header read wrong (a spanning title copied over columns, values taken as a header): say nothing
    rows = list(dict.fromkeys(sh.name(i) for i in sh.data(table.rows) if sh.name(i)))
    by = " ".join(sh.columns[sh.label_column].split()) if sh.label_column < len(sh.columns) else ""
    said = _listed(columns, MAX_SUMMARY_NAMES)
    if not said or not rows or by in columns:
        return ""
    count = f"{len(rows)} row" + ("s" if len(rows) > 1 else "")
    return f"It gives {said}{f' by {by}' if by else ''} for {count}: {_listed(rows, MAX_SUMMARY_NAMES)}."


def whole_table(table: TableData) -> TableAnswer:
    caption = " ".join((table.caption or _name(table)).split())
    where = f" ({table.where})" if table.where else ""
    summary = table_summary(table)
    body = f"**{caption}**{where} {{cite}}{f' {summary}' if summary else ''}\n\n{markdown(table)}"
    return TableAnswer(table.id, "table", body)


def not_found(table: TableData, question: str) -> TableAnswer:
    """Say what the table holds when the question's row or column is not in it."""
    sh = shape(table)
    rows = [sh.name(i) for i in sh.data(table.rows) if sh.name(i)]
    cols = [c for k, c in enumerate(sh.columns) if k != sh.label_column and c.strip()]
    shown_rows = ", ".join(rows[:12]) + (f" and {len(rows) - 12} more" if len(rows) > 12 else "")
    body = (f"I could not find that cell in {cite_name(table)} {{cite}}. Its columns are: "
            f"{'; '.join(cols[:12])}." + (f" Its rows are: {shown_rows}." if rows else ""))  # fmt: skip
    return TableAnswer(table.id, "not_found", body + "\n\n" + markdown(table))


def summary_label(name: str) -> bool:
    """ "Total", "EU15 Total", or a sub-label that is one ("clarification) / Grand Total")."""
    return bool(SUMMARY_ROW.match(normalise(name)) or SUMMARY_ROW.match(normalise(name.split(" / ")[-1])))


def description(table: TableData) -> list[str]:
    """The words that name the table as a whole: its caption (its label aside) and the header of its row-label
    column ("Free movement of persons / workers" heads a table of countries with no caption)."""
    sh = shape(table)
    head = sh.columns[sh.label_column] if sh.label_column < len(sh.columns) else ""
    caption = re.sub(r"^\s*(?:table|tab\.)\s*[:#]?\s*[\w.\-–]+[:.]?", " ", table.caption or "", flags=re.I)
    return tokens(f"{caption} {head}")


def superlative(question: str) -> bool:
    return bool(MAX.search(question) or MIN.search(question))


def best_answer(table: TableData, question: str) -> TableAnswer | None:
    """A cell or an aggregate. A superlative ("which … highest") asks for an aggregate even when it names rows
    ("Which of EU15, the USA and Japan …"); otherwise a named row wins over aggregate words that are part of a
    header ("% growth in total retail sales")."""
    if superlative(question):
        return aggregate_answer(table, question) or cell_answer(table, question)
    return cell_answer(table, question) or aggregate_answer(table, question)


def answer(table: TableData, question: str, intent: str) -> TableAnswer:
    """The answer a question about one named table gets: an aggregate, a cell, the whole table, or what it holds."""
    if intent in ("show", "summarise"):
        agg = aggregate_answer(table, question) if intent != "summarise" else None
        return agg or whole_table(table)
    found = best_answer(table, question)
    if found is not None:
        return found
    if not [t for t in tokens(question) if not SHOW_WORDS.match(t)]:
        return whole_table(table)  # "What does Table 1 list?": nothing to look up but the table itself
    return not_found(table, question)
