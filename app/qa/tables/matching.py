"""Row labels and column headers named in a question: how well each is named, the best row and column, and the
columns that hold measures."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from rapidfuzz import fuzz

from app.qa.analysis.phrases import WORD
from app.qa.classify.model import normalise
from app.qa.tablelayout import has_value, is_number
from app.qa.tables.label_suffixes import without_code, without_symbol
from app.qa.tables.model import Shape, TableData
from app.qa.tables.shape import serial, shape
from app.qa.tables.words import a_year, tokens, word_stem
from app.settings_reading import TableReadingSettings

# Rows that summarise others: never the "highest" member, never summed again.
SUMMARY_WORDS = frozenset("total totals all overall sum average mean median pooled world".split())


def summary_row(name: str) -> bool:
    """A normalised row name that summarises others: one that opens with a summary word ("total …", "grand total …")
    or closes with "total" ("regional total")."""
    words = WORD.findall(name)
    if not words or not name.startswith(words[0]):
        return False
    return words[0] in SUMMARY_WORDS or words[:2] == ["grand", "total"] or words[-1] in ("total", "totals")


def without_asides(text: str) -> str:
    """ "Florida (state)" → "Florida  ": each innermost parenthesis as a space."""
    out, start, opened = [], 0, -1
    for i, c in enumerate(text):
        if c == "(":
            opened = i
        elif c == ")" and opened >= 0:
            out.append(f"{text[start:opened]} ")
            start, opened = i + 1, -1
    return "".join(out) + text[start:]


def _token_hit(token: str, question: Sequence[str], limits: TableReadingSettings) -> float:
    if token in question:
        return 1.0
    shortest = limits.spelling_variant_min_letters
    if len(token) >= shortest and not token.isdigit():
        # A header whose words were set as one ("Haguelarge" for "Hague large") is named by two words in a row.
        joined = [a + b for a, b in zip(question, question[1:], strict=False) if a.isalpha() and b.isalpha()]
        if any(word_stem(j) == token for j in joined):
            return 1.0  # "BERT-Base" writes "BERTBASE" word for word
        for q in (*question, *joined):
            # A spelling variant keeps its first letters: "femal" is no variant of "male".
            if (len(q) >= shortest and not q.isdigit() and q[:2] == token[:2]
                    and fuzz.ratio(token, q) >= limits.spelling_variant_ratio):  # fmt: skip
                return limits.spelling_variant_weight
    return 0.0


def name_score(
    name: str,
    question: Sequence[str],
    ignore: frozenset[str] = frozenset(),
    limits: TableReadingSettings = TableReadingSettings(),
) -> tuple[float, float]:
    """(matched tokens, share of the name's tokens matched) of a row label or header named in the question; words
    in `ignore` (shared by every column) are no part of the name."""
    # A word said twice names no more ("Assets / Current assets / Total current assets" is no better named by
    # "total assets" than "Assets / Total assets").
    toks = [t for t in dict.fromkeys(tokens(name)) if t not in ignore]
    if not toks:
        return 0.0, 0.0
    hits = [_token_hit(t, question, limits) for t in toks]
    matched = sum(hits)
    return matched, matched / len(toks)


def group_heads(columns: Sequence[str]) -> frozenset[str]:
    """The upper rows of the headers that stand over two columns or more ("Literacy Status" over "Illiterate" and
    "Literate"); an upper row over one column only is the first line of a header set on two ("Hours in / Period")."""
    heads = Counter(name.rsplit(" / ", 1)[0] for name in columns if " / " in name)
    return frozenset(head for head, n in heads.items() if n > 1)


def column_score(
    name: str,
    question: Sequence[str],
    shared: frozenset[str] = frozenset(),
    limits: TableReadingSettings = TableReadingSettings(),
    groups: frozenset[str] | None = None,
) -> tuple[float, float]:
    """`name_score` of a header; a header of several rows ("Literacy Status / Illiterate") whose last part is named
    whole counts half covered by that alone: the group words above it are a qualifier the question may leave out
    (when `groups` is given, only a group's: the first line of a header set on two qualifies nothing)."""
    matched, coverage = name_score(name, question, shared, limits)
    parts = name.split(" / ")
    grouped = groups is None or " / ".join(parts[:-1]) in groups
    if len(parts) > 1 and grouped and name_score(parts[-1], question, shared, limits)[1] >= 1.0:
        coverage = max(coverage, (coverage + 1.0) / 2)
    return matched, coverage


@dataclass(slots=True)
class Pick:
    index: int
    name: str
    matched: float
    coverage: float
    used: set[str]


def best_row(
    table: TableData, sh: Shape, question: Sequence[str], limits: TableReadingSettings = TableReadingSettings()
) -> tuple[Pick | None, list[Pick]]:
    """The data row whose label the question names best, and every row tied with it (ambiguity)."""
    picks, _ = row_picks(table, sh, question, limits)
    # A row of running text caught in the table (a note, a paragraph) is named by chance when rows of values are too.
    picks = [p for p in picks if not _prose_row(p.name, table.rows[p.index], sh.label_column)] or picks
    top = max((p.matched for p in picks), default=0.0)
    best = sorted((p for p in picks if p.matched == top), key=lambda p: p.index)
    # "February 2020" ties "2020" with "2020 / February": the row saying every word the others say, and more, wins.
    said = [frozenset(p.used & set(question)) for p in best]
    widest = [p for p, w in zip(best, said, strict=True) if len(set(said)) > 1 and all(o <= w for o in said)]
    return (widest[0], widest) if len(widest) == 1 else (next(iter(best), None), best)


# A row label of this many words, with no figure in its row, is running text, not a row's name (a definition table's
# rows name themselves in a word or two and describe at length beside it).
PROSE_LABEL_WORDS = 8


def _prose_row(label: str, row: Sequence[str], label_column: int) -> bool:
    if len(label.split()) < PROSE_LABEL_WORDS:
        return False
    return not any(ch.isdigit() for c, cell in enumerate(row) if c != label_column for ch in cell)


def row_score(
    label: str, question: Sequence[str], limits: TableReadingSettings = TableReadingSettings()
) -> tuple[float, float, bool]:
    """(score, coverage, written out whole) of a row label named in the question. A label written out in full
    ("Belgium/Luxembourg") beats one sharing a word ("Belgium")."""
    matched, coverage = name_score(label, question, limits=limits)
    norm = " ".join(tokens(label))
    exact = bool(norm) and f" {norm} " in f" {' '.join(question)} "
    if matched <= 0 and not exact:
        return 0.0, coverage, exact
    return matched + coverage + (limits.row_whole_label_bonus if exact else 0.0), coverage, exact


PARTICULARS = ";:(—–"  # what sets a label's particulars apart: "Ontario; 2019", "Sales (US$)"


def label_head(label: str) -> str:
    """A row label before its particulars: "Weapons" of "Weapons—carrying, possessing, etc." or "Weapons; …"."""
    cut = next((i for i, c in enumerate(label) if c in PARTICULARS), None)
    return label if cut is None else label[:cut].rstrip()


def row_picks(
    table: TableData, sh: Shape, question: Sequence[str], limits: TableReadingSettings = TableReadingSettings()
) -> tuple[list[Pick], list[Pick]]:
    """(rows named well enough to be picked, every row sharing a word with the question)."""
    picks, touched = [], []
    for i in sh.data(table.rows):
        label = sh.name(i)
        if not label.strip():
            continue
        score, coverage, exact = row_score(label, question, limits)
        if score > 0:
            pick = Pick(i, label, score, coverage, set(tokens(label)))
            touched.append(pick)
            # A row under a section ("Best practice scenario / Server rooms") is named by its own label whole; the
            # section, when named too, still ranks it above the same label in other sections (the score).
            own = sh.primary.get(i, label).split(" / ")[-1]
            # "Weapons; carrying, possessing, etc.", "Weapons—carrying …": the head before the particulars names it too.
            shorter = {own, label_head(own)} - {label}
            if (coverage >= limits.row_pick_coverage or exact
                    or any(name_score(x, question, limits=limits)[1] >= 1.0 for x in shorter)):  # fmt: skip
                picks.append(pick)
    return picks, touched


def phrases(name: str, question: Sequence[str]) -> int:
    """Word pairs of a header said together in the question: "world food sales" names the header "World food sales"
    as a phrase, the header "Total sales in EU food manufacturing" only word by word."""
    toks = tokens(name)
    said = set(zip(question, question[1:], strict=False))
    return sum(pair in said for pair in zip(toks, toks[1:], strict=False))


def best_column(
    sh: Shape,
    question: Sequence[str],
    skip: set[int],
    caption: frozenset[str] = frozenset(),
    limits: TableReadingSettings = TableReadingSettings(),
) -> Pick | None:
    """The column whose header the question names best. Question words that are also the caption's describe the
    whole table ("public health outlay" of a table captioned so): they rank a column only after the other words."""
    own = [t for t in question if t not in caption]
    groups = group_heads(sh.columns)
    best: tuple[tuple[float, int, float, float, bool, int], Pick] | None = None
    skip = skip | dated_otherwise(sh.columns, question)
    for c, name in enumerate(sh.columns):
        if c in skip or not name.strip():
            continue
        matched, coverage = column_score(name, question, sh.shared, limits, groups)
        if matched <= 0:
            continue
        pick = Pick(c, name, matched, coverage, set(tokens(name)))
        # Last, the header named first: the asked measure follows the question word ("how much revenue does the
        # summer nighttime period earn"), the words that pick the row come after it.
        first = min((k for k, t in enumerate(question) if t in pick.used), default=len(question))
        own_matched = column_score(name, own, sh.shared, limits, groups)[0]
        # Of columns the question names alike ("the first quarter of 2026" over "Eliminations" and "Total"), the
        # one totalling its group is the measure asked when no member of the group is named.
        key = (own_matched, phrases(name, question), matched, coverage, _totals_group(name), -first)
        if best is None or key > best[0]:
            best = (key, pick)
    return best[1] if best else None


def _totals_group(name: str) -> bool:
    """ "March 31, 2026 / Total": the last part of a grouped header is the group's total."""
    return " / " in name and normalise(name.rsplit(" / ", 1)[1]) in ("total", "totals", "grand total")


def _years(words: Iterable[str]) -> set[str]:
    return set(filter(a_year, words))


def dated_otherwise(columns: Sequence[str], question: Sequence[str]) -> set[int]:
    """The columns dated by years the question does not say, when another column is dated by one it says: "the
    first quarter of 2023" of "Three Months Ended March 31, 2022 | 2023" is the 2023 column, however well the other
    words name the first (the question's year constrains the cell; it is no word among words)."""
    asked = _years(question)
    dated = {c: _years(tokens(name)) for c, name in enumerate(columns)}
    if not asked or not any(years & asked for years in dated.values()):
        return set()
    return {c for c, years in dated.items() if years and not years & asked}


def numeric_columns(table: TableData, sh: Shape, limits: TableReadingSettings = TableReadingSettings()) -> list[int]:
    data = sh.data(table.rows)
    out = []
    for c in range(len(sh.columns)):
        if c in sh.labels:
            continue
        cells = [table.rows[i][c] for i in data if c < len(table.rows[i]) and has_value(table.rows[i][c])]
        numbers = sum(is_number(x) for x in cells)
        # A column with no name and a figure on few rows holds strays (an exponent set above its number), no values.
        stray = not sh.columns[c].strip() and len(cells) < limits.headless_column_min_fill * len(data)
        if cells and numbers > limits.numeric_column_share * len(cells) and not serial(cells, limits) and not stray:
            out.append(c)
    return out


def percent_column(table: TableData, sh: Shape, c: int) -> bool:
    """A column of percentages: its name says so ("% of Total", "Share (percent)") or most of its figures end in %."""
    if {"%", "percent", "percentage", "share"} & set(sh.columns[c].lower().replace("%", " % ").split()):
        return True
    cells = [table.rows[i][c] for i in sh.data(table.rows) if c < len(table.rows[i]) and has_value(table.rows[i][c])]
    return bool(cells) and 2 * sum(x.strip().endswith("%") for x in cells) > len(cells)


def column_ranks(
    sh: Shape, question: Sequence[str], skip: set[int], limits: TableReadingSettings = TableReadingSettings()
) -> list[tuple[float, float, int]]:
    """(matched, coverage, column) of every header the question names, best first, caption words counted as any."""
    out = []
    groups = group_heads(sh.columns)
    for c, name in enumerate(sh.columns):
        if c in skip or not name.strip():
            continue
        matched, coverage = column_score(name, question, sh.shared, limits, groups)
        if matched > 0:
            out.append((matched, coverage, c))
    return sorted(out, reverse=True)


def named_whole(
    label: str, question: Sequence[str], limits: TableReadingSettings = TableReadingSettings(), symbols: bool = False
) -> bool:
    """Every word of a row label is in the question, a parenthetical aside ("Desktop Computers (49 No.)",
    "Sales (bn ecus)"), a list of particulars after the label's head ("Weapons—carrying, possessing, etc.") or a
    country code after a region ("Florida-USA") or a data sheet's symbol (`without_symbol`) being optional."""
    if name_score(label, question, limits=limits)[1] >= 1.0:
        return True
    base = without_code(label)  # "Florida-USA", "Ontario-CAN": a country code after the name
    shorter = (base, without_asides(base), label_head(base), without_symbol(without_asides(base), symbols))
    return any(x != label and bool(tokens(x)) and name_score(x, question, limits=limits)[1] >= 1.0 for x in shorter)


def summary_label(name: str) -> bool:
    """ "Total", "EU15 Total", or a sub-label that is one ("clarification) / Grand Total"); not a name whose summary
    word is joined to the next by a hyphen ("Mean-pooling variant", "All-in cost")."""
    head = (name.split(" / ")[-1].split() or [""])[0].lower()
    before, _, after = head.partition("-")
    if after and before in SUMMARY_WORDS and after.rstrip(".,:") not in ("total", "totals"):
        return False
    return summary_row(normalise(name)) or summary_row(normalise(name.split(" / ")[-1]))


def description(table: TableData, limits: TableReadingSettings = TableReadingSettings()) -> list[str]:
    """The words that name the table as a whole: its caption (its label aside) and the header of its row-label
    column ("Free movement of persons / workers" heads a table of countries with no caption)."""
    sh = shape(table, limits)
    head = sh.columns[sh.label_column] if sh.label_column < len(sh.columns) else ""
    caption = re.sub(r"^\s*(?:table|tab\.)\s*[:#]?\s*[\w.\-–]+[:.]?", " ", table.caption or "", flags=re.I)
    return tokens(f"{caption} {head}")


KEY_REACH = 2  # question words between a header of several words and the value it keys a row by


def keyed_row(table: TableData, sh: Shape, question: Sequence[str]) -> Pick | None:
    """The row a question names by a column's header and that column's value, said together ("Client 3", "Round
    20", "Day 4"; a header of several words, "Config file option Name", by any of its words a word or two before
    the value, "the option letter M"; a header line that names nothing, "Tag / Number", by the lines above; a figure,
    "2023", heads values and keys nothing; a value of words may come first, "the J-type"): the one row holding that
    value under that header, whatever labels it."""
    data = sh.data(table.rows)
    for k, header in enumerate(sh.columns):
        named = {t for t in tokens(header.split(" / ")[-1]) or tokens(header) if not t.isdigit()}  # "Tag / Number"
        reach = 1 if len(named) == 1 else KEY_REACH
        for at, value in enumerate(question):
            # "Type J", or a word's value before its header ("J-type"; a figure before a word keys nothing)
            after = not value.isdigit() and bool(named & set(question[at + 1 : at + 2]))
            if value in named or not (named & set(question[max(0, at - reach) : at]) or after):
                continue
            rows = [i for i in data if k < len(table.rows[i]) and tokens(table.rows[i][k]) == [value]]
            if len(rows) == 1:
                used = {value, *(named & set(question))}
                return Pick(rows[0], sh.name(rows[0]) or table.rows[rows[0]][k], 2.0, 1.0, used)
    return None


def _words_beside(table: TableData, sh: Shape, limits: TableReadingSettings) -> dict[int, str]:
    """Data row → its cell in the column beside the labels, when that column is mostly words (the names beside
    symbols: "Cp" | "Specific heat capacity"); empty otherwise."""
    beside = sh.label_column + 1
    if beside >= len(sh.columns) or beside in sh.labels:
        return {}
    cells = {i: table.rows[i][beside] if beside < len(table.rows[i]) else "" for i in sh.data(table.rows)}
    filled = [c for c in cells.values() if c.strip()]
    if not filled or sum(not is_number(c) for c in filled) < limits.label_column_text_share * len(filled):
        return {}
    return cells


def row_named_beside(
    table: TableData, sh: Shape, question: Sequence[str], limits: TableReadingSettings = TableReadingSettings()
) -> Pick | None:
    """The row a question names by the words of the column of text beside the labels (symbols label the rows,
    "Qcap", "Cp"; the question says "specific heat capacity", the "Meaning" beside them): the one row whose cell of
    that column the question names whole, best of all."""
    best: list[Pick] = []
    for i, cell in _words_beside(table, sh, limits).items():
        matched, coverage = name_score(cell, question, limits=limits) if cell.strip() else (0.0, 0.0)
        # Named whole, in words enough to be a name ("Specific heat capacity"), not a word met by chance.
        if coverage >= 1.0 and matched >= limits.exact_row_min_words:
            best.append(Pick(i, cell, matched, coverage, set(tokens(cell))))
    best.sort(key=lambda p: -p.matched)
    return best[0] if len(best) == 1 or (best and best[0].matched > best[1].matched) else None


def symbol_descriptions(table: TableData, sh: Shape, limits: TableReadingSettings) -> dict[int, str]:
    """Row → the words beside its label, when every label is a short symbol or code ("mw", "Kf") and the column
    beside them is of words ("Balance weight"); empty otherwise."""
    names = [sh.name(i) for i in sh.data(table.rows) if sh.name(i)]
    if not names or any(len(n) > limits.code_max_length for n in names):
        return {}
    return {i: c.strip() for i, c in _words_beside(table, sh, limits).items() if c.strip() and not is_number(c)}


def described_name(sh: Shape, row: int, described: Mapping[int, str]) -> str:
    """A row's name with the words beside its symbol, when there are any: "mw (Balance weight)"."""
    return f"{sh.name(row)} ({described[row]})" if described.get(row) else sh.name(row)
