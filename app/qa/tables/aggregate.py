"""Aggregates over a table's column: highest/lowest, total, average, count, rows above/below a value."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import yaml

from app.qa.aggregate_intent import (
    JUDGED,
    MAX,
    MIN,
    alone,
    asks_count,
    asks_period,
    asks_rows,
    blank,
    extreme_kind,
    first_threshold,
    rank,
    thresholds,
)  # fmt: skip
from app.qa.analysis.phrases import Phrases
from app.qa.classify.model import normalise
from app.qa.tablelayout import is_number
from app.qa.tables.bounds import mixed_units, names_bound_column
from app.qa.tables.column_figures import column_values, grand_total, subtotal_rows, threshold_value
from app.qa.tables.extremes import across_row, along_row, extreme_answer
from app.qa.tables.matching import (
    Pick,
    best_column,
    column_ranks,
    described_name,
    numeric_columns,
    summary_label,
    summary_row,
    symbol_descriptions,
)
from app.qa.tables.model import Shape, TableAnswer, TableData
from app.qa.tables.named_rows import names_a_member, one_row_named_whole, rows_said_apart
from app.qa.tables.render import cell_of, cite_name, format_number
from app.qa.tables.shape import shape
from app.qa.tables.words import tokens, word_stem
from app.settings_reading import TableReadingSettings

_JUDGEMENTS = yaml.safe_load((Path(__file__).with_name("lexicon") / "judgements.yaml").read_text(encoding="utf-8"))
LOWER_IS_BETTER = frozenset(t for word in _JUDGEMENTS["lower_is_better"] for t in tokens(word))
# "fell the most", "the largest decline": the most of a fall is the lowest value of the change column.
HOW_MANY = Phrases.of(["how many"])
DECLINE = Phrases.of(
    """fall falls fell fallen decline declined declines drop drops dropped decrease decreased decreases shrink shrunk
    shrank lose loses lost reduction cut""".split()
)
TOTAL_HEADER = frozenset({"total", "totals", "grand total", "all"})
CHANGE_HEADER = re.compile(r"\b(?:change|changes|growth|increase|decrease|difference|% ?points|percentage points)\b",
                           re.I)  # fmt: skip
# "county-wide", "across all precincts": the whole column, as "in total" asks ("the overall accuracy" sums nothing).
TOTAL = re.compile(r"\b(?:total|sum|summed|summing|add(?:ing|ed)? up|combined|altogether|in all|"
                   r"(?:county|state|nation|country|city)[ -]?wide|"
                   r"across\s+(?:the\s+)?(?:whole\s+|entire\s+)?(?:county|state|country|nation|district|region|city)|"
                   r"across\s+all)\b", re.I)  # fmt: skip
AVERAGE = Phrases.of(["average", "mean"])


def _aggregate_column(
    table: TableData, sh: Shape, q: list[str], kind: str, limits: TableReadingSettings
) -> Pick | None:
    col = best_column(sh, q, sh.labels, frozenset(tokens(table.caption or "")), limits)
    numeric = numeric_columns(table, sh, limits)
    if col is not None and col.index in numeric:
        return col
    if col is not None:
        # The named column is text ("Country of origin"): prefer a numeric column named as well as it.
        others = [best_column(sh, q, {c for c in range(len(sh.columns)) if c != n}, limits=limits) for n in numeric]
        scored = [p for p in others if p is not None and p.matched >= col.matched]
        if scored:
            return max(scored, key=lambda p: (p.matched, p.coverage))
        # No numeric column named as well: a text column's word ("the parameter table" beside a "Parameter"
        # column) sets no column of figures apart; read the table as naming none.
    if kind in ("average", "total") and set(q) & set(tokens(" ".join(c for k, c in enumerate(sh.columns)
                                                                  if k not in numeric))):  # fmt: skip
        # A mean or a total of figures the question never named, where it names a column of words instead ("the
        # benign apps' mean permission count" over "Permission" beside correlations): no reading. An extreme is one.
        return None
    if len(numeric) == 1:
        return Pick(numeric[0], sh.columns[numeric[0]], 0.0, 0.0, set())
    # No column named ("Which state had the most background checks?"): the table's own total column, when it has
    # exactly one, is what "most" is counted in.
    totals = [c for c in numeric if normalise(sh.columns[c].split(" / ")[-1]) in TOTAL_HEADER]
    if len(totals) == 1:
        return Pick(totals[0], sh.columns[totals[0]], 0.0, 0.0, set())
    # "the lowest concentration ratio" of a table of ratios ("Current Level") and their changes: the level, the one
    # column that is no change of it.
    levels = [c for c in numeric if not CHANGE_HEADER.search(sh.columns[c])]
    if len(levels) == 1 and len(numeric) > 1:
        return Pick(levels[0], sh.columns[levels[0]], 0.0, 0.0, set())
    return None


def aggregate_column_sure(
    table: TableData, sh: Shape, q: Sequence[str], col: Pick, limits: TableReadingSettings = TableReadingSettings()
) -> bool:
    """Whether the column an aggregate runs over is the only one the question could mean: the table's only numeric
    column, or the numeric column whose header the question names strictly best (caption words counted as any:
    when only the caption's words set it apart, two readings remain)."""
    numeric = numeric_columns(table, sh, limits)
    if col.matched <= 0:
        return len(numeric) == 1
    ranks = [r for r in column_ranks(sh, q, sh.labels, limits) if r[2] in numeric]
    if not ranks or ranks[0][2] != col.index:
        return False
    return len(ranks) == 1 or ranks[1][:2] < ranks[0][:2]


def aggregate_answer(
    table: TableData, question: str, limits: TableReadingSettings = TableReadingSettings()
) -> TableAnswer | None:
    """Highest/lowest (with the row label), total, average, count, rows above/below a value; None if not asked."""
    got, col = _aggregate(table, question, limits)
    if got is not None and col is not None:
        _scored(got, col, col.coverage)
    return got


def _scored(got: TableAnswer, col: Pick, coverage: float) -> None:
    """How surely the question named what the answer was read from: the column's (or row's) words and coverage."""
    got.strength += col.matched + col.coverage
    got.column = col.name
    got.coverage = coverage
    got.used = frozenset(col.used)


def row_spread_answer(
    table: TableData, question: str, limits: TableReadingSettings = TableReadingSettings()
) -> TableAnswer | None:
    """ "The average annual R&D expense over 2019, 2020 and 2021": the mean (total) of the named row's cells in the
    periods named (app.qa.tables.extremes.across_row); None unless asked so. Read from the question whole: the row's
    name is what it spreads over ("over 2019" is no threshold)."""
    averages = alone(question, AVERAGE.every(question))
    if not (averages or alone(question, [m.span() for m in TOTAL.finditer(question)])) or rank(question):
        return None
    spread = "average" if averages else "total"
    got = across_row(table, shape(table, limits), tokens(question), spread, limits)
    if got is None:
        return None
    answer, col = got
    _scored(answer, col, 1.0)  # the periods are named whole
    return answer


def intent_text(question: str, vocabulary: str, labels: frozenset[str] = frozenset(), measures: str = "") -> str:
    """The question with aggregate words blanked where they are part of a name the table uses: "average" in
    "per pupil in average daily attendance" of a table captioned so names the measure, it asks for no mean."""
    said = f" {normalise(vocabulary)} "
    # "maximum range" of "Maximum ranging capabilities", "maximum power" of "Max Power Level"
    said_stems = f" {' '.join(tokens(vocabulary))} "
    measure_tokens = set(tokens(measures))  # the value columns' headers (not the row labels' one)
    out = question
    found = [(True, [m.span() for m in MAX.finditer(question)]), (True, [m.span() for m in MIN.finditer(question)]),
             (False, AVERAGE.every(question)), (False, [m.span() for m in TOTAL.finditer(question)])]  # fmt: skip
    for extreme, spans in found:
        for start, end in spans:
            word = normalise(question[start:end])
            after = normalise(question[end:]).split()[:1]
            # ... or a row's whole label: "the highest wealth quintile" names the row "Highest" (the word after it
            # names no column; "the highest pill use" asks for the highest value of "Pill").
            row = (
                extreme
                and word in labels  # a "Total" row is what "total" asks
                and not (after and word_stem(after[0]) in measure_tokens)
            )
            named = after and (f" {word} {after[0]} " in said
                               or f" {' '.join(tokens(f'{word} {after[0]}'))} " in said_stems)  # fmt: skip
            if row or named or not alone(question, [(start, end)]):
                out = blank(out, start, end)
    # "the lowest maximum resistance": an extreme right after another is the measure's own ("Ω (max)"), the first
    # one is asked.
    extremes = sorted(m.span() for rx in (MAX, MIN) for m in rx.finditer(question))
    for (_, end), (start, stop) in zip(extremes, extremes[1:], strict=False):
        if not question[end:start].strip():
            out = blank(out, start, stop)
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


def _summed_first(asked: str) -> str | None:
    """ "total" when the question says to add up ("adding up", "summing") before any highest or lowest; an adjective
    ("the table of average inflation", "the highest total") names a measure, the extreme is asked."""
    extreme = min((m.start() for rx in (MAX, MIN) for m in rx.finditer(asked)), default=len(asked))
    summed = [m.start() for m in TOTAL.finditer(asked) if m.group(0).lower().startswith(("add", "sum"))]
    return "total" if summed and summed[0] < extreme else None


def _aggregate(table: TableData, question: str, limits: TableReadingSettings) -> tuple[TableAnswer | None, Pick | None]:
    sh = shape(table, limits)
    labels = frozenset(normalise(sh.name(i).split(" / ")[-1]) for i in sh.data(table.rows))
    measures = " ".join(c for k, c in enumerate(sh.columns) if k != sh.label_column)
    asked = intent_text(question, " ".join([table.caption or "", *sh.columns]), labels, measures)
    ranked = rank(asked)
    limit = first_threshold(asked) if asks_rows(asked) else None
    judged = _judged(asked, table, sh, limits)
    extreme = extreme_kind(asked)
    kind = (
        ranked[0] if ranked else extreme if extreme else judged if judged
        else limit.direction if limit else "average" if AVERAGE.said(asked) else "total" if TOTAL.search(asked)
        else "count" if asks_count(asked) else None
    )  # fmt: skip
    if kind in ("max", "min") and not ranked and (summed := _summed_first(asked)) is not None:
        kind = summed  # "adding up the five countries' peak figures": the first operation said is asked
    if kind is None and _counts_rows(table, sh, question):
        kind = "count"  # "how many CWEs use Python": the rows of the table's CWEs holding "Python"
    if kind is None or (kind != "count" and mixed_units(table, sh) and names_bound_column(table, asked, limits)):
        return None, None  # "the highest Max." of a specification table's rows, each measuring something else
    nth = ranked[1] if ranked else 1
    data = sh.data(table.rows)

    described = symbol_descriptions(table, sh, limits)

    def label(i: int) -> str:
        # Symbols name rows ("mw"), the column beside says what they are ("Balance weight"): both are said.
        return described_name(sh, i, described)

    members = [i for i in data if label(i) and not summary_label(label(i))]
    if kind in ("total", "average") and names_a_member(sh, members, tokens(question)):
        return None, None  # "the average ratio in private schools in 2010": the row 2010 is asked, not a mean
    if kind == "count" and limit is None:
        holding = _holding_named_value(table, sh, members, question)
        counted = holding[1] if holding else members
        n = len(counted)
        listed = ", ".join(label(i) for i in counted[: limits.max_rows_listed])
        where = f" holding {holding[0]}" if holding else ""
        body = f"**{n}** rows in {cite_name(table, limits)}{where} {{cite}}: {listed}."
        got = TableAnswer(table.id, "aggregate", body, short_answer=str(n), sure=True)
        if holding:  # named as a column's value is named: its words, the rows' noun, whole
            said = set(tokens(holding[0])) | set(tokens(sh.columns[sh.label_column]))
            got.strength, got.column, got.used = len(said) + 1.0, sh.columns[holding[2]], frozenset(said)
        return got, None
    if kind in ("max", "min") and asks_period(asked):
        along = along_row(table, sh, tokens(_without_thresholds(question, asked)), kind, nth, question, limits)
        if along is not None:
            return along
    if kind in ("max", "min") and not ranked and one_row_named_whole(table, sh, question, limits):
        return None, None  # "the maximum range on a gray target": that row's value is asked, not the column's top
    # The threshold ("above $20") is no column name; other numbers ("in 1996") may be.
    q = tokens(_without_thresholds(question, asked))
    col = _aggregate_column(table, sh, q, kind, limits)
    if col is None or _keys_rows(table, members, col.index, _without_thresholds(question, asked)):
        return None, None
    numbers = column_values(table, col.index)
    values = [(i, numbers[i]) for i in members if i in numbers]
    sure = aggregate_column_sure(table, sh, q, col, limits)
    if judged and set(tokens(sh.columns[col.index])) & LOWER_IS_BETTER:
        kind = "min" if kind == "max" else "max"  # "the best RMSE": the lowest error
    if kind == "max" and DECLINE.said(question) and any(v < 0 for v in numbers.values()):
        kind = "min"  # "fell the most" over a column of changes: its lowest value
    whole = grand_total(values, limits) if kind != "count" else []  # a total row called otherwise ("Kenya")
    if kind != "count":
        confirm = [c for c in numeric_columns(table, sh, limits) if c != col.index]
        others = [column_values(table, c) for c in confirm[: limits.subtotal_confirm_columns]]
        sums = subtotal_rows(values, others, limits) | set(whole)
        values = [(i, v) for i, v in values if i not in sums]
    if not values:
        return None, None
    where = f"{sh.columns[col.index]} in {cite_name(table, limits)}"
    values = rows_said_apart(sh, _in_named_section(sh, values, set(q) - col.used), question)
    if kind in ("max", "min"):
        got = extreme_answer(table, sh, values, col, kind, nth, sure, where, question, described)
        # "Which season and time of day brings in the most revenue": the question names the headers of the columns
        # of words that key the rows ("Season", "Time-of / Day"), so the row it asks for is one of this table's.
        numeric = numeric_columns(table, sh, limits)
        keys = {t for k, name in enumerate(sh.columns) if k not in numeric for t in tokens(name)}
        got.strength = limits.key_header_weight * len(set(q) & keys)
        return got, col
    if kind in ("total", "average"):
        stated = [i for i in data if summary_row(normalise(label(i))) and kind == "total"
                  and normalise(label(i)).startswith("total")]  # fmt: skip
        stated = stated or (whole if kind == "total" else [])
        if stated and col.index < len(table.rows[stated[0]]) and table.rows[stated[0]][col.index].strip():
            raw = table.rows[stated[0]][col.index].strip()
            body = f"**{raw}** — the {label(stated[0])} row of {where} {{cite}}."
            cell = cell_of(table, sh, stated[0], col.index)
            return TableAnswer(
                table.id, "aggregate", body, short_answer=raw if sure else None, cell=cell, sure=sure
            ), col
        if len(values) < 2:
            return None, None  # a mean or a total "over 1 rows" is that row's cell: the lookup reads it
        total = sum(v for _, v in values)
        value = total if kind == "total" else total / len(values)
        body = f"**{format_number(value)}** — the {kind} of {where} over {len(values)} rows {{cite}}."
        short = format_number(value) if sure else None
        return TableAnswer(table.id, "aggregate", body, short_answer=short, sure=sure), col
    limit = next((t for t in thresholds(asked) if t.direction == kind), None)
    threshold = threshold_value(limit, sh.columns[col.index], [v for _, v in values]) if limit else None
    if limit is None or threshold is None:
        return None, None
    if kind == "above":
        hits = [(i, v) for i, v in values if v > threshold or (limit.inclusive and v == threshold)]
    else:
        hits = [(i, v) for i, v in values if v < threshold or (limit.inclusive and v == threshold)]
    shown_hits = hits[: limits.max_rows_listed]
    listed = ", ".join(f"{label(i)} ({table.rows[i][col.index].strip()})" for i, _ in shown_hits) or "none"
    word = ("at least" if kind == "above" else "at most") if limit.inclusive else kind
    shown = limit.text if limit.fraction is None else f"{format_number(threshold)} ({limit.number})"
    body = f"**{len(hits)}** rows {word} {shown} in {where} {{cite}}: {listed}."
    short = str(len(hits)) if sure and HOW_MANY.said(question) else None
    return TableAnswer(table.id, "aggregate", body, short_answer=short, sure=sure), col


def _keys_rows(table: TableData, members: list[int], column: int, question: str) -> bool:
    """ "the most current to set for a 42 motor": a column holding, whole, a figure the question says on its own picks
    rows by it; it is not the column measured ("from 2008–09 to 2015–16" says no figure "16.0" of a column; a
    threshold, "an F1 of 0.97 or more", is no key)."""
    figures = {w.strip("?,.;:()") for w in question.split()}
    figures = {f for f in figures if f[:1].isdigit()}
    return bool(figures) and any(" ".join(table.rows[i][column].split()) in figures for i in members
                                 if column < len(table.rows[i]))


def _judged(asked: str, table: TableData, sh: Shape, limits: TableReadingSettings) -> str | None:
    """ "max" or "min" when a judgement word stands right before a word of a numeric column's header ("the best F1
    score", "the top AUC", "the worst error"); None when it names a thing ("the best practice scenario")."""
    words = asked.lower().split()
    # "the top-ranked state": ranked by the measure the question names anywhere ("the RBI score of …")
    said = [(w.removesuffix("-ranked"), asked if w.endswith("-ranked") else after)
            for w, after in zip(words, words[1:], strict=False) if w.removesuffix("-ranked") in JUDGED]  # fmt: skip
    if not said:
        return None
    measures = {t for c in numeric_columns(table, sh, limits) for t in tokens(sh.columns[c])}
    return next((JUDGED[word] for word, after in said if set(tokens(after)) & measures), None)


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


def _counts_rows(table: TableData, sh: Shape, question: str) -> bool:
    """ "How many <rows' noun> …" where the noun is the label column's header ("CWEs" of a column "CWE"; a caption's
    words name what the table is of, not its rows), and the question names a value some rows hold: those rows are
    counted."""
    words = question.lower().split()
    at = next((k for k in range(len(words) - 2) if words[k : k + 2] == ["how", "many"]), None)
    if at is None:
        return False
    naming = set(tokens(sh.columns[sh.label_column]))
    noun = set(tokens(words[at + 2]))
    members = list(sh.data(table.rows))
    named = bool(noun) and all(t in naming or t[:-1] in naming for t in noun)  # "CWEs" of "CWE": a plural
    # "how many of the board variants … have 16 MB of flash"; not "how many of the 1000 frames were received", a part
    # of a total the question states (a value read, no rows counted).
    partitive = words[at + 2 : at + 4] == ["of", "the"] and not is_number(" ".join(words[at + 4 : at + 5]))
    return (named or partitive) and _holding_named_value(table, sh, members, question) is not None


def _holding_named_value(
    table: TableData, sh: Shape, members: list[int], question: str
) -> tuple[str, list[int], int] | None:
    """("Python", the rows whose cell says it, its column) when the question names a word a column of words holds
    in some of the rows but not all ("how many CWEs use Python"): the count is of those rows; the longest value wins."""
    said = f" {normalise(question)} "
    asked = set(tokens(question))
    best: tuple[str, list[int], int] | None = None
    for c in range(len(sh.columns)):
        if c in sh.labels:
            continue  # a label's level ("Stress / Percentage") names the row, no value it holds
        cells = {i: normalise(table.rows[i][c]) for i in members if c < len(table.rows[i])}
        # a figure is a value held only in a column the question names ("16 MB of flash" of "Flash size, MB")
        figures = bool({t for t in tokens(sh.columns[c]) if not is_number(t)} & asked)
        for value in set(cells.values()):
            rows = [i for i, v in cells.items() if v == value]
            if not value or (is_number(value) and not figures) or f" {value} " not in said or len(rows) == len(members):
                continue
            if best is None or len(value) > len(normalise(best[0])):
                best = (table.rows[rows[0]][c].strip(), rows, c)
    return best
